// A ticket's QR code as a PNG, made on the server with the `qrcode` package: it carries the
// ticket's signed pass (tickets/signing.ts, 'CB1.<kid>.<show>.<seat>.<code>.<sig>', about 145
// bytes), which the door checks even offline; the code is printed beside it for typing by hand.
// Sizing (docs/decisions/0041-signed-ticket-passes.md, tested in qr.test.ts): error correction L,
// so version 6 or 7 (41 or 45 modules), 6 px a module and the standard's 4-module quiet zone: at
// most 318 px.
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

/** The PNG of the QR code of `text` (a pass), base64-encoded (as email attachments carry it). */
export async function qrPngBase64(text: string): Promise<string> {
  const png = await QRCode.toBuffer(text, {
    type: 'png',
    errorCorrectionLevel: QR_ERROR_CORRECTION,
    margin: QR_MARGIN,
    scale: QR_SCALE,
  });
  return png.toString('base64');
}
