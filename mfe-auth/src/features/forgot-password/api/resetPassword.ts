import type { MessageResponse } from '@cinema/api-client';
import { api } from '@cinema/api-client';
import { useMutation } from '@tanstack/react-query';

export interface ResetPasswordInput {
  email: string;
  new_password: string;
  /** From otp/verify/; without it the server refuses ('Please verify the OTP ... first.'). */
  reset_token?: string;
}

/** POST password/reset/: sets a new password for an address whose code this browser verified. */
export function resetPassword(input: ResetPasswordInput): Promise<MessageResponse | undefined> {
  return api.post('/api/password/reset', { body: input, auth: false });
}

export const resetPasswordMutationKey = ['password-reset', 'reset'] as const;

export function useResetPassword() {
  return useMutation({ mutationKey: resetPasswordMutationKey, mutationFn: resetPassword });
}
