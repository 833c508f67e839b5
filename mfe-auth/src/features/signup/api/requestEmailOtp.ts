import type { MessageResponse } from '@cinema/api-client';
import { api } from '@cinema/api-client';
import { useMutation } from '@tanstack/react-query';

export interface RequestEmailOtpInput {
  email: string;
}

/** POST email/request/: emails a code that proves the address belongs to the person signing up. */
export function requestEmailOtp(input: RequestEmailOtpInput): Promise<MessageResponse | undefined> {
  return api.post('/api/email/request', { body: input, auth: false });
}

export const requestEmailOtpMutationKey = ['signup', 'email-otp', 'request'] as const;

export function useRequestEmailOtp() {
  return useMutation({ mutationKey: requestEmailOtpMutationKey, mutationFn: requestEmailOtp });
}
