// `npm run bench -- --onsale`: a blockbuster's on-sale through the cluster of `npm run cluster`
// (PostgreSQL primary and synchronous secondary, --instances N API instances, default 2, HAProxy
// in front), on real processes.
// 1. api/bench/onsale.ts prepare: BENCH_FANS (10,000) customer accounts made set-based, with
//    access tokens, and one 120-seat high-demand show; PATCH onsale/{id}/ (as its owner) then
//    opens its sales BENCH_OPEN_AT_MS (2.5 s) after the first fan arrives.
// 2. The fans arrive over BENCH_FAN_SPREAD_MS (10 s), a third of them in the second after the
//    opening, and each behaves as bench/onsale-fan.mjs says (join, poll every 5 s, choose, hold,
//    pay; some give up). The run ends BENCH_AFTER_SOLD_OUT_MS (15 s) after the last seat is
//    paid, or ONSALE_DEADLINE_MS after the opening; fans still waiting then stop.
// 3. api/bench/onsale.ts verify reads the primary: seats sold, seats sold twice, seats per
//    account, and the line (who was admitted when) for the fairness figure; the instances' RSS
//    comes from /proc/<pid>/status.
// One light client: one keep-alive agent with CONNECTIONS sockets, one seeded random source.
import { readFileSync } from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import { startBenchCluster } from './cluster.mjs';
import { request, runDeno } from './http.mjs';
import { BEHAVIOUR, fanVisit } from './onsale-fan.mjs';
import {
  arrivalSchedule,
  onsaleTable,
  onsaleTargets,
  outOfOrder,
  seeded,
  statementsTable,
  turnsOf,
} from './onsale-stats.mjs';
import { verdicts } from './stats.mjs';

const CONNECTIONS = 256;
const POOL_MAX = 10;
/** Third of the crowd: refreshing at the opening second. */
const RUSH = 1 / 3;
const ONSALE_DEADLINE_MS = 100_000;
const SEED = 20261127;

/** @param {NodeJS.CpuUsage} usage */
const cpuSeconds = (usage) => (usage.user + usage.system) / 1e6;

/**
 * VmRSS and VmHWM of a process, in kB (0 when it is gone).
 * @param {number | null} pid
 */
function memoryOf(pid) {
  try {
    const status = readFileSync(`/proc/${pid}/status`, 'utf8');
    const field = (/** @type {string} */ name) =>
      Number(new RegExp(`^${name}:\\s+(\\d+) kB`, 'm').exec(status)?.[1] ?? 0);
    return { rss: field('VmRSS'), hwm: field('VmHWM') };
  } catch {
    return { rss: 0, hwm: 0 };
  }
}

/**
 * CPU seconds a process has used (user + system), 0 when it is gone.
 * @param {number | null} pid
 */
function cpuOf(pid) {
  try {
    const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]?.split(' ') ?? [];
    // utime and stime, fields 14 and 15 of proc(5), in clock ticks (100 a second on Linux).
    return (Number(fields[11]) + Number(fields[12])) / 100;
  } catch {
    return 0;
  }
}

/**
 * @param {{ instances: number, crowd: import('./args.mjs').Crowd }} options
 * @returns {Promise<number>} the exit code: 1 when a target is missed
 */
