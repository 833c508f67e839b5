import { api } from '@cinema/api-client';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { type DoorStaffMember, doorStaffQueryKey } from './getDoorStaff';

/**
 * DELETE door-staff/{id}/ (owners only) -> 204: the account's sessions end at once and it can no
 * longer sign in. 404 when it is not the caller's or was removed already.
 */
export function removeDoorStaff(id: DoorStaffMember['id']): Promise<unknown> {
  return api.delete('/api/door-staff/{id}', { path: { id } });
}

/** Removes one, then refreshes the list (also after a 404: someone else was quicker). */
export function useRemoveDoorStaff() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: removeDoorStaff,
    onSettled: () => queryClient.invalidateQueries({ queryKey: doorStaffQueryKey }),
  });
}
