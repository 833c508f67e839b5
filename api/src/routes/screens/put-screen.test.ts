import assert from 'node:assert/strict';
import { bookSeatsByLabel } from '../../booking/sql.ts';
import { type Account, type BookingTestApp, createBookingTestApp } from '../../testing/booking.ts';
import { LAYOUT } from './screens.testing.ts';

const HOUR = 3600_000;

// LAYOUT with a third row of three Premium seats.
const BIGGER = {
  categories: [...LAYOUT.categories, { name: 'Premium', price: 250 }],
  rows: [
    ...LAYOUT.rows,
    {
      label: 'C',
      cells: [{ category: 'Premium' }, { category: 'Premium' }, null, { category: 'Premium' }],
    },
  ],
};

function put(t: BookingTestApp, id: number, body: unknown, who: Account) {
  return t.request('PUT', `/api/screens/${id}/`, { body, token: who.token });
}

async function multiplex() {
  const t = await createBookingTestApp();
  const olga = await t.account('olga', 'owner');
  const pvr = await t.theater(olga, { name: 'PVR', rows: 2, seatsPerRow: 3 });
  const movie = await t.movie(pvr, { title: 'Jawan' });
  const [screen1] = (await (await t.get(`/api/screens/?theater=${pvr.id}`, olga.token)).json())
    .results;
  const screen2 = await (
    await t.post('/api/screens/', { theater: pvr.id, name: 'Audi 2', layout: LAYOUT }, olga.token)
  ).json();
  /** A show on a screen, `day` days ahead; sales open `opensIn` hours from now (null: open). */
  const show = async (screenId: number, day: number, opensIn: number | null) => {
    const s = await t.show(movie, pvr, {
      screenId,
      startsAt: new Date(t.clock().getTime() + day * 24 * HOUR),
    });
    if (opensIn !== null) {
      const opens = new Date(t.clock().getTime() + opensIn * HOUR);
      await t.db.query`UPDATE shows SET sales_open_at = ${opens} WHERE id = ${s.id}`;
    }
    return s;
  };
  return { t, olga, pvr, movie, screen1, screen2, show };
}

const seatIds = async (t: BookingTestApp, showId: number) =>
  (
    await t.db.query<{ id: number }>`SELECT id FROM seats WHERE show_id = ${showId} ORDER BY id`
  ).map((r) => r.id);

