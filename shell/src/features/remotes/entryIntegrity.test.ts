import type { ModuleFederationRuntimePlugin } from '@module-federation/enhanced/runtime';
import type { ReleaseManifest } from '../../lib/releases/manifest';
import { configureRemotes, loadRemoteApp, preloadRemote } from './loadRemoteApp';

// The runtime is played by these mocks the way the browser and Module Federation behave: a
// registered entry is loaded through the plugins' createScript, and a <script> whose bytes do
// not match its `integrity` fires `error` although the server answered 200 (Resource Timing's
// responseStatus; measured in Chromium here, decision 0037).
const { plugins, registerRemotes, loadRemote, getRemoteEntry, reportReleaseOutcome } = vi.hoisted(
  () => ({
    plugins: [] as ModuleFederationRuntimePlugin[],
    registerRemotes: vi.fn(),
    loadRemote: vi.fn(),
    getRemoteEntry: vi.fn(),
    reportReleaseOutcome: vi.fn(),
  }),
);
vi.mock('@module-federation/enhanced/runtime', () => ({
  registerPlugins: (list: ModuleFederationRuntimePlugin[]) => plugins.push(...list),
  registerRemotes,
  loadRemote,
  getRemoteEntry,
  getInstance: () => ({ name: 'shell' }),
  getRemoteInfo: (remote: { name: string; entry: string }) => ({ ...remote, type: 'global' }),
}));
vi.mock('../../lib/releases/bucket', async (importOriginal) => ({
  ...(await importOriginal<typeof import('../../lib/releases/bucket')>()),
  currentBucket: () => 10,
}));
vi.mock('./areaHealth', () => ({ areaLoadFailed: vi.fn() }));
vi.mock('../../lib/releases/manifest', async (importOriginal) => ({
  ...(await importOriginal<typeof import('../../lib/releases/manifest')>()),
  reportReleaseOutcome,
}));

const sha = (c: string) => `sha384-${c.repeat(64)}`;
const stable = {
  version: '1.0.0-aaaa',
  entry: 'http://cdn.test/mfe-user/1.0.0-aaaa/remoteEntry.js',
  integrity: sha('S'),
};
const canary = {
  version: '1.1.0-bbbb',
  entry: 'http://cdn.test/mfe-user/1.1.0-bbbb/remoteEntry.js',
  integrity: sha('C'),
  percent: 20,
};
const entries = {
  auth: { entry: 'http://localhost:3001/remoteEntry.js' },
  user: { entry: 'http://localhost:3002/remoteEntry.js' },
  owner: { entry: 'http://localhost:3003/remoteEntry.js' },
  admin: { entry: 'http://localhost:3004/remoteEntry.js' },
};
const manifest = (user: ReleaseManifest['user']): ReleaseManifest => ({
  auth: { stable: null, canary: null },
  user,
  owner: { stable: null, canary: null },
  admin: { stable: null, canary: null },
});
const Screens = () => null;

/** The scripts the runtime created for entries, in order. */
let scripts: HTMLScriptElement[] = [];

/**
 * The browser: the registered entry's script is made through the plugin (or plainly, when the
 * plugin leaves it), and fails when `altered(entry)` says its bytes were changed and it was
 * checked. `status` is what the server answered, as Resource Timing shows it.
 */
function browser(altered: (entry: string) => boolean, status = 200) {
  const [plugin] = plugins;
  if (!plugin) throw new Error('No runtime plugin was registered');
  let registered = '';
  registerRemotes.mockImplementation((remotes: { entry: string }[]) => {
    registered = remotes[0]?.entry ?? '';
  });
  vi.spyOn(performance, 'getEntriesByName').mockImplementation(
    (name) => [{ name, responseStatus: status }] as unknown as PerformanceEntryList,
  );
  loadRemote.mockImplementation(async () => {
    const made = plugin.createScript?.({ url: registered, attrs: {} });
    const script = made instanceof HTMLScriptElement ? made : document.createElement('script');
    if (!script.src) script.src = registered;
    scripts.push(script);
    if (altered(registered) && script.hasAttribute('integrity')) {
      script.dispatchEvent(new Event('error'));
      throw new Error(`[ Federation Runtime ]: Failed to load script resources ${registered}`);
    }
    return { default: Screens };
  });
}

