// The site's service worker: keeps the app shell usable with no network, so a door scanner
// (/owner/checkin) opens again after a reload in a basement (docs/decisions/0044-offline-app-shell.md).
// Hand-written, without a build step: it is copied as it is to the shell's dist/ and served
// at /sw.js, never cached by HTTP (scripts/serve.mjs), with a policy of its own that lets it
// fetch the remotes' files (scripts/security-headers.mjs).
//
// What it does, per GET request (anything else goes to the network untouched):
// - a page (navigation): network first (with navigation preload); the last copy of that page,
//   else of the app shell (app.html), when the network fails or is slower than NETWORK_WAIT_MS;
// - a content-hashed file (`.../static/...<hash>.<ext>`, the shell's or a remote's): from the
//   cache, else fetched (with CORS when on another origin) and kept;
// - remoteEntry.js, mf-manifest.json and every other file: network first, the cache as fallback;
// - GET /api/releases/manifest/: network first, the last good answer as fallback;
// - every other /api/ call: untouched, never cached (answers with someone's data stay out of
//   caches; the scanner keeps its own data in IndexedDB).
// An HTTP error from the network (404, 5xx) is the answer: only a failed fetch (offline) or a
// network slower than NETWORK_WAIT_MS falls back, so a rollback or a removed build is seen at
// once whenever the network answers.

const VERSION = 'v1';
const PREFIX = 'cinebook-';
const PAGES = `${PREFIX}pages-${VERSION}`;
const FILES = `${PREFIX}files-${VERSION}`;
const API = `${PREFIX}api-${VERSION}`;
/** How many entries each cache keeps (the oldest go first): old builds do not pile up. */
const LIMITS = { [PAGES]: 20, [FILES]: 600, [API]: 4 };
/** After this long without an answer, a cached copy is served (the fetch goes on and updates it). */
const NETWORK_WAIT_MS = 6000;
/** The app shell every page of the single-page app is (scripts/serve.mjs serves it for them). */
const APP_SHELL = '/app.html';
/** How many URLs one CACHE_URLS message may ask for. */
const MAX_URLS = 400;

const HASHED = /\/static\/(?:.+\/)?[^/]+\.[0-9a-f]{8,}\.[a-z0-9]+$/i;
const ALWAYS_FRESH = /\/(?:remoteEntry\.js|mf-manifest\.json)$/;
const RELEASE_MANIFEST = /^\/api\/releases\/manifest\/?$/;

/**
 * How a request is served: 'page', 'hashed', 'fresh', 'manifest', or null (not touched).
 * @param {{ url: string, method?: string, mode?: string }} request
 */
