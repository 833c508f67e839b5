// The ticket's QR code read as a cheap phone camera at arm's length would see it: the PNG
// shrunk until the code is 110 to 140 px wide (about 2.4 to 3.4 camera pixels a module), out of focus
// by half a module, with less contrast and sensor noise, then decoded with jsQR: the exact pass
// comes back. The sizing is recorded in docs/decisions/0041-signed-ticket-passes.md.
import assert from 'node:assert/strict';
import { Buffer } from 'node:buffer';
import jsQRModule from 'jsqr';
import * as pngjs from 'pngjs';
import QRCode from 'qrcode';
import { codeOfScan } from '../../../packages/contract/src/index.js';
import { createBookingTestApp } from '../testing/booking.ts';
import { decodeQrPng } from '../testing/qr.ts';
import { QR_ERROR_CORRECTION, QR_MARGIN, QR_SCALE, qrPngBase64 } from './qr.ts';

type Decode = (data: Uint8ClampedArray, width: number, height: number) => { data: string } | null;
type PngSync = { read(buffer: Buffer): { width: number; height: number; data: Uint8Array } };
const jsQR = ((jsQRModule as unknown as { default?: Decode }).default ??
  jsQRModule) as unknown as Decode;
const PNG = ((pngjs as unknown as { PNG?: { sync: PngSync } }).PNG ??
  (pngjs as unknown as { default: { PNG: { sync: PngSync } } }).default.PNG) as { sync: PngSync };

/** A seeded generator, so a failure can be replayed. */
function random(seed: number): () => number {
  let s = seed;
  return () => {
    s = (Math.imul(s, 1103515245) + 12345) & 0x7fffffff;
    return s / 0x7fffffff;
  };
}

/** Grey levels, blurred by a (2r+1)-pixel box each way (a lens out of focus). */
function blur(grey: Float64Array, w: number, h: number, r: number): Float64Array {
  const pass = (src: Float64Array, dx: number, dy: number) => {
    const out = new Float64Array(w * h);
    for (let y = 0; y < h; y++) {
      for (let x = 0; x < w; x++) {
        let sum = 0;
        let n = 0;
        for (let d = -r; d <= r; d++) {
          const X = x + d * dx;
          const Y = y + d * dy;
          if (X >= 0 && X < w && Y >= 0 && Y < h) {
            sum += src[Y * w + X] as number;
            n++;
          }
        }
        out[y * w + x] = sum / n;
      }
    }
    return out;
  };
  return pass(pass(grey, 1, 0), 0, 1);
}

/**
 * What the camera hands the decoder: the image blurred, averaged down to `codeWidth` px for the
 * code itself (the quiet zone in proportion), its contrast cut to 40..218 and noise added.
 */
function cameraView(
  base64: string,
  {
    codeWidth,
    blurPx,
    noise,
    seed,
  }: {
    codeWidth: number;
    blurPx: number;
    noise: number;
    seed: number;
  },
) {
  const png = PNG.sync.read(Buffer.from(base64, 'base64'));
  const { width: W, height: H, data } = png;
  let grey: Float64Array = new Float64Array(W * H);
  for (let i = 0; i < W * H; i++) {
    grey[i] =
      ((data[i * 4] as number) + (data[i * 4 + 1] as number) + (data[i * 4 + 2] as number)) / 3;
  }
  grey = blur(grey, W, H, blurPx);
  const modules = W / QR_SCALE - 2 * QR_MARGIN;
  const w = Math.round((codeWidth * (modules + 2 * QR_MARGIN)) / modules);
  const h = w;
  const rand = random(seed);
  const pixels = new Uint8ClampedArray(w * h * 4);
  for (let y = 0; y < h; y++) {
    for (let x = 0; x < w; x++) {
      const x0 = Math.floor((x * W) / w);
      const x1 = Math.max(x0 + 1, Math.floor(((x + 1) * W) / w));
      const y0 = Math.floor((y * H) / h);
      const y1 = Math.max(y0 + 1, Math.floor(((y + 1) * H) / h));
      let sum = 0;
      for (let yy = y0; yy < y1; yy++)
        for (let xx = x0; xx < x1; xx++) sum += grey[yy * W + xx] as number;
      const mean = sum / ((x1 - x0) * (y1 - y0));
      // About `noise` grey levels of standard deviation.
      const grain = (rand() + rand() + rand() - 1.5) * 2 * noise;
      const v = 40 + mean * 0.7 + grain;
      const i = (y * w + x) * 4;
      pixels[i] = pixels[i + 1] = pixels[i + 2] = v;
      pixels[i + 3] = 255;
    }
  }
  return { pixels, w, h };
}

