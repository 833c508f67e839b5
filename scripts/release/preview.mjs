// `npm run release -- preview <remote> <version> [--minutes 60]` and `npm run dev -- <remote>`:
// a private preview link (docs/decisions/0036-private-previews.md), signed by the API, that makes
// the one browser opening it load that build of the remote (a published version, or a dev
// server's remoteEntry.js on the developer's machine) until it expires.
import { releasesApi } from './api.mjs';
import { knownRemote } from './commands.mjs';
import { ReleaseError } from './errors.mjs';

export const MINUTES_INVALID = 'Minutes must be a whole number from 1 to 1440';

/** 1 to 1440 (a day), the API's rule, from the command line's text. */
export function parseMinutes(text) {
  const value = String(text ?? '').trim();
  if (!/^\d{1,4}$/.test(value) || Number(value) < 1 || Number(value) > 1440) {
    throw new ReleaseError(`${MINUTES_INVALID} (got "${text}").`);
  }
  return Number(value);
}

/**
 * Asks the API for a link to `version` of the remote, or with `entry` to a dev server's entry.
 * @param {any} options releaseOptions()
 * @param {string} remoteName
 * @param {{ version?: string, entry?: string, minutes?: string | number }} what
 */
export async function preview(options, remoteName, { version, entry, minutes = 60 }) {
  const remote = knownRemote(remoteName);
  const body = {
    ...(entry === undefined ? { version } : { entry }),
    expires_in_minutes: parseMinutes(minutes),
  };
  const link = await releasesApi(options).post(`${remote}/previews/`, body);
  return { label: `mfe-${remote}`, ...link };
}

/** What the CLI prints: the link, and until when it works (UTC, as `status` says times). */
export function formatPreview(link) {
  const what = link.version ?? `from ${link.entry}`;
  const until = `${link.expires_at.slice(0, 10)} ${link.expires_at.slice(11, 16)} UTC`;
  return [
    `Preview of ${link.label} ${what}, until ${until}:`,
    `  ${link.url}`,
    'Open it in the browser that should load it: only that browser changes, and its views are not',
    'counted in any canary. The banner at the top of the site leaves the preview.',
  ].join('\n');
}
