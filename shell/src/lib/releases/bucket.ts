import { storedUserId } from '@cinema/auth/stored-session';
import { bucketOf } from '@cinema/contract';

/**
 * Staged rollouts: every browser gets a bucket from 0 to 99 and loads a remote's canary when its
 * bucket is under the canary's percentage. The bucket comes from the user id when logged in (the
 * same person sees the same version on every device) and from a persistent anonymous id
 * otherwise; raising the percentage only ever adds buckets.
 */
export const ANONYMOUS_ID_KEY = 'cinema-anonymous-id';

// FNV-1a of the key, written once for the shell and the browser tests (packages/contract).
export { bucketOf };

/** The key this browser is bucketed by: the user id when logged in, else an anonymous id. */
export function bucketKey(userId: string | number | null | undefined, storage = localStorage) {
  if (userId !== null && userId !== undefined && userId !== '') return `user:${userId}`;
  let anonymous = storage.getItem(ANONYMOUS_ID_KEY);
  if (!anonymous) {
    anonymous = crypto.randomUUID();
    storage.setItem(ANONYMOUS_ID_KEY, anonymous);
  }
  return `anonymous:${anonymous}`;
}

/**
 * This browser's bucket now (it changes when someone signs in or out). Read from the stored
 * session, which the session store writes on every change: index.ts needs it before the shared
 * libraries, the store among them, have loaded.
 */
export function currentBucket(): number {
  return bucketOf(bucketKey(storedUserId()));
}
