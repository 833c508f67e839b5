import { api } from '@cinema/api-client';
import { useMutation } from '@tanstack/react-query';

export interface LogoutInput {
  refresh: string;
  /** The access token of the session being ended, if any. */
  access: string | null;
}

/**
 * POST logout/: revokes the refresh token server-side (204). Sent with the tokens captured when
 * the user confirmed, never refreshing first: a refresh here would rotate the very token being
 * revoked and leave its successor alive.
 */
export function logout({ refresh, access }: LogoutInput): Promise<void> {
  return api.post('/api/logout', {
    body: { refresh },
    auth: false,
    ...(access ? { headers: { Authorization: `Bearer ${access}` } } : {}),
  });
}

export const logoutMutationKey = ['auth', 'logout'] as const;

export function useLogout() {
  return useMutation({ mutationKey: logoutMutationKey, mutationFn: logout });
}
