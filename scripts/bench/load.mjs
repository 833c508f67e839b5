// The phases of `npm run bench` (scripts/bench.mjs): steady load on one path, a race of
// customers for a show's seats, and viewers of its seat stream during such a race.
import http from 'node:http';
import { request, runDeno } from './http.mjs';
import { nextSeat, PICK_AGAIN } from './seat-choice.mjs';
import { percentile, spread } from './stats.mjs';

/** @typedef {{ name: string, rps: number, p50: number, p99: number, errors: number }} LoadRun */

/** What a browser asks for (Chromium's Accept-Encoding): the API answers large bodies in Brotli. */
export const BROWSER_ACCEPT_ENCODING = 'gzip, deflate, br, zstd';

/**
 * `connections` loops of back-to-back requests, alternating between `ports` (the API
 * instances): `warmupSeconds`, then `seconds` measured. `ok` is the status that counts as a
 * success. Each request says what it accepts as a browser does, unless `headers` names its own
 * Accept-Encoding (`identity`: bodies as they are).
 * @param {string} name
 * @param {number[]} ports
 * @param {string} path
 * @param {{ token?: string, headers?: Record<string, string>, ok?: number,
 *   connections: number, seconds: number, warmupSeconds: number }} options
 * @returns {Promise<LoadRun>}
 */
export async function load(
  name,
  ports,
  path,
  { token, headers, ok = 200, connections, seconds, warmupSeconds },
) {
  const agent = new http.Agent({ keepAlive: true, maxSockets: connections * ports.length });
  /** @type {number[]} */
  const latencies = [];
  let errors = 0;
  let measuring = false;
  let done = false;
  let sent = 0;
  const loop = async () => {
    while (!done) {
      const port = /** @type {number} */ (ports[sent++ % ports.length]);
      const { status, ms } = await request(agent, port, {
        path,
        token,
        headers: { 'Accept-Encoding': BROWSER_ACCEPT_ENCODING, ...headers },
      });
      if (!measuring) continue;
      if (status !== ok) errors++;
      latencies.push(ms);
    }
  };
  const loops = Array.from({ length: connections }, loop);
  await new Promise((resolve) => setTimeout(resolve, warmupSeconds * 1000));
  measuring = true;
  const started = process.hrtime.bigint();
  await new Promise((resolve) => setTimeout(resolve, seconds * 1000));
  measuring = false;
  const elapsed = Number(process.hrtime.bigint() - started) / 1e9;
  done = true;
  await Promise.all(loops);
  agent.destroy();
  return { name, rps: latencies.length / elapsed, ...spread(latencies), errors };
}

/**
 * @typedef {{ seconds: number, customers: number, holds: number[], retries: number,
 *   nothingLeft: number, confirms: number[], servedBy: (string | null)[] }} RaceResult holds:
 *   every POST holds/ answer, retries included; retries: holds sent for another seat after a
 *   refusal; nothingLeft: refused racers whose fresh seat map had no seat left for one (see race)
 */

/**
 * Holds a racer sends at most: the one wanted, then other seats while the map shows one. Five,
 * not the on-sale fan's three (bench/onsale-fan.mjs): with three, one or two racers of 200 gave
 * up with a seat still free in about one run of three, failing the check that every seat sells.
 */
export const RACE_TRIES = 5;

/**
 * Every racer (one per token) holds one seat (two racers per seat) and pays for it, all at
 * once. With several instances, racer i holds through one and pays through the next. With
 * `spreadMs` the racers arrive over that long instead, two at a time for the same seat. A racer
 * told the seat is taken or would strand a neighbour (409 seats_unavailable, seat_stranded:
 * decision 0045's rule) re-reads the seat map and holds the nearest seat the rules allow, as a
 * person would (never one it was told is taken): a retry, at most RACE_TRIES holds in all. A request that gets no answer at all
 * counts as status 0; `servedBy` is the instance behind a balancer that answered each.
 * @param {number[]} ports
 * @param {number} showId
 * @param {number[]} seats
 * @param {string[]} tokens
 * @returns {Promise<RaceResult>}
 */
