// A small static file server for built apps: what `npm start` and the browser tests serve from.
// Hashed assets are cached for a year; HTML, remote entries and manifests are never cached, so a
// deployment that replaces them is picked up at once. Paths without a file fall back to the SPA.
// Several roots are searched in order (a remote's port serves its release store, then its build);
// files from a root marked immutable (versioned releases, never rewritten) are cached for a year.
import { createReadStream } from 'node:fs';
import { stat } from 'node:fs/promises';
import { createServer } from 'node:http';
import path from 'node:path';

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
 * on every response (the security headers of scripts/security-headers.mjs).
 */
export function startStaticServer({
  root,
  roots = [],
  port,
  host = '127.0.0.1',
  cors = false,
  json = {},
  headers: extraHeaders = {},
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
      urlPath = decodeURIComponent(new URL(req.url ?? '/', 'http://x').pathname);
    } catch {
      // A malformed %-escape threw out of this async handler and stopped `npm start` altogether.
      res.writeHead(400, { ...headers, 'Content-Type': TYPES['.txt'] }).end('Bad request');
      return;
    }
    if (req.method !== 'GET' && req.method !== 'HEAD') {
      res.writeHead(req.method === 'OPTIONS' ? 204 : 405, headers).end();
      return;
    }
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
    if (!found && !path.extname(urlPath)) found = await findFile(searched, '/index.html');
    if (!found) {
      res.writeHead(404, { ...headers, 'Content-Type': TYPES['.txt'] }).end('Not found');
      return;
    }
    res.writeHead(200, {
      ...headers,
      'Content-Type': TYPES[path.extname(found.file)] ?? 'application/octet-stream',
      'Content-Length': found.size,
      'Cache-Control':
        found.immutable || isHashedAsset(urlPath)
          ? 'public, max-age=31536000, immutable'
          : 'no-cache',
    });
    if (req.method === 'HEAD') res.end();
    // A file replaced by a build while being read ends this answer, not the server.
    else
      createReadStream(found.file)
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
