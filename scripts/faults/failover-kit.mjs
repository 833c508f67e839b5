// What the failover fault tests share (failover.test.mjs, onsale-failover.test.mjs): the cluster
// of `npm run cluster` without the static sites or backups, a client that retries as the apps'
// client does and keeps every answer, and the figures both assert on (when writes were served
// again, the bookings the new primary has, the 5xx that are not a 503 with Retry-After).
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { after } from 'node:test';
import { BIN } from '../apps.mjs';
import { startCluster } from '../cluster/cluster.mjs';
import { findHaproxy } from '../cluster/haproxy.mjs';
import { findPgAutoctl } from '../pg-auto-failover.mjs';
import { freePort, postgresInstalled, psql } from '../postgres.mjs';

const DENO = path.join(BIN, 'deno');
/** Writes are served again within this long after the primary is lost. */
export const RECOVERY_TARGET_MS = 15_000;

export const sleep = (/** @type {number} */ ms) =>
  new Promise((resolve) => setTimeout(resolve, ms));

/** Why the failover tests cannot run here, or false. */
export function failoverSkip() {
  return !existsSync(DENO)
    ? `Deno is not installed at ${DENO} (npm ci)`
    : !findHaproxy()
      ? 'HAProxy is not installed (apt-get install -y haproxy)'
      : !findPgAutoctl()
        ? 'pg_auto_failover is not installed (apt-get install -y postgresql-15-auto-failover pg-auto-failover-cli)'
        : !postgresInstalled()
          ? 'PostgreSQL server binaries are not installed (apt-get install -y postgresql)'
          : false;
}

/**
 * The cluster of one test file: scripts/cluster/cluster.mjs with two instances, HAProxy on a free
 * API port, no frontends, no backups, quiet, in a temp dir named by `prefix`; both stopped and
 * removed after the file's tests. Returns the function that starts it (`env`: extra environment
 * of the instances; `more`: more of startCluster's options, e.g. `prometheus`).
 * @param {string} prefix
 */
export function failoverCluster(prefix) {
  const tmp = mkdtempSync(path.join(os.tmpdir(), prefix));
  /** @type {Awaited<ReturnType<typeof startCluster>> | undefined} */
  let cluster;
  after(async () => {
    await cluster?.stop();
    rmSync(tmp, { recursive: true, force: true });
  });
  return async (
    /** @type {Record<string, string>} */ env = {},
    /** @type {Partial<Parameters<typeof startCluster>[0]>} */ more = {},
  ) => {
    cluster = await startCluster({
      instances: 2,
      frontends: false,
      site: { api: await freePort() },
      backups: false,
      quiet: true,
      releasesDir: path.join(tmp, 'releases'),
      env,
      ...more,
    });
    return cluster;
  };
}

/**
 * @typedef {{ kind: string, status: number, retryAfter: string | null, start: number,
 *   end: number, who: number }} Answer one answer (ms since the client was made; status 0: none)
 * @typedef {{ status: number, body: any, start: number, end: number }} Final
 */

/**
 * A client that keeps every answer and retries a call on 503 (after its Retry-After, at most
 * 5 s) and on no answer (after 0.5 s), as the apps' client does, for at most `giveUpMs`.
 * @param {{ giveUpMs: number }} options
 */
export function retryingClient({ giveUpMs }) {
  /** @type {Answer[]} */
  const answers = [];
  const t0 = performance.now();
  const now = () => performance.now() - t0;
  /**
   * @param {string} kind
   * @param {string} url
   * @param {RequestInit} init
   * @param {number} who the customer
   * @returns {Promise<Final>} the last answer
   */
  async function call(kind, url, init, who) {
    const giveUp = now() + giveUpMs;
    for (;;) {
      const start = now();
      let status = 0;
      let retryAfter = null;
      let body = null;
      try {
        const res = await fetch(url, { ...init, signal: AbortSignal.timeout(30_000) });
        status = res.status;
        retryAfter = res.headers.get('retry-after');
        body = await res.json().catch(() => null);
      } catch {}
      const end = now();
      answers.push({ kind, status, retryAfter, start, end, who });
      if ((status === 503 || status === 0) && now() < giveUp) {
        await sleep(status === 503 && retryAfter ? Math.min(Number(retryAfter) * 1000, 5000) : 500);
        continue;
      }
      return { status, body, start, end };
    }
  }
  return { answers, now, call };
}

/**
 * Ms from `killedAt` to the end of the first call of `kinds` begun after it that the database
 * answered (2xx, or a 4xx but 429: it looked and said no); Infinity when none.
 * @param {Answer[]} answers
 * @param {number} killedAt
 * @param {string[]} kinds
 */
export function servedAgainAfter(answers, killedAt, kinds) {
  const served = answers
    .filter(
      (a) => kinds.includes(a.kind) && a.start >= killedAt && a.status >= 200 && a.status < 500,
    )
    .filter((a) => a.status !== 429)
    .sort((a, b) => a.end - b.end)[0];
  return served ? served.end - killedAt : Number.POSITIVE_INFINITY;
}

/**
 * The show's live bookings on `primary`: booking id -> seat id.
 * @param {{ port: number } | null | undefined} primary
 * @param {number} showId
 */
export async function liveBookings(primary, showId) {
  const rows = primary
    ? await psql(
        primary.port,
        `select id, seat_id from bookings where show_id = ${Number(showId)} and not is_cancelled`,
      )
    : [];
  return new Map(rows.map((row) => /** @type {[number, number]} */ (row.split('|').map(Number))));
}

/**
 * What an operator reads of the answers: the 5xx that are not a 503 with Retry-After, the calls
 * with no answer, the slowest answer, and a one-line count by status.
 * @param {Answer[]} answers
 */
export function answerFigures(answers) {
  const bad = answers.filter((a) => a.status >= 500 && (a.status !== 503 || !a.retryAfter));
  const noAnswer = answers.filter((a) => a.status === 0);
  const slowest = Math.max(0, ...answers.map((a) => a.end - a.start));
  /** @type {Map<number, number>} */
  const counts = new Map();
  for (const a of answers) counts.set(a.status, (counts.get(a.status) ?? 0) + 1);
  const byStatus = [...counts]
    .sort(([a], [b]) => a - b)
    .map(([status, n]) => `${status || 'no answer'} ${n}`)
    .join(', ');
  return {
    bad: bad.map((a) => `${a.kind} ${a.status} retry-after ${a.retryAfter}`),
    noAnswer: noAnswer.length,
    summary:
      `answers: ${answers.length} (${byStatus}); slowest ${(slowest / 1000).toFixed(1)} s` +
      // Which calls went unanswered and when: where to look when one did.
      noAnswer
        .map((a) => `; no answer: ${a.kind} sent at ${(a.start / 1000).toFixed(1)} s`)
        .join(''),
  };
}