export async function race(ports, showId, seats, tokens, { spreadMs = 0 } = {}) {
  const agent = new http.Agent({ keepAlive: true, maxSockets: tokens.length });
  /** @type {number[]} */
  const holds = [];
  /** @type {number[]} */
  const confirms = [];
  /** @type {(string | null)[]} */
  const servedBy = [];
  let retries = 0;
  let nothingLeft = 0;
  /**
   * @param {number} port
   * @param {import('./http.mjs').BenchRequest} options
   */
  const send = (port, options) =>
    request(agent, port, options).then(
      (answer) => {
        servedBy.push(/** @type {string | undefined} */ (answer.headers['x-served-by']) ?? null);
        return answer;
      },
      () => ({ status: 0, body: null }),
    );
  const at = (/** @type {number} */ i) => /** @type {number} */ (ports[i % ports.length]);
  const started = process.hrtime.bigint();
  await Promise.all(
    tokens.map(async (token, i) => {
      let seat = seats[i % seats.length];
      if (spreadMs) {
        seat = seats[Math.floor(i / 2) % seats.length];
        await new Promise((resolve) => setTimeout(resolve, (i * spreadMs) / tokens.length));
      }
      /** @type {import('./http.mjs').BenchAnswer | { status: number, body: any }} */
      let held = { status: 0, body: null };
      // Seats this racer was told are taken: a person does not pick them again, whatever a map
      // read a moment later still shows (a map may be up to a second behind: decision 0030).
      /** @type {Set<unknown>} */
      const refused = new Set();
      for (let attempt = 0; attempt < RACE_TRIES && seat !== undefined; attempt++) {
        if (attempt > 0) {
          const map = await send(at(i), { path: `/api/shows/${showId}/seats/`, token, read: true });
          if (map.status !== 200) return;
          const seen = map.body.map((/** @type {any} */ s) =>
            refused.has(s.id) && s.status === 'available' ? { ...s, status: 'held' } : s,
          );
          const next = nextSeat(seen, seat);
          if (next === null) {
            nothingLeft++;
            return;
          }
          seat = next;
          retries++;
        }
        held = await send(at(i), {
          method: 'POST',
          path: '/api/holds/',
          token,
          body: { show_id: showId, seat_ids: [seat] },
          read: true,
        });
        holds.push(held.status);
        if (held.status !== 409 || !PICK_AGAIN.has(held.body?.code)) break;
        if (held.body?.code === 'seats_unavailable') refused.add(seat);
      }
      if (held.status !== 201) return;
      const paid = await send(at(i + 1), {
        method: 'POST',
        path: `/api/holds/${held.body.id}/confirm/`,
        token,
        headers: { 'Idempotency-Key': `bench-${showId}-${i}` },
      });
      confirms.push(paid.status);
    }),
  );
  const seconds = Number(process.hrtime.bigint() - started) / 1e9;
  agent.destroy();
  return { seconds, customers: tokens.length, holds, retries, nothingLeft, confirms, servedBy };
}

/** Wall-clock milliseconds with sub-millisecond precision (comparable with PostgreSQL's clock). */
const wallNow = () => performance.timeOrigin + performance.now();

/**
 * One viewer of a show's seat events, the way the apps read them: fetch streaming with the
 * Authorization header. Records when each `seats` event arrived (by event id); `ready` resolves
 * once the stream's opening `ready` event is in. A stream the server ends (an instance shutting
 * down says `bye` with a short `retry:`) is resumed after that wait from the last event id, as
 * the apps do; `servedBy` is the instance behind a balancer of each connection.
 * @param {number} port
 * @param {number} showId
 * @param {string} token
 */
export function openViewer(port, showId, token) {
  const controller = new AbortController();
  /** @type {Map<number, number>} */
  const arrivals = new Map();
  /** @type {(string | null)[]} */
  const servedBy = [];
  /** @type {number | null} */
  let lastId = null;
  let retryMs = 2000;
  /** @type {(id: number) => void} */
  let markReady = () => {};
  /** @type {Promise<number>} */
  const ready = new Promise((resolve, reject) => {
    markReady = resolve;
    setTimeout(() => reject(new Error('no ready event within 30 s')), 30_000).unref();
  });
  const pause = (/** @type {number} */ ms) =>
    new Promise((resolve) => {
      const timer = setTimeout(resolve, ms);
      controller.signal.addEventListener('abort', () => {
        clearTimeout(timer);
        resolve(undefined);
      });
    });
  const done = (async () => {
    while (!controller.signal.aborted) {
      /** @type {Record<string, string>} */
      const headers = { Authorization: `Bearer ${token}` };
      if (lastId !== null) headers['Last-Event-ID'] = String(lastId);
      const res = await fetch(`http://127.0.0.1:${port}/api/shows/${showId}/seats/events/`, {
        headers,
        signal: controller.signal,
      });
      if (res.status !== 200 || !res.body) throw new Error(`seat events answered ${res.status}`);
      servedBy.push(res.headers.get('x-served-by'));
      const decoder = new TextDecoder();
      let buffer = '';
      for await (const chunk of res.body) {
        const at = wallNow();
        buffer += decoder.decode(chunk, { stream: true });
        let end = buffer.indexOf('\n\n');
        while (end !== -1) {
          const frame = buffer.slice(0, end);
          buffer = buffer.slice(end + 2);
          end = buffer.indexOf('\n\n');
          const id = /^id: (\d+)$/m.exec(frame)?.[1];
          const retry = /^retry: (\d+)$/m.exec(frame)?.[1];
          if (retry) retryMs = Number(retry);
          if (id) lastId = Number(id);
          if (/^event: ready$/m.test(frame)) markReady(Number(id));
          else if (id && /^event: seats$/m.test(frame)) arrivals.set(Number(id), at);
        }
      }
      await pause(retryMs);
    }
  })().catch((error) => {
    if (error.name !== 'AbortError') throw error;
  });
  return { ready, arrivals, servedBy, done, close: () => controller.abort() };
}