describe('the integrity of remote entries', () => {
  beforeEach(() => {
    vi.clearAllMocks();
    vi.useRealTimers();
    scripts = [];
    vi.spyOn(console, 'warn').mockImplementation(() => {});
  });

  it('registers one runtime plugin, which puts integrity and crossOrigin on checked entries only', async () => {
    configureRemotes(entries, manifest({ stable, canary }));
    configureRemotes(entries, manifest({ stable, canary }));
    expect(plugins.map((p) => p.name)).toEqual(['cinema-entry-integrity']);
    browser(() => false);
    await loadRemoteApp('user');
    expect(scripts[0]?.src).toBe(canary.entry);
    expect(scripts[0]?.getAttribute('integrity')).toBe(canary.integrity);
    expect(scripts[0]?.getAttribute('crossorigin')).toBe('anonymous');
    // A release recorded before integrity was kept, and the runtime config's entry: unchecked.
    configureRemotes(entries, manifest({ stable: { ...stable, integrity: null }, canary: null }));
    browser(() => false);
    await loadRemoteApp('user');
    await loadRemoteApp('auth', true);
    expect(scripts.slice(1).map((s) => [s.src, s.getAttribute('integrity')])).toEqual([
      [stable.entry, null],
      [entries.auth.entry, null],
    ]);
  });

  it('a canary whose bytes were altered falls back to stable and is reported as an integrity failure', async () => {
    configureRemotes(entries, manifest({ stable, canary }));
    browser((entry) => entry === canary.entry);
    expect(await loadRemoteApp('user')).toEqual({
      App: Screens,
      version: stable.version,
      canary: false,
    });
    expect(reportReleaseOutcome).toHaveBeenCalledWith(
      'user',
      canary.version,
      'load_failed',
      `Integrity check failed: the browser refused ${canary.entry}, whose bytes do not match ${canary.integrity}`,
    );
    expect(scripts.map((s) => s.getAttribute('integrity'))).toEqual([
      canary.integrity,
      stable.integrity,
    ]);
  });

  it('the same altered canary found by a preload is still reported as integrity on the visit', async () => {
    configureRemotes(entries, manifest({ stable, canary }));
    browser((entry) => entry === canary.entry);
    getRemoteEntry.mockRejectedValue(new Error('Failed to load script resources'));
    await preloadRemote('user');
    expect((await loadRemoteApp('user')).version).toBe(stable.version);
    expect(reportReleaseOutcome.mock.calls[0]?.[3]).toMatch(/^Integrity check failed/);
  });

  it('a stable whose bytes were altered is not retried: the area fails and nothing runs', async () => {
    configureRemotes(entries, manifest({ stable, canary: null }));
    browser((entry) => entry === stable.entry);
    await expect(loadRemoteApp('user')).rejects.toThrow(
      `Integrity check failed: the browser refused ${stable.entry}`,
    );
    expect(loadRemote).toHaveBeenCalledTimes(1);
    expect(reportReleaseOutcome).not.toHaveBeenCalled();
  });

  it('a checked entry that failed for another reason (a 404) keeps its own error', async () => {
    configureRemotes(entries, manifest({ stable, canary }));
    browser((entry) => entry === canary.entry, 404);
    expect((await loadRemoteApp('user')).version).toBe(stable.version);
    expect(reportReleaseOutcome.mock.calls[0]?.[3]).toBe(
      `[ Federation Runtime ]: Failed to load script resources ${canary.entry}`,
    );
  });
});
