// `npm run dev`: the API with file watching and every app's Rsbuild dev server. The shell's dev
// server serves public/runtime-config.json, which points at the remotes' dev servers.
import { spawn } from 'node:child_process';
import path from 'node:path';
import { BIN, FRONTEND_APPS, ROOT, spawnApi } from './apps.mjs';

const children = [
  spawnApi({ watch: true }),
  ...FRONTEND_APPS.map((app) =>
    spawn(path.join(BIN, 'rsbuild'), ['dev'], { cwd: path.join(ROOT, app), stdio: 'inherit' }),
  ),
];

// SIGINT, not SIGTERM: `deno run --watch` ignores SIGTERM. Wait for every child to exit so no
// orphan keeps a port.
async function stop() {
  const running = children.filter((child) => child.exitCode === null);
  for (const child of running) child.kill('SIGINT');
  await Promise.all(running.map((child) => new Promise((resolve) => child.once('exit', resolve))));
  process.exit(0);
}
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