Deno.test('a new layout redraws only the screen’s shows not on sale that never had a hold or a booking; the others keep their seats', async () => {
  const { t, olga, screen1, screen2, show } = await multiplex();
  await using _ = t;
  const ana = await t.account('ana');
  const redrawn = await show(screen2.id, 2, 24);
  const onSale = await show(screen2.id, 3, null);
  const heldOnce = await show(screen2.id, 4, 24);
  const booked = await show(screen2.id, 5, null);
  const otherScreen = await show(screen1.id, 2, 24);
  // A hold that was let go still counts: its customer saw these seats.
  await t.db.query`
    INSERT INTO holds (user_id, show_id, seat_ids, created_at, expires_at, released_at)
    VALUES (${ana.id}, ${heldOnce.id}, ${[heldOnce.seat('B1')]}::bigint[], ${t.clock()},
            ${new Date(t.clock().getTime() + 600_000)}, ${t.clock()})`;
  await t.db.transaction((tx) =>
    bookSeatsByLabel(tx, { userId: ana.id, showId: booked.id, labels: ['B2'], now: t.clock() }),
  );
  // Its sales moved later after the booking (PATCH onsale/{id}/ allows it): still kept.
  await t.db.query`
    UPDATE shows SET sales_open_at = ${new Date(t.clock().getTime() + 24 * HOUR)}
     WHERE id = ${booked.id}`;
  // A past show of the screen is neither.
  await show(screen2.id, 0.01, null);
  t.clock.advance(HOUR);
  // The seat map of the show to redraw is read (and kept in this instance's memory) before.
  const before = await (await t.get(`/api/shows/${redrawn.id}/seats/`, ana.token)).json();
  assert.equal(before.length, 6);
  const kept = {
    onSale: await seatIds(t, onSale.id),
    heldOnce: await seatIds(t, heldOnce.id),
    booked: await seatIds(t, booked.id),
    other: await seatIds(t, otherScreen.id),
  };

  const res = await put(t, screen2.id, { layout: BIGGER }, olga);
  assert.equal(res.status, 200);
  const body = await res.json();
  assert.equal(body.redrawn_shows, 1);
  assert.equal(body.kept_shows, 3);
  assert.equal(body.seat_count, 8);
  assert.deepEqual(body.layout, BIGGER);
  assert.equal(body.updated_at, '2026-03-01T11:00:00.000Z');

  const after = await (await t.get(`/api/shows/${redrawn.id}/seats/`, ana.token)).json();
  assert.deepEqual(
    after.map((s: { label: string; category: string; x: number }) => [s.label, s.category, s.x]),
    [
      ['A1', 'Recliner', 1],
      ['A2', 'Standard', 3],
      ['A3', 'Standard', 4],
      ['A4', 'Standard', 5],
      ['B1', 'Standard', 1],
      ['B2', 'Standard', 2],
      ['C1', 'Premium', 1],
      ['C2', 'Premium', 2],
      ['C3', 'Premium', 4],
    ],
  );
  const shown = await (await t.get(`/api/shows/${redrawn.id}/`, ana.token)).json();
  assert.equal(shown.total_seats, 8);
  assert.equal(shown.available_seats, 8);
  assert.equal(shown.min_price, 150);
  assert.equal(shown.max_price, 400);
  // The customer's list (written from memory) says so too.
  const listed = (await (await t.get('/api/shows/', ana.token)).json()).find(
    (s: { id: number }) => s.id === redrawn.id,
  );
  assert.equal(listed.total_seats, 8);

  assert.deepEqual(await seatIds(t, onSale.id), kept.onSale);
  assert.deepEqual(await seatIds(t, heldOnce.id), kept.heldOnce);
  assert.deepEqual(await seatIds(t, booked.id), kept.booked);
  assert.deepEqual(await seatIds(t, otherScreen.id), kept.other);
  assert.equal((await t.liveBookings(booked.id)).length, 1);
  // The next show on the screen gets the new layout.
  const next = await show(screen2.id, 6, null);
  assert.equal(Object.keys(next.seats).length, 9);
});

Deno.test('a new release time moves the accessible release of the shows not on sale only', async () => {
  const { t, olga, screen2, show } = await multiplex();
  await using _ = t;
  const later = await show(screen2.id, 2, 24);
  const open = await show(screen2.id, 3, null);
  const res = await put(t, screen2.id, { accessible_release_minutes: 30 }, olga);
  assert.equal(res.status, 200);
  const body = await res.json();
  assert.deepEqual([body.redrawn_shows, body.kept_shows], [1, 1]);
  assert.equal(body.accessible_release_minutes, 30);
  const rows = await t.db.query<{ id: number; lead: number }>`
    SELECT id, extract(epoch FROM starts_at - accessible_release_at)::integer / 60 AS lead
      FROM shows ORDER BY id`;
  assert.deepEqual(rows, [
    { id: later.id, lead: 30 },
    { id: open.id, lead: 120 },
  ]);
});

