import { describe, expect, it, vi } from 'vitest';
import { loadedUrls, SERVICE_WORKER_URL, setUpServiceWorker } from './serviceWorker';

function fakeWindow(container: Partial<ServiceWorkerContainer> | undefined) {
  return {
    location: { href: 'http://localhost:3000/owner/checkin?show=4' },
    navigator: { serviceWorker: container },
    performance: {
      getEntriesByType: () => [
        { name: 'http://localhost:3000/static/js/index.c98e6a14bf.js' },
        { name: 'http://localhost:3003/remoteEntry.js' },
        { name: 'http://localhost:3000/static/js/index.c98e6a14bf.js' },
        { name: 'data:image/svg+xml,x' },
      ],
    },
  } as unknown as Window;
}

const registration = (scriptURL: string) => ({
  active: { scriptURL },
  waiting: null,
  installing: null,
  unregister: vi.fn(async () => true),
});

describe('the service worker set-up', () => {
  it('registers /sw.js past the HTTP cache and tells it what the page loaded', async () => {
    const postMessage = vi.fn();
    const register = vi.fn(
      async (_url: string | URL, _options?: RegistrationOptions) =>
        ({}) as ServiceWorkerRegistration,
    );
    const win = fakeWindow({
      register,
      ready: Promise.resolve({ active: { postMessage } } as unknown as ServiceWorkerRegistration),
      controller: {} as ServiceWorker,
    });

    await setUpServiceWorker({ production: true, win });

    expect(register).toHaveBeenCalledWith(SERVICE_WORKER_URL, {
      scope: '/',
      updateViaCache: 'none',
    });
    expect(postMessage).toHaveBeenCalledWith({
      type: 'CACHE_URLS',
      page: 'http://localhost:3000/owner/checkin?show=4',
      urls: [
        'http://localhost:3000/owner/checkin?show=4',
        'http://localhost:3000/static/js/index.c98e6a14bf.js',
        'http://localhost:3003/remoteEntry.js',
      ],
    });
    expect(loadedUrls(win).urls).toHaveLength(3);
  });

  it('development builds register none and remove ours (left by npm start on the port)', async () => {
    const ours = registration('http://localhost:3000/sw.js');
    const other = registration('http://localhost:3000/other-worker.js');
    const register = vi.fn();
    const win = fakeWindow({
      register,
      getRegistrations: async () => [ours, other] as unknown as ServiceWorkerRegistration[],
    });

    await setUpServiceWorker({ production: false, win });

    expect(register).not.toHaveBeenCalled();
    expect(ours.unregister).toHaveBeenCalled();
    expect(other.unregister).not.toHaveBeenCalled();
  });

  it('a browser without workers, or one that refuses, keeps the site as it was', async () => {
    await expect(
      setUpServiceWorker({ production: true, win: fakeWindow(undefined) }),
    ).resolves.toBeUndefined();
    const refused = fakeWindow({
      register: async () => {
        throw new DOMException('The operation is insecure.', 'SecurityError');
      },
    });
    await expect(setUpServiceWorker({ production: true, win: refused })).resolves.toBeUndefined();
  });
});
