// Compressed answers for the few large JSON bodies every waiting fan repeats (the seat map, the
// show list), compressed once per version and shared by every reader (CompressibleBody), as a
// browser asks for them (Accept-Encoding). Deno.serve sends bodies as they are given, and the
// API is often reached without a proxy that would compress them: a 38 kB seat map is 1.8 kB in
// Brotli. docs/decisions/0048-compressed-shared-answers.md.

import zlib from 'node:zlib';
import type { Context } from 'hono';

export type Encoding = 'br' | 'gzip';

/** Smaller bodies go as they are: their headers cost more than compressing saves. */
export const COMPRESS_MIN_BYTES = 1024;

/**
 * How hard to compress. `shared`: an answer compressed once per version for every reader (Brotli
 * quality 5: about 0.3 ms for a 38 kB seat map, 2.5 ms for the largest layout's 300 kB, within
 * 30 % of quality 11's size, which takes 70 ms). `oneCaller`: an answer written for one request
 * only, compressed on every such request, so at the fastest levels (Brotli 1 or gzip 1: about
 * 0.5 ms for 300 kB, less than writing the answer): a caller who repeats it a thousand times
 * costs the API no more than the answer did before it was compressed.
 */
export type Effort = 'shared' | 'oneCaller';

const OPTIONS = {
  shared: {
    br: { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 5 } },
    gzip: { level: 6 },
  },
  oneCaller: {
    br: { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 1 } },
    gzip: { level: 1 },
  },
} as const;

const QUALITY_PARAM = /^\s*q\s*=\s*(.*?)\s*$/i;
const QUALITY_VALUE = /^[01](\.\d{0,3})?$/;

/**
 * The coding to answer with for this Accept-Encoding (RFC 9110, 12.5.3): Brotli or gzip when
 * the caller accepts it with a quality above 0 (named, or through `*`), the higher quality first,
 * Brotli on a tie; null for none (no header, `identity`, or both refused).
 */
export function preferredEncoding(acceptEncoding: string | undefined): Encoding | null {
  if (!acceptEncoding) return null;
  const quality = new Map<string, number>();
  for (const item of acceptEncoding.split(',')) {
    const [name = '', ...params] = item.split(';');
    const coding = name.trim().toLowerCase();
    if (!coding) continue;
    let q = 1;
    for (const param of params) {
      const value = QUALITY_PARAM.exec(param)?.[1];
      // A quality that is not one (RFC 9110, 12.4.2) refuses the coding rather than guess.
      if (value !== undefined) q = QUALITY_VALUE.test(value) ? Math.min(Number(value), 1) : 0;
    }
    quality.set(coding, q);
  }
  const of = (coding: Encoding) => quality.get(coding) ?? quality.get('*') ?? 0;
  const br = of('br');
  const gzip = of('gzip');
  if (br <= 0 && gzip <= 0) return null;
  return br >= gzip ? 'br' : 'gzip';
}

export function compress(
  body: Uint8Array,
  encoding: Encoding,
  effort: Effort = 'shared',
): Uint8Array<ArrayBuffer> {
  const out =
    encoding === 'br'
      ? zlib.brotliCompressSync(body, OPTIONS[effort].br)
      : zlib.gzipSync(body, OPTIONS[effort].gzip);
  return new Uint8Array(out.buffer, out.byteOffset, out.byteLength) as Uint8Array<ArrayBuffer>;
}

const encoder = new TextEncoder();

/** One answer's bytes, compressed at most once per coding, however many callers it goes to. */
export class CompressibleBody {
  readonly identity: Uint8Array<ArrayBuffer>;
  readonly #effort: Effort;
  readonly #encoded = new Map<Encoding, Uint8Array<ArrayBuffer>>();

  constructor(body: string | Uint8Array<ArrayBuffer>, effort: Effort = 'shared') {
    this.identity = typeof body === 'string' ? encoder.encode(body) : body;
    this.#effort = effort;
  }

  /** The bytes to send to a caller who prefers `encoding`, and the coding they are in. */
  as(encoding: Encoding | null): { bytes: Uint8Array<ArrayBuffer>; encoding: Encoding | null } {
    if (encoding === null || this.identity.byteLength < COMPRESS_MIN_BYTES) {
      return { bytes: this.identity, encoding: null };
    }
    let bytes = this.#encoded.get(encoding);
    if (!bytes) {
      bytes = compress(this.identity, encoding, this.#effort);
      this.#encoded.set(encoding, bytes);
    }
    return { bytes, encoding };
  }
}

/**
 * A 200 with `body` in the coding the caller prefers. `Vary: Accept-Encoding` goes on every
 * answer of such a route, compressed or not (and on its 304s: `varyByEncoding`), so that no
 * shared cache hands one caller's coding to another.
 */
export function compressibleAnswer(
  c: Context,
  body: CompressibleBody,
  headers: Record<string, string>,
): Response {
  const chosen = body.as(preferredEncoding(c.req.header('Accept-Encoding')));
  varyByEncoding(c);
  return c.body(chosen.bytes, 200, {
    ...headers,
    ...(chosen.encoding ? { 'Content-Encoding': chosen.encoding } : {}),
  });
}

export function varyByEncoding(c: Context): void {
  c.header('Vary', 'Accept-Encoding', { append: true });
}
