// Reads a QR code back out of a PNG, as a phone would: the PNG is decoded with pngjs and the code
// found with jsQR (both devDependencies, for tests only).
import { Buffer } from 'node:buffer';
import jsQRModule from 'jsqr';
import * as pngjs from 'pngjs';

type Decode = (data: Uint8ClampedArray, width: number, height: number) => { data: string } | null;
type PngSync = { read(buffer: Buffer): { width: number; height: number; data: Uint8Array } };

// CommonJS packages: the default export is the module object or the function itself.
const jsQR = ((jsQRModule as unknown as { default?: Decode }).default ??
  jsQRModule) as unknown as Decode;
const PNG = ((pngjs as unknown as { PNG?: { sync: PngSync } }).PNG ??
  (pngjs as unknown as { default: { PNG: { sync: PngSync } } }).default.PNG) as { sync: PngSync };

/** The text the QR code in this PNG (base64) carries, or null if none is found. */
export function decodeQrPng(base64: string): string | null {
  const image = PNG.sync.read(Buffer.from(base64, 'base64'));
  const pixels = new Uint8ClampedArray(image.data.buffer, image.data.byteOffset, image.data.length);
  return jsQR(pixels, image.width, image.height)?.data ?? null;
}