// Passes as the API writes them (kid, show, seat, code, a 64-byte signature), fixed so that
// every run sees the same images.
const PASSES = [
  'CB1.q7Vd-2Kx.1.A1.0f8a2c6e1b9d47f3a5c2e8b16d4f9a03.BfcDQQeKz2oG1CPSFyD5ZD1flTYm2IoCY23DqeeVgq6wyCCFf9P43FAqqDYNLI-pephf2ltim4CcrRj_ti04mQ',
  'CB1.Zx0_aB9c.482.H12.3f0c1a528a4e4c1b9d2e0123456789ab.ko1Q0eJNq3zKYs_oT83Pn8aVFgonj5G1wK8itwnYL4qjtJVbPem6bQoOt9ky3GTE1cY_wt6HRBrS5bkp-bZ8Xg',
  'CB1.AbCdEf_-.1234567.Z30.ffeeddccbbaa99887766554433221100.YnWOSle3b-sfyHg4fE0mOeS_ve0Gr7XyIieDXZ_GO_vTDfNER64h7OaxZZwKvr1xbzUOgcNDmjeZFy3KmwX3jw',
];

Deno.test('the emailed PNG of a pass reads back exactly through a cheap camera at arm’s length', async () => {
  const failures: string[] = [];
  for (const pass of PASSES) {
    const png = qrPngBase64(pass);
    assert.equal(decodeQrPng(png), pass);
    for (const codeWidth of [110, 120, 130, 140]) {
      for (let seed = 1; seed <= 3; seed++) {
        const { pixels, w, h } = cameraView(png, { codeWidth, blurPx: 1, noise: 10, seed });
        const read = jsQR(pixels, w, h)?.data ?? null;
        if (read !== pass)
          failures.push(`${pass.slice(0, 30)}, ${codeWidth} px, seed ${seed}: ${read}`);
      }
    }
  }
  assert.deepEqual(failures, []);
});

Deno.test('a real ticket’s pass reads back through the camera, and names the ticket’s code', async () => {
  await using t = await createBookingTestApp();
  const { customer, show } = await t.scenario();
  assert.equal((await t.holdAndPay(customer, show.id, [show.seat('H12')])).status, 201);
  const [ticket] = await (await t.get('/api/my-tickets/', customer.token)).json();
  const pass: string = ticket.pass;
  const png = qrPngBase64(pass);
  assert.equal(decodeQrPng(png), pass);
  // A scanner reads many frames a second: most frames read, none reads anything else (measured:
  // 1 to 3 in 100 frames at these sizes are unreadable to jsQR, never misread).
  const reads = Array.from({ length: 8 }, (_, i) => {
    const { pixels, w, h } = cameraView(png, { codeWidth: 120, blurPx: 1, noise: 10, seed: i + 1 });
    return jsQR(pixels, w, h)?.data ?? null;
  });
  assert.ok(reads.filter((read) => read === pass).length >= 6, String(reads));
  assert.deepEqual(
    reads.filter((read) => read !== null && read !== pass),
    [],
  );
  assert.equal(codeOfScan(pass), ticket.code);
});

Deno.test('a pass fits a version 7 code (45 modules) or smaller at level L, 6 px a module', async () => {
  for (const pass of PASSES) {
    const code = QRCode.create(pass, { errorCorrectionLevel: QR_ERROR_CORRECTION });
    assert.ok(code.version <= 7, `${pass}: version ${code.version}`);
    const png = PNG.sync.read(Buffer.from(qrPngBase64(pass), 'base64'));
    assert.equal(png.width, (code.modules.size + 2 * QR_MARGIN) * QR_SCALE);
    assert.ok(png.width <= 318);
  }
});

Deno.test('the PNG has exactly the pixels of qrcode’s own renderer, in a smaller file', async () => {
  for (const pass of PASSES) {
    const base64 = qrPngBase64(pass);
    const ours = PNG.sync.read(Buffer.from(base64, 'base64'));
    const reference = await QRCode.toBuffer(pass, {
      type: 'png',
      errorCorrectionLevel: QR_ERROR_CORRECTION,
      margin: QR_MARGIN,
      scale: QR_SCALE,
    });
    const theirs = PNG.sync.read(reference);
    assert.equal(ours.width, theirs.width);
    assert.equal(ours.height, theirs.height);
    // Both read back as RGBA: black modules and white ground, pixel for pixel.
    assert.ok(Buffer.from(ours.data).equals(Buffer.from(theirs.data)), pass);
    assert.ok(Buffer.from(base64, 'base64').length < reference.length);
  }
});
