// `npm test`: every suite, several at once, each suite's output printed whole as it ends; then a
// summary with each suite's seconds, the wall time, and one closing line `N passed, N failed`
// summing them all (CI reads that line). docs/decisions/0039-tests-chosen-from-the-import-graph.md.
//   npm test -- lint types unit api release serving alerts cluster bench faults e2e: only those
//   npm test -- --changed <git ref>: only what the files changed since ref can affect
//   npm test -- --changed <git ref> --dry-run: print what it would run, and why, and stop
//   npm test -- --jobs N: N suites at once (default: the cores plus one; 1 prints as it runs)
// Before the suites, the Debian packages they need (scripts/setup-machine.mjs) are installed
// when this user may, or the run stops at once with the command to run.
import os from 'node:os';
import { parseArgs } from 'node:util';
import { ROOT } from './apps.mjs';
import { setUpMachine } from './setup-machine.mjs';
import { changedFiles, planFor, SUITE_NAMES } from './test/plan.mjs';
import { schedule } from './test/run.mjs';
import { SUITES } from './test/suites.mjs';

/**
 * About how long each suite took on the two-core CI machine (seconds), for the schedule: the
 * longest start first so that the short ones fill the gaps.
 */
const EXPECTED_SECONDS = {
  e2e: 780,
  api: 540,
  faults: 480,
  types: 200,
  unit: 180,
  release: 120,
  lint: 60,
  serving: 60,
  alerts: 60,
  cluster: 60,
  bench: 30,
};

const { values, positionals } = parseArgs({
  options: {
    changed: { type: 'string' },
    jobs: { type: 'string' },
    'dry-run': { type: 'boolean' },
  },
  allowPositionals: true,
});
const unknown = positionals.filter((name) => !SUITES[name]);
if (unknown.length > 0) {
  console.error(`Unknown suite(s): ${unknown.join(', ')}. Known: ${SUITE_NAMES.join(', ')}`);
  process.exit(2);
}
const jobs = Number(values.jobs ?? process.env.TEST_JOBS ?? os.availableParallelism() + 1);
if (!Number.isInteger(jobs) || jobs < 1) {
  console.error(`--jobs takes a whole number of suites at once, at least 1 (got ${values.jobs}).`);
  process.exit(2);
}

let names = positionals.length > 0 ? positionals : [...SUITE_NAMES];
/** @type {Record<string, import('./test/plan.mjs').Selection | null>} */
let plan = {};
if (values.changed !== undefined) {
  let changed;
  try {
    changed = changedFiles(values.changed, ROOT);
  } catch (error) {
    console.error(
      `--changed ${values.changed}: not a git ref here (${String(error).split('\n')[0]})`,
    );
    process.exit(2);
  }
  plan = planFor(changed, { root: ROOT });
  console.log(`${changed.length} file(s) changed since ${values.changed}:`);
  for (const name of names) {
    const selection = plan[name];
    console.log(
      `  ${name.padEnd(8)} ${selection ? selection.reason : 'skipped: nothing it depends on changed'}`,
    );
  }
  names = names.filter((name) => plan[name]);
  if (values['dry-run']) process.exit(0);
}

const failure = setUpMachine(names);
if (failure) {
  console.error(failure);
  console.log('0 passed, 1 failed');
  process.exit(1);
}

const started = Date.now();
const suite = (/** @type {string} */ name) =>
  /** @type {(typeof SUITES)[string] & {}} */ (SUITES[name]);
const order = [...names].sort(
  (a, b) =>
    (EXPECTED_SECONDS[/** @type {keyof typeof EXPECTED_SECONDS} */ (b)] ?? 0) -
    (EXPECTED_SECONDS[/** @type {keyof typeof EXPECTED_SECONDS} */ (a)] ?? 0),
);
// Side by side on two cores, the suites whose tests hold time limits (the browser suite's
// interaction and rollout timings, the fault tests' failover bounds, the frontend tests' waits
// for a screen and their 15 s limit) keep the CPU first; the others (API tests on the test
// clock, type checks, lint, the release tool) run niced and take what is left.
const TIMED = new Set(['e2e', 'faults', 'unit']);
const results = await schedule(
  order.map((name) => ({
    name,
    nice: TIMED.has(name) ? 0 : 10,
    run: (out) => suite(name)(out, plan[name] ?? undefined),
  })),
  jobs,
);

console.log('\n=== summary ===');
for (const name of names) {
  const r = results.find((x) => x.name === name);
  if (!r) continue;
  const skipped = r.skipped ? `  (skipped: ${r.skipped})` : '';
  console.log(
    `${r.name.padEnd(7)} ${String(r.passed).padStart(4)} passed ${String(r.failed).padStart(3)} failed  ${String(r.seconds).padStart(4)} s${skipped}`,
  );
}
console.log(`wall time ${Math.round((Date.now() - started) / 1000)} s, ${jobs} suite(s) at once`);
const passed = results.reduce((sum, r) => sum + r.passed, 0);
const failed = results.reduce((sum, r) => sum + r.failed, 0);
console.log(`${passed} passed, ${failed} failed`);
// Exit once stdout has taken everything: into a pipe (CI's tee) the writes are asynchronous, and
// process.exit() dropped the tail of the API suite's output and the closing line after it.
process.stdout.write('', () => process.exit(failed > 0 ? 1 : 0));
