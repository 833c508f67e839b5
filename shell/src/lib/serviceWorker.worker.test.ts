// The service worker itself (shell/public/sw.js), run in a stand-in of a worker's global scope:
// what each kind of request is answered with online, offline and on a slow network, and that an
// answer from the network always wins over a kept copy (a new deploy or a rollback shows at once).
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { beforeEach, describe, expect, it } from 'vitest';

const SOURCE = readFileSync(path.join(import.meta.dirname, '../../public/sw.js'), 'utf8');
const SITE = 'http://localhost:3000';
const REMOTE = 'http://localhost:3003';

type Listener = (event: unknown) => void;
type FakeRequest = { url: string; method: string; mode: string; cache: string; headers: Headers };
type Fetched = { url: string; mode: string | undefined; credentials: string | undefined };

class FakeCache {
  entries = new Map<string, Response>();
  async put(key: string | { url: string }, response: Response) {
    const url = typeof key === 'string' ? key : key.url;
    this.entries.delete(url);
    this.entries.set(url, response);
  }
  async match(key: string | { url: string }, options: { ignoreSearch?: boolean } = {}) {
    const url = typeof key === 'string' ? key : key.url;
    const strip = (value: string) => (options.ignoreSearch ? value.split('?')[0] : value);
    for (const [stored, response] of this.entries) {
      if (strip(stored) === strip(url)) return response.clone();
    }
    return undefined;
  }
  async keys() {
    return [...this.entries.keys()].map((url) => ({ url }));
  }
  async delete(key: { url: string }) {
    return this.entries.delete(key.url);
  }
}

class FakeCaches {
  stores = new Map<string, FakeCache>();
  async open(name: string) {
    let cache = this.stores.get(name);
    if (!cache) {
      cache = new FakeCache();
      this.stores.set(name, cache);
    }
    return cache;
  }
  async keys() {
    return [...this.stores.keys()];
  }
  async delete(name: string) {
    return this.stores.delete(name);
  }
}

let listeners: Map<string, Listener>;
let caches: FakeCaches;
let fetched: Fetched[];
/** What the network does with a request: an answer, or a throw (offline). */
let network: (url: string) => Promise<Response>;
/** The network's waits: resolved by hand in the slow-network test. */
let timers: (() => void)[];
let claimed: boolean;

const json = (body: unknown, init: ResponseInit = {}) =>
  new Response(JSON.stringify(body), {
    status: 200,
    headers: { 'Content-Type': 'application/json' },
    ...init,
  });
const text = (body: string, status = 200) => new Response(body, { status });
const offline = async (): Promise<Response> => {
  throw new TypeError('Failed to fetch');
};

beforeEach(() => {
  listeners = new Map();
  caches = new FakeCaches();
  fetched = [];
  timers = [];
  claimed = false;
  network = async (url) => text(`network ${url}`);
  const self = {
    location: new URL(`${SITE}/sw.js`),
    addEventListener: (type: string, listener: Listener) => listeners.set(type, listener),
    skipWaiting: async () => {},
    clients: {
      claim: async () => {
        claimed = true;
      },
    },
    registration: { navigationPreload: { enable: async () => {} } },
  };
  const fakeFetch = async (input: string | FakeRequest, init: RequestInit = {}) => {
    const url = new URL(typeof input === 'string' ? input : input.url, SITE).href;
    fetched.push({
      url,
      mode: init.mode ?? (typeof input === 'string' ? undefined : input.mode),
      credentials: init.credentials,
    });
    return network(url);
  };
  const setTimeout = (fire: () => void) => timers.push(fire);
  new Function('self', 'caches', 'fetch', 'setTimeout', SOURCE)(
    self,
    caches,
    fakeFetch,
    setTimeout,
  );
});

function request(url: string, init: Partial<FakeRequest> = {}): FakeRequest {
  return {
    url: new URL(url, SITE).href,
    method: 'GET',
    mode: 'no-cors',
    cache: 'default',
    headers: new Headers(),
    ...init,
  };
}

