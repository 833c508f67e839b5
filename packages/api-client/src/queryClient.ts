import { useAuthStore } from '@cinema/auth';
import { QueryClient } from '@tanstack/react-query';
import { ApiError } from './errors';

/** A 4xx will answer the same the next time; network failures and 5xx may not. */
function shouldRetry(failureCount: number, error: unknown): boolean {
  if (error instanceof ApiError && error.status >= 400 && error.status < 500) return false;
  return failureCount < 2;
}

export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: { staleTime: 30_000, retry: shouldRetry, refetchOnWindowFocus: false },
      // Bookings and payments must not be sent twice behind the user's back.
      mutations: { retry: false },
    },
  });
}

/** The one query cache, shared by the shell and every remote (the package is a singleton). */
export const queryClient = createQueryClient();

// Cached answers belong to whoever was signed in; another user (or nobody) must not see them.
useAuthStore.subscribe((state, previous) => {
  const sameUser = state.user?.id === previous.user?.id;
  const sameLoginState = (state.access === null) === (previous.access === null);
  if (!sameUser || !sameLoginState) queryClient.clear();
});
