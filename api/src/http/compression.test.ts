import assert from 'node:assert/strict';
import zlib from 'node:zlib';
import { COMPRESS_MIN_BYTES, CompressibleBody, preferredEncoding } from './compression.ts';

Deno.test('the coding follows Accept-Encoding as browsers, curl and proxies send it', () => {
  // Chromium, Firefox, Safari.
  assert.equal(preferredEncoding('gzip, deflate, br, zstd'), 'br');
  assert.equal(preferredEncoding('gzip, deflate, br'), 'br');
  assert.equal(preferredEncoding('gzip, deflate'), 'gzip');
  assert.equal(preferredEncoding('GZIP'), 'gzip');
  // Qualities: the higher wins, 0 refuses, `*` covers what is not named.
  assert.equal(preferredEncoding('br;q=0.5, gzip;q=0.8'), 'gzip');
  assert.equal(preferredEncoding('br;q=0, gzip'), 'gzip');
  assert.equal(preferredEncoding('br ; q = 1.0, gzip;q=1'), 'br');
  assert.equal(preferredEncoding('*'), 'br');
  assert.equal(preferredEncoding('*;q=0.1, br;q=0'), 'gzip');
  // Nothing acceptable: as it is.
  assert.equal(preferredEncoding(undefined), null);
  assert.equal(preferredEncoding(''), null);
  assert.equal(preferredEncoding('identity'), null);
  assert.equal(preferredEncoding('deflate, zstd'), null);
  assert.equal(preferredEncoding('br;q=0, gzip;q=0'), null);
  assert.equal(preferredEncoding('*;q=0'), null);
  // Junk is not an error: a quality that is not a number refuses that coding.
  assert.equal(preferredEncoding('br;q=abc, gzip'), 'gzip');
  assert.equal(preferredEncoding(',,;q=1,\u0000'), null);
});

Deno.test('a body is compressed once per coding and decodes to the same bytes', () => {
  const text = JSON.stringify(
    Array.from({ length: 200 }, (_, i) => ({ id: i, status: 'available', booked_by: null })),
  );
  const body = new CompressibleBody(text);
  const br = body.as('br');
  const gzip = body.as('gzip');
  assert.equal(br.encoding, 'br');
  assert.equal(gzip.encoding, 'gzip');
  assert.ok(br.bytes.byteLength < body.identity.byteLength / 5, 'a seat map shrinks five times');
  assert.equal(new TextDecoder().decode(zlib.brotliDecompressSync(br.bytes)), text);
  assert.equal(new TextDecoder().decode(zlib.gunzipSync(gzip.bytes)), text);
  assert.equal(body.as('br').bytes, br.bytes, 'the same bytes, not compressed again');
  assert.deepEqual(body.as(null), { bytes: body.identity, encoding: null });
});

Deno.test('a small body goes as it is', () => {
  const small = new CompressibleBody('x'.repeat(COMPRESS_MIN_BYTES - 1));
  assert.deepEqual(small.as('br'), { bytes: small.identity, encoding: null });
  assert.equal(new CompressibleBody('x'.repeat(COMPRESS_MIN_BYTES)).as('gzip').encoding, 'gzip');
});

Deno.test('an answer for one caller is compressed at the fastest levels, and still decodes to its bytes', () => {
  const text = JSON.stringify(
    Array.from({ length: 1500 }, (_, i) => ({ id: i, status: 'my_hold', booked_by: null })),
  );
  const shared = new CompressibleBody(text);
  const once = new CompressibleBody(text, 'oneCaller');
  for (const encoding of ['br', 'gzip'] as const) {
    const fast = once.as(encoding).bytes;
    const decoded = encoding === 'br' ? zlib.brotliDecompressSync(fast) : zlib.gunzipSync(fast);
    assert.equal(new TextDecoder().decode(decoded), text);
    // The fast levels give larger bytes than the shared answer's: a sign they were used.
    assert.ok(fast.byteLength > shared.as(encoding).bytes.byteLength, encoding);
    assert.ok(fast.byteLength < once.identity.byteLength / 5, `${encoding} still shrinks it`);
  }
});
