// GET /api/docs: Scalar's reference page over /api/openapi.json. The page loads Scalar from its
// CDN and starts it with one inline module script, so it gets its own Content-Security-Policy
// (the API's is `default-src 'none'`): that script by its hash, Scalar's code from the CDN, and
// the reference may only fetch this API's own document.

import { createHash } from 'node:crypto';
import { Scalar } from '@scalar/hono-api-reference';
import type { MiddlewareHandler } from 'hono';

const CDN = 'https://cdn.jsdelivr.net';

function policy(html: string): string {
  const hashes = [...html.matchAll(/<script\b[^>]*>([\s\S]*?)<\/script>/g)]
    .filter((m) => m[1]?.trim())
    .map(
      (m) =>
        `'sha256-${createHash('sha256')
          .update(m[1] as string)
          .digest('base64')}'`,
    );
  return [
    "default-src 'none'",
    `script-src ${hashes.join(' ')} ${CDN}`,
    // Scalar styles its components at run time.
    `style-src 'unsafe-inline' ${CDN} https://fonts.scalar.com`,
    `font-src ${CDN} https://fonts.scalar.com data:`,
    "img-src 'self' data:",
    "connect-src 'self'",
    "base-uri 'none'",
    "form-action 'none'",
    "frame-ancestors 'none'",
  ].join('; ');
}

export function docsPage(openApiUrl: string): MiddlewareHandler {
  const scalar = Scalar({ url: openApiUrl, pageTitle: 'CineBook API reference' });
  return async (c, next) => {
    const res = await scalar(c, next);
    if (!res) return;
    const html = await res.text();
    return c.html(html, 200, {
      'Content-Security-Policy': policy(html),
      'X-Content-Type-Options': 'nosniff',
      'Referrer-Policy': 'no-referrer',
    });
  };
}
