// The API on the site's own origin: `npm start`'s shell server sends every request under /api/ on
// to the API, as a CDN or load balancer in production routes that path (docs/operations.md, "What a
// CDN needs"; decision 0019). The browser then calls the API where the page came from: no CORS
// preflight before each call that carries a token, no second connection to open; on a phone, each
// of those is a round trip.
// Streams both ways (a seat stream stays open, a request body is not buffered), appends the
// caller's address to X-Forwarded-For (an API started with TRUST_PROXY=1 believes that one hop)
// and ends the upstream request when the browser goes away, so a closed seat map frees its stream.
import { request } from 'node:http';

export const API_PREFIX = '/api';

// Headers about one connection, not the message (RFC 9110, 7.6.1): never passed on.
const HOP_BY_HOP = [
  'connection',
  'keep-alive',
  'proxy-authenticate',
  'proxy-authorization',
  'proxy-connection',
  'te',
  'trailer',
  'transfer-encoding',
  'upgrade',
];

/** `headers` without the hop-by-hop ones, nor those the Connection header names as such. */
function withoutHopByHop(headers) {
  const kept = { ...headers };
  const named = String(headers.connection ?? '')
    .split(',')
    .map((name) => name.trim().toLowerCase())
    .filter(Boolean);
  for (const name of [...HOP_BY_HOP, ...named]) delete kept[name];
  return kept;
}

/** True for `/api` and anything under `/api/` (a normalised path, as URL gives it). */
export function isApiPath(pathname) {
  return pathname === API_PREFIX || pathname.startsWith(`${API_PREFIX}/`);
}

/** Sends `req` on to the API at `host:port` and its answer back to `res`. */
export function proxyToApi(req, res, { port, host = '127.0.0.1' }) {
  const url = new URL(req.url ?? '/', 'http://site.invalid');
  const headers = withoutHopByHop(req.headers);
  const peer = req.socket.remoteAddress ?? 'unknown';
  headers['x-forwarded-for'] = req.headers['x-forwarded-for']
    ? `${req.headers['x-forwarded-for']}, ${peer}`
    : peer;
  const upstream = request(
    { host, port, method: req.method, path: `${url.pathname}${url.search}`, headers },
    (answer) => {
      res.writeHead(answer.statusCode ?? 502, withoutHopByHop(answer.headers));
      // A stream's headers go out at once, not with its first event.
      res.flushHeaders();
      answer.pipe(res);
      // The API dropping an answer midway (a restart during a seat stream) ends the browser's
      // too, at once, so it reconnects instead of waiting on a stream nobody writes to.
      answer.on('error', () => res.destroy());
      answer.on('close', () => {
        if (!answer.complete) res.destroy();
      });
    },
  );
  upstream.on('error', () => {
    if (res.headersSent) res.destroy();
    else
      res
        .writeHead(502, { 'Content-Type': 'text/plain; charset=utf-8' })
        .end('The API is not answering');
  });
  res.on('close', () => upstream.destroy());
  req.on('error', () => upstream.destroy());
  req.pipe(upstream);
}
