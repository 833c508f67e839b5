import assert from 'node:assert/strict';
import { createBookingTestApp } from '../testing/booking.ts';
import { createTestDb } from '../testing/db.ts';
import {
  COUNT_LIMIT,
  envelope,
  pageRequest,
  searchPattern,
  withCustomPlans,
} from './pagination.ts';

Deno.test('a search pattern takes % _ and \\ literally', () => {
  assert.equal(searchPattern('50%_off\\'), '%50\\%\\_off\\\\%');
  assert.equal(searchPattern(null), null);
});

Deno.test('a page counts up to 1,000 matches, or one past its own last row when that is deeper', () => {
  const page = (n: number, size: number | null = null) =>
    pageRequest({ page: n, page_size: size, q: null });
  assert.equal(COUNT_LIMIT, 1_000);
  assert.equal(page(1)?.countCap, 1_001);
  assert.equal(page(50)?.countCap, 1_001, 'page 50 of 20 ends at row 1,000');
  assert.equal(page(51)?.countCap, 1_021);
  assert.equal(page(500)?.countCap, 10_001);
  assert.equal(page(200, 100)?.countCap, 20_001);
  assert.equal(pageRequest({ page: null, page_size: null, q: null }), null);
});

Deno.test('the count is exact below the cap; at the cap it is "at least", and past the page asked for', () => {
  const request = pageRequest({ page: 600, page_size: 20, q: null });
  if (!request) throw new Error('no request');
  const row = (total_count: number) => ({ id: 1, total_count });
  assert.deepEqual(envelope([row(12_000)], request), {
    results: [{ id: 1 }],
    count: 12_000,
    count_exact: true,
    page: 600,
    page_size: 20,
  });
  const capped = envelope([row(request.countCap)], request);
  assert.equal(capped.count_exact, false);
  assert.ok(Math.ceil(capped.count / 20) > 600, 'the pager still offers page 601');
  // A page past the end: one row of nulls but for the count.
  assert.deepEqual(envelope([{ id: null, total_count: 3 }], request), {
    results: [],
    count: 3,
    count_exact: true,
    page: 600,
    page_size: 20,
  });
});

Deno.test('a list is planned for its own values, only while it reads; JIT is off on a server', async () => {
  await using t = await createTestDb();
  const mode = async (q: { query: typeof t.db.query }) =>
    (await q.query<{ plan_cache_mode: string }>`SHOW plan_cache_mode`)[0]?.plan_cache_mode;
  assert.equal(await withCustomPlans(t.db, mode), 'force_custom_plan');
  assert.equal(await mode(t.db), 'auto', 'the setting ends with the list’s transaction');
  if (t.db.kind === 'postgres') {
    const [row] = await t.db.query<{ jit: string }>`SHOW jit`;
    assert.equal(row?.jit, 'off');
  }
});

Deno.test('every searchable list refuses a NUL or a broken character in q: 400 naming q, never a 500', async () => {
  await using t = await createBookingTestApp();
  const owner = await t.account('olga', 'owner');
  const admin = await t.account('root', 'admin');
  const lists: [string, string][] = [
    ['/api/theaters/', owner.token],
    ['/api/theaters/', admin.token],
    ['/api/movies/', owner.token],
    ['/api/shows/', admin.token],
    ['/api/bookings/owner/', owner.token],
    ['/api/bookings/admin/', admin.token],
    ['/api/signup/?role=user', admin.token],
  ];
  for (const [path, token] of lists) {
    for (const q of ['%00', 'pvr%00']) {
      for (const page of ['&page=1', '']) {
        const url = `${path}${path.includes('?') ? '&' : '?'}q=${q}${page}`;
        const res = await t.get(url, token);
        assert.equal(res.status, 400, url);
        assert.deepEqual((await res.json()).fields, {
          q: 'Search text contains characters that are not allowed.',
        });
      }
    }
  }
  assert.deepEqual(t.logger.errors, []);
});
