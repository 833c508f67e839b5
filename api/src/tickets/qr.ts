// A ticket's QR code as a PNG, made on the server: it carries the ticket's signed pass
// (tickets/signing.ts, 'CB1.<kid>.<show>.<seat>.<code>.<sig>', about 145 bytes), which the door
// checks even offline; the code is printed beside it for typing by hand. Sizing
// (docs/decisions/0041-signed-ticket-passes.md, tested in qr.test.ts): error correction L, so
// version 6 or 7 (41 or 45 modules), 6 px a module and the standard's 4-module quiet zone: at
// most 318 px.
//
// The `qrcode` package makes the symbol and `pngjs` writes the PNG; the modules are drawn into the
// pixels here, a row of modules at a time, as one byte of grey a pixel, and written with the PNG
// filter "Up" alone (each pixel row repeats the one above, so most rows are zeros). qrcode's own
// PNG renderer draws pixel by pixel into RGBA and tries every filter on every row: about 5.5 ms an
// image, rendered for every confirmed booking's email on the API's cores, against 1 ms here, for a
// file half the size (docs/speed.md, "QR codes").
import { Buffer } from 'node:buffer';
import pngjs from 'pngjs';
import QRCode from 'qrcode';

/**
 * L (7 % damage recovered): a cheap camera's resolution is what fails first, and L's version 7
 * has the fewest, largest modules; M's version 8 read half as often at 110 px (qr.test.ts). The
 * apps draw the same level (mfe-user TicketQr.tsx).
 */
export const QR_ERROR_CORRECTION = 'L';
/** Pixels a module in the PNG; the quiet zone in modules. */
export const QR_SCALE = 6;
export const QR_MARGIN = 4;

/** pngjs's synchronous writer (the package ships no types). */
const png = (
  pngjs as unknown as {
    PNG: { sync: { write(image: Image, options: WriteOptions): Buffer } };
  }
).PNG.sync;
type Image = { width: number; height: number; data: Buffer };
type WriteOptions = Record<string, number | boolean>;

const BLACK = 0;
const WHITE = 255;
const FILTER_UP = 2;

/** The PNG of the QR code of `text` (a pass), base64-encoded (as email attachments carry it). */
export function qrPngBase64(text: string): string {
  const { modules } = QRCode.create(text, { errorCorrectionLevel: QR_ERROR_CORRECTION });
  const size = modules.size;
  const width = (size + 2 * QR_MARGIN) * QR_SCALE;
  const grey = Buffer.alloc(width * width, WHITE);
  for (let row = 0; row < size; row++) {
    const top = (row + QR_MARGIN) * QR_SCALE * width;
    for (let col = 0; col < size; col++) {
      if (!modules.data[row * size + col]) continue;
      const left = top + (col + QR_MARGIN) * QR_SCALE;
      grey.fill(BLACK, left, left + QR_SCALE);
    }
    for (let k = 1; k < QR_SCALE; k++) grey.copyWithin(top + k * width, top, top + width);
  }
  const greyscale = { colorType: 0, inputColorType: 0, inputHasAlpha: false, bitDepth: 8 };
  return png
    .write({ width, height: width, data: grey }, { ...greyscale, filterType: FILTER_UP })
    .toString('base64');
}
