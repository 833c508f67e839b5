// What a screen says and offers when a load fails. Calls throw ApiError from @cinema/api-client
// (status 0 when no answer came); this package reads only its `status`, so it needs no import.

/** The HTTP status of a failed call (0: no answer at all), or null for another kind of error. */
export function failureStatus(error: unknown): number | null {
  if (typeof error !== 'object' || error === null || !('status' in error)) return null;
  const { status } = error as { status: unknown };
  return typeof status === 'number' && Number.isInteger(status) ? status : null;
}

/**
 * Whether the same request again could succeed: no answer (network), a server failure (5xx), a
 * timeout (408) or a rate limit (429). Any other 4xx would only get the same refusal, so a Retry
 * button there is useless. An error that is not an HTTP failure is worth one more try.
 */
export function canRetry(error: unknown): boolean {
  const status = failureStatus(error);
  if (status === null || status === 0 || status >= 500) return true;
  return status === 408 || status === 429;
}

/**
 * The sentence for a failed load: never the server's raw text, which is written for developers
 * ('Authentication credentials were not provided.'). A refused session or role gets a clear
 * sentence; anything else the screen's own failure message from the spec.
 */
export function failureMessage(error: unknown, screenMessage: string): string {
  const status = failureStatus(error);
  if (status === 401) return 'Your session has ended. Please log in again.';
  if (status === 403) return 'Your account does not have access to this.';
  return screenMessage;
}
