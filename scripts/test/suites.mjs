// The suites of `npm test`. Each runs whole, or only the part a change reaches (`selection`, from
// ./plan.mjs), writes its output to a sink (./run.mjs) and counts its own tests.
import { existsSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { checkAlerts, findPromtool, PROMTOOL_MISSING } from '../alerts.mjs';
import { BIN, ROOT } from '../apps.mjs';
import { buildAll } from '../build.mjs';
import { dependencyGraph } from './graph.mjs';
import { suiteFiles, TS_PROJECTS } from './plan.mjs';
import { exec, sink } from './run.mjs';

/**
 * @typedef {import('./run.mjs').Sink} Sink
 * @typedef {import('./run.mjs').Result} Result
 * @typedef {import('./plan.mjs').Selection} Selection
 */

const tmp = (/** @type {string} */ name) => path.join(os.tmpdir(), `cinema-${process.pid}-${name}`);

/** @param {string} file */
const readJson = (file) => {
  try {
    return JSON.parse(readFileSync(file, 'utf8'));
  } catch {
    return null;
  }
};

/** Results added up. */
const sum = (/** @type {Result[]} */ results) =>
  results.reduce((a, b) => ({ passed: a.passed + b.passed, failed: a.failed + b.failed }), {
    passed: 0,
    failed: 0,
  });

/** A check that is one pass or one fail (lint, types). */
const asCheck = (/** @type {{ code: number }} */ { code }) => ({
  passed: code === 0 ? 1 : 0,
  failed: code === 0 ? 0 : 1,
});

/** @param {string} name */
const script = (name) => path.join(ROOT, 'scripts', name);

/** The test files of a suite, every one of the tree's (the same lists `--changed` picks from). */
let allTests = /** @type {ReturnType<typeof suiteFiles> | null} */ (null);
const testsOf = (/** @type {keyof ReturnType<typeof suiteFiles>} */ suite) => {
  allTests ??= suiteFiles(dependencyGraph(ROOT).files);
  return allTests[suite];
};

/**
 * Node's own test runner over `files`, counted from its TAP totals.
 * @param {Sink} out
 * @param {string[]} files repository paths
 * @param {string[]} [flags]
 */
async function nodeTests(out, files, flags = []) {
  if (files.length === 0) return { passed: 0, failed: 0 };
  const { code, output } = await exec(out, process.execPath, [
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

/**
 * Runs `tasks` two at a time, their outputs written to `out` whole, in order, as each ends.
 * @param {Sink} out
 * @param {((out: Sink) => Promise<Result>)[]} tasks
 */
async function twoAtATime(out, tasks) {
  /** @type {Sink[]} */
  const outputs = [];
  /** @type {Result[]} */
  const results = [];
  let next = 0;
  let printed = 0;
  /** @type {boolean[]} */
  const done = [];
  const worker = async () => {
    for (let i = next++; i < tasks.length; i = next++) {
      const output = sink(false);
      outputs[i] = output;
      results[i] = await /** @type {(out: Sink) => Promise<Result>} */ (tasks[i])(output);
      done[i] = true;
      while (done[printed]) out.write(outputs[printed++]?.text() ?? '');
    }
  };
  await Promise.all([worker(), worker()]);
  return sum(results);
}

/** @type {Record<string, (out: Sink, selection?: Selection) => Promise<Result>>} */
export const SUITES = {
  async lint(out, selection) {
    // Biome over the changed files (or the tree), the import boundaries (features, resources,
    // circles) and file sizes over the whole tree (they are about the tree), and the tests
    // proving each check fires.
    // A deleted file is not linted; the checks below see the tree without it.
    const paths = selection?.files?.filter((f) => existsSync(path.join(ROOT, f)));
    const biome =
      paths && paths.length === 0
        ? { passed: 0, failed: 0 }
        : asCheck(
            await exec(out, path.join(BIN, 'biome'), [
              'ci',
              '--no-errors-on-unmatched',
              ...(paths ?? ['.']),
            ]),
          );
    const boundaries = asCheck(await exec(out, process.execPath, [script('check-boundaries.mjs')]));
    const sizes = asCheck(await exec(out, process.execPath, [script('check-file-sizes.mjs')]));
    const tests = selection?.tests ?? testsOf('lint');
    const proof =
      tests.length === 0
        ? { passed: 0, failed: 0 }
        : asCheck(await exec(out, process.execPath, ['--test', ...tests]));
    return sum([biome, boundaries, sizes, proof]);
  },
  async types(out, selection) {
    const chosen = selection?.projects ?? [...TS_PROJECTS, 'api', 'openapi'];
    /** @type {((out: Sink) => Promise<Result>)[]} */
    const tasks = TS_PROJECTS.filter((p) => chosen.includes(p)).map(
      (project) => async (o) => asCheck(await exec(o, path.join(BIN, 'tsc'), ['-p', project])),
    );
    if (chosen.includes('api')) {
      tasks.push(async (o) => asCheck(await exec(o, 'npm', ['run', 'typecheck', '-w', 'api'])));
    }
    if (chosen.includes('openapi')) {
      // The apps' API types must be what the API's OpenAPI document says today, and the document
      // one other tools read as intended: Redocly's recommended rules find nothing in it.
      for (const flag of ['--check', '--lint']) {
        tasks.push(async (o) =>
          asCheck(await exec(o, process.execPath, [script('openapi.mjs'), flag])),
        );
      }
    }
    return twoAtATime(out, tasks);
  },
  async unit(out, selection) {
    if (selection?.files?.length === 0) return { passed: 0, failed: 0 };
    const file = tmp('vitest.json');
    const { code } = await exec(out, path.join(BIN, 'vitest'), [
      'run',
      '--reporter=default',
      '--reporter=json',
      `--outputFile.json=${file}`,
      ...(selection?.files ?? []),
    ]);
    const report = readJson(file);
    rmSync(file, { force: true });
    if (!report) return { passed: 0, failed: 1 };
    return {
      passed: report.numPassedTests,
      failed: report.numFailedTests + (code !== 0 && report.numFailedTests === 0 ? 1 : 0),
    };
  },
  async api(out, selection) {
    if (selection?.files?.length === 0) return { passed: 0, failed: 0 };
    // api/package.json's own test command, on the chosen files instead of src/.
    const { scripts } = JSON.parse(readFileSync(path.join(ROOT, 'api', 'package.json'), 'utf8'));
    const [, ...args] = String(scripts.test).split(/\s+/);
    const files = selection?.files?.map((f) => path.relative('api', f));
    const { code, output } = await exec(
      out,
      path.join(BIN, 'deno'),
      files ? [...args.filter((a) => a !== 'src/'), ...files] : args,
      { cwd: path.join(ROOT, 'api') },
    );
    // deno test closes with e.g. "ok | 12 passed | 0 failed (3s)" or "FAILED | 11 passed | 1 failed".
    const match = output.match(/\| (\d+) passed(?: \(\d+ steps?\))? \| (\d+) failed/);
    if (!match) return { passed: 0, failed: 1 };
    const failed = Number(match[2]);
    return { passed: Number(match[1]), failed: failed + (code !== 0 && failed === 0 ? 1 : 0) };
  },
  // The release tool (scripts/release.mjs, scripts/release/): its CLI against a real API it
  // starts itself, its store, version rules and skew checks, and how a remote's port serves it.
  release: (out, selection) => nodeTests(out, selection?.files ?? testsOf('release')),
  // How the frontends are served: compression, security headers, the shell server's /api/
  // proxy, how byte budgets are measured (checked by e2e budgets.spec.ts), the API's start env.
  serving: (out, selection) => nodeTests(out, selection?.files ?? testsOf('serving')),
  async alerts(out) {
    // The alert rules (ops/prometheus/): promtool's check of each rule file and its unit tests
    // of each alert (scripts/alerts.mjs), and the runner's own tests on copies with planted
    // faults. Without promtool both are skipped, except under CI.
    const promtool = findPromtool();
    if (!promtool) {
      if (process.env.CI === 'true') {
        out.write(`${PROMTOOL_MISSING}: .ci/run installs it.\n`);
        return { passed: 0, failed: 1 };
      }
      const skipped = `${PROMTOOL_MISSING}: the alert rules are not checked.`;
      out.write(`Skipped: ${skipped}\n`);
      return { passed: 0, failed: 0, skipped };
    }
    const checks = await checkAlerts({ promtool });
    for (const check of checks) {
      out.write(`${check.ok ? 'ok    ' : 'FAILED'} ${check.name}\n`);
      if (!check.ok) out.write(`${check.output.replace(/^/gm, '    ')}\n`);
    }
    const passed = checks.filter((c) => c.ok).length;
    const rules = { passed, failed: checks.length - passed };
    return sum([rules, await nodeTests(out, testsOf('alerts'))]);
  },
  // `npm run cluster`: its HAProxy in front of stand-in API instances, and its command line.
  cluster: (out, selection) => nodeTests(out, selection?.files ?? testsOf('cluster')),
  // `npm run bench`'s arithmetic, options, tables and targets (the bench itself is not a test).
  bench: (out, selection) => nodeTests(out, selection?.files ?? testsOf('bench')),
  // Real processes killed and restarted for real: PostgreSQL servers, the HA manager, HAProxy,
  // API instances, a failing email provider (scripts/faults/). Each file starts what it needs,
  // on ports it finds free, one file at a time (their timings are what they test).
  faults: (out, selection) =>
    nodeTests(out, selection?.files ?? testsOf('faults'), ['--test-concurrency=1']),
  async e2e(out, selection) {
    if (selection?.files?.length === 0) return { passed: 0, failed: 0 };
    // Every app, built once; an app whose inputs have not changed since its last build keeps it.
    await buildAll(undefined, 2, { reuse: true, out });
    const file = tmp('playwright.json');
    const specs = selection?.files?.map((f) => path.relative('e2e', f)) ?? [];
    const { code } = await exec(out, path.join(BIN, 'playwright'), ['test', ...specs], {
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
