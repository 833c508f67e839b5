// Preview links (docs/decisions/0036-private-previews.md): a signed, expiring token that makes
// one browser load one build of one remote, a published version or a developer's loopback dev
// server, in place of what the manifest gives it. A token is `<payload>.<signature>`: base64url
// JSON and HMAC-SHA256 over it, under a key derived from the JWT secret for this purpose alone
// (as report tickets are, telemetry/tickets.ts), so neither a ticket nor an access token passes
// for a preview or the other way round. Stateless: nothing is stored but the audit record, and a
// link ends when it expires (at most PREVIEW_MAX_MINUTES after it was made).
import { Buffer } from 'node:buffer';
import { timingSafeEqual } from 'node:crypto';
import { purposeMac } from '../../auth/secrets.ts';
import type { Config } from '../../config.ts';
import { isRemote, type Remote } from '../registry/rules.ts';

export const PREVIEW_TYPE = 'release-preview';
export const PREVIEW_MIN_MINUTES = 1;
export const PREVIEW_MAX_MINUTES = 24 * 60;
/**
 * Links one admin or one deploy key may make in an hour: a team previews a few versions a day,
 * and each link is an audit record, so a leaked key cannot bury the log under a thousand.
 */
export const PREVIEW_LINKS_PER_HOUR = 60;
export const PREVIEW_LINKS_LIMITED = 'Too many preview links: try again in {minutes}.';
export const PREVIEW_DEFAULT_MINUTES = 60;

/** What a preview makes a browser load. `version` null: a dev server's entry, nothing published. */
export interface Preview {
  remote: Remote;
  version: string | null;
  entry: string;
  /** The entry's Subresource Integrity value when the registry has one, else null. */
  integrity: string | null;
  expires_at: Date;
}

interface Payload {
  typ: typeof PREVIEW_TYPE;
  remote: string;
  version: string | null;
  entry: string;
  integrity: string | null;
  /** Expiry in whole seconds since the epoch. */
  exp: number;
}

type Secret = Pick<Config, 'jwtSecret'>;

const mac = purposeMac('cinebook release preview links v1');

/** The token of a preview; its expiry is cut to whole seconds. */
export function signPreview(secret: Secret, preview: Preview): string {
  const payload: Payload = {
    typ: PREVIEW_TYPE,
    remote: preview.remote,
    version: preview.version,
    entry: preview.entry,
    integrity: preview.integrity,
    exp: Math.floor(preview.expires_at.getTime() / 1000),
  };
  const body = Buffer.from(JSON.stringify(payload)).toString('base64url');
  return `${body}.${mac(secret.jwtSecret, body).toString('base64url')}`;
}

const nullableString = (value: unknown) => value === null || typeof value === 'string';

/**
 * The preview a token stands for, or null when it is malformed, not signed by this server, or
 * expired (`exp <= now`): the caller answers all three alike, telling a forger nothing.
 */
export function verifyPreview(secret: Secret, token: string, now: Date): Preview | null {
  const match = /^([A-Za-z0-9_-]{1,4000})\.([A-Za-z0-9_-]{43})$/.exec(token);
  if (!match) return null;
  const [, body = '', signature = ''] = match;
  const expected = mac(secret.jwtSecret, body);
  const given = Buffer.from(signature, 'base64url');
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return null;
  let payload: Partial<Payload>;
  try {
    payload = JSON.parse(Buffer.from(body, 'base64url').toString('utf8'));
  } catch {
    return null;
  }
  // Signed by this server, so well formed; checked anyway, as every input is.
  if (
    payload?.typ !== PREVIEW_TYPE ||
    !isRemote(payload.remote) ||
    !nullableString(payload.version) ||
    typeof payload.entry !== 'string' ||
    !nullableString(payload.integrity) ||
    typeof payload.exp !== 'number'
  ) {
    return null;
  }
  if (payload.exp <= Math.floor(now.getTime() / 1000)) return null;
  return {
    remote: payload.remote,
    version: payload.version ?? null,
    entry: payload.entry,
    integrity: payload.integrity ?? null,
    expires_at: new Date(payload.exp * 1000),
  };
}

/**
 * A dev server's remote entry on the developer's own machine: http on localhost or 127.0.0.1,
 * an explicit port, a path ending in remoteEntry.js, no credentials. Nothing else may be
 * previewed by URL: a link to any other host would run that host's code on the product's page.
 */
export function isLoopbackEntry(value: string): boolean {
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return false;
  }
  return (
    url.protocol === 'http:' &&
    (url.hostname === 'localhost' || url.hostname === '127.0.0.1') &&
    url.port !== '' &&
    url.username === '' &&
    url.password === '' &&
    url.search === '' &&
    url.hash === '' &&
    /\/remoteEntry\.js$/.test(url.pathname)
  );
}

/** The link a tester opens: the site's front page with the token, on any page of the site. */
export const previewUrl = (siteUrl: string, token: string) =>
  `${siteUrl.replace(/\/+$/, '')}/?preview=${token}`;
