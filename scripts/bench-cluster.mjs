// `npm run bench -- --cluster`: scripts/bench.mjs's phases through the cluster of
// `npm run cluster` (scripts/cluster.mjs: PostgreSQL under pg_auto_failover, a primary and its
// synchronous secondary, N API instances, HAProxy in front), with one API instance restarted
// (SIGTERM, drain, start again) during each race (a lost primary is
// scripts/faults/failover.test.mjs's). What bench.mjs needs for it lives here: starting the
// cluster for a bench, the restart, and the cluster's own table and targets.
import { startCluster, waitForHaproxy } from './cluster.mjs';
import { freePort } from './postgres.mjs';

/** The racers arrive over this long (a restart takes a few seconds: it must fall inside). */
export const RACE_SPREAD_MS = Number(process.env.BENCH_RACE_SPREAD_MS) || 8000;
/** When, after the race began, the instance is sent SIGTERM. */
export const RESTART_AT_MS = 1000;

/**
 * The cluster without the static sites (the bench calls the API only), HAProxy on a free port,
 * the instances' output kept quiet, no supervisor (the bench restarts instances itself), and no
 * WAL archive (backups are not what it measures).
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

/**
 * At `atMs` after `t0` (performance.now()), sends the instance SIGTERM, waits for it to drain
 * and exit, starts it again and waits until HAProxy has it back. Resolves to what happened, in
 * ms after t0.
 */
export async function restartDuring(cluster, index, t0, atMs = RESTART_AT_MS) {
  const instance = cluster.instances[index];
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

/** `{api1: 12, api2: 30}` from a list of instance names (null: no answer header). */
export function countBy(names) {
  const counts = {};
  for (const name of names) counts[name ?? 'none'] = (counts[name ?? 'none'] ?? 0) + 1;
  return counts;
}

const show = (counts) =>
  Object.entries(counts)
    .sort(([a], [b]) => a.localeCompare(b))
    .map(([name, n]) => `${name} ${n}`)
    .join(', ') || '-';

/**
 * The cluster's table and targets. `races`: [{label, contest, verified, restart, streams?}],
 * `contest` as bench.mjs race() returns it, `verified` prepare.ts verify's counts, `streams` the
 * streaming phase's {viewers, firstServedBy, reconnects, missing}.
 */
export function printClusterReport(races, instances) {
  const fmtS = (ms) => `${(ms / 1000).toFixed(1)} s`;
  console.log('');
  console.log(
    `| cluster (HAProxy, ${instances} API instances) | ${races.map((r) => r.label).join(' | ')} |`,
  );
  console.log(`|---|${races.map(() => '---:').join('|')}|`);
  const row = (label, f) => console.log(`| ${label} | ${races.map(f).join(' | ')} |`);
  row('racers, arriving over', (r) => `${r.contest.holds.length} / ${fmtS(RACE_SPREAD_MS)}`);
  row('restarted', (r) => r.restart.name);
  row('SIGTERM at', (r) => fmtS(r.restart.signalAt));
  row(
    'drained and exited (code)',
    (r) => `+${r.restart.exitedAt - r.restart.signalAt} ms (${r.restart.exitCode})`,
  );
  row('healthy again at', (r) => fmtS(r.restart.healthyAt));
  row('back in HAProxy at', (r) => fmtS(r.restart.backAt));
  row('race settled at', (r) => fmtS(r.contest.seconds * 1000));
  row('requests per instance', (r) => show(countBy(r.contest.servedBy)));
  row('holds 201 / 409', (r) => `${count(r.contest.holds, 201)} / ${count(r.contest.holds, 409)}`);
  row('confirms 201', (r) => count(r.contest.confirms, 201));
  row(
    'live bookings in the database (distinct seats)',
    (r) => `${r.verified.live} (${r.verified.seats})`,
  );
  row('5xx / failed requests', (r) => `${fiveXX(r.contest)} / ${failed(r.contest)}`);
  row('streams per instance at the start', (r) =>
    r.streams ? show(countBy(r.streams.firstServedBy)) : '-',
  );
  row('streams ended by the restart, resumed', (r) => (r.streams ? r.streams.reconnects : '-'));
  row('changes missed by a viewer', (r) => (r.streams ? r.streams.missing : '-'));
  const latency = (l) => `${fmtMs(l.p50)} / ${fmtMs(l.p99)} ms`;
  row('commit to receipt p50 / p99, streams left alone', (r) =>
    r.streams ? latency(r.streams.steady) : '-',
  );
  row('commit to receipt p50 / p99, streams resumed', (r) =>
    r.streams ? latency(r.streams.resumed) : '-',
  );
}

const fmtMs = (n) => (Number.isFinite(n) ? n.toFixed(0) : '-');
const count = (list, status) => list.filter((s) => s === status).length;
const fiveXX = (c) => [...c.holds, ...c.confirms].filter((s) => s >= 500).length;
// Status 0: the request got no HTTP answer at all (connection refused or reset).
const failed = (c) => [...c.holds, ...c.confirms].filter((s) => s === 0).length;

/** The cluster's targets: [[name, met]]. */
export function clusterTargets(races, instances) {
  const nothingLost = races.every(
    (r) =>
      Number(r.verified.live) === count(r.contest.confirms, 201) &&
      Number(r.verified.live) === Number(r.verified.seats),
  );
  const streamRace = races.find((r) => r.streams);
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
    [
      'every instance served the race',
      races.every(
        (r) =>
          Object.keys(countBy(r.contest.servedBy)).filter((n) => n !== 'none').length === instances,
      ),
    ],
    [
      'streams fed from every instance',
      !streamRace ||
        Object.keys(countBy(streamRace.streams.firstServedBy)).filter((n) => n !== 'none')
          .length === instances,
    ],
  ];
}
