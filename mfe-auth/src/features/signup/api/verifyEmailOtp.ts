import { api, type ResponseOf } from '@cinema/api-client';
import { useMutation } from '@tanstack/react-query';

export interface VerifyEmailOtpInput {
  email: string;
  code: string;
}

/**
 * `signup_token`: single use, for signup/ within 30 minutes: proof that this page verified the
 * address.
 */
export type VerifyEmailOtpResponse = ResponseOf<'/api/email/verify', 'post'>;

/** POST email/verify/: a 400 means the code is wrong or expired. */
export function verifyEmailOtp(input: VerifyEmailOtpInput): Promise<VerifyEmailOtpResponse> {
  return api.post('/api/email/verify', { body: input, auth: false });
}

export const verifyEmailOtpMutationKey = ['signup', 'email-otp', 'verify'] as const;

export function useVerifyEmailOtp() {
  return useMutation({ mutationKey: verifyEmailOtpMutationKey, mutationFn: verifyEmailOtp });
}