/** Dispatches a fetch event: the worker's answer (null when it leaves the request alone). */
async function dispatch(req: FakeRequest): Promise<Response | null> {
  let answer: Promise<Response> | null = null;
  const waits: Promise<unknown>[] = [];
  listeners.get('fetch')?.({
    request: req,
    preloadResponse: Promise.resolve(undefined),
    respondWith: (promise: Promise<Response>) => {
      answer = promise;
    },
    waitUntil: (promise: Promise<unknown>) => waits.push(promise),
  });
  if (answer === null) return null;
  const response = await (answer as Promise<Response>);
  await Promise.all(waits);
  return response;
}

const page = (url: string) => dispatch(request(url, { mode: 'navigate' }));
const body = async (response: Response | null) => (response === null ? null : response.text());

describe('pages', () => {
  it('come from the network; offline, the last copy of the page, else the app shell', async () => {
    network = async (url) => text(`html of ${new URL(url).pathname}`);
    expect(await body(await page('/owner/checkin?show=4'))).toBe('html of /owner/checkin');

    network = offline;
    expect(await body(await page('/owner/checkin?show=9'))).toBe('html of /owner/checkin');
    // Never visited: every page of the app is the same shell, the newest one kept.
    expect(await body(await page('/owner/theaters'))).toBe('html of /owner/checkin');
  });

  it('offline with nothing kept, fail as the network did', async () => {
    network = offline;
    await expect(page('/owner/checkin')).rejects.toThrow('Failed to fetch');
  });

  it('answer with the network whenever it answers, a 404 or a new deploy included', async () => {
    network = async () => text('old build');
    await page('/owner/checkin');
    network = async () => text('new build');
    expect(await body(await page('/owner/checkin'))).toBe('new build');
    network = async () => text('gone', 404);
    const missing = await page('/owner/checkin');
    expect(missing?.status).toBe(404);
  });

  it('on a network slower than the wait, the kept copy; the late answer updates it', async () => {
    network = async () => text('kept');
    await page('/owner/checkin');
    let answer: (response: Response) => void = () => {};
    network = () => new Promise((resolve) => (answer = resolve));
    const served = page('/owner/checkin');
    await tick();
    for (const fire of timers) fire();
    await tick();
    answer(text('late'));
    expect(await body(await served)).toBe('kept');
    network = offline;
    expect(await body(await page('/owner/checkin'))).toBe('late');
  });
});

describe('files', () => {
  it('content-hashed: from the cache once kept, without asking the network again', async () => {
    const url = `${SITE}/static/js/index.c98e6a14bf.js`;
    network = async () => text('code');
    expect(await body(await dispatch(request(url)))).toBe('code');
    network = offline;
    expect(await body(await dispatch(request(url)))).toBe('code');
    expect(fetched.filter((call) => call.url === url)).toHaveLength(1);
  });

  it("a remote's file is fetched with CORS and without cookies, so it can be kept", async () => {
    const url = `${REMOTE}/1.4.0/static/js/async/check-in.0a132c01f0.js`;
    network = async () => text('remote code');
    await dispatch(request(url, { mode: 'no-cors' }));
    expect(fetched).toEqual([{ url, mode: 'cors', credentials: 'omit' }]);
    network = offline;
    expect(await body(await dispatch(request(url)))).toBe('remote code');
  });

  it('remoteEntry.js: the network first (a rollback shows at once), the kept one offline', async () => {
    const url = `${REMOTE}/remoteEntry.js`;
    network = async () => text('entry of 1.4.0');
    await dispatch(request(url, { mode: 'cors' }));
    network = async () => text('entry of 1.3.9');
    expect(await body(await dispatch(request(url, { mode: 'cors' })))).toBe('entry of 1.3.9');
    network = offline;
    expect(await body(await dispatch(request(url, { mode: 'cors' })))).toBe('entry of 1.3.9');
  });

  it('are not kept when the answer is an error', async () => {
    const url = `${SITE}/static/js/index.c98e6a14bf.js`;
    network = async () => text('busy', 503);
    expect((await dispatch(request(url)))?.status).toBe(503);
    network = offline;
    await expect(dispatch(request(url))).rejects.toThrow('Failed to fetch');
  });
});

