// `npm run screenshots`: a full-page PNG of every route of every role (anonymous, customer,
// owner, admin) at 1280 and 360 px, for looking over the product by eye. It builds the apps
// when a build is missing (or with --build), then serves them as `npm start` does (the browser
// tests' setup: their own ports and a fresh demo database) and walks the route list the
// accessibility tests use (e2e/support/routes.ts). Writes to ./screenshots/<width>/<role>-<screen>.png
// (git-ignored), or to the folder given as --out <dir>.
import { existsSync } from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { BIN, FRONTEND_APPS, ROOT, run } from './apps.mjs';
import { buildAll } from './build.mjs';

const { values } = parseArgs({
  options: { build: { type: 'boolean', default: false }, out: { type: 'string' } },
});
const out = path.resolve(values.out ?? path.join(ROOT, 'screenshots'));

const unbuilt = FRONTEND_APPS.filter(
  (app) => !existsSync(path.join(ROOT, app, 'dist', 'index.html')),
);
if (values.build || unbuilt.length > 0) await buildAll();

await run(path.join(BIN, 'playwright'), ['test', '-c', 'screenshots.config.ts'], {
  cwd: path.join(ROOT, 'e2e'),
  env: { ...process.env, SCREENSHOTS_DIR: out },
});
console.log(`Screenshots in ${path.relative(process.cwd(), out) || '.'}`);
