import { ApiError, errorMessage } from '@cinema/api-client';

/**
 * For screens whose spec gives one fixed failure text ('Invalid OTP'): that text when the server
 * turned the request down, but what went wrong when the request never got a real answer (offline,
 * throttled, server error), since the fixed text would wrongly blame the user's input.
 */
export function rejectionMessage(error: unknown, text: string): string {
  if (
    error instanceof ApiError &&
    (error.status === 0 || error.status === 429 || error.status >= 500)
  ) {
    return errorMessage(error, text);
  }
  return text;
}
