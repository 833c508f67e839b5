import { configureApi } from '@cinema/api-client';
import { signIn, signOut } from '@cinema/test-utils';
import { bucketOf } from './bucket';
import { fetchReleaseManifest, reportReleaseOutcome } from './manifest';
import { prefetchReleaseManifest } from './prefetch';

const stable = {
  version: '1.0.0-aaaa',
  entry: 'http://cdn/mfe-user/1.0.0-aaaa/remoteEntry.js',
  integrity: null,
};
const canary = {
  version: '1.1.0-bbbb',
  entry: 'http://cdn/mfe-user/1.1.0-bbbb/remoteEntry.js',
  integrity: null,
  percent: 50,
};

const inMinutes = (minutes: number) => new Date(Date.now() + minutes * 60_000).toISOString();
const ticket = (version: string, value: string, minutes = 30) => ({
  version,
  value,
  expires_at: inMinutes(minutes),
});

type Call = { url: string; body: unknown };

/** A fake API: manifests answered by `manifest(n)` (n = how many were asked for), events 202. */
function fakeApi(manifest: (n: number) => unknown) {
  const calls: Call[] = [];
  let manifests = 0;
  const fetcher = vi.fn(async (url: string, init?: RequestInit) => {
    calls.push({ url: String(url), body: init?.body ? JSON.parse(String(init.body)) : null });
    if (String(url).includes('releases/manifest/')) return Response.json(manifest(++manifests));
    return Response.json({ recorded: true, rolled_back: false }, { status: 202 });
  });
  vi.stubGlobal('fetch', fetcher);
  const events = () => calls.filter((call) => call.url.endsWith('releases/events/'));
  const manifestCalls = () => calls.filter((call) => call.url.includes('releases/manifest/'));
  return { calls, events, manifestCalls };
}

