// The audit log of the owners' and admins' actions (docs/decisions/0033-audit-log.md): each
// action's 2xx writes exactly one record, in its transaction; a refused or rolled-back action
// writes none; and nobody can change or remove a record, however they try.
import assert from 'node:assert/strict';
import type { Db } from '../db/db.ts';
import { type BookingTestApp, createBookingTestApp } from '../testing/booking.ts';
import { recordAudit } from './sql.ts';

const MINUTE = 60_000;

interface Row {
  actor_id: number | null;
  actor_label: string;
  action: string;
  entity_kind: string;
  entity_id: string;
  details: Record<string, unknown>;
  request_id: string | null;
  at: Date;
}

const records = (db: Db) =>
  db.query<Row>`
    SELECT actor_id, actor_label, action, entity_kind, entity_id, details, request_id, at
      FROM audit_log ORDER BY id`;

/** The one record a request wrote: its answer carries the request id the record keeps. */
async function onlyRecord(t: BookingTestApp, res: Response): Promise<Row> {
  const rows = await records(t.db);
  assert.equal(rows.length, 1, JSON.stringify(rows));
  const [row] = rows as [Row];
  assert.equal(row.request_id, res.headers.get('X-Request-Id'));
  assert.ok(row.request_id);
  return row;
}

Deno.test('an owner’s new theater, movie and show each write one record: who, when, what', async () => {
  await using t = await createBookingTestApp();
  const olga = await t.account('olga', 'owner');

  const theater = await t.post(
    '/api/theaters/',
    { name: 'PVR Phoenix', location: 'Mumbai', rows: 3, seats_per_row: 4 },
    olga.token,
  );
  assert.equal(theater.status, 201);
  const pvr = await theater.json();
  assert.deepEqual(await onlyRecord(t, theater), {
    actor_id: olga.id,
    actor_label: 'olga',
    action: 'theater.created',
    entity_kind: 'theater',
    entity_id: String(pvr.id),
    details: { name: 'PVR Phoenix', location: 'Mumbai', rows: 3, seats_per_row: 4 },
    request_id: theater.headers.get('X-Request-Id'),
    at: t.clock(),
  });
  await t.db.query`TRUNCATE audit_log`;

  const movie = await t.post(
    '/api/movies/',
    {
      title: 'Jawan',
      description: 'A warden and his team.',
      duration_minutes: 169,
      language: 'Hindi',
      release_date: '2023-09-07',
      theater: pvr.id,
    },
    olga.token,
  );
  assert.equal(movie.status, 201);
  const jawan = await movie.json();
  const movieRecord = await onlyRecord(t, movie);
  assert.equal(movieRecord.action, 'movie.created');
  assert.equal(movieRecord.entity_id, String(jawan.id));
  assert.deepEqual(movieRecord.details, {
    title: 'Jawan',
    theater: pvr.id,
    duration_minutes: 169,
    language: 'Hindi',
    release_date: '2023-09-07',
  });
  await t.db.query`TRUNCATE audit_log`;

  const show = await t.post(
    '/api/shows/',
    {
      movie: jawan.id,
      theater: pvr.id,
      date: '2026-03-02',
      start_time: '18:00',
      end_time: '21:00',
    },
    olga.token,
  );
  assert.equal(show.status, 201);
  const created = await show.json();
  const showRecord = await onlyRecord(t, show);
  assert.equal(showRecord.action, 'show.created');
  assert.equal(showRecord.entity_kind, 'show');
  assert.equal(showRecord.entity_id, String(created.id));
  assert.deepEqual(showRecord.details, {
    movie: jawan.id,
    theater: pvr.id,
    screen: created.screen,
    starts_at: '2026-03-02T12:30:00.000Z',
    ends_at: '2026-03-02T15:30:00.000Z',
    sales_open_at: null,
    high_demand: false,
  });
});

Deno.test('a refused action writes no record: another owner’s theater, an overlapping show, a customer', async () => {
  await using t = await createBookingTestApp();
  const olga = await t.account('olga', 'owner');
  const omar = await t.account('omar', 'owner');
  const ana = await t.account('ana');
  const pvr = await t.theater(olga, { rows: 3, seatsPerRow: 4 });
  const jawan = await t.movie(pvr, { title: 'Jawan' });
  const show = (token: string) =>
    t.post(
      '/api/shows/',
      {
        movie: jawan.id,
        theater: pvr.id,
        date: '2026-03-02',
        start_time: '18:00',
        end_time: '21:00',
      },
      token,
    );
  assert.equal((await show(olga.token)).status, 201);
  await t.db.query`TRUNCATE audit_log`;

  assert.equal((await show(olga.token)).status, 409, 'the same time again overlaps');
  assert.equal((await show(omar.token)).status, 400, 'not omar’s theater');
  const movie = { title: 'Leo', description: 'x', duration_minutes: 120, language: 'Tamil' };
  const foreign = await t.post(
    '/api/movies/',
    { ...movie, release_date: '2023-10-19', theater: pvr.id },
    omar.token,
  );
  assert.equal(foreign.status, 400);
  const customer = await t.post('/api/theaters/', { name: 'X', location: 'Y' }, ana.token);
  assert.equal(customer.status, 403);
  assert.deepEqual(await records(t.db), []);
});