Deno.test('a renamed screen shows its new name in every list at once, the list from memory too', async () => {
  const { t, olga, screen2, show } = await multiplex();
  await using _ = t;
  const ana = await t.account('ana');
  const s = await show(screen2.id, 2, null);
  const names = async () =>
    (await (await t.get('/api/shows/', ana.token)).json()).map(
      (x: { screen_name: string }) => x.screen_name,
    );
  assert.deepEqual(await names(), ['Audi 2']);
  assert.deepEqual(await names(), ['Audi 2']);
  const res = await put(t, screen2.id, { name: ' IMAX ' }, olga);
  assert.equal(res.status, 200);
  const body = await res.json();
  assert.equal(body.name, 'IMAX');
  assert.deepEqual([body.redrawn_shows, body.kept_shows], [0, 0], 'a name changes no seats');
  assert.deepEqual(await names(), ['IMAX']);
  assert.equal((await (await t.get(`/api/shows/${s.id}/`, ana.token)).json()).screen_name, 'IMAX');
  // The theater's other screen's name is taken.
  const taken = await put(t, screen2.id, { name: 'Screen 1' }, olga);
  assert.equal(taken.status, 409);
  assert.equal((await taken.json()).code, 'screen_name_taken');
});

Deno.test('only the theater’s owner changes a screen: 404 for another owner, 403 for others; bad input a 400', async () => {
  const { t, olga, screen2 } = await multiplex();
  await using _ = t;
  const oscar = await t.account('oscar', 'owner');
  const ana = await t.account('ana');
  const admin = await t.account('root', 'admin');
  const door = await t.account('gate', 'door');
  const foreign = await put(t, screen2.id, { name: 'Mine now' }, oscar);
  assert.equal(foreign.status, 404);
  assert.equal((await foreign.json()).code, 'screen_not_found');
  for (const who of [ana, admin, door]) {
    assert.equal((await put(t, screen2.id, { name: 'X' }, who)).status, 403, who.role);
  }
  const cases: [unknown, string][] = [
    [{ name: 'A\u0000B' }, 'name'],
    [{ name: '' }, 'name'],
    [{ layout: { ...LAYOUT, rows: [] } }, 'layout'],
    [{ layout: null }, 'layout'],
    [{ accessible_release_minutes: '60' }, 'accessible_release_minutes'],
  ];
  for (const [body, field] of cases) {
    const res = await put(t, screen2.id, body, olga);
    assert.equal(res.status, 400, JSON.stringify(body));
    assert.deepEqual(Object.keys((await res.json()).fields), [field], JSON.stringify(body));
  }
  const huge = JSON.stringify({ name: 'x', layout: { rows: 'y'.repeat(5 * 1024 * 1024) } });
  const tooBig = await put(t, screen2.id, huge, olga);
  assert.equal(tooBig.status, 413);
  const [row] = await t.db.query<{ name: string; updated_at: Date }>`
    SELECT name, updated_at FROM screens WHERE id = ${screen2.id}`;
  assert.equal(row?.name, 'Audi 2');
});

Deno.test('a layout changed while shows are being added: every show not on sale ends up with the new layout', async () => {
  const { t, olga, pvr, movie, screen2 } = await multiplex();
  await using _ = t;
  const layouts = [LAYOUT, BIGGER];
  for (let round = 0; round < 4; round++) {
    const day = String(2 + round).padStart(2, '0');
    const [changed, added] = await Promise.all([
      put(t, screen2.id, { layout: layouts[(round + 1) % 2] }, olga),
      t.post(
        '/api/shows/',
        {
          movie: movie.id,
          theater: pvr.id,
          screen: screen2.id,
          date: `2026-03-${day}`,
          start_time: '19:00',
          end_time: '21:30',
          sales_open_at: '2026-03-01T12:00:00Z',
        },
        olga.token,
      ),
    ]);
    assert.equal(changed.status, 200);
    assert.equal(added.status, 201);
  }
  // The last layout sent was LAYOUT (5 sellable seats of 6); every show is not on sale yet.
  const shows = await t.db.query<{ total_seats: number; seats: number }>`
    SELECT s.total_seats, (SELECT count(*)::integer FROM seats se WHERE se.show_id = s.id) AS seats
      FROM shows s WHERE s.screen_id = ${screen2.id}`;
  assert.equal(shows.length, 4);
  for (const s of shows) assert.deepEqual(s, { total_seats: 5, seats: 6 });
});
