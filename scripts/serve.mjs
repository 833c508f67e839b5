// A small static file server for built apps: what `npm start` and the browser tests serve from.
// Hashed assets are cached for a year; HTML, remote entries and manifests are never cached, so a
// deployment that replaces them is picked up at once. Paths without a file fall back to the SPA.
// Several roots are searched in order (a remote's port serves its release store, then its build);
// files from a root marked immutable (versioned releases, never rewritten) are cached for a year.
// Text files go out compressed: the build writes Brotli and gzip twins beside them (x.js.br,
// x.js.gz; packages/federation/src/compress.js) and the best one the browser accepts is sent with
// its Content-Encoding, `Vary: Accept-Encoding` always telling caches that the answer depends on
// it. A file without a twin goes out as it is. Byte ranges are not served (no Accept-Ranges).
import { createReadStream } from 'node:fs';
import { stat } from 'node:fs/promises';
import { createServer } from 'node:http';
import path from 'node:path';
import { isCompressible, TWINS } from '../packages/federation/src/compress.js';
import { isApiPath, proxyToApi } from './api-proxy.mjs';

const TYPES = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.map': 'application/json; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.ico': 'image/x-icon',
  '.woff2': 'font/woff2',
  '.txt': 'text/plain; charset=utf-8',
};

// Rsbuild puts content-hashed files under static/; everything else may change in place.
const isHashedAsset = (urlPath) => urlPath.startsWith('/static/');

/**
 * The codings of an Accept-Encoding header with their weights (RFC 9110, 12.5.3): a Map from
 * lower-case coding (`x-gzip` read as gzip) to q, or null when there is no header.
 */
export function parseAcceptEncoding(header) {
  if (header === undefined || header === null) return null;
  const weights = new Map();
  for (const part of String(header).split(',')) {
    const [name, ...params] = part.trim().split(';');
    let coding = name.trim().toLowerCase();
    if (!coding) continue;
    if (coding === 'x-gzip') coding = 'gzip';
    let q = 1;
    for (const param of params) {
      const [key, value] = param.trim().split('=');
      if (key?.trim().toLowerCase() === 'q') {
        const parsed = Number(value?.trim());
        q = Number.isFinite(parsed) ? Math.min(Math.max(parsed, 0), 1) : 0;
      }
    }
    // The first mention of a coding counts.
    if (!weights.has(coding)) weights.set(coding, q);
  }
  return weights;
}

/**
 * The coding to send, given what the browser accepts and which twins exist (a Set of 'br',
 * 'gzip'): 'br', 'gzip', 'identity' (the file as it is), or null when nothing acceptable exists
 * (identity refused with `identity;q=0` or `*;q=0`). The highest weight wins; on a tie a
 * compressed twin beats the file, Brotli beats gzip. No header at all means the file itself.
 */
export function chooseEncoding(acceptEncoding, available) {
  const weights = parseAcceptEncoding(acceptEncoding);
  if (weights === null) return 'identity';
  const star = weights.get('*');
  // The file itself is acceptable unless refused, but a coding the browser names is what it
  // prefers: unnamed identity ranks below every named coding of weight above 0.
  const weightOf = (coding) =>
    weights.get(coding) ?? star ?? (coding === 'identity' ? Number.MIN_VALUE : 0);
  let best = null;
  let bestQ = 0;
  for (const coding of [...TWINS.map((twin) => twin.coding), 'identity']) {
    if (coding !== 'identity' && !available.has(coding)) continue;
    const q = weightOf(coding);
    if (q > bestQ) {
      best = coding;
      bestQ = q;
    }
  }
  return best;
}

/** The twins present beside `file`: a Map from coding to `{file, size}`. */
async function twinsOf(file) {
  const found = new Map();
  await Promise.all(
    TWINS.map(async ({ coding, suffix }) => {
      try {
        const info = await stat(`${file}${suffix}`);
        if (info.isFile()) found.set(coding, { file: `${file}${suffix}`, size: info.size });
      } catch {}
    }),
  );
  return found;
}

async function fileAt(root, urlPath) {
  const resolved = path.resolve(root, `.${urlPath}`);
  if (resolved !== root && !resolved.startsWith(`${root}${path.sep}`)) return null;
  try {
    const info = await stat(resolved);
    if (info.isFile()) return { file: resolved, size: info.size };
    if (info.isDirectory()) return fileAt(root, path.posix.join(urlPath, 'index.html'));
  } catch {}
  return null;
}

/** The first root with a file at `urlPath`: `{file, size, immutable}` or null. */
async function findFile(roots, urlPath) {
  for (const root of roots) {
    const found = await fileAt(root.dir, urlPath);
    if (found) return { ...found, immutable: root.immutable };
  }
  return null;
}

