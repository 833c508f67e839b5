// `npm start`: builds every app, starts the API on the embedded database (or DATABASE_URL), and
// serves the shell and the four remotes each on its own port. Each remote's port serves its
// release store first (releases/mfe-<remote>/<version>/...) and its current build after; once the
// API is up, each remote's current build is published as a release and made stable, so the shell
// boots from the release manifest. Ctrl-C or SIGTERM stops it all.
//   --no-build     serve the existing dist folders as they are
//   --no-publish   do not publish the builds (the shell then uses /remoteEntry.js of each port,
//                  or whatever the release registry already says)
// The API runs supervised (scripts/supervised-api.mjs): a process that exits on its own is
// started again after a back-off, logged with its exit code or signal, except one that refuses its
// settings or environment (exit code 78, EX_CONFIG), which ends `npm start`. A port another
// process holds (API_PORT, SHELL_PORT, MFE_*_PORT) is named in one sentence and nothing starts;
// the API is healthy only when /api/health names the API_INSTANCE_ID it was started with, so
// another process answering on the port is never taken for it.
// The static servers (and their security headers) are scripts/frontends.mjs.
import { REMOTE_NAMES } from '../packages/federation/src/index.js';
import {
  ApiExitedError,
  describeExit,
  EX_CONFIG,
  ForeignApiError,
  ports,
  portTakenMessage,
  takenPorts,
} from './apps.mjs';
import { buildAll } from './build.mjs';
import { publishBuilds, serveFrontends } from './frontends.mjs';
import { releaseOptions } from './release/commands.mjs';
import { supervisedApi } from './supervised-api.mjs';

const skipBuild = process.argv.includes('--no-build');
const skipPublish = process.argv.includes('--no-publish');
const releases = releaseOptions();
const p = ports();
const log = (line) => console.error(`[npm start] ${line}`);

// Before building or starting anything: another process on one of the ports would otherwise be
// found only after the build, or be taken for the API by the health check.
const apiHost = process.env.API_HOST || '127.0.0.1';
const taken = await takenPorts(p, (part) => (part === 'api' ? apiHost : '127.0.0.1'));
if (taken.length > 0) {
  for (const [part, port, reason] of taken) console.error(portTakenMessage(part, port, reason));
  process.exit(EX_CONFIG);
}

if (!skipBuild) {
  console.log('Building the shell and the four remotes...');
  await buildAll();
}

const servers = [];
let stopping = false;

const api = supervisedApi({
  name: 'The API',
  port: p.api,
  log,
  isStopping: () => stopping,
  onGiveUp: ({ code }) => void stop(code || 1),
});

/** Stops everything and exits with `code`; never resolves (the process ends). */
async function stop(code = 0) {
  if (stopping) return new Promise(() => {});
  stopping = true;
  await Promise.all(servers.map((server) => server.close()));
  await api.stop('SIGTERM');
  process.exit(code);
}

process.on('SIGINT', () => void stop(0));
process.on('SIGTERM', () => void stop(0));

try {
  await api.start();
} catch (error) {
  if (stopping) await stop(); // Ctrl-C while it started: nothing more to say
  if (error instanceof ApiExitedError) {
    log(`the API did not start (${describeExit(error.exit)}); its reason is above.`);
    await stop(error.exit.code || 1);
  }
  console.error(error instanceof ForeignApiError ? error.message : String(error?.message ?? error));
  await stop(error instanceof ForeignApiError ? EX_CONFIG : 1);
}

try {
  servers.push(...(await serveFrontends({ site: p, releasesDir: releases.releasesDir })));
} catch (error) {
  const part = Object.keys(p).find((name) => p[name] === error?.port);
  if (error?.code === 'EADDRINUSE' && part) {
    console.error(portTakenMessage(part, error.port));
    await stop(EX_CONFIG);
  }
  console.error(error instanceof Error ? error.message : error);
  await stop(1);
}

if (!skipPublish) await publishBuilds(releases);

console.log(`
CineBook is running:
  site     http://localhost:${p.shell}
  API      http://localhost:${p.api}/api/health  (pid ${api.pid}; started again if it stops)
${REMOTE_NAMES.map((name) => `  mfe-${name.padEnd(6)} http://localhost:${p[name]}/remoteEntry.js`).join('\n')}
Press Ctrl-C to stop.`);
