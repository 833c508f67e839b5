// `npm start`: builds every app, starts the API on the embedded database (or DATABASE_URL), and
// serves the shell and the four remotes each on its own port. Each remote's port serves its
// release store first (releases/mfe-<remote>/<version>/...) and its current build after; once the
// API is up, each remote's current build is published as a release and made stable, so the shell
// boots from the release manifest. Ctrl-C or SIGTERM stops it all.
//   --no-build     serve the existing dist folders as they are
//   --no-publish   do not publish the builds (the shell then uses /remoteEntry.js of each port,
//                  or whatever the release registry already says)
// The static servers (and their security headers) are scripts/frontends.mjs.
import { REMOTE_NAMES } from '../packages/federation/src/index.js';
import { ports, spawnApi, waitForApi } from './apps.mjs';
import { buildAll } from './build.mjs';
import { publishBuilds, serveFrontends } from './frontends.mjs';
import { releaseOptions } from './release/commands.mjs';

const skipBuild = process.argv.includes('--no-build');
const skipPublish = process.argv.includes('--no-publish');
const releases = releaseOptions();
const p = ports();

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
  servers.push(...(await serveFrontends({ site: p, releasesDir: releases.releasesDir })));
} catch (error) {
  console.error(error instanceof Error ? error.message : error);
  await stop(1);
}

if (!skipPublish) await publishBuilds(releases);

console.log(`
CineBook is running:
  site     http://localhost:${p.shell}
  API      http://localhost:${p.api}/api/health
${REMOTE_NAMES.map((name) => `  mfe-${name.padEnd(6)} http://localhost:${p[name]}/remoteEntry.js`).join('\n')}
Press Ctrl-C to stop.`);
