// A door account may call the check-in routes, its profile, logout and token refresh, and nothing
// else (docs/decisions/0040-door-staff.md): every other route the app serves, walked from the
// app's own route list (so a route added later is walked too), answers its token 403.
import assert from 'node:assert/strict';
import { createBookingTestApp } from '../../testing/booking.ts';
import { doorStaffAccount } from '../../testing/door-staff.ts';

/** What a door account may call, as Hono lists the routes (the check-in ones are DOOR's). */
const DOOR_ROUTES = new Set([
  'GET /api/tickets/check-in/shows',
  'POST /api/tickets/check-in',
  'POST /api/tickets/check-in/exit',
  'GET /api/tickets/check-in/shows/:id/offline',
  'POST /api/tickets/check-in/sync',
  'GET /api/tickets/check-in/shows/:id/scans',
  'GET /api/profile',
  'POST /api/logout',
  'POST /api/token/refresh',
]);

Deno.test('a door account is refused every route but the check-in, its profile, logout and refresh', async () => {
  await using t = await createBookingTestApp();
  const { owner, show, theater, movie } = await t.scenario();
  const door = await doorStaffAccount(t, owner, 'dora');
  // Real ids in the paths, so that a route that would let the account in has something to show.
  const ids: Record<string, number> = { id: show.id, theater: theater.id, movie: movie.id };
  const routes = new Set<string>();
  for (const { method, path } of t.app.routes) {
    if (method !== 'ALL' && path.startsWith('/api/')) routes.add(`${method} ${path}`);
  }
  const walked: string[] = [];
  for (const route of [...routes].sort()) {
    if (DOOR_ROUTES.has(route)) continue;
    const [method = 'GET', pattern = '/'] = route.split(' ');
    const path = pattern.replace(/:(\w+)/g, (_, name: string) => String(ids[name] ?? show.id));
    const send = (token?: string) =>
      t.request(method, path, {
        ...(token ? { token } : {}),
        ...(method === 'GET' || method === 'DELETE' ? {} : { body: {} }),
      });
    const anonymous = await send();
    await anonymous.body?.cancel();
    const res = await send(door.token);
    const type = res.headers.get('content-type') ?? '';
    let body: { code?: string } | null = null;
    if (type.includes('json')) body = await res.json();
    else await res.body?.cancel();
    if (anonymous.status === 401) {
      // A route for accounts: refused, whatever the body or path.
      assert.equal(res.status, 403, `${route} answered a door account ${res.status}`);
      assert.equal(body?.code, 'permission_denied', route);
      walked.push(route);
    } else {
      // A public route (health, the manifest, the signup flow): nothing more than to anyone.
      assert.equal(res.status, anonymous.status, `${route} answered ${res.status}`);
    }
  }
  // The walk reached the routes that matter most: lists, creations, the seat map and its stream.
  for (const route of [
    'GET /api/theaters',
    'GET /api/movies',
    'GET /api/shows',
    'GET /api/shows/:id/seats',
    'GET /api/shows/:id/seats/events',
    'GET /api/my-tickets',
    'GET /api/bookings/owner',
    'POST /api/theaters',
    'POST /api/shows',
    'POST /api/holds',
    'PATCH /api/seats/:id',
    'GET /api/door-staff',
    'POST /api/door-staff',
    'GET /api/reports',
  ]) {
    assert.ok(walked.includes(route), `${route} was walked`);
  }
  // Nothing was written by the walk.
  assert.equal((await t.db.query`SELECT 1 FROM holds`).length, 0);
  assert.equal((await t.db.query`SELECT 1 FROM door_staff WHERE user_id IS NULL`).length, 0);

  // The door itself opens: the list of the day's shows of its owner's theaters.
  const shows = await t.get('/api/tickets/check-in/shows/', door.token);
  assert.equal(shows.status, 200);
  assert.ok(Array.isArray(await shows.json()));

  // Its own profile says who it is; logout ends its session.
  const profile = await t.get('/api/profile/', door.token);
  assert.equal(profile.status, 200);
  assert.deepEqual(await profile.json(), {
    id: door.id,
    username: 'dora',
    email: 'dora@example.com',
    role: 'door',
  });
  const out = await t.post('/api/logout/', {}, door.token);
  assert.equal(out.status, 204);
  assert.equal((await t.get('/api/profile/', door.token)).status, 401);
});

Deno.test('a door account’s refusal reads no database: it is decided from the token', async () => {
  await using t = await createBookingTestApp();
  const { owner, show } = await t.scenario();
  const door = await doorStaffAccount(t, owner, 'dora');
  t.statements.count = 0;
  const res = await t.get(`/api/shows/${show.id}/seats/`, door.token);
  assert.equal(res.status, 403);
  assert.equal(t.statements.count, 0);
});

Deno.test('scans_for is read with the user: the owner’s id for door staff, null for others and once removed', async () => {
  await using t = await createBookingTestApp();
  const olga = await t.account('olga', 'owner');
  const door = await doorStaffAccount(t, olga, 'dora');
  const sessionOf = (token: string) =>
    JSON.parse(atob((token.split('.')[1] ?? '').replace(/-/g, '+').replace(/_/g, '/'))).sid;
  const { findSessionUser } = await import('../../users/sql.ts');
  const read = (a: { id: number; token: string }) =>
    findSessionUser(t.db, a.id, sessionOf(a.token));
  assert.equal((await read(door))?.scans_for, olga.id);
  assert.equal((await read(olga))?.scans_for, null);
  await t.db.query`UPDATE door_staff SET removed_at = ${t.clock()}`;
  assert.equal((await read(door))?.scans_for, null);
});