/**
 * Serves `root`, or `roots` searched in order (each a folder, or `{dir, immutable}`), on `port`.
 * `json` maps exact paths to objects served as JSON (the shell's runtime config); `cors` lets
 * other origins load the files (remotes are fetched by the shell's origin); `headers` are sent
 * on every response (the security headers of scripts/security-headers.mjs), `pathHeaders` in
 * their place on the paths it names (the service worker's own policy); `apiPort` sends
 * everything under /api/ on to the API on that port (scripts/api-proxy.mjs).
 */
export function startStaticServer({
  root,
  roots = [],
  port,
  host = '127.0.0.1',
  cors = false,
  json = {},
  headers: extraHeaders = {},
  pathHeaders = {},
  apiPort = null,
}) {
  const searched = [...(root === undefined ? [] : [root]), ...roots].map((entry) =>
    typeof entry === 'string'
      ? { dir: path.resolve(entry), immutable: false }
      : { dir: path.resolve(entry.dir), immutable: Boolean(entry.immutable) },
  );
  if (searched.length === 0) throw new Error('startStaticServer needs a root or roots');
  const server = createServer(async (req, res) => {
    const headers = { 'X-Content-Type-Options': 'nosniff', ...extraHeaders };
    if (cors) headers['Access-Control-Allow-Origin'] = '*';
    let urlPath;
    try {
      const { pathname } = new URL(req.url ?? '/', 'http://x');
      // The API's answers carry its own headers (its security headers among them).
      if (apiPort !== null && isApiPath(pathname)) {
        proxyToApi(req, res, { port: apiPort });
        return;
      }
      urlPath = decodeURIComponent(pathname);
    } catch {
      // A malformed %-escape threw out of this async handler and stopped `npm start` altogether.
      res.writeHead(400, { ...headers, 'Content-Type': TYPES['.txt'] }).end('Bad request');
      return;
    }
    if (req.method !== 'GET' && req.method !== 'HEAD') {
      res.writeHead(req.method === 'OPTIONS' ? 204 : 405, headers).end();
      return;
    }
    if (Object.hasOwn(pathHeaders, urlPath)) Object.assign(headers, pathHeaders[urlPath]);
    if (Object.hasOwn(json, urlPath)) {
      const body = JSON.stringify(json[urlPath]);
      res.writeHead(200, {
        ...headers,
        'Content-Type': TYPES['.json'],
        'Cache-Control': 'no-cache',
      });
      res.end(req.method === 'HEAD' ? undefined : body);
      return;
    }
    let found = await findFile(searched, urlPath);
    // Any other page of a single-page app: its own `<path>.html` where the build drew its first
    // screen (packages/federation/src/prerender.ts, decision 0055), else app.html where the build
    // wrote one (the shell's index.html holds the landing page), else index.html.
    if (!found && !path.extname(urlPath)) {
      found =
        (urlPath.length > 1 && !urlPath.endsWith('/')
          ? await findFile(searched, `${urlPath}.html`)
          : null) ??
        (await findFile(searched, '/app.html')) ??
        (await findFile(searched, '/index.html'));
    }
    if (!found) {
      res.writeHead(404, { ...headers, 'Content-Type': TYPES['.txt'] }).end('Not found');
      return;
    }
    const extension = path.extname(found.file);
    headers['Content-Type'] = TYPES[extension] ?? 'application/octet-stream';
    headers['Cache-Control'] =
      found.immutable || isHashedAsset(urlPath)
        ? 'public, max-age=31536000, immutable'
        : 'no-cache';
    let body = found;
    if (isCompressible(found.file)) {
      headers.Vary = 'Accept-Encoding';
      const twins = await twinsOf(found.file);
      const coding = chooseEncoding(req.headers['accept-encoding'], new Set(twins.keys()));
      if (coding === null) {
        res.writeHead(406, { ...headers, 'Content-Type': TYPES['.txt'] });
        res.end(req.method === 'HEAD' ? undefined : 'Not acceptable: no encoding you accept');
        return;
      }
      if (coding !== 'identity') {
        body = twins.get(coding);
        headers['Content-Encoding'] = coding;
      }
    }
    res.writeHead(200, { ...headers, 'Content-Length': body.size });
    if (req.method === 'HEAD') res.end();
    // A file replaced by a build while being read ends this answer, not the server.
    else
      createReadStream(body.file)
        .on('error', () => res.destroy())
        .pipe(res);
  });
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => {
      const close = () =>
        new Promise((done) => {
          server.close(() => done());
          server.closeAllConnections();
        });
      resolve({ port: server.address().port, close });
    });
  });
}
