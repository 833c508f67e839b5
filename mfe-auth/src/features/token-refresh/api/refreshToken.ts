import { refreshAccessToken } from '@cinema/api-client';
import { useMutation } from '@tanstack/react-query';

/**
 * POST token/refresh/ through the shared client: single-flight with the automatic refreshes, and
 * it stores the new access token (the refresh token rotates in its HttpOnly cookie). A rejected
 * refresh token ends the session there too.
 */
export function refreshToken(): Promise<string> {
  return refreshAccessToken();
}

export const refreshTokenMutationKey = ['auth', 'token', 'refresh'] as const;

export function useRefreshToken() {
  return useMutation({ mutationKey: refreshTokenMutationKey, mutationFn: refreshToken });
}
