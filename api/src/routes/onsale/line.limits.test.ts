// What one account can do a thousand times to a waiting line (onsale/limits.ts): after its first
// join, each join or leave that changes its place is counted, 10 per show in 10 minutes and 60
// across shows in an hour; past that a 429 with Retry-After that writes nothing. A join that
// answers the same place (a reload) is never counted nor refused.
import assert from 'node:assert/strict';
import { logWrites } from '../../onsale/limits.testing.ts';
import { setSale } from '../../onsale/testing.ts';
import { type Account, type BookingTestApp, createBookingTestApp } from '../../testing/booking.ts';

const MINUTE = 60_000;
const TOO_MANY_LINE_CHANGES =
  'Too many changes to your place in this line. Please wait {minutes} and try again.';

/** A show with a high-demand sale opening in 30 minutes, the clock where its line just opened. */
async function openLine(t: BookingTestApp) {
  const { show, movie, theater } = await t.scenario({ rows: 1, seatsPerRow: 2 });
  const opensAt = new Date(t.clock().getTime() + 30 * MINUTE);
  await setSale(t.db, show.id, { salesOpenAt: opensAt, highDemand: true });
  t.clock.set(new Date(opensAt.getTime() - 10 * MINUTE + 1000));
  return { show, movie, theater, opensAt };
}

async function call(t: BookingTestApp, method: 'POST' | 'DELETE', showId: number, who: Account) {
  const res = await t.request(method, `/api/onsale/${showId}/line/`, { token: who.token });
  const body = res.status === 204 ? null : await res.json();
  return { status: res.status, body, retryAfter: res.headers.get('Retry-After') };
}

/** Leaves and joins in turn, a second apart, `times` requests, each one changing the place. */
async function churn(t: BookingTestApp, showId: number, who: Account, times: number) {
  for (let i = 0; i < times; i++) {
    const res = await call(t, i % 2 === 0 ? 'DELETE' : 'POST', showId, who);
    assert.ok(res.status === 200 || res.status === 204, `change ${i + 1}: ${res.status}`);
    t.clock.advance(1000);
  }
}

async function lineRow(t: BookingTestApp, showId: number, who: Account) {
  const [row] = await t.db.query`
    SELECT * FROM sale_line WHERE show_id = ${showId} AND user_id = ${who.id}`;
  return row;
}

Deno.test('churning leave and join: 10 changes in 10 minutes, then 429 with Retry-After and nothing written', async () => {
  await using t = await createBookingTestApp({ config: { onsaleAdmitMargin: 0 } });
  const { show } = await openLine(t);
  const [ana, bea] = await t.customers(2);
  assert.ok(ana && bea);
  await using writes = await logWrites(t.db, 'sale_line');

  assert.equal((await call(t, 'POST', show.id, ana)).body.status, 'waiting');
  t.clock.advance(1000);
  await churn(t, show.id, ana, 10); // leave, join, ... join: ten changes, ten seconds
  assert.equal(await writes.count(ana.id), 11);
  const before = await lineRow(t, show.id, ana);
  assert.equal(before?.left_at, null, 'in line');
  const { place } = await (await t.get(`/api/onsale/${show.id}/line/`, ana.token)).json();

  const refused = await call(t, 'DELETE', show.id, ana);
  assert.equal(refused.status, 429);
  assert.equal(refused.retryAfter, String(10 * 60 - 10));
  const detail = TOO_MANY_LINE_CHANGES.replace('{minutes}', '10 minutes');
  assert.deepEqual(refused.body, { detail, error: detail, code: 'too_many_requests' });
  assert.deepEqual(await lineRow(t, show.id, ana), before, 'the place is unchanged');
  assert.equal(await writes.count(ana.id), 11, 'the refused leave wrote nothing');

  // Reloading the waiting room joins again: the same place, never counted nor refused.
  for (let i = 0; i < 50; i++) {
    const res = await call(t, 'POST', show.id, ana);
    assert.equal(res.status, 200, `reload ${i + 1}`);
    assert.equal(res.body.place, place);
  }
  assert.deepEqual(await lineRow(t, show.id, ana), before);
  assert.equal(await writes.count(ana.id), 11);

  // Another account is not affected.
  assert.equal((await call(t, 'POST', show.id, bea)).body.status, 'waiting');
  assert.equal((await call(t, 'DELETE', show.id, bea)).status, 204);
  assert.equal(await writes.count(bea.id), 2);

  // Once the first change leaves the window, the account may change its place again.
  t.clock.advance(10 * 60_000 - 10_000 - 1000);
  assert.equal((await call(t, 'DELETE', show.id, ana)).status, 429);
  t.clock.advance(1000);
  assert.equal((await call(t, 'DELETE', show.id, ana)).status, 204);
  assert.ok((await lineRow(t, show.id, ana))?.left_at instanceof Date, 'left');
  assert.equal(await writes.count(ana.id), 12);
  // Leaving again changes nothing: answered, not counted.
  assert.equal((await call(t, 'DELETE', show.id, ana)).status, 204);
  assert.equal(await writes.count(ana.id), 12);
});

