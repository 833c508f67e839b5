import { REMOTES, type RemoteName } from '@cinema/federation';
import {
  getInstance,
  getRemoteEntry,
  getRemoteInfo,
  loadRemote,
  registerPlugins,
  registerRemotes,
} from '@module-federation/enhanced/runtime';
import type { ComponentType } from 'react';
import { currentBucket } from '../../lib/releases/bucket';
import { chooseRelease } from '../../lib/releases/choose';
import { type ReleaseManifest, reportReleaseOutcome } from '../../lib/releases/manifest';
import { areaLoadFailed } from './areaHealth';
import {
  clearIntegrity,
  entryIntegrityPlugin,
  expectIntegrity,
  IntegrityError,
  integrityFailure,
} from './entryIntegrity';

type RemoteModule = { default: ComponentType };
type Entries = Record<RemoteName, { entry: string }>;
/** Where a remote's build is, and the SHA-384 its entry must have (null: not checked). */
type Source = { entry: string; integrity: string | null };

/** A remote's screens and which build they came from. */
export type LoadedRemote = { App: ComponentType; version: string | null; canary: boolean };

let fallbackEntries: Entries | null = null;
let pluginRegistered = false;
let manifest: ReleaseManifest | null = null;
const registeredEntry = new Map<RemoteName, string>();
// Canaries that failed in this page view; the stable release is used for them from then on.
const failedCanaries = new Set<RemoteName>();

/**
 * Where the remotes live: the release manifest (stable and canary per remote) when the API gave
 * one, and the runtime config's entries for any remote it has nothing published for.
 */
export function configureRemotes(entries: Entries, releases: ReleaseManifest | null): void {
  if (!pluginRegistered) {
    registerPlugins([entryIntegrityPlugin()]);
    pluginRegistered = true;
  }
  fallbackEntries = entries;
  manifest = releases;
  registeredEntry.clear();
  failedCanaries.clear();
  clearIntegrity();
}

const wait = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Delays between automatic attempts; a remote that restarts or blips recovers on its own. */
export const RETRY_DELAYS_MS = [400, 1200];

function register(name: RemoteName, { entry, integrity }: Source, fresh: boolean): void {
  // A failed entry stays cached in the runtime, and one container name serves every version:
  // forcing the registration drops what it remembers and fetches this entry anew.
  if (fresh || registeredEntry.get(name) !== entry) {
    expectIntegrity(entry, integrity);
    registerRemotes([{ name: REMOTES[name].container, entry }], { force: true });
    registeredEntry.set(name, entry);
  }
}

async function loadEntry(name: RemoteName, source: Source, fresh: boolean): Promise<ComponentType> {
  register(name, source, fresh);
  let module: RemoteModule | null;
  try {
    module = await loadRemote<RemoteModule>(`${REMOTES[name].container}/App`);
  } catch (error) {
    // The browser refused the entry's bytes: said so, for the report and the console.
    throw integrityFailure(source.entry) ?? error;
  }
  if (!module?.default) throw new Error(`The ${name} area did not provide its screens`);
  return module.default;
}

/** The stable release's entry (and integrity), or the runtime config's (unchecked). */
function stableSource(name: RemoteName): Source {
  const stable = manifest?.[name].stable;
  return stable
    ? { entry: stable.entry, integrity: stable.integrity }
    : { entry: (fallbackEntries as Entries)[name].entry, integrity: null };
}

/** The canary this browser should try for `name`, if any. */
function canaryFor(name: RemoteName) {
  if (!manifest || failedCanaries.has(name)) return null;
  const choice = chooseRelease(manifest[name], currentBucket());
  return choice?.canary ? choice.release : null;
}

/**
 * Fetches and runs the remoteEntry.js `name` would load (its canary for this browser's bucket,
 * else its stable release or the runtime config's entry), and with `screens` its route tree's
 * code too, without rendering or reporting anything: a later `loadRemoteApp(name)` finds it all in
 * the runtime. Never throws; a failed preload only makes that later load register the remote
 * afresh (and report a canary that fails then).
 */
export async function preloadRemote(name: RemoteName, { screens = false } = {}): Promise<void> {
  if (!fallbackEntries) return;
  const source = canaryFor(name) ?? stableSource(name);
  const { entry } = source;
  try {
    register(name, source, false);
    const instance = getInstance();
    if (!instance) return;
    await getRemoteEntry({
      origin: instance,
      remoteInfo: getRemoteInfo({ name: REMOTES[name].container, entry }),
    });
    if (screens) await loadRemote(`${REMOTES[name].container}/App`);
  } catch (error) {
    registeredEntry.delete(name);
    console.warn(`The ${name} area could not be preloaded`, error);
  }
}

/** Marks this page view's canary of `name` as failed and reports it; stable is used from now on. */
export function canaryFailed(
  name: RemoteName,
  version: string,
  outcome: 'load_failed' | 'render_failed',
  error: unknown,
) {
  failedCanaries.add(name);
  if (outcome === 'load_failed') areaLoadFailed(name, version);
  console.warn(
    `The ${name} canary ${version} failed (${outcome}); using the stable release`,
    error,
  );
  reportReleaseOutcome(
    name,
    version,
    outcome,
    error instanceof Error ? error.message : String(error),
  );
}

/**
 * Loads a remote's route tree. A canary gets one try and falls back to the stable release in the
 * same page view; the stable release is retried on transient failures before giving up. `fresh`
 * drops whatever the runtime remembers of an earlier failure (the Retry button passes it).
 */
export async function loadRemoteApp(name: RemoteName, fresh = false): Promise<LoadedRemote> {
  if (!fallbackEntries) throw new Error('Remotes are not configured yet');
  const canary = canaryFor(name);
  if (canary) {
    try {
      const App = await loadEntry(name, canary, fresh);
      reportReleaseOutcome(name, canary.version, 'loaded');
      return { App, version: canary.version, canary: true };
    } catch (error) {
      canaryFailed(name, canary.version, 'load_failed', error);
    }
  }

  const stable = manifest?.[name].stable ?? null;
  const source = stableSource(name);
  let lastError: unknown;
  for (let attempt = 0; attempt <= RETRY_DELAYS_MS.length; attempt++) {
    try {
      const App = await loadEntry(name, source, fresh || attempt > 0);
      return { App, version: stable?.version ?? null, canary: false };
    } catch (error) {
      lastError = error;
      // Altered bytes stay altered: the release's files never change, so no retry.
      if (error instanceof IntegrityError) break;
      const delay = RETRY_DELAYS_MS[attempt];
      if (delay !== undefined) await wait(delay);
    }
  }
  areaLoadFailed(name, stable?.version ?? null);
  throw lastError;
}