describe('the release manifest and reports', () => {
  beforeEach(() => {
    configureApi({ baseUrl: 'http://api.test/api' });
    signOut();
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
  });

  it("is read from the API for this browser's bucket, each remote with its stable and canary", async () => {
    const api = fakeApi(() => ({
      remotes: { user: { stable, canary, ticket: ticket(canary.version, 't-1') } },
    }));
    const manifest = await fetchReleaseManifest(37);
    expect(manifest?.user).toEqual({ stable, canary });
    expect(manifest?.admin).toEqual({ stable: null, canary: null });
    expect(api.calls[0]?.url).toBe('http://api.test/api/releases/manifest/?bucket=37');
  });

  it('asks with the bucket of the signed-in user by default', async () => {
    signIn({ id: 42, username: 'asha', email: 'asha@example.com', role: 'user' });
    const api = fakeApi(() => ({ remotes: {} }));
    await fetchReleaseManifest();
    expect(api.calls[0]?.url).toBe(
      `http://api.test/api/releases/manifest/?bucket=${bucketOf('user:42')}`,
    );
  });

  it('is null when the API cannot answer, so the runtime config decides', async () => {
    vi.spyOn(console, 'warn').mockImplementation(() => {});
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => Response.json({}, { status: 503 })),
    );
    expect(await fetchReleaseManifest(0)).toBeNull();
  });

  it('reports a failed canary with the ticket the manifest gave for it', async () => {
    const api = fakeApi(() => ({
      remotes: { user: { stable, canary, ticket: ticket(canary.version, 't-canary') } },
    }));
    await fetchReleaseManifest(3);
    reportReleaseOutcome('user', canary.version, 'load_failed', 'Failed to fetch');
    await vi.waitFor(() => expect(api.events()).toHaveLength(1));
    expect(api.events()[0]?.body).toEqual({
      remote: 'user',
      version: canary.version,
      outcome: 'load_failed',
      ticket: 't-canary',
      detail: 'Failed to fetch',
    });
    // The ticket on hand was enough: no second manifest.
    expect(api.manifestCalls()).toHaveLength(1);
  });

  it('fetches a fresh ticket, once for several reports, when the one on hand is for another version', async () => {
    const api = fakeApi((n) => ({
      remotes: {
        user: {
          stable,
          canary,
          // The first manifest: a stable ticket (bucket 80); later ones for the canary.
          ticket: n === 1 ? ticket(stable.version, 't-stable') : ticket(canary.version, `t-${n}`),
        },
      },
    }));
    await fetchReleaseManifest(80);
    // Someone signed in, and their bucket gets the canary.
    reportReleaseOutcome('user', canary.version, 'loaded');
    reportReleaseOutcome('user', canary.version, 'render_failed', 'boom');
    await vi.waitFor(() => expect(api.events()).toHaveLength(2));
    expect(api.manifestCalls()).toHaveLength(2);
    expect(api.events().map((call) => call.body)).toMatchObject([
      { outcome: 'loaded', ticket: 't-2' },
      { outcome: 'render_failed', ticket: 't-2' },
    ]);
  });

  it('replaces a ticket about to expire before reporting', async () => {
    const api = fakeApi((n) => ({
      remotes: {
        owner: {
          stable,
          canary: null,
          ticket: ticket(stable.version, `t-${n}`, n === 1 ? 0.5 : 30),
        },
      },
    }));
    await fetchReleaseManifest(5);
    reportReleaseOutcome('owner', stable.version, 'loaded');
    await vi.waitFor(() => expect(api.events()).toHaveLength(1));
    expect(api.manifestCalls()).toHaveLength(2);
    expect(api.events()[0]?.body).toMatchObject({ ticket: 't-2' });
  });

  it('does not report when the API offers no ticket for that version any more', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    const api = fakeApi(() => ({ remotes: { user: { stable, canary: null, ticket: null } } }));
    await fetchReleaseManifest(0);
    reportReleaseOutcome('user', canary.version, 'load_failed', 'gone');
    await vi.waitFor(() =>
      expect(warn).toHaveBeenCalledWith(
        `No report ticket for user ${canary.version}; its load_failed is not reported`,
      ),
    );
    expect(api.events()).toEqual([]);
  });

  it('cuts a long detail to 500 characters without splitting one in half', async () => {
    const api = fakeApi(() => ({
      remotes: { user: { stable, canary, ticket: ticket(canary.version, 't') } },
    }));
    await fetchReleaseManifest(1);
    reportReleaseOutcome('user', canary.version, 'render_failed', `${'x'.repeat(499)}🎬 and more`);
    await vi.waitFor(() => expect(api.events()).toHaveLength(1));
    expect(api.events()[0]?.body).toMatchObject({ detail: 'x'.repeat(499) });
  });

  it('takes the answer index.ts asked for early instead of asking again, once', async () => {
    const api = fakeApi((n) => ({ remotes: { user: { stable, canary: null, ticket: null, n } } }));
    const early = prefetchReleaseManifest('http://api.test/api/', 7);

    expect((await fetchReleaseManifest(7))?.user).toEqual({ stable, canary: null });
    expect(api.manifestCalls().map((call) => call.url)).toEqual([
      'http://api.test/api/releases/manifest/?bucket=7',
    ]);
    expect((await early).remotes?.user).toMatchObject({ n: 1 });
    // Later manifests (fresher tickets) come from the API again.
    await fetchReleaseManifest(7);
    expect(api.manifestCalls()).toHaveLength(2);
  });

  it('asks again when the early answer was for another bucket or failed', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => Response.json({}, { status: 503 })),
    );
    void prefetchReleaseManifest('http://api.test/api', 7);
    const api = fakeApi(() => ({ remotes: { user: { stable, canary: null, ticket: null } } }));
    expect((await fetchReleaseManifest(7))?.user).toEqual({ stable, canary: null });
    void prefetchReleaseManifest('http://api.test/api', 8);
    await fetchReleaseManifest(9);
    expect(api.manifestCalls().map((call) => call.url)).toEqual([
      'http://api.test/api/releases/manifest/?bucket=7',
      'http://api.test/api/releases/manifest/?bucket=8',
      'http://api.test/api/releases/manifest/?bucket=9',
    ]);
  });
});
