import { mkdir, mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { writeCompressedTwins } from './compress.js';

let dir: string;
beforeEach(async () => {
  dir = await mkdtemp(path.join(os.tmpdir(), 'twins-'));
});
afterEach(() => rm(dir, { recursive: true, force: true }));

async function put(file: string, content: string | Buffer) {
  await mkdir(path.dirname(path.join(dir, file)), { recursive: true });
  await writeFile(path.join(dir, file), content);
}

describe('writeCompressedTwins', () => {
  it('writes a Brotli and a gzip twin of every text file, each decoding to the file', async () => {
    const script = `export const seats = ${JSON.stringify(Array.from({ length: 200 }, (_, i) => `A${i}`))};`;
    const files = {
      'index.html': `<!doctype html><title>${'CineBook '.repeat(40)}</title>`,
      'remoteEntry.js': script,
      'static/js/async/1.abc.js': script,
      'static/css/app.css': `.seat{color:red}`.repeat(40),
      'mf-manifest.json': JSON.stringify({ shared: Array.from({ length: 30 }, () => 'react') }),
      'favicon.svg': `<svg xmlns="http://www.w3.org/2000/svg">${'<g/>'.repeat(40)}</svg>`,
    };
    for (const [file, content] of Object.entries(files)) await put(file, content);

    // Two twins of each file, counted however the two workers interleave.
    expect(await writeCompressedTwins(dir)).toBe(2 * Object.keys(files).length);
    for (const [file, content] of Object.entries(files)) {
      const br = await readFile(path.join(dir, `${file}.br`));
      const gz = await readFile(path.join(dir, `${file}.gz`));
      expect(brotliDecompressSync(br).toString(), file).toBe(content);
      expect(gunzipSync(gz).toString(), file).toBe(content);
      expect(br.length, file).toBeLessThan(Buffer.byteLength(content));
    }
  });

  it('leaves binary files alone, and writes no twin that would not be smaller', async () => {
    await put('logo.png', Buffer.from([0x89, 0x50, 0x4e, 0x47, 0, 1, 2, 3]));
    await put('font.woff2', Buffer.from('wOF2'));
    await put('tiny.js', '1');
    await writeCompressedTwins(dir);
    expect((await readdir(dir)).sort()).toEqual(['font.woff2', 'logo.png', 'tiny.js']);
  });

  it('is deterministic: the same build gets byte-identical twins (release versions hash them)', async () => {
    await put('a.js', 'console.log("same");'.repeat(50));
    await writeCompressedTwins(dir);
    const first = await readFile(path.join(dir, 'a.js.gz'));
    const firstBr = await readFile(path.join(dir, 'a.js.br'));
    await writeCompressedTwins(dir);
    expect(await readFile(path.join(dir, 'a.js.gz'))).toEqual(first);
    expect(await readFile(path.join(dir, 'a.js.br'))).toEqual(firstBr);
  });

  it('with keepValid, keeps twins that decode to their file and replaces the others', async () => {
    const original = 'console.log("stable");'.repeat(50);
    await put('entry.js', original);
    await put('other.js', 'console.log("untouched");'.repeat(50));
    await writeCompressedTwins(dir);
    const untouchedTwin = await readFile(path.join(dir, 'other.js.br'));
    // Changed after the build (a patched copy): its twins still hold the old text.
    const patched = original.replace('stable', 'canary');
    await put('entry.js', patched);

    expect(await writeCompressedTwins(dir, { keepValid: true })).toBe(2);
    expect(brotliDecompressSync(await readFile(path.join(dir, 'entry.js.br'))).toString()).toBe(
      patched,
    );
    expect(gunzipSync(await readFile(path.join(dir, 'entry.js.gz'))).toString()).toBe(patched);
    expect(await readFile(path.join(dir, 'other.js.br'))).toEqual(untouchedTwin);
    expect(await writeCompressedTwins(dir, { keepValid: true })).toBe(0);
  });
});
