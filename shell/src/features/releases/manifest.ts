import { api } from '@cinema/api-client';
import { REMOTE_NAMES, type RemoteName } from '@cinema/federation';

/** One published build of a remote. */
export type Release = { version: string; entry: string };
export type RemoteReleases = {
  stable: Release | null;
  canary: (Release & { percent: number }) | null;
};
export type ReleaseManifest = Record<RemoteName, RemoteReleases>;

/** The API's release manifest; null when it cannot be had (the runtime config then decides). */
export async function fetchReleaseManifest(): Promise<ReleaseManifest | null> {
  try {
    const body = await api.get<{ remotes?: Partial<Record<string, RemoteReleases>> }>(
      'releases/manifest/',
      { auth: false },
    );
    const manifest = {} as ReleaseManifest;
    for (const name of REMOTE_NAMES) {
      const remote = body.remotes?.[name];
      manifest[name] = { stable: remote?.stable ?? null, canary: remote?.canary ?? null };
    }
    return manifest;
  } catch (error) {
    console.warn('The release manifest could not be loaded; using the runtime config', error);
    return null;
  }
}

/** The release a bucket gets: the canary when the bucket is under its percentage. */
export function chooseRelease(
  releases: RemoteReleases,
  bucket: number,
): { release: Release; canary: boolean } | null {
  const { stable, canary } = releases;
  if (canary && bucket < canary.percent) return { release: canary, canary: true };
  return stable ? { release: stable, canary: false } : null;
}

export type ReleaseOutcome = 'loaded' | 'load_failed' | 'render_failed';

/** Tells the registry how a canary fared, so a bad one is rolled back; never throws. */
export function reportReleaseOutcome(
  remote: RemoteName,
  version: string,
  outcome: ReleaseOutcome,
  detail?: string,
): void {
  api
    .post(
      'releases/events/',
      { remote, version, outcome, detail: detail?.slice(0, 500) },
      {
        auth: false,
      },
    )
    .catch((error: unknown) => console.warn('A release event could not be reported', error));
}
