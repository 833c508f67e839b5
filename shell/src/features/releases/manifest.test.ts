import { configureApi } from '@cinema/api-client';
import { chooseRelease, fetchReleaseManifest, reportReleaseOutcome } from './manifest';

const stable = { version: '1.0.0-aaaa', entry: 'http://cdn/mfe-user/1.0.0-aaaa/remoteEntry.js' };
const canary = {
  version: '1.1.0-bbbb',
  entry: 'http://cdn/mfe-user/1.1.0-bbbb/remoteEntry.js',
  percent: 50,
};

describe('chooseRelease', () => {
  it('gives buckets under the percentage the canary and the rest the stable release', () => {
    expect(chooseRelease({ stable, canary }, 49)).toEqual({ release: canary, canary: true });
    expect(chooseRelease({ stable, canary }, 50)).toEqual({ release: stable, canary: false });
  });

  it('gives everyone the stable release when there is no canary', () => {
    expect(chooseRelease({ stable, canary: null }, 0)).toEqual({ release: stable, canary: false });
  });

  it('has nothing to choose when nothing is published', () => {
    expect(chooseRelease({ stable: null, canary: null }, 0)).toBeNull();
  });
});

describe('the release manifest', () => {
  beforeEach(() => configureApi({ baseUrl: 'http://api.test/api' }));
  afterEach(() => vi.unstubAllGlobals());

  it('is read from the API, each remote with its stable and canary', async () => {
    const fetcher = vi.fn(async (_url: string) =>
      Response.json({ remotes: { user: { stable, canary } } }),
    );
    vi.stubGlobal('fetch', fetcher);
    const manifest = await fetchReleaseManifest();
    expect(manifest?.user).toEqual({ stable, canary });
    expect(manifest?.admin).toEqual({ stable: null, canary: null });
    expect(String(fetcher.mock.calls[0]?.[0])).toBe('http://api.test/api/releases/manifest/');
  });

  it('is null when the API cannot answer, so the runtime config decides', async () => {
    vi.spyOn(console, 'warn').mockImplementation(() => {});
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => Response.json({}, { status: 503 })),
    );
    expect(await fetchReleaseManifest()).toBeNull();
  });

  it('reports a failed canary to the registry', async () => {
    const fetcher = vi.fn(async () => Response.json({}, { status: 202 }));
    vi.stubGlobal('fetch', fetcher);
    reportReleaseOutcome('user', canary.version, 'load_failed', 'Failed to fetch');
    await vi.waitFor(() => expect(fetcher).toHaveBeenCalled());
    const [url, init] = fetcher.mock.calls[0] as unknown as [string, RequestInit];
    expect(url).toBe('http://api.test/api/releases/events/');
    expect(JSON.parse(String(init.body))).toEqual({
      remote: 'user',
      version: canary.version,
      outcome: 'load_failed',
      detail: 'Failed to fetch',
    });
  });
});
