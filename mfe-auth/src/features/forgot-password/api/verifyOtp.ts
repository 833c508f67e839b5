import type { MessageResponse } from '@cinema/api-client';
import { api } from '@cinema/api-client';
import { useMutation } from '@tanstack/react-query';

export interface VerifyOtpInput {
  email: string;
  code: string;
}

/** POST otp/verify/: checks the password-reset code. */
export function verifyOtp(input: VerifyOtpInput): Promise<MessageResponse | undefined> {
  return api.post<MessageResponse | undefined>('otp/verify/', input, { auth: false });
}

export const verifyOtpMutationKey = ['password-reset', 'otp', 'verify'] as const;

export function useVerifyOtp() {
  return useMutation({ mutationKey: verifyOtpMutationKey, mutationFn: verifyOtp });
}
