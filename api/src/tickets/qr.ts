// A ticket's QR code as a PNG, made on the server with the `qrcode` package: it carries the
// ticket's code (a UUID) and nothing else, so any scanner, the owner's Check-in screen included,
// reads the code a person could also type.
import QRCode from 'qrcode';

/** The PNG of the QR code of `code`, base64-encoded (as email attachments carry it). */
export async function qrPngBase64(code: string): Promise<string> {
  const png = await QRCode.toBuffer(code, {
    type: 'png',
    // M recovers from about 15 % damage (a scratched phone screen, a creased print).
    errorCorrectionLevel: 'M',
    // The quiet zone the standard asks for, and modules large enough for a phone camera.
    margin: 4,
    scale: 6,
  });
  return png.toString('base64');
}
