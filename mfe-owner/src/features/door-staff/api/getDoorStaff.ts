import { api, type ResponseOf } from '@cinema/api-client';
import { queryOptions, useQuery } from '@tanstack/react-query';

// The shapes are the API's own (api/src/routes/door-staff/, through the generated OpenAPI
// types); these names only point into them.

/** `GET door-staff/` (owners only): the caller's door staff, invited and active, newest first. */
export type DoorStaffList = ResponseOf<'/api/door-staff', 'get'>;
export type DoorStaffMember = DoorStaffList['results'][number];

/** Every door staff query of the owner area starts with this. */
export const doorStaffQueryKey = ['owner', 'door-staff'] as const;

export function getDoorStaff({ signal }: { signal?: AbortSignal } = {}): Promise<DoorStaffList> {
  return api.get('/api/door-staff', signal ? { signal } : {});
}

export function doorStaffQueryOptions() {
  return queryOptions({
    queryKey: doorStaffQueryKey,
    queryFn: ({ signal }) => getDoorStaff({ signal }),
  });
}

export function useDoorStaff() {
  return useQuery(doorStaffQueryOptions());
}
