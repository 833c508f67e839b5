// The site's service worker (shell/public/sw.js, docs/decisions/0044-offline-app-shell.md):
// registered by production builds once the page has loaded, so it never competes with the first
// paint. Development builds register none and remove one left by `npm start` on the same port:
// its cached files would stand in for the dev server's.
// No shared library may be imported here (index.ts runs this before they are negotiated).

export const SERVICE_WORKER_URL = '/sw.js';

/** What the worker is told the page loaded before it was in control (sw.js, CACHE_URLS). */
export function loadedUrls(win: Window = window): {
  type: 'CACHE_URLS';
  page: string;
  urls: string[];
} {
  const page = win.location.href;
  const resources = win.performance
    .getEntriesByType('resource')
    .map((entry) => entry.name)
    .filter((url) => url.startsWith('http'));
  return { type: 'CACHE_URLS', page, urls: [page, ...new Set(resources)] };
}

const isOurs = (registration: ServiceWorkerRegistration) =>
  [registration.active, registration.waiting, registration.installing].some(
    (worker) => worker && new URL(worker.scriptURL).pathname === SERVICE_WORKER_URL,
  );

/**
 * Registers the worker (`production`) or removes ours (otherwise). Never throws: a browser
 * without service workers, a private window or a refusal leaves the site as it was, online only.
 */
export async function setUpServiceWorker({
  production,
  win = window,
}: {
  production: boolean;
  win?: Window;
}): Promise<void> {
  const container = win.navigator.serviceWorker;
  if (!container) return;
  try {
    if (!production) {
      const registrations = await container.getRegistrations();
      await Promise.all(
        registrations.filter(isOurs).map((registration) => registration.unregister()),
      );
      return;
    }
    // The worker's script is never taken from the HTTP cache: a new deploy's worker is found on
    // the next load, and a rollback's too.
    await container.register(SERVICE_WORKER_URL, { scope: '/', updateViaCache: 'none' });
    const registration = await container.ready;
    registration.active?.postMessage(loadedUrls(win));
    // What loaded between the message and the worker taking control (clients.claim()).
    if (!container.controller) {
      container.addEventListener(
        'controllerchange',
        () => container.controller?.postMessage(loadedUrls(win)),
        { once: true },
      );
    }
  } catch {
    // Refused (a private window, a blocked worker, storage off): the site works online as before.
  }
}

/** Sets the worker up once the page has loaded (index.ts). */
export function setUpServiceWorkerAfterLoad(production: boolean, win: Window = window): void {
  const start = () => void setUpServiceWorker({ production, win });
  if (win.document.readyState === 'complete') start();
  else win.addEventListener('load', start, { once: true });
}
