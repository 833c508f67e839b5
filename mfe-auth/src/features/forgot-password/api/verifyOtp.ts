import { api, type ResponseOf } from '@cinema/api-client';
import { useMutation } from '@tanstack/react-query';

export interface VerifyOtpInput {
  email: string;
  code: string;
}

/**
 * `reset_token`: single use, for password/reset/ within 10 minutes: proof that this browser verified
 * the code.
 */
export type VerifyOtpResponse = ResponseOf<'/api/otp/verify', 'post'>;

/** POST otp/verify/: checks the password-reset code. */
export function verifyOtp(input: VerifyOtpInput): Promise<VerifyOtpResponse> {
  return api.post('/api/otp/verify', { body: input, auth: false });
}

export const verifyOtpMutationKey = ['password-reset', 'otp', 'verify'] as const;

export function useVerifyOtp() {
  return useMutation({ mutationKey: verifyOtpMutationKey, mutationFn: verifyOtp });
}
