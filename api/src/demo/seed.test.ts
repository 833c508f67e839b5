import assert from 'node:assert/strict';
import { verifyPassword } from '../auth/passwords.ts';
import { createBookingTestApp } from '../testing/booking.ts';
import { addDays, bookedLabels, DEMO_CUSTOMER, DEMO_GUEST, DEMO_OWNER, seedDemo } from './seed.ts';

const TZ = 'Asia/Kolkata';

Deno.test('the demo seed fills an empty product with theaters, movies, shows and bookings', async () => {
  await using t = await createBookingTestApp();
  const now = t.clock();
  const result = await seedDemo(t.db, { now, tz: TZ });
  assert.ok(result);
  assert.equal(result.action, 'seeded');
  assert.equal(result.theaters, 4);
  assert.equal(result.movies, 12);
  // 10:00 UTC is 15:30 in Kolkata: today has two or three slots left, the next four days four,
  // on each of six screens (Sathyam is a multiplex of three).
  assert.ok(result.shows >= 6 * (2 + 4 * 4) && result.shows <= 6 * 5 * 4, String(result.shows));
  assert.ok(result.bookings >= 4 * 3 * 8, String(result.bookings));
  // Every movie has a poster, each different, in the three widths an upload gives.
  const posters = await t.db.query<{ version: string | null; widths: number[] | null }>`
    SELECT m.poster_version AS version,
           (SELECT array_agg(p.width ORDER BY p.width) FROM movie_posters p
             WHERE p.movie_id = m.id AND p.version = m.poster_version) AS widths
      FROM movies m`;
  assert.equal(posters.length, 12);
  assert.equal(new Set(posters.map((p) => p.version)).size, 12);
  for (const poster of posters) assert.deepEqual(poster.widths, [160, 320, 640]);

  const users = await t.db.query<{
    email: string;
    username: string;
    role: string;
    password_hash: string;
  }>`
    SELECT email, username, role, password_hash FROM users ORDER BY id`;
  assert.deepEqual(
    users.map((u) => [u.email, u.username, u.role]),
    [
      ['owner@cinebook.local', 'demo_owner', 'owner'],
      ['customer@cinebook.local', 'demo_customer', 'user'],
      ['guest@cinebook.local', 'demo_guest', 'user'],
    ],
  );
  for (const [user, account] of users.map(
    (u, i) => [u, [DEMO_OWNER, DEMO_CUSTOMER, DEMO_GUEST][i]] as const,
  )) {
    assert.ok(account && (await verifyPassword(user.password_hash, account.password)));
  }

  const [span] = await t.db.query<{ first: Date; last: Date; cities: number; languages: string[] }>`
    SELECT min(s.starts_at) AS first, max(s.starts_at) AS last,
           (SELECT count(DISTINCT location) FROM theaters)::integer AS cities,
           (SELECT array_agg(DISTINCT language ORDER BY language) FROM movies) AS languages
      FROM shows s`;
  assert.ok(span && span.first > now);
  assert.ok(span.last.getTime() < now.getTime() + 5 * 24 * 3600_000);
  assert.equal(span.cities, 4);
  assert.deepEqual(span.languages, ['English', 'Hindi', 'Kannada', 'Tamil']);
  // Only the guest has tickets; the demo customer starts with none.
  const bookers = await t.db.query<{ username: string }>`
    SELECT DISTINCT u.username FROM bookings b JOIN users u ON u.id = b.user_id`;
  assert.deepEqual(bookers, [{ username: 'demo_guest' }]);
});

