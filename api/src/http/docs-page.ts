// GET /api/docs: Scalar's reference page over /api/openapi.json, with Scalar's code served by this
// API itself (docs/decisions/0028-refresh-token-in-an-httponly-cookie.md). The page is served on
// the site's own origin (the shell proxies /api), so any script it runs could act as the signed-in
// user: it runs only the standalone bundle of the pinned @scalar/api-reference package from
// node_modules, under a name carrying its hash, checked by Subresource Integrity, and one inline
// script, each allowed by its hash. No other origin appears in the page's Content-Security-Policy.

import { createHash } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import { Scalar } from '@scalar/hono-api-reference';
import type { Context, MiddlewareHandler } from 'hono';
import { notFound } from './errors.ts';

/** Where the page and its script live; the script's name is `scalar.<hash>.js` below this. */
export const DOCS_BASE = '/api/docs';

export interface DocsScript {
  /** The bundle's file name under DOCS_BASE: changes whenever its content does. */
  name: string;
  body: Uint8Array;
  /** Its Subresource Integrity value, `sha384-...`. */
  integrity: string;
}

/**
 * The browser build of @scalar/api-reference (the package pins the version; its export map does
 * not list the bundle, so it is found beside the package's entry point).
 */
export async function readScalarBundle(): Promise<Uint8Array> {
  const entry = fileURLToPath(import.meta.resolve('@scalar/api-reference'));
  return await readFile(entry.replace(/dist[\\/]index\.js$/, 'dist/browser/standalone.js'));
}

let bundled: Promise<DocsScript> | null = null;

/** Read once per process, on the first visit rather than at start (4 MB most runs never need). */
function scalarScript(): Promise<DocsScript> {
  bundled ??= readScalarBundle().then(
    (body) => ({
      name: `scalar.${createHash('sha256').update(body).digest('hex').slice(0, 16)}.js`,
      body,
      integrity: `sha384-${createHash('sha384').update(body).digest('base64')}`,
    }),
    (error) => {
      bundled = null;
      throw error;
    },
  );
  return bundled;
}

function sha256Source(text: string): string {
  return `'sha256-${createHash('sha256').update(text).digest('base64')}'`;
}

function policy(html: string, script: DocsScript): string {
  const inline = [...html.matchAll(/<script\b[^>]*>([\s\S]*?)<\/script>/g)]
    .map((m) => m[1] as string)
    .filter((body) => body.trim());
  return [
    "default-src 'none'",
    // The bundle by its integrity hash (the tag carries it), the inline start-up by its own.
    `script-src ${[...inline.map(sha256Source), `'${script.integrity}'`].join(' ')}`,
    // Scalar styles its components at run time.
    "style-src 'unsafe-inline'",
    "font-src 'self' data:",
    "img-src 'self' data:",
    "connect-src 'self'",
    "base-uri 'none'",
    "form-action 'none'",
    "frame-ancestors 'none'",
  ].join('; ');
}

const PAGE_HEADERS = {
  'X-Content-Type-Options': 'nosniff',
  'Referrer-Policy': 'no-referrer',
  'Cross-Origin-Opener-Policy': 'same-origin',
};

/** GET /api/docs: the page. */
export function docsPage(openApiUrl: string): MiddlewareHandler {
  return async (c, next) => {
    const script = await scalarScript();
    const scalar = Scalar({
      url: openApiUrl,
      pageTitle: 'CineBook API reference',
      // Loads the one-file bundle with a plain script tag, from here instead of Scalar's CDN.
      cdn: `${DOCS_BASE}/${script.name}`,
      // Scalar's font host, its hosted agent and its API client (which sends through Scalar's
      // proxy) would be third parties; the policy below would block them anyway.
      withDefaultFonts: false,
      agent: { disabled: true },
      hideClientButton: true,
    });
    const res = await scalar(c, next);
    if (!res) return;
    const html = (await res.text()).replace(
      `<script src="${DOCS_BASE}/${script.name}"`,
      `<script src="${DOCS_BASE}/${script.name}" integrity="${script.integrity}" crossorigin="anonymous"`,
    );
    return c.html(html, 200, {
      ...PAGE_HEADERS,
      'Content-Security-Policy': policy(html, script),
      'Cache-Control': 'no-cache',
    });
  };
}

/** GET /api/docs/:file: the bundle, cacheable for good since its name changes with its bytes. */
export async function docsScript(c: Context): Promise<Response> {
  const script = await scalarScript();
  if (c.req.param('file') !== script.name) notFound();
  return c.body(script.body as Uint8Array<ArrayBuffer>, 200, {
    'Content-Type': 'text/javascript; charset=utf-8',
    'Cache-Control': 'public, max-age=31536000, immutable',
    'X-Content-Type-Options': 'nosniff',
  });
}
