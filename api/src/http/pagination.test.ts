import assert from 'node:assert/strict';
import { createBookingTestApp } from '../testing/booking.ts';
import { searchPattern } from './pagination.ts';

Deno.test('a search pattern takes % _ and \\ literally', () => {
  assert.equal(searchPattern('50%_off\\'), '%50\\%\\_off\\\\%');
  assert.equal(searchPattern(null), null);
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
