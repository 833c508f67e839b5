// The rules of the channels: what a canary's percentage may be, how long the manifest is cached,
// and the messages of the channel changes.

/** The manifest without a bucket is the same for everyone; with one it carries tickets bound to
 *  the caller's address, which no shared cache may hand to anyone else. */
export const MANIFEST_CACHE_CONTROL = 'public, max-age=15';
export const MANIFEST_WITH_TICKETS_CACHE_CONTROL = 'private, max-age=15';

export const PERCENT_RANGE = 'Percent must be a whole number from 0 to 100.';
export const NO_CANARY = 'There is no canary to promote.';
export const NO_EARLIER_STABLE = 'There is no earlier stable version to return to.';
export const BUCKET_RANGE = 'Bucket must be a whole number from 0 to 99.';

export const alreadyStable = (version: string, remote: string) =>
  `${version} is already the stable version of ${remote}.`;