function routeOf(request) {
  if ((request.method ?? 'GET') !== 'GET') return null;
  let url;
  try {
    url = new URL(request.url);
  } catch {
    return null;
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') return null;
  const api = url.pathname === '/api' || url.pathname.startsWith('/api/');
  if (api) return RELEASE_MANIFEST.test(url.pathname) ? 'manifest' : null;
  const sameOrigin = url.origin === self.location.origin;
  if (request.mode === 'navigate') return sameOrigin ? 'page' : null;
  // The worker's own script is fetched by the browser, past any worker.
  if (sameOrigin && url.pathname === '/sw.js') return null;
  // A remote's entry names the chunks of its build: it must be the newest (a rollback included).
  if (ALWAYS_FRESH.test(url.pathname)) return 'fresh';
  if (HASHED.test(url.pathname)) return 'hashed';
  return 'fresh';
}

/** The cache key of a page: its path (the query string only tells the app what to show). */
const pageKey = (url) => {
  const parsed = new URL(url);
  return `${parsed.origin}${parsed.pathname}`;
};

/** Whether `response` may be kept: a whole, successful answer the page could read. */
const keepable = (response) =>
  response.ok &&
  response.status === 200 &&
  !response.redirected &&
  (response.type === 'basic' || response.type === 'cors' || response.type === 'default');

async function put(cacheName, key, response) {
  try {
    const cache = await caches.open(cacheName);
    await cache.put(key, response);
    const keys = await cache.keys();
    const excess = keys.length - (LIMITS[cacheName] ?? 100);
    for (let index = 0; index < excess; index++) await cache.delete(keys[index]);
  } catch {
    // A full disk or a private window: the page still gets its answer.
  }
}

async function cached(cacheName, key, options) {
  try {
    const cache = await caches.open(cacheName);
    return (await cache.match(key, { ignoreVary: true, ...options })) ?? null;
  } catch {
    return null;
  }
}

/**
 * Fetches a file of another origin with CORS (the remotes answer with
 * Access-Control-Allow-Origin), so the answer can be kept and read; a file that refuses CORS is
 * fetched as the page asked, and not kept.
 */
async function fetchFile(request) {
  const url = new URL(request.url);
  if (url.origin === self.location.origin || request.mode === 'cors') return fetch(request);
  try {
    return await fetch(url.href, { mode: 'cors', credentials: 'omit' });
  } catch (error) {
    if (!(await reachable(url))) throw error;
    return fetch(request);
  }
}

// Told apart from a CORS refusal: a network that is down fails a plain no-cors request too.
async function reachable(url) {
  try {
    await fetch(url.href, { mode: 'no-cors', credentials: 'omit', method: 'HEAD' });
    return true;
  } catch {
    return false;
  }
}

const timeout = (ms) => new Promise((resolve) => setTimeout(() => resolve(null), ms));

/**
 * Network first: the network's answer (stored under `key` when `keep` says so), or, when the
 * fetch fails or takes longer than NETWORK_WAIT_MS, what `fallback()` finds. Without a fallback
 * the network's answer or failure stands, however long it takes.
 */
async function networkFirst(event, network, cacheName, key, fallback, keep = keepable) {
  const answer = network.then((response) => {
    if (keep(response)) event.waitUntil(put(cacheName, key, response.clone()));
    return response;
  });
  const first = await Promise.race([answer.catch(() => null), timeout(NETWORK_WAIT_MS)]);
  if (first instanceof Response) return first;
  const copy = await fallback();
  if (copy) {
    // A slow answer still updates the cache for next time.
    event.waitUntil(answer.catch(() => {}));
    return copy;
  }
  return answer;
}

async function servePage(event) {
  const { request } = event;
  const key = pageKey(request.url);
  const network = Promise.resolve(event.preloadResponse)
    .then((preloaded) => preloaded ?? fetch(request))
    .then((response) => {
      // Every page of the app is the same app shell: the newest one serves pages never visited.
      if (keepable(response) && new URL(key).pathname !== '/') {
        event.waitUntil(put(PAGES, new URL(APP_SHELL, key).href, response.clone()));
      }
      return response;
    });
  return networkFirst(
    event,
    network,
    PAGES,
    key,
    async () =>
      (await cached(PAGES, key)) ??
      (await cached(PAGES, new URL(APP_SHELL, key).href)) ??
      (await cached(PAGES, new URL('/', key).href)),
  );
}

async function serveHashed(event) {
  const key = event.request.url;
  const copy = await cached(FILES, key);
  if (copy) return copy;
  const response = await fetchFile(event.request);
  if (keepable(response)) event.waitUntil(put(FILES, key, response.clone()));
  return response;
}

function serveFresh(event) {
  const key = event.request.url;
  return networkFirst(event, fetchFile(event.request), FILES, key, () => cached(FILES, key));
}

// Only a JSON answer is kept: a proxy's error page sent with 200 is not a manifest.
const isManifest = (response) =>
  keepable(response) && (response.headers.get('Content-Type') ?? '').includes('application/json');

function serveManifest(event) {
  const key = event.request.url;
  return networkFirst(
    event,
    fetch(event.request),
    API,
    key,
    // Another bucket's manifest is still the last good one (bucket.ts: the bucket is per browser).
    async () => (await cached(API, key)) ?? (await cached(API, key, { ignoreSearch: true })),
    isManifest,
  );
}

const SERVE = { page: servePage, hashed: serveHashed, fresh: serveFresh, manifest: serveManifest };

self.addEventListener('fetch', (event) => {
  const { request } = event;
  if (request.headers.has('range')) return;
  // A quirk of Chromium: only-if-cached is only allowed with same-origin mode.
  if (request.cache === 'only-if-cached' && request.mode !== 'same-origin') return;
  const route = routeOf(request);
  if (route === null) return;
  event.respondWith(SERVE[route](event));
});

/**
 * What the page loaded before this worker controlled it (its first visit): fetched again (from
 * the HTTP cache, mostly) and kept as if it had come through here, so that first visit already
 * works offline. `urls`: the page's own URL and its Resource Timing entries.
 */
async function cacheUrls(urls, pageUrl) {
  const jobs = [];
  for (const url of urls.slice(0, MAX_URLS)) {
    if (typeof url !== 'string') continue;
    const isPage = url === pageUrl;
    const route = routeOf({ url, method: 'GET', mode: isPage ? 'navigate' : 'no-cors' });
    if (route === null) continue;
    const cacheName = route === 'page' ? PAGES : route === 'manifest' ? API : FILES;
    const key = route === 'page' ? pageKey(url) : url;
    jobs.push(
      (async () => {
        if (route === 'hashed' && (await cached(FILES, key))) return;
        const request = new Request(url, { credentials: 'same-origin' });
        const response = route === 'page' ? await fetch(request) : await fetchFile(request);
        if (!(route === 'manifest' ? isManifest : keepable)(response)) return;
        if (route === 'page' && new URL(key).pathname !== '/')
          await put(PAGES, new URL(APP_SHELL, key).href, response.clone());
        await put(cacheName, key, response);
      })().catch(() => {}),
    );
  }
  await Promise.all(jobs);
}

self.addEventListener('message', (event) => {
  const data = event.data;
  if (data?.type !== 'CACHE_URLS' || !Array.isArray(data.urls)) return;
  // Only a page of this site can message its worker; what it names is still only cached by the
  // rules above (never an /api/ answer but the release manifest).
  const pageUrl = typeof data.page === 'string' ? data.page : null;
  const done = cacheUrls(data.urls, pageUrl).then(() => event.ports?.[0]?.postMessage('cached'));
  event.waitUntil(done);
});

self.addEventListener('install', (event) => {
  // A new worker takes over at once: its rules serve the old pages as well (network first for
  // anything not content-hashed), and waiting for every tab to close kept the old one for days.
  event.waitUntil(
    (async () => {
      try {
        const response = await fetch(APP_SHELL, { cache: 'no-cache' });
        if (keepable(response))
          await put(PAGES, new URL(APP_SHELL, self.location.href).href, response);
      } catch {
        // Offline while installing: the first page that loads fills the cache.
      }
      await self.skipWaiting();
    })(),
  );
});

self.addEventListener('activate', (event) => {
  event.waitUntil(
    (async () => {
      const current = new Set([PAGES, FILES, API]);
      for (const name of await caches.keys()) {
        if (name.startsWith(PREFIX) && !current.has(name)) await caches.delete(name);
      }
      await self.registration.navigationPreload?.enable();
      await self.clients.claim();
    })(),
  );
});
