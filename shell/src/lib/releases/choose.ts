import type { Release, RemoteReleases } from './manifest';

/** The release a bucket gets: the canary when the bucket is under its percentage. */
export function chooseRelease(
  releases: RemoteReleases,
  bucket: number,
): { release: Release; canary: boolean } | null {
  const { stable, canary } = releases;
  if (canary && bucket < canary.percent) return { release: canary, canary: true };
  return stable ? { release: stable, canary: false } : null;
}
