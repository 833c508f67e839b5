// `npm test` on a machine without the Debian packages a suite needs: installed as root, or one
// line naming the command (scripts/setup-machine.mjs).
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { test } from 'node:test';
import { ROOT } from '../apps.mjs';
import { missingPackages, SUITE_NEEDS, setUpMachine } from '../setup-machine.mjs';

test('only the suites asked for need their packages', (t) => {
  t.after(() => delete process.env.CHROMIUM_PATH);
  process.env.CHROMIUM_PATH = path.join(ROOT, 'no-such-chromium');
  assert.deepEqual(
    missingPackages(['e2e']).filter((p) => p === 'chromium'),
    ['chromium'],
  );
  assert.deepEqual(missingPackages(['unit', 'api', 'lint', 'types', 'release']), []);
});

test('a user who cannot install gets one line naming the command, and nothing is installed', (t) => {
  t.after(() => delete process.env.CHROMIUM_PATH);
  process.env.CHROMIUM_PATH = path.join(ROOT, 'no-such-chromium');
  /** @type {string[]} */
  const logged = [];
  const message = setUpMachine(['e2e'], { root: false, log: (line) => logged.push(line) });
  assert.ok(message);
  assert.doesNotMatch(message, /\n/);
  assert.match(message, /sudo apt-get install -y --no-install-recommends .*chromium/);
  assert.deepEqual(logged, []);
});

const root = process.getuid?.() === 0;
const noPostgresUser = root && spawnSync('id', ['postgres']).status !== 0;

test('npm test stops before any suite with that line and a failed total', {
  skip: noPostgresUser && 'as root, this needs the postgres user to run as one who cannot install',
}, () => {
  // As a user who may not install: root would install, so as root the child runs as postgres.
  const node = [process.execPath, path.join(ROOT, 'scripts', 'test.mjs'), 'e2e'];
  const [command, ...args] = root ? ['runuser', '-u', 'postgres', '--', ...node] : node;
  const run = spawnSync(/** @type {string} */ (command), args, {
    cwd: ROOT,
    encoding: 'utf8',
    env: { ...process.env, CHROMIUM_PATH: path.join(ROOT, 'no-such-chromium') },
  });
  assert.equal(run.status, 1, run.stderr);
  assert.match(
    run.stderr,
    /^Missing chromium: run `sudo apt-get install -y --no-install-recommends chromium`/,
  );
  assert.equal(run.stderr.trim().split('\n').length, 1);
  assert.equal(run.stdout.trim(), '0 passed, 1 failed');
});

test('every suite that needs a package names one the list knows', () => {
  for (const needs of Object.values(SUITE_NEEDS)) assert.ok(needs.length > 0);
});
