import assert from 'node:assert/strict';
import { createBookingTestApp } from '../../testing/booking.ts';
import { imageOf, picture, putPoster } from '../../testing/posters.ts';

Deno.test('an owner sets a poster: resized to 160, 320 and 640 px WebP, named by the movie, served to anyone for a year', async () => {
  await using t = await createBookingTestApp();
  const { owner, customer, movie, show } = await t.scenario();

  const res = await putPoster(t, movie.id, await picture(600, 900), 'image/png', owner.token);
  assert.equal(res.status, 200);
  const poster = await res.json();
  const version = (poster.src.match(/\/([0-9a-f]{16})\//) ?? [])[1];
  assert.ok(version, poster.src);
  const url = (width: number) => `/api/posters/${movie.id}/${version}/${width}.webp`;
  assert.deepEqual(poster, {
    src: url(320),
    srcset: `${url(160)} 160w, ${url(320)} 320w, ${url(640)} 640w`,
    width: 320,
    height: 480,
  });
  const rows = await t.db.query`
    SELECT width, height FROM movie_posters WHERE movie_id = ${movie.id} ORDER BY width`;
  assert.deepEqual(rows, [
    { width: 160, height: 240 },
    { width: 320, height: 480 },
    { width: 640, height: 960 },
  ]);

  // The movie and its show name it.
  const movies = await (await t.get('/api/movies/', customer.token)).json();
  assert.deepEqual(movies[0].poster, poster);
  assert.deepEqual(
    (await (await t.get(`/api/shows/${show.id}/`, customer.token)).json()).movie_poster,
    poster,
  );

  // Each width is a WebP of that size, for anyone, cached for good; asked again, not sent again.
  for (const width of [160, 320, 640]) {
    const image = await t.app.request(url(width));
    assert.equal(image.status, 200);
    assert.equal(image.headers.get('Content-Type'), 'image/webp');
    assert.equal(image.headers.get('Cache-Control'), 'public, max-age=31536000, immutable');
    const etag = image.headers.get('ETag') ?? '';
    assert.deepEqual(await imageOf(new Uint8Array(await image.arrayBuffer())), {
      format: 'webp',
      width,
      height: width * 1.5,
    });
    const again = await t.app.request(url(width), { headers: { 'If-None-Match': etag } });
    assert.equal(again.status, 304);
  }

  const [audit] = await t.db.query<{ action: string; details: { version: string } }>`
    SELECT action, details FROM audit_log WHERE entity_kind = 'movie' AND action LIKE 'movie.poster%'`;
  assert.equal(audit?.action, 'movie.poster_set');
  assert.equal(audit?.details.version, version);
});

Deno.test('a wide picture is cut to a poster’s 2:3; JPEG and WebP are taken too', async () => {
  await using t = await createBookingTestApp();
  const { owner, movie } = await t.scenario();
  for (const [format, type] of [
    ['jpeg', 'image/jpeg'],
    ['webp', 'image/webp'],
  ] as const) {
    const res = await putPoster(t, movie.id, await picture(1200, 600, format), type, owner.token);
    assert.equal(res.status, 200, format);
    const { srcset } = await res.json();
    const largest = srcset.split(', ').at(-1).split(' ')[0];
    const image = await t.app.request(largest);
    assert.deepEqual(await imageOf(new Uint8Array(await image.arrayBuffer())), {
      format: 'webp',
      width: 640,
      height: 960,
    });
  }
});

Deno.test('a poster that is not a picture of its type, too small, too large or empty is refused, nothing written', async () => {
  await using t = await createBookingTestApp();
  const { owner, movie } = await t.scenario();
  const png = await picture(600, 900);
  const refusals: [Uint8Array, string, number, string][] = [
    [png, 'text/plain', 415, 'The poster must be a JPEG, PNG or WebP image.'],
    [png, 'image/gif', 415, 'The poster must be a JPEG, PNG or WebP image.'],
    [png, 'image/jpeg', 400, 'The poster must be a JPEG, PNG or WebP image.'],
    [
      new TextEncoder().encode('<svg xmlns="http://www.w3.org/2000/svg"/>'),
      'image/png',
      400,
      'The poster must be a JPEG, PNG or WebP image.',
    ],
    [png.slice(0, 60), 'image/png', 400, 'The poster must be a JPEG, PNG or WebP image.'],
    [await picture(300, 450), 'image/png', 400, 'The poster must be at least 320 × 480 pixels.'],
    [new Uint8Array(0), 'image/png', 400, 'Choose a poster image.'],
    [new Uint8Array(5 * 1024 * 1024 + 1), 'image/png', 413, 'The poster must be at most 5 MB.'],
  ];
  for (const [bytes, type, status, message] of refusals) {
    const res = await putPoster(t, movie.id, bytes, type, owner.token);
    assert.equal(res.status, status, `${type} ${bytes.length}`);
    const body = await res.json();
    assert.equal(body.detail, message, `${type} ${bytes.length}`);
    assert.deepEqual(body.fields, { poster: message });
  }
  assert.deepEqual(await t.db.query`SELECT movie_id FROM movie_posters`, []);
  assert.deepEqual(await t.db.query`SELECT poster_version FROM movies`, [{ poster_version: null }]);
});

Deno.test('a picture of more than 40 megapixels is not decoded: refused from its header', async () => {
  await using t = await createBookingTestApp();
  const { owner, movie } = await t.scenario();
  // One colour: a small file that would take 147 MB of memory decoded.
  const huge = await picture(7000, 7000);
  assert.ok(huge.length < 5 * 1024 * 1024, `${huge.length} bytes`);
  const res = await putPoster(t, movie.id, huge, 'image/png', owner.token);
  assert.equal(res.status, 400);
  assert.equal((await res.json()).detail, 'The poster must be at most 40 megapixels.');
  assert.deepEqual(await t.db.query`SELECT movie_id FROM movie_posters`, []);
});

Deno.test('only the movie’s owner sets its poster: another owner and an unknown movie get a 404, a customer a 403, nobody a 401', async () => {
  await using t = await createBookingTestApp();
  const { owner, customer, movie } = await t.scenario();
  const other = await t.account('oscar', 'owner');
  const png = await picture(600, 900);
  const cases: [string | number, string | undefined, number, string][] = [
    [movie.id, other.token, 404, 'movie_not_found'],
    [999999, owner.token, 404, 'movie_not_found'],
    [movie.id, customer.token, 403, 'permission_denied'],
    [movie.id, undefined, 401, 'not_authenticated'],
    ['abc', owner.token, 400, 'validation_error'],
  ];
  for (const [id, token, status, code] of cases) {
    const res = await putPoster(t, id, png, 'image/png', token);
    assert.equal(res.status, status, `${id} ${code}`);
    assert.equal((await res.json()).code, code);
    const removal = await t.request('DELETE', `/api/movies/${id}/poster/`, { token });
    assert.equal(removal.status, status, `DELETE ${id} ${code}`);
  }
  assert.deepEqual(await t.db.query`SELECT movie_id FROM movie_posters`, []);
});

Deno.test('a new poster replaces the old, whose URLs are gone; removing it leaves the title alone', async () => {
  await using t = await createBookingTestApp();
  const { owner, customer, movie } = await t.scenario();
  const first = await (
    await putPoster(t, movie.id, await picture(600, 900), 'image/png', owner.token)
  ).json();
  const second = await (
    await putPoster(
      t,
      movie.id,
      await picture(600, 900, 'png', { r: 10, g: 90, b: 200 }),
      'image/png',
      owner.token,
    )
  ).json();
  assert.notEqual(first.src, second.src);
  assert.equal((await t.app.request(first.src)).status, 404);
  assert.equal((await t.app.request(second.src)).status, 200);
  assert.equal((await t.db.query`SELECT 1 FROM movie_posters`).length, 3);

  const removed = await t.request('DELETE', `/api/movies/${movie.id}/poster/`, {
    token: owner.token,
  });
  assert.equal(removed.status, 204);
  assert.equal((await t.app.request(second.src)).status, 404);
  assert.equal((await (await t.get('/api/movies/', customer.token)).json())[0].poster, null);
  assert.deepEqual(await t.db.query`SELECT movie_id FROM movie_posters`, []);
  const actions = await t.db.query<{ action: string }>`
    SELECT action FROM audit_log WHERE action LIKE 'movie.poster%' ORDER BY id`;
  assert.deepEqual(
    actions.map((a) => a.action),
    ['movie.poster_set', 'movie.poster_set', 'movie.poster_removed'],
  );
  // Removing it again changes nothing and records nothing.
  assert.equal(
    (await t.request('DELETE', `/api/movies/${movie.id}/poster/`, { token: owner.token })).status,
    204,
  );
  assert.equal(
    (await t.db.query`SELECT 1 FROM audit_log WHERE action LIKE 'movie.poster%'`).length,
    3,
  );
});

Deno.test('an owner uploads at most 30 posters an hour', async () => {
  await using t = await createBookingTestApp();
  const { owner, movie } = await t.scenario();
  const png = await picture(320, 480);
  for (let i = 0; i < 30; i++) {
    assert.equal(
      (await putPoster(t, movie.id, png, 'image/png', owner.token)).status,
      200,
      `upload ${i + 1}`,
    );
  }
  const refused = await putPoster(t, movie.id, png, 'image/png', owner.token);
  assert.equal(refused.status, 429);
  assert.match(
    (await refused.json()).detail,
    /^Too many poster uploads\. Try again in \d+ minutes?\.$/,
  );
  t.clock.advance(3600_000);
  assert.equal((await putPoster(t, movie.id, png, 'image/png', owner.token)).status, 200);
});

Deno.test('a poster URL that names no stored poster is a 404', async () => {
  await using t = await createBookingTestApp();
  const { owner, movie } = await t.scenario();
  const { src } = await (
    await putPoster(t, movie.id, await picture(600, 900), 'image/png', owner.token)
  ).json();
  const version = src.split('/')[4];
  for (const path of [
    `/api/posters/${movie.id}/${version}/100.webp`,
    `/api/posters/${movie.id}/${version}/320.png`,
    `/api/posters/${movie.id}/0123456789abcdef/320.webp`,
    `/api/posters/${movie.id}/${version.toUpperCase()}/320.webp`,
    `/api/posters/${movie.id + 1}/${version}/320.webp`,
    `/api/posters/abc/${version}/320.webp`,
  ]) {
    const res = await t.app.request(path);
    assert.ok([400, 404].includes(res.status), `${path}: ${res.status}`);
    assert.notEqual(res.headers.get('Content-Type'), 'image/webp');
  }
});
