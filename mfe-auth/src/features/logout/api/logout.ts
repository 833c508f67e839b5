import { api } from '@cinema/api-client';
import { useMutation } from '@tanstack/react-query';

export interface LogoutInput {
  /** The access token of the session being ended, if any. */
  access: string | null;
}

/**
 * POST logout/: ends the session server-side (204) and clears its refresh cookie. The refresh
 * token is out of this app's reach (an HttpOnly cookie, docs/decisions/0028-...), so the
 * session is named by the access token captured when the user confirmed,
 * sent as is, never
 * refreshed first.
 */
export function logout({ access }: LogoutInput): Promise<void> {
  return api.post('/api/logout', {
    body: {},
    auth: false,
    ...(access ? { headers: { Authorization: `Bearer ${access}` } } : {}),
  });
}

export const logoutMutationKey = ['auth', 'logout'] as const;

export function useLogout() {
  return useMutation({ mutationKey: logoutMutationKey, mutationFn: logout });
}
