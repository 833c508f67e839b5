import { api } from '@cinema/api-client';
import { type LoginResponse, useAuthStore } from '@cinema/auth';
import { useMutation } from '@tanstack/react-query';

export interface LoginInput {
  email_or_username: string;
  password: string;
}

/** POST login/: 401 for wrong credentials, 429 when throttled. */
export function login(input: LoginInput): Promise<LoginResponse> {
  return api.post('/api/login', { body: input, auth: false });
}

export const loginMutationKey = ['auth', 'login'] as const;

/** Logs in and stores the session; a response without tokens fails like a refused login. */
export function useLogin() {
  return useMutation({
    mutationKey: loginMutationKey,
    mutationFn: async (input: LoginInput) => {
      const response = await login(input);
      useAuthStore.getState().login(response);
      return response;
    },
  });
}
