import { configureApi } from '@cinema/api-client';
import { signOut } from '@cinema/test-utils';
import { createHealthReporter } from './health';
import { fetchReleaseManifest, reportReleaseOutcome, ticketFor, ticketOnHand } from './manifest';
import {
  type ActivePreview,
  leavePreview,
  PREVIEW_KEY,
  previewInForce,
  resetPreview,
  settlePreview,
  storedPreview,
} from './preview';

const inMinutes = (minutes: number) => new Date(Date.now() + minutes * 60_000).toISOString();
const stable = { version: '1.0.0-aaaa', entry: 'http://cdn/mfe-user/1.0.0-aaaa/remoteEntry.js' };
const canary = {
  version: '1.1.0-bbbb',
  entry: 'http://cdn/mfe-user/1.1.0-bbbb/remoteEntry.js',
  percent: 100,
};
const preview: ActivePreview = {
  remote: 'user',
  version: '1.2.0-cccc',
  entry: 'http://cdn/mfe-user/1.2.0-cccc/remoteEntry.js',
  integrity: null,
  expires_at: inMinutes(30),
};

type Call = { url: string; body: unknown };

/** A fake API: previews by token, the manifest with tickets for both remotes, events 202. */
function fakeApi(previews: Record<string, ActivePreview> = {}) {
  const calls: Call[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init?: RequestInit) => {
      calls.push({ url: String(url), body: init?.body ? JSON.parse(String(init.body)) : null });
      const token = /releases\/previews\/([^/]+)\//.exec(String(url))?.[1];
      if (token !== undefined) {
        const found = previews[decodeURIComponent(token)];
        return found
          ? Response.json(found)
          : Response.json({ detail: 'No such preview, or it has expired.' }, { status: 404 });
      }
      if (String(url).includes('releases/manifest/')) {
        return Response.json({
          remotes: {
            user: {
              stable,
              canary,
              ticket: { version: canary.version, value: 't-user', expires_at: inMinutes(30) },
            },
            admin: {
              stable,
              canary: null,
              ticket: { version: stable.version, value: 't-admin', expires_at: inMinutes(30) },
            },
          },
        });
      }
      return Response.json({ recorded: true }, { status: 202 });
    }),
  );
  return calls;
}

function visit(search: string) {
  window.history.replaceState(null, '', `/user/shows${search}#top`);
}

describe('private previews', () => {
  beforeEach(() => {
    configureApi({ baseUrl: 'http://api.test/api' });
    signOut();
    localStorage.clear();
    resetPreview();
    visit('');
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
  });

  it('a valid link is kept in this browser and taken out of the address', async () => {
    const calls = fakeApi({ 'tok.en': preview });
    visit('?preview=tok.en&city=pune');
    expect(await settlePreview('/api')).toEqual(preview);
    expect(calls[0]?.url).toBe('/api/releases/previews/tok.en/');
    expect(window.location.pathname + window.location.search + window.location.hash).toBe(
      '/user/shows?city=pune#top',
    );
    expect(JSON.parse(localStorage.getItem(PREVIEW_KEY) ?? 'null')).toEqual(preview);
    // Asked once per page view, whoever asks.
    expect(await settlePreview('/api')).toEqual(preview);
    expect(await previewInForce()).toEqual(preview);
    expect(calls).toHaveLength(1);
  });

  it('a forged or expired link changes nothing but a warning, and is not stored', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    fakeApi({ old: { ...preview, expires_at: inMinutes(-1) } });
    for (const token of ['forged', 'old']) {
      resetPreview();
      visit(`?preview=${token}`);
      expect(await settlePreview('/api')).toBeNull();
      expect(window.location.search).toBe('');
    }
    expect(localStorage.getItem(PREVIEW_KEY)).toBeNull();
    expect(warn).toHaveBeenCalledTimes(2);
    expect(String(warn.mock.calls[0]?.[0])).toMatch(/not valid or has expired/);
  });

  it('a forged link leaves a preview already in force as it was', async () => {
    vi.spyOn(console, 'warn').mockImplementation(() => {});
    fakeApi();
    localStorage.setItem(PREVIEW_KEY, JSON.stringify(preview));
    visit('?preview=forged');
    expect(await settlePreview('/api')).toEqual(preview);
  });

  it('an expired stored preview is dropped on the next page view', () => {
    localStorage.setItem(PREVIEW_KEY, JSON.stringify({ ...preview, expires_at: inMinutes(-1) }));
    expect(storedPreview()).toBeNull();
    expect(localStorage.getItem(PREVIEW_KEY)).toBeNull();
    localStorage.setItem(PREVIEW_KEY, '{not json');
    expect(storedPreview()).toBeNull();
    localStorage.setItem(PREVIEW_KEY, JSON.stringify({ ...preview, remote: 'shop' }));
    expect(storedPreview()).toBeNull();
  });

  it('leaving ends it', () => {
    localStorage.setItem(PREVIEW_KEY, JSON.stringify(preview));
    leavePreview();
    expect(storedPreview()).toBeNull();
  });

  it('replaces the remote’s releases in the manifest: the preview, no canary, whatever the bucket', async () => {
    fakeApi();
    localStorage.setItem(PREVIEW_KEY, JSON.stringify(preview));
    const manifest = await fetchReleaseManifest(0);
    expect(manifest?.user).toEqual({
      stable: { version: preview.version, entry: preview.entry, integrity: null },
      canary: null,
    });
    // The other remotes are as the API says.
    expect(manifest?.admin).toEqual({ stable, canary: null });
  });

  it('a dev server’s preview loads its entry', async () => {
    fakeApi();
    const dev = { ...preview, version: null, entry: 'http://localhost:3102/remoteEntry.js' };
    localStorage.setItem(PREVIEW_KEY, JSON.stringify(dev));
    const manifest = await fetchReleaseManifest(50);
    expect(manifest?.user.stable?.entry).toBe(dev.entry);
    expect(manifest?.user.canary).toBeNull();
  });

  it('sends no outcome event and no health beacon about the previewed remote', async () => {
    vi.spyOn(console, 'warn').mockImplementation(() => {});
    const calls = fakeApi();
    localStorage.setItem(PREVIEW_KEY, JSON.stringify(preview));
    await fetchReleaseManifest(0);
    const version = preview.version ?? '';
    // No ticket, even after asking the API again: nothing about the preview can be reported.
    expect(ticketOnHand('user', version)).toBeNull();
    expect(await ticketFor('user', version)).toBeNull();
    expect(await ticketFor('user', canary.version)).toBeNull();
    reportReleaseOutcome('user', version, 'loaded');
    reportReleaseOutcome('user', version, 'render_failed', 'boom');

    const sent: string[] = [];
    const reporter = createHealthReporter({ send: (url) => sent.push(url), url: () => 'beacon' });
    reporter.record('user', version, { kind: 'view' });
    reporter.record('user', version, { kind: 'error' });
    reporter.record('admin', stable.version, { kind: 'view' });
    reporter.flush(false);
    reporter.flush(true);
    await vi.waitFor(() => expect(sent).toEqual(['beacon']));
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(calls.filter((call) => call.url.endsWith('releases/events/'))).toEqual([]);
    // The one beacon is the other remote's.
    expect(sent).toEqual(['beacon']);
    expect(ticketOnHand('admin', stable.version)).toBe('t-admin');
  });
});
