// The release manifest, asked for as soon as the runtime config is in (index.ts), alongside the
// shared libraries rather than after them: the remote of the page asked for can only be fetched
// once the manifest names its build, and on a phone every step of that chain is a round trip.
// No shared library may be imported here (this runs before they are negotiated), so the request
// is a plain fetch; manifest.ts takes its answer instead of asking again.
import type { ResponseOf } from '@cinema/api-client';

export type ManifestBody = ResponseOf<'/api/releases/manifest', 'get'>;

let prefetched: { bucket: number; body: Promise<ManifestBody> } | null = null;

/** Starts `GET releases/manifest/?bucket=` (the API client's URL for it) for this page view. */
export function prefetchReleaseManifest(apiBaseUrl: string, bucket: number): Promise<ManifestBody> {
  const url = `${apiBaseUrl.replace(/\/+$/, '')}/releases/manifest/?bucket=${bucket}`;
  const body = fetch(url, { headers: { Accept: 'application/json' } }).then((response) => {
    if (!response.ok) throw new Error(`The release manifest answered ${response.status}`);
    return response.json() as Promise<ManifestBody>;
  });
  prefetched = { bucket, body };
  // Whoever takes it handles a failure (by asking again through the API client).
  body.catch(() => {});
  return body;
}

/** The prefetched answer for `bucket`, once: later calls (fresher tickets) ask the API again. */
export function takePrefetchedManifest(bucket: number): Promise<ManifestBody> | null {
  const taken = prefetched?.bucket === bucket ? prefetched.body : null;
  prefetched = null;
  return taken;
}
