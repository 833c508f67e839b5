// `npm start`: builds every app, starts the API on the embedded database (or DATABASE_URL), and
// serves the shell and the four remotes each on its own port. Each remote's port serves its
// release store first (releases/mfe-<remote>/<version>/...) and its current build after; once the
// API is up, each remote's current build is published as a release and made stable, so the shell
// boots from the release manifest. Ctrl-C or SIGTERM stops it all.
//   --no-build     serve the existing dist folders as they are
//   --no-publish   do not publish the builds (the shell then uses /remoteEntry.js of each port,
//                  or whatever the release registry already says)
// Every origin sends the security headers of scripts/security-headers.mjs, computed from the
// runtime config served here; HSTS=1 (only behind an HTTPS proxy) adds HSTS.
import path from 'node:path';
import { REMOTE_NAMES } from '../packages/federation/src/index.js';
import { ports, ROOT, runtimeConfig, spawnApi, waitForApi } from './apps.mjs';
import { buildAll } from './build.mjs';
import { publish, releaseOptions } from './release/commands.mjs';
import { storeDir } from './release/store.mjs';
import { frontendSecurityHeaders, releaseBaseUrls } from './security-headers.mjs';
import { startStaticServer } from './serve.mjs';

const skipBuild = process.argv.includes('--no-build');
const skipPublish = process.argv.includes('--no-publish');
const releases = releaseOptions();
const p = ports();
const config = runtimeConfig(p);
const security = frontendSecurityHeaders({
  config,
  releaseBaseUrls: releaseBaseUrls(),
  https: process.env.HSTS === '1',
});

if (!skipBuild) {
  console.log('Building the shell and the four remotes...');
  await buildAll();
}

const api = spawnApi({ env: { API_PORT: String(p.api) } });
const servers = [];
let stopping = false;

async function stop(code = 0) {
  if (stopping) return;
  stopping = true;
  await Promise.all(servers.map((server) => server.close()));
  if (api.exitCode === null) {
    api.kill('SIGTERM');
    await new Promise((resolve) => api.once('exit', resolve));
  }
  process.exit(code);
}

process.on('SIGINT', () => void stop(0));
process.on('SIGTERM', () => void stop(0));
api.on('exit', (code) => {
  if (!stopping) {
    console.error(`The API stopped (exit ${code}); stopping everything.`);
    void stop(code || 1);
  }
});

try {
  await waitForApi(p.api);
  servers.push(
    await startStaticServer({
      root: path.join(ROOT, 'shell', 'dist'),
      port: p.shell,
      json: { '/runtime-config.json': config },
      headers: security.shell,
    }),
  );
  for (const name of REMOTE_NAMES) {
    servers.push(
      await startStaticServer({
        roots: [
          { dir: storeDir(releases.releasesDir, name), immutable: true },
          path.join(ROOT, `mfe-${name}`, 'dist'),
        ],
        port: p[name],
        cors: true,
        headers: security.remote,
      }),
    );
  }
} catch (error) {
  console.error(error instanceof Error ? error.message : error);
  await stop(1);
}

if (!skipPublish) {
  // Deploys what was just built. Without a release the shell falls back to each port's
  // /remoteEntry.js (the build), so a failure here is a warning, not the end.
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

console.log(`
CineBook is running:
  site     http://localhost:${p.shell}
  API      http://localhost:${p.api}/api/health
${REMOTE_NAMES.map((name) => `  mfe-${name.padEnd(6)} http://localhost:${p[name]}/remoteEntry.js`).join('\n')}
Press Ctrl-C to stop.`);