export async function benchOnsale({ instances, crowd }) {
  const { fans, spreadMs, openAtMs, afterSoldOutMs } = crowd;
  const started = performance.now();
  console.log(
    `Starting the cluster: PostgreSQL primary and standby, ${instances} API instances, HAProxy...`,
  );
  const cluster = await startBenchCluster({
    instances,
    env: { DATABASE_POOL_MAX: String(POOL_MAX) },
    postgresSettings: {},
  });
  try {
    console.log(`Preparing ${fans} fans and a 120-seat high-demand show...`);
    const data = JSON.parse(
      await runDeno(['run', '-A', 'bench/onsale.ts', 'prepare', String(fans)], cluster.env),
    );
    const port = cluster.site.api;
    const agent = new http.Agent({ keepAlive: true, maxSockets: CONNECTIONS });
    /** @type {{ kind: string, status: number }[]} */
    const answers = [];
    /** @type {import('./onsale-fan.mjs').Stage['call']} */
    const call = async (kind, options) => {
      try {
        const answer = await request(agent, port, options);
        answers.push({ kind, status: answer.status });
        return answer;
      } catch {
        answers.push({ kind, status: 0 });
        return { status: 0, headers: {}, body: null, bytes: 0, ms: Number.NaN };
      }
    };

    const pids = cluster.instances.map((i) => ({ name: i.name, pid: i.pid }));
    const memory = pids.map(({ name, pid }) => ({
      name,
      startKb: memoryOf(pid).rss,
      peakKb: 0,
      afterKb: 0,
    }));
    const sample = () =>
      pids.forEach(({ pid }, i) => {
        const m = /** @type {(typeof memory)[0]} */ (memory[i]);
        m.peakKb = Math.max(m.peakKb, memoryOf(pid).rss);
      });
    const sampler = setInterval(sample, 250);
    const cpuAtStart = pids.map(({ pid }) => cpuOf(pid));
    const clientAtStart = process.cpuUsage();

    // The opening, a few seconds ahead, through the owner's own PATCH.
    const firstArrival = Date.now() + 1000;
    const opensAt = firstArrival + openAtMs;
    const patched = await request(agent, port, {
      method: 'PATCH',
      path: `/api/onsale/${data.showId}/`,
      token: data.ownerToken,
      body: { sales_open_at: new Date(opensAt).toISOString(), high_demand: true },
      read: true,
    });
    if (patched.status !== 200) {
      throw new Error(
        `PATCH onsale/${data.showId}/: ${patched.status} ${JSON.stringify(patched.body)}`,
      );
    }

    const random = seeded(SEED);
    const schedule = arrivalSchedule(fans, { spreadMs, openAtMs, rush: RUSH, random });
    let soldSeats = 0;
    /** @type {number | null} */
    let soldOutAt = null;
    let over = false;
    /** @type {() => void} */
    let end = () => {};
    /** @type {Promise<void>} */
    const whenOver = new Promise((resolve) => {
      end = () => {
        over = true;
        resolve();
      };
    });
    const deadline = setTimeout(end, opensAt + ONSALE_DEADLINE_MS - Date.now());
    /** @type {import('./onsale-fan.mjs').Stage} */
    const stage = {
      call,
      showId: data.showId,
      random,
      over: () => over,
      whenOver,
      sold: (seats) => {
        soldSeats += seats;
        if (soldSeats >= data.seats && soldOutAt === null) {
          soldOutAt = Date.now();
          setTimeout(end, afterSoldOutMs);
        }
      },
    };
    console.log(
      `On-sale: ${fans} fans over ${spreadMs / 1000} s, sales open ${openAtMs / 1000} s after the first; ${CONNECTIONS} keep-alive connections`,
    );
    const visits = await Promise.all(
      data.fans.map(async (/** @type {{ id: number, token: string }} */ fan, i) => {
        await new Promise((resolve) =>
          setTimeout(resolve, firstArrival + (schedule[i] ?? 0) - Date.now()),
        );
        return { id: fan.id, ...(await fanVisit(stage, fan.token)) };
      }),
    );
    clearTimeout(deadline);
    end();
    const runEnded = Date.now();
    const cpu = [
      ...pids.map(({ name, pid }, i) => ({ name, seconds: cpuOf(pid) - (cpuAtStart[i] ?? 0) })),
      { name: 'bench client', seconds: cpuSeconds(process.cpuUsage(clientAtStart)) },
    ];
    clearInterval(sampler);
    sample();
    // The API at rest again: what it keeps after the crowd has gone.
    await new Promise((resolve) => setTimeout(resolve, 5000));
    pids.forEach(({ pid }, i) => {
      const m = /** @type {(typeof memory)[0]} */ (memory[i]);
      const { rss, hwm } = memoryOf(pid);
      m.afterKb = rss;
      m.peakKb = Math.max(m.peakKb, hwm);
    });
    agent.destroy();

    const verified = JSON.parse(
      await runDeno(['run', '-A', 'bench/onsale.ts', 'verify', String(data.showId)], cluster.env),
    );
    /** @type {{ u: number, j: number, a: number | null, l: number | null, k: number, s: number }[]} */
    const rows = verified.line;
    const turns = turnsOf(rows);
    const line = new Map(
      rows.map((r, i) => [r.u, { ...r, turn: /** @type {number} */ (turns[i]) }]),
    );
    const opened = Number(verified.opensAt);
    // Fans who arrived after the opening and did not leave before their turn.
    const inLine = visits.flatMap((v) => {
      const row = line.get(v.id);
      if (!row || v.arrival === null) return [];
      if (row.l !== null && (row.a === null || row.l < row.a)) return [];
      return [{ arrival: v.arrival, row }];
    });
    const afterOpening = inLine
      .filter(({ arrival }) => arrival >= opened)
      .map(({ arrival, row }) => ({ arrival, turn: row.turn }));
    const fairness = outOfOrder(afterOpening);
    // The same pairs, less those sent within a second of each other: what a fan could notice.
    const fairnessApart = outOfOrder(afterOpening, 1000);
    const fairnessServer = outOfOrder(
      inLine
        .filter(({ row }) => row.j >= opened)
        .map(({ row }) => ({ arrival: row.j, turn: row.turn })),
    );
    const admittedAt = verified.line.flatMap((/** @type {any} */ r) => (r.a === null ? [] : [r.a]));
    /** @type {Map<number, number>} */
    const batches = new Map();
    for (const a of admittedAt) batches.set(a, (batches.get(a) ?? 0) + 1);
    /** @type {Record<string, number>} */
    const outcomes = {};
    for (const v of visits) outcomes[v.outcome] = (outcomes[v.outcome] ?? 0) + 1;

    /** @type {import('./onsale-stats.mjs').OnsaleRun} */
    const run = {
      fans,
      spreadMs,
      openAtMs,
      seats: data.seats,
      answers,
      firstAnswerMs: visits.flatMap((v) =>
        v.firstAnswerMs === null || Number.isNaN(v.firstAnswerMs) ? [] : [v.firstAnswerMs],
      ),
      verified,
      fairness,
      fairnessServer,
      fairnessApart,
      admitted: admittedAt.length,
      // Over the sale: from the opening to the end of the run.
      admittedPerSecond: admittedAt.length / Math.max(0.001, (runEnded - opened) / 1000),
      largestBatch: Math.max(0, ...batches.values()),
      batches: [...batches].map(([at, n]) => ({ atMs: at - opened, fans: n })),
      leavesAfterAdmission: rows.flatMap((r) =>
        r.a !== null && r.l !== null ? [r.l - opened] : [],
      ),
      soldOutAtMs: soldOutAt === null ? null : soldOutAt - opened,
      outcomes,
      memory,
      cpu,
      statements: verified.statements ?? [],
      instances,
      seconds: (runEnded - firstArrival) / 1000,
    };
    const targets = onsaleTargets(run);
    const lines = ['', ...onsaleTable(run), '', ...statementsTable(run.statements)];
    for (const l of [...lines, '', ...verdicts(targets)]) console.log(l);
    console.log(
      `(${os.cpus().length} CPUs, ${os.cpus()[0]?.model ?? 'unknown CPU'}, Node ${process.version}; PostgreSQL pool ${POOL_MAX} per instance; fans giving up: ${BEHAVIOUR.impatient * 100} % while waiting, ${BEHAVIOUR.lapse * 100} % once admitted, ${BEHAVIOUR.letGo * 100} % after holding; whole bench ${((performance.now() - started) / 1000).toFixed(0)} s)`,
    );
    return targets.every(([, ok]) => ok) ? 0 : 1;
  } finally {
    await cluster.stop();
  }
}
