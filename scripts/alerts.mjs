// The alert rules (ops/prometheus/) checked and unit-tested with Prometheus' own promtool, for
// `npm test -- alerts` (scripts/test.mjs). Counted: one check per rule file (`promtool check
// rules`: it loads, every expression parses) and one per alert (`promtool test rules` of its
// tests/<alert>.yml), so a failure names the alert whose expectation broke. An alert without
// its test file, a test file for no alert, or one that never expects the alert silent or never
// expects it firing is a failure of that alert. Without promtool (Debian's `prometheus`
// package) the run is skipped with a message, except under CI=true, where .ci/run installs it.
//
//   node scripts/alerts.mjs [dir]     prints each check, exits 1 if any failed
import { execFile } from 'node:child_process';
import { accessSync, constants, existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

/** Where the rules live (scripts/cluster/prometheus.mjs loads them from there too). */
export const RULES_DIR = path.join(ROOT, 'ops', 'prometheus');

export const PROMTOOL_MISSING =
  'promtool is not installed (On Debian or Ubuntu: apt-get install -y --no-install-recommends prometheus; or set PROMTOOL to its path)';

/**
 * promtool: $PROMTOOL alone when set, else the first on PATH or in /usr/bin; null if none.
 * @param {NodeJS.ProcessEnv} [env]
 */
export function findPromtool(env = process.env) {
  const dirs = [...(env.PATH ?? '').split(path.delimiter).filter(Boolean), '/usr/bin'];
  const candidates = env.PROMTOOL ? [env.PROMTOOL] : dirs.map((dir) => path.join(dir, 'promtool'));
  for (const file of candidates) {
    try {
      accessSync(file, constants.X_OK);
      return file;
    } catch {}
  }
  return null;
}

/**
 * The alert names a rule file defines, in order.
 * @param {string} text the file's YAML
 */
export const alertNames = (text) =>
  [...text.matchAll(/^\s*- alert:\s*(\S+)\s*$/gm)].map((m) => m[1] ?? '');

/**
 * The rule files of `dir` (absolute, sorted): its *.yml and *.yaml with a top-level `groups:`.
 * @param {string} dir
 */
export function ruleFiles(dir) {
  if (!existsSync(dir)) return [];
  return readdirSync(dir)
    .filter((name) => /\.ya?ml$/.test(name))
    .map((name) => path.join(dir, name))
    .filter((file) => /^groups:/m.test(readFileSync(file, 'utf8')))
    .sort();
}

/**
 * What is wrong with the test file of `alert` before promtool runs it: it must test that alert
 * alone, and both ways (an `exp_alerts: []` and an expected alert's labels).
 * @param {string} alert
 * @param {string} text the test file's YAML
 * @returns {string | null}
 */
export function testFileProblem(alert, text) {
  const named = [...text.matchAll(/^\s*alertname:\s*(\S+)\s*$/gm)].map((m) => m[1] ?? '');
  const others = [...new Set(named.filter((name) => name !== alert))];
  if (others.length > 0) return `it tests ${others.join(', ')}, which belong in their own files`;
  if (named.length === 0) return 'it has no alert_rule_test for it';
  if (!/exp_alerts:\s*\[\]/.test(text)) return 'no case expects it silent (exp_alerts: [])';
  if (!/exp_labels:/.test(text)) return 'no case expects it firing (exp_labels)';
  return null;
}

/**
 * Runs promtool, resolving with whether it succeeded and what it printed.
 * @param {string} promtool
 * @param {string[]} args
 * @returns {Promise<{ ok: boolean, output: string }>}
 */
const run = (promtool, args) =>
  new Promise((resolve) => {
    execFile(promtool, args, { maxBuffer: 16 * 1024 * 1024 }, (error, stdout, stderr) =>
      resolve({ ok: !error, output: `${stdout}${stderr}`.trim() }),
    );
  });

/**
 * @typedef {{ name: string, ok: boolean, output: string }} Check
 */

/**
 * Every check of `dir`'s rules: `promtool check rules` per rule file, then per alert its test
 * file under `<dir>/tests/` run by `promtool test rules`, then test files naming no alert.
 * @param {{ dir?: string, promtool: string }} options
 * @returns {Promise<Check[]>}
 */
export async function checkAlerts({ dir = RULES_DIR, promtool }) {
  /** @type {Check[]} */
  const checks = [];
  const files = ruleFiles(dir);
  if (files.length === 0) {
    return [{ name: `rules in ${dir}`, ok: false, output: 'no rule file (groups:) found' }];
  }
  const alerts = [];
  for (const file of files) {
    const { ok, output } = await run(promtool, ['check', 'rules', file]);
    checks.push({ name: `promtool check rules ${path.relative(ROOT, file)}`, ok, output });
    alerts.push(...alertNames(readFileSync(file, 'utf8')));
  }
  const testsDir = path.join(dir, 'tests');
  for (const alert of alerts) {
    const file = path.join(testsDir, `${alert}.yml`);
    const name = `${alert} (${path.relative(ROOT, file)})`;
    if (!existsSync(file)) {
      checks.push({ name, ok: false, output: `no unit tests: write ${file}` });
      continue;
    }
    const problem = testFileProblem(alert, readFileSync(file, 'utf8'));
    if (problem) {
      checks.push({ name, ok: false, output: problem });
      continue;
    }
    checks.push({ name, ...(await run(promtool, ['test', 'rules', file])) });
  }
  const known = new Set(alerts);
  const strays = existsSync(testsDir)
    ? readdirSync(testsDir).filter(
        (f) => /\.ya?ml$/.test(f) && !known.has(f.replace(/\.ya?ml$/, '')),
      )
    : [];
  for (const stray of strays) {
    const output = 'no alert of that name in the rules: rename it or remove it';
    checks.push({ name: path.relative(ROOT, path.join(testsDir, stray)), ok: false, output });
  }
  return checks;
}

/**
 * The checks run and printed, one line each (promtool's output under a failed one); resolves
 * to {passed, failed}, or {passed: 0, failed: 0, skipped} without promtool outside CI.
 * @param {{ dir?: string, env?: NodeJS.ProcessEnv }} [options]
 */
export async function runAlerts({ dir = RULES_DIR, env = process.env } = {}) {
  const promtool = findPromtool(env);
  if (!promtool) {
    if (env.CI === 'true') {
      console.error(`${PROMTOOL_MISSING}: .ci/run installs it.`);
      return { passed: 0, failed: 1 };
    }
    const skipped = `${PROMTOOL_MISSING}: the alert rules are not checked.`;
    console.log(`Skipped: ${skipped}`);
    return { passed: 0, failed: 0, skipped };
  }
  const checks = await checkAlerts({ dir, promtool });
  for (const check of checks) {
    console.log(`${check.ok ? 'ok    ' : 'FAILED'} ${check.name}`);
    if (!check.ok) console.log(check.output.replace(/^/gm, '    '));
  }
  const passed = checks.filter((c) => c.ok).length;
  return { passed, failed: checks.length - passed };
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const dir = process.argv[2] ? path.resolve(process.argv[2]) : RULES_DIR;
  const { passed, failed } = await runAlerts({ dir });
  console.log(`${passed} passed, ${failed} failed`);
  if (failed > 0) process.exit(1);
}
