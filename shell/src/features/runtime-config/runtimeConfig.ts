import { REMOTE_NAMES, type RemoteName } from '@cinema/federation';

/** What a deployment tells the shell at boot; nothing of it is baked into the build. */
export type RuntimeConfig = {
  apiBaseUrl: string;
  /** Each remote's entry, used when the release registry has nothing published for it. */
  remotes: Record<RemoteName, { entry: string }>;
  /**
   * Whether the release registry (stable and canary versions) decides which build of each
   * remote loads. Dev servers turn it off: they serve the code being edited, not releases.
   */
  releases: boolean;
};

export const RUNTIME_CONFIG_PATH = '/runtime-config.json';

/** Checks the manifest's shape so a bad deployment fails with a message, not a blank page. */
export function parseRuntimeConfig(value: unknown): RuntimeConfig {
  if (typeof value !== 'object' || value === null)
    throw new Error('Runtime config is not an object');
  const { apiBaseUrl, remotes, releases = true } = value as Record<string, unknown>;
  if (typeof apiBaseUrl !== 'string' || apiBaseUrl === '') {
    throw new Error('Runtime config has no apiBaseUrl');
  }
  if (typeof remotes !== 'object' || remotes === null)
    throw new Error('Runtime config has no remotes');
  const parsed = {} as RuntimeConfig['remotes'];
  for (const name of REMOTE_NAMES) {
    const entry = (remotes as Record<string, { entry?: unknown } | undefined>)[name]?.entry;
    if (typeof entry !== 'string' || entry === '') {
      throw new Error(`Runtime config has no entry for remote "${name}"`);
    }
    parsed[name] = { entry };
  }
  if (typeof releases !== 'boolean')
    throw new Error('Runtime config "releases" must be true or false');
  return { apiBaseUrl, remotes: parsed, releases };
}

export async function fetchRuntimeConfig(fetcher: typeof fetch = fetch): Promise<RuntimeConfig> {
  const response = await fetcher(RUNTIME_CONFIG_PATH, { cache: 'no-store' });
  if (!response.ok) throw new Error(`Runtime config answered ${response.status}`);
  return parseRuntimeConfig(await response.json());
}

let pending: Promise<RuntimeConfig> | null = null;

/**
 * This page view's runtime config, fetched once: index.ts asks for it before React and the shared
 * libraries have loaded, so the request runs alongside them. `fresh` fetches again (the retry of
 * a failed start); a failed fetch is never kept.
 */
export function loadRuntimeConfig(fresh = false): Promise<RuntimeConfig> {
  if (fresh || pending === null) {
    const request = fetchRuntimeConfig();
    pending = request;
    request.catch(() => {
      if (pending === request) pending = null;
    });
  }
  return pending;
}
