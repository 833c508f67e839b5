// The Idempotency-Key request header: the client's name for one logical request, so a retry
// (a timeout, a double click) gets the first answer instead of doing the work twice.
import type { Context } from 'hono';
import { badRequest } from './errors.ts';
import { isVisibleText } from './validators.ts';

export const IDEMPOTENCY_HEADER = 'Idempotency-Key';
export const IDEMPOTENCY_KEY_MAX = 200;

/** The trimmed key; null when absent (400 when `required`), 400 when blank or too long. */
export function idempotencyKey(c: Context, { required }: { required: boolean }): string | null {
  const raw = c.req.header(IDEMPOTENCY_HEADER);
  if (raw === undefined) {
    if (!required) return null;
    badRequest('The Idempotency-Key header is required.', undefined, {
      code: 'idempotency_key_required',
    });
  }
  const key = raw.trim();
  if (key === '' || key.length > IDEMPOTENCY_KEY_MAX) {
    badRequest(
      `The Idempotency-Key header must be 1 to ${IDEMPOTENCY_KEY_MAX} characters.`,
      undefined,
      {
        code: 'idempotency_key_invalid',
      },
    );
  }
  // It is stored and compared as text: no control characters (a header cannot carry NUL, but a
  // proxy or another client may pass on other bytes).
  if (!isVisibleText(key)) {
    badRequest('The Idempotency-Key header cannot contain control characters.', undefined, {
      code: 'idempotency_key_invalid',
    });
  }
  return key;
}
