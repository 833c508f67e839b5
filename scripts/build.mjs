// Builds every frontend app in production mode, two at a time (the machines have two cores).
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { BIN, FRONTEND_APPS, ROOT, run } from './apps.mjs';

export async function buildAll(apps = FRONTEND_APPS, concurrency = 2) {
  const queue = [...apps];
  const worker = async () => {
    for (let app = queue.shift(); app; app = queue.shift()) {
      await run(path.join(BIN, 'rsbuild'), ['build'], {
        cwd: path.join(ROOT, app),
        env: { ...process.env, NODE_ENV: 'production' },
      });
    }
  };
  await Promise.all(Array.from({ length: concurrency }, worker));
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const only = process.argv.slice(2);
  await buildAll(only.length > 0 ? only : FRONTEND_APPS);
}