Deno.test('a record is written with its action or not at all: a rolled-back transaction leaves none', async () => {
  await using t = await createBookingTestApp();
  const olga = await t.account('olga', 'owner');
  await assert.rejects(
    t.db.transaction(async (tx) => {
      await recordAudit(tx, {
        at: t.clock(),
        actorId: olga.id,
        action: 'theater.created',
        entity: { kind: 'theater', id: 1 },
      });
      throw new Error('the action failed after its record');
    }),
    /the action failed/,
  );
  assert.deepEqual(await records(t.db), []);
});

Deno.test('a change of sale records before and after of what changed, nothing when nothing did', async () => {
  await using t = await createBookingTestApp();
  const { owner, show } = await t.scenario();
  const opensAt = new Date(t.clock().getTime() + 60 * MINUTE);
  const patch = (body: unknown) =>
    t.request('PATCH', `/api/onsale/${show.id}/`, { token: owner.token, body });
  const res = await patch({ sales_open_at: opensAt.toISOString(), high_demand: true });
  assert.equal(res.status, 200);
  const row = await onlyRecord(t, res);
  assert.equal(row.action, 'sale.changed');
  assert.equal(row.entity_kind, 'show');
  assert.equal(row.entity_id, String(show.id));
  assert.deepEqual(row.details, {
    before: { sales_open_at: null, high_demand: false },
    after: { sales_open_at: opensAt.toISOString(), high_demand: true },
  });
  assert.equal((await patch({ high_demand: true })).status, 200);
  assert.equal((await records(t.db)).length, 1, 'the same values again change nothing');
  assert.equal((await patch({ high_demand: false })).status, 200);
  assert.deepEqual((await records(t.db)).at(-1)?.details, {
    before: { high_demand: true },
    after: { high_demand: false },
  });
});

Deno.test('a check-in at the door records who admitted which booking, never the ticket’s code', async () => {
  await using t = await createBookingTestApp();
  const { owner, customer, show } = await t.scenario();
  const admin = await t.account('root', 'admin');
  const paid = await t.holdAndPay(customer, show.id, [show.seat('C7'), show.seat('C8')]);
  assert.equal(paid.status, 201);
  const { tickets } = await paid.json();
  const [c7, c8] = tickets as { id: number; code: string }[];
  assert.ok(c7 && c8);
  await t.db.query`TRUNCATE audit_log`;
  t.clock.set(new Date(show.startsAt.getTime() - 20 * MINUTE));

  const res = await t.post('/api/tickets/check-in/', { code: c7.code }, owner.token);
  assert.equal(res.status, 200);
  const row = await onlyRecord(t, res);
  assert.equal(row.action, 'ticket.checked_in');
  assert.equal(row.actor_id, owner.id);
  assert.equal(row.entity_kind, 'booking');
  assert.equal(row.entity_id, String(c7.id));
  assert.deepEqual(row.details, { show_id: show.id, seat_id: show.seat('C7'), role: 'owner' });
  assert.ok(!JSON.stringify(row).includes(c7.code), 'the code is a secret');

  // Refused (already in): no second record. The admin's admission is recorded as theirs.
  assert.equal(
    (await t.post('/api/tickets/check-in/', { code: c7.code }, owner.token)).status,
    409,
  );
  assert.equal((await records(t.db)).length, 1);
  assert.equal(
    (await t.post('/api/tickets/check-in/', { code: c8.code }, admin.token)).status,
    200,
  );
  const last = (await records(t.db)).at(-1);
  assert.equal(last?.actor_label, 'root');
  assert.equal(last?.details.role, 'admin');
});

Deno.test('the audit log is append-only: an UPDATE or a DELETE fails, even one matching nothing', async () => {
  await using t = await createBookingTestApp();
  const olga = await t.account('olga', 'owner');
  assert.equal(
    (await t.post('/api/theaters/', { name: 'PVR', location: 'Mumbai' }, olga.token)).status,
    201,
  );
  await assert.rejects(
    t.db.query`UPDATE audit_log SET actor_label = 'someone else'`,
    /append-only: UPDATE refused/,
  );
  await assert.rejects(t.db.query`DELETE FROM audit_log`, /append-only: DELETE refused/);
  await assert.rejects(
    t.db.query`DELETE FROM audit_log WHERE id = -1`,
    /append-only: DELETE refused/,
  );
  // The actor's removal keeps their record (no foreign key to set null).
  await t.db
    .query`DELETE FROM screens WHERE theater_id IN (SELECT id FROM theaters WHERE owner_id = ${olga.id})`;
  await t.db.query`DELETE FROM theaters WHERE owner_id = ${olga.id}`;
  await t.db.query`DELETE FROM users WHERE id = ${olga.id}`;
  const [row] = await records(t.db);
  assert.equal(row?.actor_label, 'olga');
  assert.equal(row?.actor_id, olga.id);
});
