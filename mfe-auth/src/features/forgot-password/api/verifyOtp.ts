import type { MessageResponse } from '@cinema/api-client';
import { api } from '@cinema/api-client';
import { useMutation } from '@tanstack/react-query';

export interface VerifyOtpInput {
  email: string;
  code: string;
}

export interface VerifyOtpResponse extends MessageResponse {
  /** Single use, for password/reset/ within 10 minutes: proof that this browser verified the code. */
  reset_token?: string;
}

/** POST otp/verify/: checks the password-reset code. */
export function verifyOtp(input: VerifyOtpInput): Promise<VerifyOtpResponse | undefined> {
  return api.post<VerifyOtpResponse | undefined>('otp/verify/', input, { auth: false });
}

export const verifyOtpMutationKey = ['password-reset', 'otp', 'verify'] as const;

export function useVerifyOtp() {
  return useMutation({ mutationKey: verifyOtpMutationKey, mutationFn: verifyOtp });
}