Deno.test('joins that keep the place are not counted: after 50 reloads, ten changes are still allowed', async () => {
  await using t = await createBookingTestApp({ config: { onsaleAdmitMargin: 0 } });
  const { show } = await openLine(t);
  const [bea] = await t.customers(1);
  assert.ok(bea);
  await using writes = await logWrites(t.db, 'sale_line');
  for (let i = 0; i < 50; i++) {
    const res = await call(t, 'POST', show.id, bea);
    assert.equal(res.status, 200);
    assert.equal(res.body.place, 1);
  }
  assert.equal(await writes.count(bea.id), 1, 'one place, written once');
  t.clock.advance(1000);
  await churn(t, show.id, bea, 10);
  assert.equal((await call(t, 'DELETE', show.id, bea)).status, 429);
  assert.equal(await writes.count(bea.id), 11);
});

Deno.test('joining again after an admission ran out counts as a change', async () => {
  await using t = await createBookingTestApp({ config: { onsaleAdmitMargin: 0 } });
  const { show } = await openLine(t);
  const [ana] = await t.customers(1);
  assert.ok(ana);
  assert.equal((await call(t, 'POST', show.id, ana)).status, 200);
  const expire = () => t.db.query`
    UPDATE sale_line SET admitted_at = ${new Date(t.clock().getTime() - 6 * MINUTE)},
                         admitted_until = ${new Date(t.clock().getTime() - MINUTE)}
     WHERE show_id = ${show.id} AND user_id = ${ana.id}`;
  for (let i = 0; i < 10; i++) {
    t.clock.advance(1000);
    await expire(); // set by hand: sales have not opened, so nobody is admitted
    const again = await call(t, 'POST', show.id, ana);
    assert.equal(again.body.status, 'waiting', `join again ${i + 1}`);
  }
  t.clock.advance(1000);
  await expire();
  const before = await lineRow(t, show.id, ana);
  const refused = await call(t, 'POST', show.id, ana);
  assert.equal(refused.status, 429);
  assert.equal(refused.retryAfter, String(10 * 60 - 10));
  assert.deepEqual(await lineRow(t, show.id, ana), before, 'still the admission that ran out');
});

Deno.test('an account changes its places in lines at most 60 times an hour across shows', async () => {
  await using t = await createBookingTestApp({ config: { onsaleAdmitMargin: 0 } });
  const { show, movie, theater, opensAt } = await openLine(t);
  const shows = [show];
  for (let i = 1; i <= 6; i++) {
    const more = await t.show(movie, theater, {
      startsAt: new Date(show.startsAt.getTime() + i * 3 * 3600_000),
    });
    await setSale(t.db, more.id, { salesOpenAt: opensAt, highDemand: true });
    shows.push(more);
  }
  const [ana, bea] = await t.customers(2);
  assert.ok(ana && bea);
  let firstChange: number | null = null;
  for (const one of shows.slice(0, 6)) {
    assert.equal((await call(t, 'POST', one.id, ana)).status, 200);
    t.clock.advance(1000);
    firstChange ??= t.clock().getTime();
    await churn(t, one.id, ana, 10);
  }
  const last = shows[6];
  assert.ok(last && firstChange);
  await using writes = await logWrites(t.db, 'sale_line');
  // A first join is not counted; its first change is the 61st of the hour.
  assert.equal((await call(t, 'POST', last.id, ana)).body.status, 'waiting');
  const refused = await call(t, 'DELETE', last.id, ana);
  assert.equal(refused.status, 429);
  const wait = 60 * 60 - (t.clock().getTime() - firstChange) / 1000;
  assert.equal(refused.retryAfter, String(wait));
  const minutes = Math.ceil(wait / 60);
  const detail = `Too many changes to your places in waiting lines and waitlists. Please wait ${minutes} minutes and try again.`;
  assert.deepEqual(refused.body, { detail, error: detail, code: 'too_many_requests' });
  assert.equal(await writes.count(), 1, 'the first join only');
  assert.equal((await lineRow(t, last.id, ana))?.left_at, null, 'still in the line');
  assert.equal((await call(t, 'POST', last.id, bea)).status, 200);
  assert.equal((await call(t, 'DELETE', last.id, bea)).status, 204);
});

Deno.test('20 leaves and joins of one account at once never pass the limit together', async () => {
  await using t = await createBookingTestApp({ config: { onsaleAdmitMargin: 0 } });
  const { show } = await openLine(t);
  const [ana] = await t.customers(1);
  assert.ok(ana);
  await using writes = await logWrites(t.db, 'sale_line');
  assert.equal((await call(t, 'POST', show.id, ana)).status, 200);
  t.clock.advance(1000);
  await churn(t, show.id, ana, 5); // five changes: five left in the window, and ana has left

  const answers = await Promise.all(
    Array.from({ length: 20 }, (_, i) => call(t, i % 2 === 0 ? 'POST' : 'DELETE', show.id, ana)),
  );
  const statuses = answers.map((a) => a.status);
  assert.ok(
    statuses.every((s) => s === 200 || s === 204 || s === 429),
    statuses.join(','),
  );
  assert.ok(statuses.includes(429), statuses.join(','));
  assert.ok(
    answers.every((a) => a.status !== 429 || Number(a.retryAfter) > 0),
    'every 429 says when',
  );
  const changes = (await writes.count(ana.id)) - 1;
  assert.ok(changes <= 10, `${changes} changes`);
  // With the window full, any change is refused; one that changes nothing is still answered.
  if (changes === 10) {
    const row = await lineRow(t, show.id, ana);
    const change = await call(t, row?.left_at ? 'POST' : 'DELETE', show.id, ana);
    assert.equal(change.status, 429);
  }
  assert.equal(await writes.count(ana.id), changes + 1);
});