Deno.test('the demo multiplex has three screens showing at once, one with categories, aisles, blocked seats and wheelchair spaces', async () => {
  await using t = await createBookingTestApp();
  assert.ok(await seedDemo(t.db, { now: t.clock(), tz: TZ }));
  const screens = await t.db.query<{ name: string; shows: number }>`
    SELECT sc.name, (SELECT count(*)::integer FROM shows s WHERE s.screen_id = sc.id) AS shows
      FROM screens sc JOIN theaters t ON t.id = sc.theater_id
     WHERE t.name = 'Sathyam' ORDER BY sc.id`;
  assert.deepEqual(
    screens.map((s) => s.name),
    ['Screen 1', 'Screen 2', 'Screen 3'],
  );
  assert.ok(screens.every((s) => s.shows >= 18));
  // Shows of different screens overlap; on one screen never (the constraint says so anyway).
  const [overlap] = await t.db.query<{ n: number }>`
    SELECT count(*)::integer AS n FROM shows a JOIN shows b
        ON a.theater_id = b.theater_id AND a.id < b.id
       AND tstzrange(a.starts_at, a.ends_at) && tstzrange(b.starts_at, b.ends_at)`;
  assert.ok((overlap?.n ?? 0) > 0);
  const kinds = await t.db.query<{ category: string; kind: string; price: number; n: number }>`
    SELECT se.category, se.kind, se.price, count(*)::integer AS n
      FROM seats se
     WHERE se.show_id = (SELECT s.id FROM shows s JOIN screens sc ON sc.id = s.screen_id
                          JOIN theaters t ON t.id = s.theater_id
                         WHERE t.name = 'Sathyam' AND sc.name = 'Screen 1'
                         ORDER BY s.starts_at LIMIT 1)
     GROUP BY 1, 2, 3 ORDER BY 1, 2`;
  assert.deepEqual(
    kinds.map((k) => [k.category, k.kind, k.price, k.n]),
    [
      ['Premium', 'seat', 220, 72],
      ['Recliner', 'seat', 450, 24],
      ['Standard', 'blocked', 150, 2],
      ['Standard', 'companion', 150, 2],
      ['Standard', 'seat', 150, 102],
      ['Standard', 'wheelchair', 150, 2],
    ],
  );
  // The guest's demo tickets are plain seats only.
  const [odd] = await t.db.query<{ n: number }>`
    SELECT count(*)::integer AS n FROM bookings b JOIN seats se ON se.id = b.seat_id
     WHERE se.kind <> 'seat'`;
  assert.equal(odd?.n, 0);
});

Deno.test('the demo seed does nothing once a theater exists', async () => {
  await using t = await createBookingTestApp();
  const owner = await t.account('someone', 'owner');
  await t.theater(owner);
  assert.equal(await seedDemo(t.db, { now: t.clock(), tz: TZ }), null);
  const [n] = await t.db.query<{ n: number }>`SELECT count(*) AS n FROM users`;
  assert.equal(n?.n, 1);
});

Deno.test('seeding twice adds nothing the second time', async () => {
  await using t = await createBookingTestApp();
  assert.ok(await seedDemo(t.db, { now: t.clock(), tz: TZ }));
  assert.equal(await seedDemo(t.db, { now: t.clock(), tz: TZ }), null);
  const [n] = await t.db.query<{ n: number }>`SELECT count(*) AS n FROM theaters`;
  assert.equal(n?.n, 4);
});

Deno.test('once every demo show is over, the next five days are scheduled again', async () => {
  await using t = await createBookingTestApp();
  const first = await seedDemo(t.db, { now: t.clock(), tz: TZ });
  assert.ok(first);
  const later = new Date(t.clock().getTime() + 6 * 24 * 3600_000);
  const again = await seedDemo(t.db, { now: later, tz: TZ });
  assert.ok(again);
  assert.equal(again.action, 'rescheduled');
  assert.ok(again.shows > 0);
  const [upcoming] = await t.db.query<{ n: number }>`
    SELECT count(*) AS n FROM shows WHERE starts_at > ${later}`;
  assert.equal(upcoming?.n, again.shows);
  assert.equal(await seedDemo(t.db, { now: later, tz: TZ }), null);
});

Deno.test('the demo customer can sign in and book a seat of a seeded show', async () => {
  await using t = await createBookingTestApp();
  await seedDemo(t.db, { now: t.clock(), tz: TZ });
  const login = await t.post('/api/login/', {
    email_or_username: DEMO_CUSTOMER.email,
    password: DEMO_CUSTOMER.password,
  });
  assert.equal(login.status, 200);
  const { access, user } = await login.json();
  const me = { ...user, token: access };
  const [show] = await (await t.get('/api/shows/', access)).json();
  assert.ok(show.booked_seats > 0);
  const seats = await (await t.get(`/api/shows/${show.id}/seats/`, access)).json();
  const free = seats.find((s: { status: string }) => s.status === 'available');
  const booked = seats.find((s: { status: string }) => s.status === 'booked');
  assert.equal(booked.booked_by, null);
  assert.equal((await t.holdAndPay(me, show.id, [free.id])).status, 201);
});

Deno.test('booked seats of a demo show are a stable scatter inside the layout', () => {
  const labels = bookedLabels(42, 8, 12);
  assert.deepEqual(bookedLabels(42, 8, 12), labels);
  assert.ok(labels.length >= 8 && labels.length <= 10);
  // Never more than one customer may have of a show (the guest books them all).
  for (let show = 1; show <= 200; show++) assert.ok(bookedLabels(show, 8, 12).length <= 10);
  for (const label of labels) assert.match(label, /^[A-H]([1-9]|1[0-2])$/);
  assert.equal(addDays('2026-02-27', 3), '2026-03-02');
});
