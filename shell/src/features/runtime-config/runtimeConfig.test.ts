import { fetchRuntimeConfig, parseRuntimeConfig } from './runtimeConfig';

const valid = {
  apiBaseUrl: 'http://api.example/api',
  remotes: {
    auth: { entry: 'http://a/remoteEntry.js' },
    user: { entry: 'http://u/remoteEntry.js' },
    owner: { entry: 'http://o/remoteEntry.js' },
    admin: { entry: 'http://d/remoteEntry.js' },
  },
};

describe('runtime config', () => {
  it('accepts a manifest naming every remote and the API; releases decide by default', () => {
    expect(parseRuntimeConfig(valid)).toEqual({ ...valid, releases: true });
  });

  it('lets a dev setup turn the release registry off', () => {
    expect(parseRuntimeConfig({ ...valid, releases: false }).releases).toBe(false);
    expect(() => parseRuntimeConfig({ ...valid, releases: 'no' })).toThrow('releases');
  });

  it('names the remote that is missing', () => {
    const { admin: _admin, ...remotes } = valid.remotes;
    expect(() => parseRuntimeConfig({ ...valid, remotes })).toThrow('remote "admin"');
  });

  it('refuses a manifest without an API base URL', () => {
    expect(() => parseRuntimeConfig({ remotes: valid.remotes })).toThrow('apiBaseUrl');
  });

  it('is fetched from the shell origin without cache', async () => {
    const fetcher = vi.fn(async () => new Response(JSON.stringify(valid)));
    await expect(fetchRuntimeConfig(fetcher)).resolves.toEqual({ ...valid, releases: true });
    expect(fetcher).toHaveBeenCalledWith('/runtime-config.json', { cache: 'no-store' });
  });

  it('fails clearly when the manifest is not served', async () => {
    const fetcher = vi.fn(async () => new Response('nope', { status: 404 }));
    await expect(fetchRuntimeConfig(fetcher)).rejects.toThrow('404');
  });
});
