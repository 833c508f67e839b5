import type { MessageResponse } from '@cinema/api-client';
import { api } from '@cinema/api-client';
import { useMutation } from '@tanstack/react-query';

export interface VerifyEmailOtpInput {
  email: string;
  code: string;
}

export interface VerifyEmailOtpResponse extends MessageResponse {
  /** Single use, for signup/ within 30 minutes: proof that this page verified the address. */
  signup_token?: string;
}

/** POST email/verify/: a 400 means the code is wrong or expired. */
export function verifyEmailOtp(
  input: VerifyEmailOtpInput,
): Promise<VerifyEmailOtpResponse | undefined> {
  return api.post<VerifyEmailOtpResponse | undefined>('email/verify/', input, { auth: false });
}

export const verifyEmailOtpMutationKey = ['signup', 'email-otp', 'verify'] as const;

export function useVerifyEmailOtp() {
  return useMutation({ mutationKey: verifyEmailOtpMutationKey, mutationFn: verifyEmailOtp });
}
