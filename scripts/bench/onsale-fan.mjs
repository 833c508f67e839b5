// One fan of the on-sale bench (scripts/bench/onsale.mjs), as a person uses the waiting room
// (docs/decisions/0031-on-sale-waiting-room.md): joins the line at their arrival, polls their
// place at the pace the answer asks (poll_after_seconds, as mfe-user's page does) until admitted
// or the line says it is sold out, pauses to choose, holds 1 to 4 seats from the current seat map
// with the admission token, pays.
// Some give up: leave the line after a while, let the admission lapse, or let go of their hold.
import { randomUUID } from 'node:crypto';
import { pickSeats, seatsWanted } from './onsale-stats.mjs';
import { allowedAlone, PICK_AGAIN } from './seat-choice.mjs';

/** Shares of fans who give up at each step, and the pauses of a person (ms). */
export const BEHAVIOUR = /** @type {const} */ ({
  /** Leave the line when the wait passes their patience (20 to 60 s). */
  impatient: 0.1,
  /** Admitted, but never come back to choose (the admission lapses after its minutes). */
  lapse: 0.05,
  /** Hold, then change their mind and let the seats go. */
  letGo: 0.05,
  thinkMs: [2000, 8000],
  payMs: [1000, 3000],
  /** Seat maps tried when the seats picked were taken meanwhile or would strand a seat. */
  tries: 3,
});

/**
 * @typedef {{
 *   call: (kind: string, options: import('./http.mjs').BenchRequest) =>
 *     Promise<import('./http.mjs').BenchAnswer>,
 *   showId: number, random: () => number,
 *   over: () => boolean, whenOver: Promise<void>,
 *   sold: (seats: number) => void,
 * }} Stage what every fan shares: the client, the show, the end of the run, the seats sold
 * @typedef {{ arrival: number | null, firstAnswerMs: number | null, outcome: string }} FanResult
 *   arrival: Date.now() when the join was sent
 */

/**
 * Resolves after `ms`, or at once when the run is over.
 * @param {number} ms
 * @param {Promise<void>} whenOver
 */
const pause = (ms, whenOver) =>
  Promise.race([new Promise((resolve) => setTimeout(resolve, ms)), whenOver]);

/**
 * @param {readonly [number, number]} range
 * @param {() => number} random
 */
const between = ([lo, hi], random) => lo + random() * (hi - lo);

/**
 * One fan's visit, from joining the line to paying or giving up.
 * @param {Stage} stage
 * @param {string} token the fan's access token
 * @returns {Promise<FanResult>}
 */
export async function fanVisit(stage, token) {
  const { call, showId, random, whenOver } = stage;
  const line = `/api/onsale/${showId}/line/`;
  const arrival = Date.now();
  let answer = await call('POST line', { method: 'POST', path: line, token, read: true });
  const result = { arrival, firstAnswerMs: answer.ms, outcome: '' };
  if (answer.status !== 200) return { ...result, outcome: `were refused at the door` };
  const patience =
    random() < BEHAVIOUR.impatient ? between([20_000, 60_000], random) : Number.POSITIVE_INFINITY;
  const leave = async (/** @type {string} */ outcome) => {
    await call('DELETE line', { method: 'DELETE', path: line, token });
    return { ...result, outcome };
  };

  while (answer.body?.status === 'waiting') {
    if (stage.over()) return { ...result, outcome: 'were still waiting at the end' };
    // As mfe-user's page does: a sold-out line is not polled (the page offers the waitlist).
    if (answer.body.sold_out) return { ...result, outcome: 'found the line sold out' };
    if (Date.now() - arrival > patience) return await leave('left the line while waiting');
    await pause((answer.body.poll_after_seconds ?? 5) * 1000, whenOver);
    if (stage.over()) return { ...result, outcome: 'were still waiting at the end' };
    answer = await call('GET line', { path: line, token, read: true });
    if (answer.status !== 200) return { ...result, outcome: `lost their place (${answer.status})` };
  }
  if (answer.body?.status !== 'admitted') {
    return { ...result, outcome: `ended ${answer.body?.status ?? 'without an answer'}` };
  }
  if (random() < BEHAVIOUR.lapse) return { ...result, outcome: 'let the admission lapse' };
  const admission = answer.body.admission_token;
  const wanted = seatsWanted(random());

  for (let attempt = 0; attempt < BEHAVIOUR.tries; attempt++) {
    await new Promise((resolve) =>
      setTimeout(resolve, between(attempt === 0 ? BEHAVIOUR.thinkMs : [500, 1500], random)),
    );
    const map = await call('GET seats', { path: `/api/shows/${showId}/seats/`, token, read: true });
    if (map.status !== 200) return await leave(`left without a seat map (${map.status})`);
    // Seats side by side that leave no single seat stranded (decision 0045), as the seat page
    // lets a person choose.
    const seats = pickSeats(map.body, wanted, random(), (ids) => allowedAlone(map.body, ids));
    if (seats.length === 0) return await leave('found it sold out and left');
    const hold = await call('POST holds', {
      method: 'POST',
      path: '/api/holds/',
      token,
      body: { show_id: showId, seat_ids: seats, admission_token: admission },
      read: true,
    });
    if (hold.status === 409 && PICK_AGAIN.has(hold.body?.code)) continue;
    if (hold.status !== 201) return await leave(`were refused a hold (${hold.status})`);
    const holdPath = `/api/holds/${hold.body.id}/`;
    if (random() < BEHAVIOUR.letGo) {
      await new Promise((resolve) => setTimeout(resolve, between(BEHAVIOUR.payMs, random)));
      await call('DELETE hold', { method: 'DELETE', path: holdPath, token });
      return await leave('held, then let the seats go');
    }
    await new Promise((resolve) => setTimeout(resolve, between(BEHAVIOUR.payMs, random)));
    const paid = await call('POST confirm', {
      method: 'POST',
      path: `${holdPath}confirm/`,
      token,
      headers: { 'Idempotency-Key': randomUUID() },
      read: true,
    });
    if (paid.status !== 201)
      return { ...result, outcome: `held but could not pay (${paid.status})` };
    stage.sold(paid.body?.tickets?.length ?? seats.length);
    return { ...result, outcome: 'bought' };
  }
  return await leave('gave up after being refused their seats three times');
}
