// `npm run bench -- --cluster`: scripts/bench.mjs's phases through the cluster of
// `npm run cluster` (scripts/cluster/: PostgreSQL under pg_auto_failover, a primary and its
// synchronous secondary, N API instances, HAProxy in front), with one API instance restarted
// (SIGTERM, drain, start again) during each race (a lost primary is
// scripts/faults/failover.test.mjs's). What the bench needs for it lives here: starting the
// cluster for a bench, the restart, and the cluster's own table and targets.
import { startCluster } from '../cluster/cluster.mjs';
import { waitForHaproxy } from '../cluster/haproxy.mjs';
import { freePort } from '../postgres.mjs';
import { count, countBy, failed, fiveXX, fixed, showCounts, table } from './stats.mjs';

/** When, after the race began, the instance is sent SIGTERM. */
export const RESTART_AT_MS = 1000;

/**
 * The cluster without the static sites (the bench calls the API only), HAProxy on a free port,
 * the instances' output kept quiet, no supervisor (the bench restarts instances itself), and no
 * WAL archive (backups are not what it measures).
 * @param {{ instances: number, env: Record<string, string>,
 *   postgresSettings: Record<string, string> }} options
 */
export async function startBenchCluster({ instances, env, postgresSettings }) {
  const api = await freePort();
  return await startCluster({
    instances,
    frontends: false,
    site: { api },
    env,
    postgresSettings,
    quiet: true,
    supervise: false,
    backups: false,
  });
}

/** @typedef {Awaited<ReturnType<typeof startBenchCluster>>} BenchCluster */

/**
 * @typedef {{ name: string, signalAt: number, exitedAt: number, exitCode: number | null,
 *   healthyAt: number, backAt: number }} Restart what happened, in ms after the race began
 */

/**
 * At `atMs` after `t0` (performance.now()), sends the instance SIGTERM, waits for it to drain
 * and exit, starts it again and waits until HAProxy has it back.
 * @param {BenchCluster} cluster
 * @param {number} index
 * @param {number} t0
 * @returns {Promise<Restart>}
 */
export async function restartDuring(cluster, index, t0, atMs = RESTART_AT_MS) {
  const instance = cluster.instances[index];
  if (!instance) throw new Error(`The cluster has no instance ${index}`);
  await new Promise((resolve) => setTimeout(resolve, Math.max(0, t0 + atMs - performance.now())));
  const since = () => Math.round(performance.now() - t0);
  const signalAt = since();
  const exited = await instance.stop('SIGTERM');
  const exitedAt = since();
  await instance.start();
  const healthyAt = since();
  await waitForHaproxy(cluster.statsPort, instance.name, 'UP');
  return {
    name: instance.name,
    signalAt,
    exitedAt,
    exitCode: exited.code,
    healthyAt,
    backAt: since(),
  };
}

/**
 * @typedef {{ viewers?: number, firstServedBy: (string | null | undefined)[], reconnects: number,
 *   missing: number, steady: { p50: number, p99: number }, resumed: { p50: number, p99: number } }} Streams
 * @typedef {{ label: string, contest: import('./load.mjs').RaceResult,
 *   verified: import('./report.mjs').Verified, restart: Restart, streams?: Streams }} ClusterRace
 */

/**
 * The cluster's table. `contest` as bench/load.mjs race() returns it, `verified` prepare.ts
 * verify's counts, `streams` the streaming phase's.
 * @param {ClusterRace[]} races
 * @param {number} instances
 * @param {number} spreadMs how long the racers took to arrive
 */
export function clusterReport(races, instances, spreadMs) {
  const fmtS = (/** @type {number} */ ms) => `${(ms / 1000).toFixed(1)} s`;
  /**
   * @param {string} label
   * @param {(r: ClusterRace) => string | number} f
   */
  const row = (label, f) => [label, ...races.map(f)];
  /** @param {{ p50: number, p99: number }} l */
  const latency = (l) => `${fixed(l.p50, 0)} / ${fixed(l.p99, 0)} ms`;
  return table(
    [`cluster (HAProxy, ${instances} API instances)`, ...races.map((r) => r.label)],
    [
      row('racers, arriving over', (r) => `${r.contest.customers} / ${fmtS(spreadMs)}`),
      row('restarted', (r) => r.restart.name),
      row('SIGTERM at', (r) => fmtS(r.restart.signalAt)),
      row(
        'drained and exited (code)',
        (r) => `+${r.restart.exitedAt - r.restart.signalAt} ms (${r.restart.exitCode})`,
      ),
      row('healthy again at', (r) => fmtS(r.restart.healthyAt)),
      row('back in HAProxy at', (r) => fmtS(r.restart.backAt)),
      row('race settled at', (r) => fmtS(r.contest.seconds * 1000)),
      row('requests per instance', (r) => showCounts(countBy(r.contest.servedBy))),
      row(
        'holds 201 / 409',
        (r) => `${count(r.contest.holds, 201)} / ${count(r.contest.holds, 409)}`,
      ),
      row('of which retries (refused, chose again)', (r) => r.contest.retries),
      row('confirms 201', (r) => count(r.contest.confirms, 201)),
      row(
        'live bookings in the database (distinct seats)',
        (r) => `${r.verified.live} (${r.verified.seats})`,
      ),
      row('5xx / failed requests', (r) => `${fiveXX(r.contest)} / ${failed(r.contest)}`),
      row('streams per instance at the start', (r) =>
        r.streams ? showCounts(countBy(r.streams.firstServedBy)) : '-',
      ),
      row('streams ended by the restart, resumed', (r) => (r.streams ? r.streams.reconnects : '-')),
      row('changes missed by a viewer', (r) => (r.streams ? r.streams.missing : '-')),
      row('commit to receipt p50 / p99, streams left alone', (r) =>
        r.streams ? latency(r.streams.steady) : '-',
      ),
      row('commit to receipt p50 / p99, streams resumed', (r) =>
        r.streams ? latency(r.streams.resumed) : '-',
      ),
    ],
  );
}

/**
 * The cluster's targets: [[name, met]].
 * @param {ClusterRace[]} races
 * @param {number} instances
 * @returns {[string, boolean][]}
 */
export function clusterTargets(races, instances) {
  const nothingLost = races.every(
    (r) =>
      Number(r.verified.live) === count(r.contest.confirms, 201) &&
      Number(r.verified.live) === Number(r.verified.seats),
  );
  const streams = races.find((r) => r.streams)?.streams;
  /** @param {(string | null | undefined)[]} names */
  const named = (names) => Object.keys(countBy(names)).filter((n) => n !== 'none').length;
  return [
    [
      'an instance restarted mid-race: no 5xx, no failed request',
      races.every((r) => fiveXX(r.contest) === 0 && failed(r.contest) === 0),
    ],
    ['every confirmed booking is in the database, one per seat', nothingLost],
    [
      'the restarted instance drained and exited 0 within 10 s',
      races.every(
        (r) => r.restart.exitCode === 0 && r.restart.exitedAt - r.restart.signalAt < 10_000,
      ),
    ],
    ['every instance served the race', races.every((r) => named(r.contest.servedBy) === instances)],
    ['streams fed from every instance', !streams || named(streams.firstServedBy) === instances],
  ];
}
