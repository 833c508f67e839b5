import { useAuthStore } from '@cinema/auth';
import { QueryClient } from '@tanstack/react-query';
import { ApiError } from './errors';

/** The HTTP status of a failed call, also from another bundled copy of ApiError; else null. */
function statusOf(error: unknown): number | null {
  if (error instanceof ApiError) return error.status;
  if (error instanceof Error && error.name === 'ApiError' && 'status' in error) {
    return typeof error.status === 'number' ? error.status : null;
  }
  return null;
}

/**
 * A 4xx will answer the same the next time: its error shows at once. A cancelled call is not a
 * failure. Network failures and 5xx may pass, so they are tried twice more.
 */
function shouldRetry(failureCount: number, error: unknown): boolean {
  if (error instanceof DOMException && error.name === 'AbortError') return false;
  const status = statusOf(error);
  if (status !== null && status >= 400 && status < 500) return false;
  return failureCount < 2;
}

/** 250 ms, then 500 ms: a failure that lasts is on screen within about a second, not 3.5 s. */
function retryDelay(failureCount: number): number {
  return 250 * 2 ** failureCount;
}

export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: { staleTime: 30_000, retry: shouldRetry, retryDelay, refetchOnWindowFocus: false },
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
