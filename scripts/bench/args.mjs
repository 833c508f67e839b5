// The command line and environment of `npm run bench` (scripts/bench.mjs), read once into one
// object. Pure: `argv` and `env` are passed in.

/**
 * @typedef {{
 *   scale: boolean, cluster: boolean, instances: number, seconds: number, rounds: number,
 *   viewers: number, raceSpreadMs: number,
 * }} BenchOptions
 */

/**
 * `--scale`, `--cluster`, `--instances N` (else BENCH_INSTANCES, else 2 with --cluster and 1
 * without), BENCH_SECONDS (5), BENCH_ROUNDS (2), BENCH_VIEWERS (500), BENCH_RACE_SPREAD_MS
 * (8000). A value that is not a positive number falls back to the default.
 * @param {string[]} argv the arguments after the script
 * @param {Record<string, string | undefined>} env
 * @returns {BenchOptions}
 */
export function parseBenchArgs(argv, env) {
  const cluster = argv.includes('--cluster');
  const at = argv.indexOf('--instances');
  return {
    scale: argv.includes('--scale'),
    cluster,
    instances: positive(at === -1 ? env.BENCH_INSTANCES : argv[at + 1]) ?? (cluster ? 2 : 1),
    seconds: positive(env.BENCH_SECONDS) ?? 5,
    rounds: positive(env.BENCH_ROUNDS) ?? 2,
    viewers: positive(env.BENCH_VIEWERS) ?? 500,
    raceSpreadMs: positive(env.BENCH_RACE_SPREAD_MS) ?? 8000,
  };
}

/** @param {string | undefined} value */
function positive(value) {
  const n = Number(value);
  return n > 0 ? n : undefined;
}
