// The shell and the four remotes served as built, each on its own port: what `npm start` runs,
// and what `npm run cluster` puts behind its proxy. The shell's port also serves the runtime
// config and sends /api/ on to the API; each remote's port serves its release store first
// (releases/mfe-<remote>/<version>/...) and its current build after. Every origin sends the
// security headers of scripts/security-headers.mjs, computed from the runtime config; HSTS=1
// (only behind an HTTPS proxy) adds HSTS.
import path from 'node:path';
import { REMOTE_NAMES } from '../packages/federation/src/index.js';
import { ports, ROOT, runtimeConfig } from './apps.mjs';
import { publish } from './release/commands.mjs';
import { storeDir } from './release/store.mjs';
import {
  devPreviewsAllowed,
  frontendSecurityHeaders,
  releaseBaseUrls,
  SERVICE_WORKER_PATH,
} from './security-headers.mjs';
import { startStaticServer } from './serve.mjs';

/**
 * Starts the five static servers. `site` is the ports the browser uses (the runtime config and
 * the security policy name them); `listen` the ports the servers bind, `site` unless something
 * (a proxy) stands in front. Resolves to `[{name, port, close}]`, the shell first.
 * @param {{ site?: import('./apps.mjs').Ports, listen?: import('./apps.mjs').Ports,
 *   releasesDir: string }} options
 */
export async function serveFrontends({ site = ports(), listen = site, releasesDir }) {
  const config = runtimeConfig(site);
  const security = frontendSecurityHeaders({
    config,
    releaseBaseUrls: releaseBaseUrls(),
    https: process.env.HSTS === '1',
    // `npm run dev -- <remote>` against this site (decision 0036).
    devPreviews: devPreviewsAllowed(),
  });
  const servers = [];
  try {
    const shell = await startStaticServer({
      root: path.join(ROOT, 'shell', 'dist'),
      port: listen.shell,
      json: { '/runtime-config.json': config },
      headers: security.shell,
      // The service worker fetches the remotes' files itself (security-headers.mjs).
      pathHeaders: { [SERVICE_WORKER_PATH]: security.serviceWorker },
      // The browser calls the API on the site's own origin (decision 0019).
      apiPort: site.api,
    });
    servers.push({ name: 'shell', ...shell });
    for (const name of REMOTE_NAMES) {
      const remote = await startStaticServer({
        roots: [
          { dir: storeDir(releasesDir, name), immutable: true },
          path.join(ROOT, `mfe-${name}`, 'dist'),
        ],
        port: listen[name],
        cors: true,
        headers: security.remote,
      });
      servers.push({ name, ...remote });
    }
  } catch (error) {
    await Promise.all(servers.map((server) => server.close()));
    throw error;
  }
  return servers;
}

/**
 * Deploys what was just built: each remote's build published as a release and made stable, so
 * the shell boots from the release manifest. Without a release the shell falls back to each
 * port's /remoteEntry.js (the build), so a failure here is a warning, not the end.
 */
export async function publishBuilds(releases) {
  for (const name of REMOTE_NAMES) {
    try {
      const release = await publish(releases, name, { makeStable: true });
      console.log(`${release.label} ${release.version} is stable`);
    } catch (error) {
      const message = error instanceof Error ? error.message : String(error);
      if (error?.signIn) {
        console.warn(
          `The builds were not published as releases: ${message}. Set ADMIN_EMAIL and ADMIN_PASSWORD, or start with --no-publish.`,
        );
        break;
      }
      console.warn(`mfe-${name} was not published: ${message}`);
    }
  }
}
