import type { RemoteName } from '@cinema/federation';

// Areas whose first load has ended (shown or failed) in this page view, and who waits for one.
const settled = new Set<RemoteName>();
const waiting = new Map<RemoteName, (() => void)[]>();

/** RemoteArea calls this when its remote has loaded or failed. */
export function markAreaSettled(name: RemoteName): void {
  settled.add(name);
  for (const resolve of waiting.get(name) ?? []) resolve();
  waiting.delete(name);
}

/**
 * Resolves once `name`'s area has loaded or failed: the look-ahead for the next area waits for
 * the one on screen, so it never competes with what the person is waiting for.
 */
export function whenAreaSettled(name: RemoteName): Promise<void> {
  if (settled.has(name)) return Promise.resolve();
  return new Promise((resolve) => waiting.set(name, [...(waiting.get(name) ?? []), resolve]));
}
