// An answer's text as a browser reads it: decoded from the Content-Encoding the API chose
// (http/compression.ts), for tests that send Accept-Encoding as browsers do.
import zlib from 'node:zlib';

export const BROWSER_ACCEPT_ENCODING = 'gzip, deflate, br, zstd';

export async function decodedText(res: Response): Promise<string> {
  const bytes = new Uint8Array(await res.arrayBuffer());
  const encoding = res.headers.get('Content-Encoding');
  if (encoding === null) return new TextDecoder().decode(bytes);
  if (encoding === 'br') return new TextDecoder().decode(zlib.brotliDecompressSync(bytes));
  if (encoding === 'gzip') return new TextDecoder().decode(zlib.gunzipSync(bytes));
  throw new Error(`unexpected Content-Encoding ${encoding}`);
}
