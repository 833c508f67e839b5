// Brotli and gzip twins of the text files of a build (`x.js` gets `x.js.br` and `x.js.gz`), made
// once with the slowest, smallest settings so that no server compresses per request:
// scripts/serve.mjs sends the best twin the browser accepts, and a CDN serves them the same way
// (docs/operations.md, "What a CDN needs"). A twin that would not be smaller is not written; the
// server then sends the next best encoding, or the file itself. Plain JavaScript (typed by
// compress.d.ts): the Rsbuild configs, the static server and the release tool all use it.
import { readdir, readFile, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, brotliDecompress, constants, gunzip, gzip } from 'node:zlib';

/** What compresses: text formats (images and fonts are compressed already). */
export const TEXT_EXTENSIONS = new Set([
  '.html',
  '.js',
  '.mjs',
  '.css',
  '.json',
  '.map',
  '.svg',
  '.txt',
  '.xml',
  '.webmanifest',
]);

/** Each twin's Content-Encoding and file suffix, in the order servers prefer them. */
export const TWINS = [
  {
    coding: 'br',
    suffix: '.br',
    compress: promisify(brotliCompress),
    decompress: promisify(brotliDecompress),
    options: (size) => ({
      params: {
        [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
        [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
        [constants.BROTLI_PARAM_SIZE_HINT]: size,
      },
    }),
  },
  {
    coding: 'gzip',
    suffix: '.gz',
    compress: promisify(gzip),
    decompress: promisify(gunzip),
    options: () => ({ level: constants.Z_BEST_COMPRESSION }),
  },
];

/** Whether a relative or absolute path names a file the build compresses. */
export const isCompressible = (file) => TEXT_EXTENSIONS.has(path.extname(file));

/** Whether `file` is a twin of `base` present in `files` (a Set of paths of one folder tree). */
export function isTwinIn(file, files) {
  const twin = TWINS.find(({ suffix }) => file.endsWith(suffix));
  if (!twin) return false;
  const base = file.slice(0, -twin.suffix.length);
  return isCompressible(base) && files.has(base);
}

async function* walk(dir) {
  for (const entry of await readdir(dir, { withFileTypes: true })) {
    const file = path.join(dir, entry.name);
    if (entry.isDirectory()) yield* walk(file);
    else if (entry.isFile()) yield file;
  }
}

async function readOrNull(file) {
  try {
    return await readFile(file);
  } catch {
    return null;
  }
}

/** Makes `file`'s twins right: kept when they decode to it (with `keepValid`), else written anew. */
async function twinFile(file, keepValid) {
  const content = await readFile(file);
  let written = 0;
  for (const twin of TWINS) {
    const target = `${file}${twin.suffix}`;
    if (keepValid) {
      const existing = await readOrNull(target);
      const decoded = existing && (await twin.decompress(existing).catch(() => null));
      if (decoded?.equals(content)) continue;
    }
    const compressed = await twin.compress(content, twin.options(content.length));
    if (compressed.length < content.length) {
      await writeFile(target, compressed);
      written++;
    } else await rm(target, { force: true });
  }
  return written;
}

/**
 * Writes the `.br` and `.gz` twins of every text file under `dir`. With `keepValid`, a twin that
 * already decodes to its file is kept and any other is replaced, so a folder whose files were
 * changed after the build (or copied without their twins) ends up with twins that match.
 * Resolves to the number of twins written.
 */
export async function writeCompressedTwins(dir, { keepValid = false } = {}) {
  const queue = [];
  for await (const file of walk(dir)) if (isCompressible(file)) queue.push(file);
  let written = 0;
  // Two at a time: the machines that build have two cores.
  const worker = async () => {
    for (let file = queue.shift(); file; file = queue.shift()) {
      // Not `written += await ...`: that reads `written` before the await, and the other
      // worker's additions made meanwhile were lost (the count came out short, by chance).
      const twins = await twinFile(file, keepValid);
      written += twins;
    }
  };
  await Promise.all([worker(), worker()]);
  return written;
}
