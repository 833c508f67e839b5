// The command line and environment of `npm run bench` (scripts/bench.mjs), read once into one
// object. Pure: `argv` and `env` are passed in.

/**
 * @typedef {{ fans: number, spreadMs: number, openAtMs: number, afterSoldOutMs: number }} Crowd
 *   the on-sale's fans (bench/onsale.mjs)
 * @typedef {{
 *   scale: boolean, onsale: boolean, cluster: boolean, instances: number, seconds: number,
 *   rounds: number, viewers: number, raceSpreadMs: number, crowd: Crowd,
 * }} BenchOptions
 */

/**
 * `--scale`, `--onsale` (always through the cluster), `--cluster`, `--instances N` (else
 * BENCH_INSTANCES, else 2 with --cluster or --onsale and 1 without), BENCH_SECONDS (5),
 * BENCH_ROUNDS (2), BENCH_VIEWERS (500), BENCH_RACE_SPREAD_MS (8000); the on-sale's crowd:
 * BENCH_FANS (10,000) arriving over BENCH_FAN_SPREAD_MS (10,000), sales opening
 * BENCH_OPEN_AT_MS (2,500) after the first, the run ending BENCH_AFTER_SOLD_OUT_MS (15,000) after
 * the last seat is paid. A value that is not a positive number falls back to the default.
 * @param {string[]} argv the arguments after the script
 * @param {Record<string, string | undefined>} env
 * @returns {BenchOptions}
 */
export function parseBenchArgs(argv, env) {
  const onsale = argv.includes('--onsale');
  const cluster = onsale || argv.includes('--cluster');
  const at = argv.indexOf('--instances');
  return {
    scale: argv.includes('--scale'),
    onsale,
    cluster,
    instances: positive(at === -1 ? env.BENCH_INSTANCES : argv[at + 1]) ?? (cluster ? 2 : 1),
    seconds: positive(env.BENCH_SECONDS) ?? 5,
    rounds: positive(env.BENCH_ROUNDS) ?? 2,
    viewers: positive(env.BENCH_VIEWERS) ?? 500,
    raceSpreadMs: positive(env.BENCH_RACE_SPREAD_MS) ?? 8000,
    crowd: {
      fans: positive(env.BENCH_FANS) ?? 10_000,
      spreadMs: positive(env.BENCH_FAN_SPREAD_MS) ?? 10_000,
      openAtMs: positive(env.BENCH_OPEN_AT_MS) ?? 2500,
      afterSoldOutMs: positive(env.BENCH_AFTER_SOLD_OUT_MS) ?? 15_000,
    },
  };
}

/** @param {string | undefined} value */
function positive(value) {
  const n = Number(value);
  return n > 0 ? n : undefined;
}
