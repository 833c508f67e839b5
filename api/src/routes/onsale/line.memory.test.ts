// The waiting line's polls from memory (docs/decisions/0031-on-sale-waiting-room.md, "Places from
// memory"): an instance that hears every ended session answers a poll with one statement (the
// caller's row by its key), not the session's and the show's too; a join far back in a long line
// takes no admission turn; and memory never outlives what it stands for: a session ended through
// another instance is refused within a second, a sale setting changed there shows within a
// second, one changed here at once.
import assert from 'node:assert/strict';
import { line, setSale } from '../../onsale/testing.ts';
import { eventually, instances } from '../../testing/instances.ts';

const MINUTE = 60_000;

Deno.test('a poll costs one statement; a session ended elsewhere is refused within a second', async () => {
  await using env = await instances({ onsaleAdmitMargin: 0 });
  const { a, b, rec, clock } = env;
  const { show } = await a.scenario({ rows: 1, seatsPerRow: 2 });
  const opensAt = new Date(clock().getTime() + 30 * MINUTE);
  await setSale(a.db, show.id, { salesOpenAt: opensAt, highDemand: true });
  const [ana, bea] = await a.customers(2, 'fan');
  assert.ok(ana && bea);
  clock.set(new Date(opensAt.getTime() - 5 * MINUTE));
  assert.equal((await line(b, 'POST', show.id, ana)).status, 200);
  assert.equal((await line(b, 'POST', show.id, bea)).status, 200);

  // Known session, known show, a line read within the second: the row's read and nothing else.
  await eventually(
    'a poll with one statement',
    async () => {
      const sent = await rec.during(async () => {
        const poll = await line(b, 'GET', show.id, ana);
        assert.equal(poll.status, 200);
      });
      return sent.length === 1 && /FROM sale_line\s+WHERE show_id/.test(sent[0] ?? '');
      // How soon B has learned the session and the show is no promise of the product's (the one
      // below is): 5 s, as CI runs this suite niced beside the browser suite on two cores.
    },
    5000,
  );

  // Ana's sessions end elsewhere (a password reset through A does this): B hears it and
  // refuses her next poll.
  await a.db.query`UPDATE sessions SET revoked_at = now() WHERE user_id = ${ana.id}`;
  await eventually('the ended session refused by B', async () => {
    const poll = await line(b, 'GET', show.id, ana);
    return poll.status === 401;
  });
  assert.equal((await line(b, 'GET', show.id, bea)).status, 200);
});

Deno.test('sale settings changed through another instance show within a second, here at once', async () => {
  await using env = await instances({ onsaleAdmitMargin: 0 });
  const { a, b, clock } = env;
  const { owner, show } = await a.scenario({ rows: 1, seatsPerRow: 2 });
  const opensAt = new Date(clock().getTime() + 30 * MINUTE);
  await setSale(a.db, show.id, { salesOpenAt: opensAt, highDemand: true });
  const [ana] = await a.customers(1, 'fan');
  assert.ok(ana);
  clock.set(new Date(opensAt.getTime() - 5 * MINUTE));
  const before = await line(b, 'POST', show.id, ana);
  assert.equal(before.body.sales_open_at, opensAt.toISOString());

  // The owner moves the opening an hour later through A: B still answers the old time for up
  // to a second, then the new one.
  const later = new Date(opensAt.getTime() + 60 * MINUTE);
  const moved = await a.request('PATCH', `/api/onsale/${show.id}/`, {
    token: owner.token,
    body: { sales_open_at: later.toISOString() },
  });
  assert.equal(moved.status, 200);
  clock.advance(1000);
  assert.equal((await line(b, 'GET', show.id, ana)).body.sales_open_at, later.toISOString());

  // Changed through B itself: its next answer has it, with no second to wait.
  const sooner = new Date(opensAt.getTime() + 10 * MINUTE);
  const again = await b.request('PATCH', `/api/onsale/${show.id}/`, {
    token: owner.token,
    body: { sales_open_at: sooner.toISOString() },
  });
  assert.equal(again.status, 200);
  assert.equal((await line(b, 'GET', show.id, ana)).body.sales_open_at, sooner.toISOString());
});

Deno.test('a join far back in a long line takes no admission turn, then the polls admit in order', async () => {
  await using env = await instances({ onsaleAdmitMargin: 0 });
  const { a, b, rec, clock } = env;
  const { show } = await a.scenario({ rows: 1, seatsPerRow: 2 });
  const opensAt = new Date(clock().getTime() + 30 * MINUTE);
  await setSale(a.db, show.id, { salesOpenAt: opensAt, highDemand: true });
  const fans = await a.customers(5, 'fan');
  clock.set(new Date(opensAt.getTime() + 1000));
  // Two seats, no margin: the first two joins are admitted as they join.
  for (const fan of fans.slice(0, 2)) {
    assert.equal((await line(b, 'POST', show.id, fan)).body.status, 'admitted');
  }
  // The next two wait behind the admitted (places 1 and 2: no room left); the fifth, with two
  // ahead, is beyond the two seats the line could ever admit at once: its join sends no
  // admission.
  const [third, fourth, fifth] = fans.slice(2);
  assert.ok(third && fourth && fifth);
  assert.equal((await line(b, 'POST', show.id, third)).body.place, 1);
  assert.equal((await line(b, 'POST', show.id, fourth)).body.place, 2);
  const sent = await rec.during(async () => {
    const joined = await line(b, 'POST', show.id, fifth);
    assert.equal(joined.body.place, 3);
  });
  assert.ok(
    !sent.some((text) => text.includes('pg_try_advisory_xact_lock')),
    `the join took an admission turn:\n${sent.join('\n')}`,
  );

  // Ana's two seats free up when her admission lapses: the next polls admit the next two in
  // line (one batch), not the far-back joiner.
  clock.advance(6 * MINUTE);
  assert.equal((await line(b, 'GET', show.id, third)).body.status, 'admitted');
  assert.equal((await line(b, 'GET', show.id, fourth)).body.status, 'admitted');
  const last = await line(b, 'GET', show.id, fifth);
  assert.equal(last.body.status, 'waiting');
  assert.equal(last.body.place, 1);
});
