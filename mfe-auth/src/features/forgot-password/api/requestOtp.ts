import type { MessageResponse } from '@cinema/api-client';
import { api } from '@cinema/api-client';
import { useMutation } from '@tanstack/react-query';

export interface RequestOtpInput {
  email: string;
}

/** POST otp/request/: emails a password-reset code. */
export function requestOtp(input: RequestOtpInput): Promise<MessageResponse | undefined> {
  return api.post('/api/otp/request', { body: input, auth: false });
}

export const requestOtpMutationKey = ['password-reset', 'otp', 'request'] as const;

export function useRequestOtp() {
  return useMutation({ mutationKey: requestOtpMutationKey, mutationFn: requestOtp });
}
