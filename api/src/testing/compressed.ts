// An answer's text as a browser reads it: decoded from the Content-Encoding the API chose
// (http/compression.ts), for tests that send Accept-Encoding as browsers do.
import zlib from 'node:zlib';

export const BROWSER_ACCEPT_ENCODING = 'gzip, deflate, br, zstd';

export async function decodedText(res: Response): Promise<string> {
  const bytes = new Uint8Array(await res.arrayBuffer());
  const encoding = res.headers.get('Content-Encoding');
  const decoded =
    encoding === 'br'
      ? zlib.brotliDecompressSync(bytes)
      : encoding === 'gzip'
        ? zlib.gunzipSync(bytes)
        : bytes;
  if (encoding !== null && encoding !== 'br' && encoding !== 'gzip') {
    throw new Error(`unexpected Content-Encoding ${encoding}`);
  }
  return new TextDecoder().decode(decoded);
}
