// `npm test`: every suite, in the order that fails fastest. Prints each suite's own output, then
// a summary and one closing line `N passed, N failed` summing them all (CI reads that line).
//   npm test -- lint types unit api release serving alerts cluster bench faults e2e: only those
import { spawn } from 'node:child_process';
import { readdirSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { runAlerts } from './alerts.mjs';
import { BIN, FRONTEND_APPS, ROOT } from './apps.mjs';
import { buildAll } from './build.mjs';

const TS_PROJECTS = [
  ...FRONTEND_APPS,
  'packages/auth',
  'packages/api-client',
  'packages/contract',
  'packages/ui',
  'packages/federation',
  'packages/test-utils',
  'e2e',
  // The scripts themselves: plain JavaScript, checked from their JSDoc (scripts/tsconfig.json).
  'scripts',
];
const tmp = (name) => path.join(os.tmpdir(), `cinema-${process.pid}-${name}`);

/** Runs a command, echoing its output, and resolves with its exit code and the text it printed. */
function exec(command, args, options = {}) {
  return new Promise((resolve) => {
    const child = spawn(command, args, { cwd: ROOT, env: process.env, ...options });
    let output = '';
    const keep = (stream, sink) =>
      stream.on('data', (chunk) => {
        output += chunk;
        sink.write(chunk);
      });
    keep(child.stdout, process.stdout);
    keep(child.stderr, process.stderr);
    child.on('error', (error) => resolve({ code: 1, output: String(error) }));
    child.on('exit', (code) => resolve({ code: code ?? 1, output }));
  });
}

const readJson = (file) => {
  try {
    return JSON.parse(readFileSync(file, 'utf8'));
  } catch {
    return null;
  }
};

/** A file of scripts/. */
const script = (name) => path.join(ROOT, 'scripts', name);

/** The test files of a folder of scripts/. */
const testsIn = (folder) =>
  readdirSync(script(folder))
    .filter((name) => name.endsWith('.test.mjs'))
    .map((name) => script(path.join(folder, name)));

/** Results added up. */
const sum = (results) =>
  results.reduce((a, b) => ({ passed: a.passed + b.passed, failed: a.failed + b.failed }), {
    passed: 0,
    failed: 0,
  });

/** A check that is one pass or one fail (lint, types). */
const asCheck = ({ code }) => ({ passed: code === 0 ? 1 : 0, failed: code === 0 ? 0 : 1 });

/** Node's own test runner over `files`, counted from its TAP totals. */
async function nodeTests(files, flags = []) {
  const { code, output } = await exec(process.execPath, [
    '--test',
    '--test-reporter=tap',
    ...flags,
    ...files,
  ]);
  const pass = [...output.matchAll(/^# pass (\d+)$/gm)].at(-1);
  const fail = [...output.matchAll(/^# fail (\d+)$/gm)].at(-1);
  if (!pass) return { passed: 0, failed: 1 };
  const failed = Number(fail?.[1] ?? 0);
  return { passed: Number(pass[1]), failed: failed + (code !== 0 && failed === 0 ? 1 : 0) };
}

const SUITES = {
  async lint() {
    const biome = asCheck(await exec(path.join(BIN, 'biome'), ['ci', '.']));
    // Import boundaries (features, resources, circles), no source file over 400 lines, and the
    // tests proving each check fires.
    const boundaries = asCheck(await exec(process.execPath, [script('check-boundaries.mjs')]));
    const sizes = asCheck(await exec(process.execPath, [script('check-file-sizes.mjs')]));
    const proof = asCheck(
      await exec(process.execPath, [
        '--test',
        script('check-boundaries.test.mjs'),
        script('check-file-sizes.test.mjs'),
      ]),
    );
    return sum([biome, boundaries, sizes, proof]);
  },
  async types() {
    let result = { passed: 0, failed: 0 };
    for (const project of TS_PROJECTS) {
      const r = asCheck(await exec(path.join(BIN, 'tsc'), ['-p', project]));
      result = { passed: result.passed + r.passed, failed: result.failed + r.failed };
    }
    const api = asCheck(await exec('npm', ['run', 'typecheck', '-w', 'api']));
    // The apps' API types must be what the API's OpenAPI document says today.
    const contract = asCheck(
      await exec(process.execPath, [path.join(ROOT, 'scripts', 'openapi.mjs'), '--check']),
    );
    // ... and a document other tools read as intended: Redocly CLI's recommended rules find
    // nothing in it, warnings included (api/redocly.yaml).
    const linted = asCheck(
      await exec(process.execPath, [path.join(ROOT, 'scripts', 'openapi.mjs'), '--lint']),
    );
    return {
      passed: result.passed + api.passed + contract.passed + linted.passed,
      failed: result.failed + api.failed + contract.failed + linted.failed,
    };
  },
  async unit() {
    const file = tmp('vitest.json');
    const { code } = await exec(path.join(BIN, 'vitest'), [
      'run',
      '--reporter=default',
      '--reporter=json',
      `--outputFile.json=${file}`,
    ]);
    const report = readJson(file);
    rmSync(file, { force: true });
    if (!report) return { passed: 0, failed: 1 };
    return {
      passed: report.numPassedTests,
      failed: report.numFailedTests + (code !== 0 && report.numFailedTests === 0 ? 1 : 0),
    };
  },
  async api() {
    const { code, output } = await exec('npm', ['run', 'test', '-w', 'api']);
    // deno test closes with e.g. "ok | 12 passed | 0 failed (3s)" or "FAILED | 11 passed | 1 failed".
    const match = output.match(/\| (\d+) passed(?: \(\d+ steps?\))? \| (\d+) failed/);
    if (!match) return { passed: 0, failed: 1 };
    const failed = Number(match[2]);
    return { passed: Number(match[1]), failed: failed + (code !== 0 && failed === 0 ? 1 : 0) };
  },
  async release() {
    // The release tool (scripts/release.mjs, scripts/release/): its CLI against a real API it
    // starts itself, its store, version rules and skew checks, and how a remote's port serves
    // the store.
    return nodeTests(testsIn('release'));
  },
  async serving() {
    // How the frontends are served: the static server's compression (Accept-Encoding against
    // the build's twins), the security headers, the shell server's /api/ passed on to the API,
    // how the byte budgets are measured (the budgets themselves are checked by e2e
    // budgets.spec.ts), and the API's start environment (traces on with an OTLP endpoint).
    // Listed by name: `node --test scripts/` would also pick up this file.
    return nodeTests(
      ['serve', 'security-headers', 'api-proxy', 'web-budgets', 'apps'].map((name) =>
        script(`${name}.test.mjs`),
      ),
    );
  },
  async alerts() {
    // The alert rules (ops/prometheus/): promtool's check of each rule file and its unit tests
    // of each alert, one count each (scripts/alerts.mjs), and the runner's own tests on copies
    // with planted faults. Without promtool both are skipped, except under CI.
    const checks = await runAlerts();
    if ('skipped' in checks) return checks;
    return sum([checks, await nodeTests([script('alerts.test.mjs')])]);
  },
  async cluster() {
    // `npm run cluster`: its HAProxy in front of stand-in API instances, and its command line.
    return nodeTests(testsIn('cluster'));
  },
  async bench() {
    // `npm run bench`'s arithmetic, options, tables and targets (the bench itself is not a test).
    return nodeTests(testsIn('bench'));
  },
  async faults() {
    // Real processes killed and restarted for real: PostgreSQL servers, the HA manager, HAProxy,
    // API instances, a failing email provider (scripts/faults/). Each file starts what it needs.
    return nodeTests(testsIn('faults'), ['--test-concurrency=1']);
  },
  async e2e() {
    await buildAll();
    const file = tmp('playwright.json');
    const { code } = await exec(path.join(BIN, 'playwright'), ['test'], {
      cwd: path.join(ROOT, 'e2e'),
      env: { ...process.env, PLAYWRIGHT_JSON_OUTPUT: file },
    });
    const report = readJson(file);
    rmSync(file, { force: true });
    if (!report) return { passed: 0, failed: 1 };
    const { expected = 0, unexpected = 0, flaky = 0 } = report.stats ?? {};
    return {
      passed: expected + flaky,
      failed: unexpected + (code !== 0 && unexpected === 0 ? 1 : 0),
    };
  },
};

const requested = process.argv.slice(2);
const names = requested.length > 0 ? requested : Object.keys(SUITES);
const unknown = names.filter((name) => !(name in SUITES));
if (unknown.length > 0) {
  console.error(
    `Unknown suite(s): ${unknown.join(', ')}. Known: ${Object.keys(SUITES).join(', ')}`,
  );
  process.exit(2);
}

const results = [];
for (const name of names) {
  console.log(`\n=== ${name} ===`);
  const started = Date.now();
  let result;
  try {
    result = await SUITES[name]();
  } catch (error) {
    console.error(error);
    result = { passed: 0, failed: 1 };
  }
  results.push({ name, ...result, seconds: Math.round((Date.now() - started) / 1000) });
}

console.log('\n=== summary ===');
for (const r of results) {
  console.log(
    `${r.name.padEnd(7)} ${String(r.passed).padStart(4)} passed ${String(r.failed).padStart(3)} failed  ${r.seconds}s`,
  );
}
const passed = results.reduce((sum, r) => sum + r.passed, 0);
const failed = results.reduce((sum, r) => sum + r.failed, 0);
console.log(`${passed} passed, ${failed} failed`);
process.exit(failed > 0 ? 1 : 0);
