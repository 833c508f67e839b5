import { REMOTES } from '@cinema/federation';
import type { ReleaseManifest } from '../../lib/releases/manifest';
import { configureRemotes, loadRemoteApp, preloadRemote } from './loadRemoteApp';

const {
  loadRemote,
  registerRemotes,
  reportReleaseOutcome,
  currentBucket,
  getRemoteEntry,
  areaLoadFailed,
} = vi.hoisted(() => ({
  loadRemote: vi.fn(),
  registerRemotes: vi.fn(),
  reportReleaseOutcome: vi.fn(),
  currentBucket: vi.fn(() => 10),
  getRemoteEntry: vi.fn(),
  areaLoadFailed: vi.fn(),
}));
vi.mock('@module-federation/enhanced/runtime', () => ({
  loadRemote,
  registerRemotes,
  registerPlugins: vi.fn(),
  getRemoteEntry,
  getInstance: () => ({ name: 'shell' }),
  getRemoteInfo: (remote: { name: string; entry: string }) => ({ ...remote, type: 'global' }),
}));
vi.mock('../../lib/releases/bucket', async (importOriginal) => ({
  ...(await importOriginal<typeof import('../../lib/releases/bucket')>()),
  currentBucket,
}));
vi.mock('./areaHealth', () => ({ areaLoadFailed }));
vi.mock('../../lib/releases/manifest', async (importOriginal) => ({
  ...(await importOriginal<typeof import('../../lib/releases/manifest')>()),
  reportReleaseOutcome,
}));

const entries = {
  auth: { entry: 'http://localhost:3001/remoteEntry.js' },
  user: { entry: 'http://localhost:3002/remoteEntry.js' },
  owner: { entry: 'http://localhost:3003/remoteEntry.js' },
  admin: { entry: 'http://localhost:3004/remoteEntry.js' },
};
const stable = {
  version: '1.0.0-aaaa',
  entry: 'http://cdn/mfe-user/1.0.0-aaaa/remoteEntry.js',
  integrity: null,
};
const canary = {
  version: '1.1.0-bbbb',
  entry: 'http://cdn/mfe-user/1.1.0-bbbb/remoteEntry.js',
  integrity: null,
  percent: 20,
};
const manifest: ReleaseManifest = {
  auth: { stable: null, canary: null },
  user: { stable, canary },
  owner: { stable: null, canary: null },
  admin: { stable: null, canary: null },
};
const Screens = () => null;

/** loadRemote answers for whichever entry was registered last. */
function entriesThat(fail: (entry: string) => boolean) {
  let registered = '';
  registerRemotes.mockImplementation((remotes: { entry: string }[]) => {
    registered = remotes[0]?.entry ?? '';
  });
  loadRemote.mockImplementation(async () => {
    if (fail(registered)) throw new Error(`Failed to fetch ${registered}`);
    return { default: Screens };
  });
}

describe('loadRemoteApp', () => {
  beforeEach(() => {
    vi.clearAllMocks();
    vi.spyOn(console, 'warn').mockImplementation(() => {});
    configureRemotes(entries, manifest);
  });

  it("loads the canary for a bucket under its percentage and reports the load for the ticket's version", async () => {
    entriesThat(() => false);
    expect(await loadRemoteApp('user')).toEqual({
      App: Screens,
      version: canary.version,
      canary: true,
    });
    expect(registerRemotes).toHaveBeenCalledWith(
      [{ name: REMOTES.user.container, entry: canary.entry }],
      { force: true },
    );
    expect(reportReleaseOutcome).toHaveBeenCalledWith('user', canary.version, 'loaded');
  });

  it('falls back to stable in the same page view when the canary fails to load, and reports it', async () => {
    entriesThat((entry) => entry === canary.entry);
    expect(await loadRemoteApp('user')).toEqual({
      App: Screens,
      version: stable.version,
      canary: false,
    });
    expect(reportReleaseOutcome).toHaveBeenCalledWith(
      'user',
      canary.version,
      'load_failed',
      `Failed to fetch ${canary.entry}`,
    );
    // The failed canary is not tried again in this page view, and stable loads are not reported.
    reportReleaseOutcome.mockClear();
    expect((await loadRemoteApp('user')).version).toBe(stable.version);
    expect(reportReleaseOutcome).not.toHaveBeenCalled();
  });

  it('counts a failed load against the health of the release that failed', async () => {
    vi.useFakeTimers();
    try {
      entriesThat(() => true);
      const loading = loadRemoteApp('user');
      const outcome = expect(loading).rejects.toThrow('Failed to fetch');
      await vi.runAllTimersAsync();
      await outcome;
      expect(areaLoadFailed.mock.calls).toEqual([
        ['user', canary.version],
        ['user', stable.version],
      ]);
    } finally {
      vi.useRealTimers();
    }
  });

  it('gives a bucket over the percentage the stable release, without a report', async () => {
    currentBucket.mockReturnValue(20);
    entriesThat(() => false);
    expect((await loadRemoteApp('user')).version).toBe(stable.version);
    expect(reportReleaseOutcome).not.toHaveBeenCalled();
  });
});

describe('preloadRemote', () => {
  beforeEach(() => {
    vi.clearAllMocks();
    currentBucket.mockReturnValue(10);
    vi.spyOn(console, 'warn').mockImplementation(() => {});
    configureRemotes(entries, manifest);
  });

  it('fetches the entry this browser would load (its canary) and reports nothing', async () => {
    entriesThat(() => false);
    getRemoteEntry.mockResolvedValue({});
    await preloadRemote('user');
    expect(getRemoteEntry).toHaveBeenCalledWith(
      expect.objectContaining({
        remoteInfo: expect.objectContaining({ name: REMOTES.user.container, entry: canary.entry }),
      }),
    );
    expect(loadRemote).not.toHaveBeenCalled();
    expect(reportReleaseOutcome).not.toHaveBeenCalled();
    // The visit then uses what was fetched: the same registration, and the canary's report.
    expect((await loadRemoteApp('user')).version).toBe(canary.version);
    expect(registerRemotes).toHaveBeenCalledTimes(1);
    expect(reportReleaseOutcome).toHaveBeenCalledWith('user', canary.version, 'loaded');
  });

  it('without a release, preloads the runtime config’s entry', async () => {
    getRemoteEntry.mockResolvedValue({});
    await preloadRemote('auth');
    expect(registerRemotes).toHaveBeenCalledWith(
      [{ name: REMOTES.auth.container, entry: entries.auth.entry }],
      { force: true },
    );
  });

  it('never throws; after a failed preload the visit registers the remote afresh', async () => {
    entriesThat(() => false);
    getRemoteEntry.mockRejectedValue(new Error('offline'));
    await expect(preloadRemote('user')).resolves.toBeUndefined();
    expect((await loadRemoteApp('user')).version).toBe(canary.version);
    expect(registerRemotes).toHaveBeenCalledTimes(2);
  });

  it('with screens, loads the route tree too, and the visit reports the canary once', async () => {
    entriesThat(() => false);
    getRemoteEntry.mockResolvedValue({});
    await preloadRemote('user', { screens: true });
    expect(loadRemote).toHaveBeenCalledWith(`${REMOTES.user.container}/App`);
    expect(reportReleaseOutcome).not.toHaveBeenCalled();
    expect((await loadRemoteApp('user')).canary).toBe(true);
    expect(registerRemotes).toHaveBeenCalledTimes(1);
    expect(reportReleaseOutcome).toHaveBeenCalledTimes(1);
  });
});
