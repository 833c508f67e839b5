// A hold takes its session from what the instance hears (requireRoleFromMemory, decision 0030):
// once the instance knows a session, a hold reads no session row; a session ended through
// another instance is refused within a second, and nothing is held; only customers may hold.
import assert from 'node:assert/strict';
import { eventually, instances } from '../../testing/instances.ts';

Deno.test('a hold trusts a session the instance hears, and refuses it within a second once it ends elsewhere', async () => {
  await using env = await instances();
  const { a, b, rec } = env;
  const { owner, customer, show } = await a.scenario({ rows: 2, seatsPerRow: 4 });
  const s = show.seat;
  const hold = (seat: string, token = customer.token) =>
    b.post('/api/holds/', { show_id: show.id, seat_ids: [s(seat)] }, token);

  assert.equal((await hold('A1')).status, 201);
  // Known and current: the next holds read no session (a re-pick replaces the hold each time).
  await eventually(
    'a hold with no session read',
    async () => {
      const sent = await rec.during(async () => {
        assert.equal((await hold('A2')).status, 201);
      });
      return !sent.some((statement) => /\bsessions\b/.test(statement));
    },
    5000,
  );

  // The session ends through A (a logout, a password reset): within a second B hears it (its
  // seat map refuses the session from the same memory), and from then on refuses the hold.
  await a.db.query`UPDATE sessions SET revoked_at = now() WHERE user_id = ${customer.id}`;
  await eventually(
    'the ended session refused by B',
    async () => (await b.get(`/api/shows/${show.id}/seats/`, customer.token)).status === 401,
  );
  assert.equal((await hold('B1')).status, 401);
  const [b1] = await a.db.query<{ held_by: number | null }>`
    SELECT held_by FROM seats WHERE id = ${s('B1')}`;
  assert.equal(b1?.held_by, null, 'nothing was held for the ended session');

  // Only customers hold, from memory or not.
  const asOwner = await hold('B2', owner.token);
  assert.equal(asOwner.status, 403);
  assert.equal((await asOwner.json()).code, 'permission_denied');
});
