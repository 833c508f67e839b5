import type { Account } from '@cinema/api-client';
import { api } from '@cinema/api-client';
import { useMutation } from '@tanstack/react-query';

export interface SignupInput {
  username: string;
  email: string;
  password: string;
  role: 'user' | 'owner';
  /** From email/verify/; without it the server answers 'Please verify your email first.'. */
  signup_token?: string;
}

/** POST signup/: creates the account (201); a 400 carries `detail` and per-field `fields`. */
export function signup(input: SignupInput): Promise<Account> {
  return api.post('/api/signup', { body: input, auth: false });
}

export const signupMutationKey = ['signup', 'create'] as const;

export function useSignup() {
  return useMutation({ mutationKey: signupMutationKey, mutationFn: signup });
}