/**
 * @typedef {{ streamShowId: number, streamSeatIds: number[], raceTokens: string[],
 *   viewerTokens: string[] }} StreamData the part of api/bench/prepare.ts's answer used here
 */

/**
 * A viewer per viewer token on the show, then the race on it; every change's latency from its
 * commit to each viewer's receipt. Commit times are PostgreSQL's (track_commit_timestamp) when
 * the server keeps them; else seat_events.created_at, the writing request's clock when it
 * began, which counts the transaction's own time (lock waits included) as latency too.
 * `during(t0)` runs alongside the race (the cluster's restart).
 * @template R
 * @param {number[]} ports
 * @param {StreamData} data
 * @param {Record<string, string>} env the Deno tools' (DATABASE_URL)
 * @param {{ spreadMs?: number, during?: ((t0: number) => Promise<R>) | false | null }} [options]
 */
export async function streamingRace(ports, data, env, { spreadMs = 0, during } = {}) {
  const viewers = data.viewerTokens.map((token, i) =>
    openViewer(/** @type {number} */ (ports[i % ports.length]), data.streamShowId, token),
  );
  const readyIds = await Promise.all(viewers.map((v) => v.ready));
  const firstServedBy = viewers.map((v) => v.servedBy[0]);
  const raced = race(ports, data.streamShowId, data.streamSeatIds, data.raceTokens, { spreadMs });
  const restart = during ? during(performance.now()) : undefined;
  const contest = await raced;
  const restarted = await restart;
  /** @type {{ rows: { id: number, committed_at: number }[], clock: string }} */
  const events = JSON.parse(
    await runDeno(['run', '-A', 'bench/prepare.ts', 'events', String(data.streamShowId)], env),
  );
  const expected = events.rows.filter((e) => e.id > Math.max(...readyIds));
  const last = expected.at(-1)?.id;
  // Every viewer has the last change, or 5 s have passed.
  const deadline = Date.now() + 5000;
  while (
    Date.now() < deadline &&
    !viewers.every((v) => last === undefined || v.arrivals.has(last))
  ) {
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  for (const v of viewers) v.close();
  await Promise.all(viewers.map((v) => v.done));
  /** @type {number[]} */
  const latencies = [];
  // Split by whether the viewer's stream was ended by a restart and resumed (the cluster's).
  /** @type {{ steady: number[], resumed: number[] }} */
  const byViewer = { steady: [], resumed: [] };
  let missing = 0;
  for (const e of expected) {
    for (const v of viewers) {
      const at = v.arrivals.get(e.id);
      if (at === undefined) missing++;
      else {
        latencies.push(at - e.committed_at);
        byViewer[v.servedBy.length > 1 ? 'resumed' : 'steady'].push(at - e.committed_at);
      }
    }
  }
  latencies.sort((a, b) => a - b);
  return {
    contest,
    restart: restarted,
    firstServedBy,
    reconnects: viewers.reduce((n, v) => n + v.servedBy.length - 1, 0),
    steady: spread(byViewer.steady),
    resumed: spread(byViewer.resumed),
    viewers: viewers.length,
    events: expected.length,
    deliveries: latencies.length,
    missing,
    clock: events.clock,
    p50: percentile(latencies, 50),
    p99: percentile(latencies, 99),
    max: latencies.at(-1),
  };
}
