// The security headers of the five frontend origins, computed from the runtime config the shell
// boots from, so the policy names exactly the origins the site really uses. `npm start`'s static
// server sends them on every response; a CDN sends the same ones (print them with
// `node scripts/security-headers.mjs [runtime-config.json] [--https]`).
//
// What the built apps need, checked against their dist/ and in the browser (e2e
// security-headers.spec.ts): scripts only from files (Rsbuild emits `<script defer src>`, the
// Module Federation runtime adds `<script src>` for remote entries and chunks; zod's probe for
// `new Function` is turned off by packages/federation/src/strict-csp.ts), styles only from CSS
// files (`<link>`; React's `style` props go through the CSSOM, which CSP does not restrict, and
// the builds use react-toastify's unstyled entry, which injects no `<style>`), fetches only to
// the shell's own origin (runtime-config.json) and the API.
import { pathToFileURL } from 'node:url';
import { REMOTE_NAMES } from '../packages/federation/src/index.js';
import { runtimeConfig } from './apps.mjs';
import { releaseBaseUrl } from './release/commands.mjs';

/** HSTS for two years, subdomains included; sent only when the site is served over HTTPS. */
export const HSTS = 'max-age=63072000; includeSubDomains';

// Powerful features the product never uses, denied to every origin and every frame. Only names
// Chromium knows: an unknown one is logged as an error in the console. The camera is decided per
// origin (the shell hosts the owner area's ticket scanner).
const DENIED_FEATURES = [
  'accelerometer',
  'autoplay',
  'display-capture',
  'encrypted-media',
  'fullscreen',
  'geolocation',
  'gyroscope',
  'magnetometer',
  'microphone',
  'midi',
  'payment',
  'picture-in-picture',
  'publickey-credentials-get',
  'screen-wake-lock',
  'sync-xhr',
  'usb',
  'xr-spatial-tracking',
];

/**
 * The origin of an absolute http(s) URL; null for a relative one (served from the page's own
 * origin, which 'self' covers). Anything else is a broken config and throws.
 */
export function originOf(url) {
  if (!URL.canParse(url)) {
    if (URL.canParse(url, 'http://relative.invalid')) return null;
    throw new Error(`Not a URL: ${url}`);
  }
  const parsed = new URL(url);
  if (parsed.protocol !== 'http:' && parsed.protocol !== 'https:') {
    throw new Error(`Only http(s) URLs can be allowed in the security policy: ${url}`);
  }
  return parsed.origin;
}

// The same loopback server under its other name: the remotes' standalone pages default to
// http://127.0.0.1:<port>/api while the runtime config says localhost (both are this machine).
function withLoopbackAlias(origin) {
  const url = new URL(origin);
  if (url.hostname === 'localhost') url.hostname = '127.0.0.1';
  else if (url.hostname === '127.0.0.1') url.hostname = 'localhost';
  else return [origin];
  return [origin, url.origin];
}

const unique = (values) => [...new Set(values.filter((value) => value !== null))];

/**
 * The developer's own machine, any port: where `npm run dev -- <remote>` serves the remote a
 * preview link loads (decision 0036). Allowed only when DEV_PREVIEWS says so, never by default,
 * and never any host of the internet: loopback is the browser's own machine, so the page can only
 * run what the person at it serves themselves.
 */
export const LOOPBACK_SOURCES = ['http://localhost:*', 'http://127.0.0.1:*'];
/** The dev server's hot-reload socket and lazily compiled chunks. */
const LOOPBACK_CONNECT = [...LOOPBACK_SOURCES, 'ws://localhost:*', 'ws://127.0.0.1:*'];

/** DEV_PREVIEWS=1 (or true, yes, on): the site may load a remote from a loopback dev server. */
export const devPreviewsAllowed = (env = process.env) =>
  ['1', 'true', 'yes', 'on'].includes(
    String(env.DEV_PREVIEWS ?? '')
      .trim()
      .toLowerCase(),
  );

/**
 * The remotes' origins (configured, released, loopback dev servers with devPreviews) and the
 * API's (with its loopback alias): what the page's and the service worker's policies allow.
 * @param {{ config: any, releaseBaseUrls?: string[], devPreviews?: boolean }} options
 */
function sourcesOf({ config, releaseBaseUrls = [], devPreviews = false }) {
  const remotes = unique([
    ...Object.values(config.remotes ?? {}).map((remote) => originOf(remote.entry)),
    ...releaseBaseUrls.map(originOf),
    ...(devPreviews ? LOOPBACK_SOURCES : []),
  ]);
  const api = originOf(config.apiBaseUrl);
  return { remotes, apiOrigins: api === null ? [] : withLoopbackAlias(api) };
}

/**
 * The Content-Security-Policy of every frontend origin.
 * - `config`: the runtime config the shell is served ({apiBaseUrl, remotes: {name: {entry}}}).
 * - `releaseBaseUrls`: where released versions of the remotes are served from (the entries the
 *   release manifest hands out are `<base>/<version>/remoteEntry.js`).
 * - `https`: the site is served over HTTPS, so any http:// subresource is upgraded.
 * - `devPreviews`: loopback dev servers may serve a previewed remote (LOOPBACK_SOURCES).
 * @param {{ config: any, releaseBaseUrls?: string[], https?: boolean, devPreviews?: boolean }}
 *   options
 */
