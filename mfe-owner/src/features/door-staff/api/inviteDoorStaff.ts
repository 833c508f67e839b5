import { api } from '@cinema/api-client';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { type DoorStaffMember, doorStaffQueryKey } from './getDoorStaff';

/**
 * POST door-staff/ {email} (owners only) -> 201 the invitation; the server emails the signup
 * link. 400 with fields.email for a bad address; 409 email_has_account or already_invited.
 */
export function inviteDoorStaff(email: string): Promise<DoorStaffMember> {
  return api.post('/api/door-staff', { body: { email } });
}

/** Invites an address, then refreshes the list. */
export function useInviteDoorStaff() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: inviteDoorStaff,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: doorStaffQueryKey }),
  });
}