describe('the API', () => {
  const manifestUrl = `${SITE}/api/releases/manifest/?bucket=12`;

  it('release manifest: the network first; offline, the last good one', async () => {
    network = async () => json({ remotes: { owner: { stable: { version: '1.4.0' } } } });
    await dispatch(request(manifestUrl, { mode: 'cors' }));
    // Rolled back: the network's manifest is the one served, and kept.
    network = async () => json({ remotes: { owner: { stable: { version: '1.3.9' } } } });
    const rolledBack = await dispatch(request(manifestUrl, { mode: 'cors' }));
    expect(await rolledBack?.json()).toEqual({
      remotes: { owner: { stable: { version: '1.3.9' } } },
    });
    network = offline;
    const kept = await dispatch(request(manifestUrl, { mode: 'cors' }));
    expect(await kept?.json()).toEqual({ remotes: { owner: { stable: { version: '1.3.9' } } } });
    // Another bucket's request still gets the last good manifest.
    const other = await dispatch(request(`${SITE}/api/releases/manifest/?bucket=80`));
    expect(await other?.json()).toMatchObject({ remotes: { owner: {} } });
  });

  it('release manifest: an error answer stands, and a non-JSON 200 is never kept', async () => {
    network = async () => json({ remotes: {} });
    await dispatch(request(manifestUrl));
    network = async () => json({ detail: 'down' }, { status: 503 });
    expect((await dispatch(request(manifestUrl)))?.status).toBe(503);
    network = async () => text('<html>captive portal</html>');
    await dispatch(request(manifestUrl));
    network = offline;
    expect(await (await dispatch(request(manifestUrl)))?.json()).toEqual({ remotes: {} });
  });

  it('every other call is left alone: not answered, not kept', async () => {
    for (const url of [
      `${SITE}/api/tickets/check-in/shows/`,
      `${SITE}/api/tickets/check-in/shows/4/offline/`,
      'http://localhost:8000/api/profile/',
      `${SITE}/api`,
    ]) {
      expect(await dispatch(request(url, { mode: 'cors' })), url).toBeNull();
    }
    expect(
      await dispatch(request(`${SITE}/static/x.0a132c01f0.js`, { method: 'POST' })),
    ).toBeNull();
    expect(await dispatch(request(`${SITE}/sw.js`))).toBeNull();
    expect(fetched).toEqual([]);
  });
});

describe('the life of the worker', () => {
  it('activating removes the caches of older versions only, and takes control', async () => {
    await caches.open('cinebook-files-v0');
    await caches.open('someone-elses');
    const waits: Promise<unknown>[] = [];
    listeners.get('activate')?.({ waitUntil: (promise: Promise<unknown>) => waits.push(promise) });
    await Promise.all(waits);
    expect(await caches.keys()).toEqual(['someone-elses']);
    expect(claimed).toBe(true);
  });

  it('keeps what the page loaded before it took control, by the same rules', async () => {
    const urls = [
      `${SITE}/owner/checkin?show=4`,
      `${SITE}/static/js/index.c98e6a14bf.js`,
      `${REMOTE}/1.4.0/remoteEntry.js`,
      `${SITE}/api/releases/manifest/?bucket=3`,
      `${SITE}/api/tickets/check-in/shows/4/offline/`,
      'data:text/plain,x',
    ];
    network = async (url) => (url.includes('/api/') ? json({ remotes: {} }) : text(url));
    const waits: Promise<unknown>[] = [];
    listeners.get('message')?.({
      data: { type: 'CACHE_URLS', page: urls[0], urls },
      waitUntil: (promise: Promise<unknown>) => waits.push(promise),
    });
    await Promise.all(waits);
    expect(fetched.map((call) => call.url).sort()).toEqual(urls.slice(0, 4).sort());
    network = offline;
    expect(await body(await page('/owner/checkin'))).toBe(urls[0]);
    expect(await body(await dispatch(request(urls[1] as string)))).toBe(urls[1]);
    expect(await body(await dispatch(request(urls[2] as string, { mode: 'cors' })))).toBe(urls[2]);
    expect(await (await dispatch(request(urls[3] as string)))?.json()).toEqual({ remotes: {} });
  });
});

function tick(): Promise<void> {
  return new Promise((resolve) => setImmediate(resolve));
}