export function contentSecurityPolicy({
  config,
  releaseBaseUrls = [],
  https = false,
  devPreviews = false,
}) {
  const { remotes, apiOrigins } = sourcesOf({ config, releaseBaseUrls, devPreviews });
  // A remote's code runs in the shell's page and loads its chunks, CSS and assets from its own
  // origin, so the remotes' origins are sources of each of those; nothing else is.
  const code = ["'self'", ...remotes].join(' ');
  const directives = [
    "default-src 'none'",
    `script-src ${code}`,
    `style-src ${code}`,
    `img-src ${code}`,
    `font-src ${code}`,
    `connect-src ${unique(["'self'", ...apiOrigins, ...(devPreviews ? LOOPBACK_CONNECT : [])]).join(' ')}`,
    "manifest-src 'self'",
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    "frame-ancestors 'none'",
    ...(https ? ['upgrade-insecure-requests'] : []),
  ];
  return directives.join('; ');
}

/**
 * The Content-Security-Policy of the shell's service worker (/sw.js; shell/public/sw.js): a
 * worker's fetches obey the policy its script came with, and it fetches the remotes' files
 * itself (to keep them for offline use, docs/decisions/0044-offline-app-shell.md) besides the
 * site's own and the API's. It runs no other script and loads nothing else.
 * @param {{ config: any, releaseBaseUrls?: string[], https?: boolean, devPreviews?: boolean }}
 *   options
 */
export function serviceWorkerPolicy({
  config,
  releaseBaseUrls = [],
  https = false,
  devPreviews = false,
}) {
  const { remotes, apiOrigins } = sourcesOf({ config, releaseBaseUrls, devPreviews });
  const connect = unique(["'self'", ...remotes, ...apiOrigins]);
  return [
    "default-src 'none'",
    `connect-src ${connect.join(' ')}`,
    ...(https ? ['upgrade-insecure-requests'] : []),
  ].join('; ');
}

/** Permissions-Policy: everything unused denied; the camera only where it is `camera: true`. */
export function permissionsPolicy({ camera = false } = {}) {
  return [`camera=${camera ? '(self)' : '()'}`, ...DENIED_FEATURES.map((name) => `${name}=()`)]
    .sort()
    .join(', ');
}

/**
 * Every security header one frontend origin sends. The shell's origin gets `camera: true` (its
 * page hosts every area, the owner area's ticket scanner included); the remotes' origins only
 * serve code to it, and their standalone pages need no device.
 */
/**
 * @param {{ config: any, releaseBaseUrls?: string[], https?: boolean, camera?: boolean,
 *   devPreviews?: boolean }} options
 */
export function securityHeaders({
  config,
  releaseBaseUrls = [],
  https = false,
  camera = false,
  devPreviews = false,
}) {
  return {
    'Content-Security-Policy': contentSecurityPolicy({
      config,
      releaseBaseUrls,
      https,
      devPreviews,
    }),
    'Permissions-Policy': permissionsPolicy({ camera }),
    'Referrer-Policy': 'strict-origin-when-cross-origin',
    'X-Content-Type-Options': 'nosniff',
    // For browsers older than frame-ancestors.
    'X-Frame-Options': 'DENY',
    'Cross-Origin-Opener-Policy': 'same-origin',
    ...(https ? { 'Strict-Transport-Security': HSTS } : {}),
  };
}

/**
 * The headers of the shell's origin, of its service worker's script (/sw.js: the shell's, with
 * the worker's own policy) and of each remote's origin, from one runtime config.
 */
export function frontendSecurityHeaders(options) {
  const shell = securityHeaders({ ...options, camera: true });
  return {
    shell,
    remote: securityHeaders({ ...options, camera: false }),
    serviceWorker: { ...shell, 'Content-Security-Policy': serviceWorkerPolicy(options) },
  };
}

/** The path of the shell's service worker, which is sent the `serviceWorker` headers. */
export const SERVICE_WORKER_PATH = '/sw.js';

/** Where `npm start` serves released versions of each remote (RELEASES_BASE_URL_<REMOTE>). */
export const releaseBaseUrls = (env = process.env) =>
  REMOTE_NAMES.map((name) => releaseBaseUrl(name, env));

// Printed for a CDN or reverse proxy: the headers for a given runtime config (or `npm start`'s).
if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const { readFileSync } = await import('node:fs');
  const file = process.argv.slice(2).find((arg) => !arg.startsWith('--'));
  const config = file ? JSON.parse(readFileSync(file, 'utf8')) : runtimeConfig();
  const https = process.argv.includes('--https');
  // A deployment's own config: only the release hosts it names, not npm start's local ports.
  const releases = file
    ? REMOTE_NAMES.map((name) => process.env[`RELEASES_BASE_URL_${name.toUpperCase()}`])
    : releaseBaseUrls();
  const headers = frontendSecurityHeaders({
    config,
    releaseBaseUrls: releases.filter(Boolean),
    https,
    devPreviews: devPreviewsAllowed(),
  });
  const titles = {
    shell: "the shell's origin",
    remote: "each remote's origin",
    serviceWorker: `the shell's ${SERVICE_WORKER_PATH} (its service worker), in place of the shell's`,
  };
  for (const [origin, set] of Object.entries(headers)) {
    console.log(`# ${titles[origin]}`);
    for (const [name, value] of Object.entries(set)) console.log(`${name}: ${value}`);
    console.log();
  }
}
