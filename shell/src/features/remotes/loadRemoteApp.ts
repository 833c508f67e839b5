import { REMOTE_NAMES, REMOTES, type RemoteName } from '@cinema/federation';
import { loadRemote, registerRemotes } from '@module-federation/enhanced/runtime';
import type { ComponentType } from 'react';

type RemoteModule = { default: ComponentType };
type Entries = Record<RemoteName, { entry: string }>;

let registered: Entries | null = null;

function toRemotes(entries: Entries, names: readonly RemoteName[]) {
  return names.map((name) => ({ name: REMOTES[name].container, entry: entries[name].entry }));
}

/** Tells the Module Federation runtime where each remote lives, as the runtime config says. */
export function registerAreaRemotes(entries: Entries): void {
  registered = entries;
  registerRemotes(toRemotes(entries, REMOTE_NAMES));
}

const wait = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Delays between automatic attempts; a remote that restarts or blips recovers on its own. */
export const RETRY_DELAYS_MS = [400, 1200];

async function loadOnce(name: RemoteName, fresh: boolean): Promise<ComponentType> {
  if (!registered) throw new Error('Remotes are not registered yet');
  // A failed entry stays cached in the runtime; forcing the registration fetches it anew.
  if (fresh) registerRemotes(toRemotes(registered, [name]), { force: true });
  const module = await loadRemote<RemoteModule>(`${REMOTES[name].container}/App`);
  if (!module?.default) throw new Error(`The ${name} area did not provide its screens`);
  return module.default;
}

/**
 * Loads a remote's route tree, retrying transient failures before giving up. `fresh` drops
 * whatever the runtime remembers of an earlier failure (the Retry button passes it).
 */
export async function loadRemoteApp(name: RemoteName, fresh = false): Promise<ComponentType> {
  let lastError: unknown;
  for (let attempt = 0; attempt <= RETRY_DELAYS_MS.length; attempt++) {
    try {
      return await loadOnce(name, fresh || attempt > 0);
    } catch (error) {
      lastError = error;
      const delay = RETRY_DELAYS_MS[attempt];
      if (delay !== undefined) await wait(delay);
    }
  }
  throw lastError;
}
