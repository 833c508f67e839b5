// A poster upload whose database connection is killed (for real: the server ends the backend)
// half way through storing it, and two uploads racing for one movie.
import assert from 'node:assert/strict';
import type { Db, Tx } from '../../db/db.ts';
import { createBookingTestApp } from '../../testing/booking.ts';
import { createTestDb, onPostgresServer } from '../../testing/db.ts';
import { picture, putPoster } from '../../testing/posters.ts';

/**
 * `db`, but inside a transaction the statement storing a poster's renditions first has the
 * server end this very connection (pg_terminate_backend of its own backend: a real loss, as a
 * server restart or a failover deals it), once.
 */
function killedBeforePosterRows(db: Db): Db {
  let killed = false;
  return {
    ...db,
    kind: db.kind,
    query: (strings, ...params) => db.query(strings, ...params),
    transaction: (fn) =>
      db.transaction((tx) => {
        const dying: Tx = {
          async query(strings, ...params) {
            if (!killed && strings.join('$').includes('INSERT INTO movie_posters')) {
              killed = true;
              await tx.query`SELECT pg_terminate_backend(pg_backend_pid())`;
            }
            return await tx.query(strings, ...params);
          },
          runScript: (sqlText) => tx.runScript(sqlText),
          commit: () => tx.commit(),
        };
        return fn(dying);
      }),
    listen: (channel, onPayload, onReconnect) => db.listen(channel, onPayload, onReconnect),
    ping: () => db.ping(),
    close: () => db.close(),
  };
}

Deno.test({
  name: 'a connection killed while a poster is stored: 503 with Retry-After, nothing half written, the next upload works',
  ignore: !onPostgresServer,
  async fn() {
    await using primary = await createTestDb();
    await using t = await createBookingTestApp({ db: killedBeforePosterRows(primary.db) });
    const { owner, movie } = await t.scenario();

    const lost = await putPoster(t, movie.id, await picture(600, 900), 'image/png', owner.token);
    assert.equal(lost.status, 503);
    assert.ok(lost.headers.get('Retry-After'));
    assert.equal((await lost.json()).code, 'database_unavailable');
    // Rolled back whole: no renditions, no version, no audit record.
    assert.deepEqual(await primary.db.query`SELECT movie_id FROM movie_posters`, []);
    assert.deepEqual(await primary.db.query`SELECT poster_version FROM movies`, [
      { poster_version: null },
    ]);
    assert.deepEqual(
      await primary.db.query`SELECT id FROM audit_log WHERE action = 'movie.poster_set'`,
      [],
    );

    // The pool opens a new connection: the owner tries again and it is stored.
    const again = await putPoster(t, movie.id, await picture(600, 900), 'image/png', owner.token);
    assert.equal(again.status, 200);
    assert.equal((await t.app.request((await again.json()).src)).status, 200);
  },
});

Deno.test('two uploads racing for one movie: one poster wins whole, its three widths and nothing of the other', async () => {
  await using t = await createBookingTestApp();
  const { owner, movie } = await t.scenario();
  const [red, blue] = await Promise.all([
    picture(600, 900, 'png', { r: 200, g: 20, b: 20 }),
    picture(600, 900, 'png', { r: 20, g: 20, b: 200 }),
  ]);
  const answers = await Promise.all([
    putPoster(t, movie.id, red, 'image/png', owner.token),
    putPoster(t, movie.id, blue, 'image/png', owner.token),
  ]);
  assert.deepEqual(
    answers.map((a) => a.status),
    [200, 200],
  );
  const versions = await Promise.all(
    answers.map(async (a) => ((await a.json()).src as string).split('/')[4]),
  );
  assert.notEqual(versions[0], versions[1]);
  const [movieRow] = await t.db.query<{ poster_version: string }>`
    SELECT poster_version FROM movies WHERE id = ${movie.id}`;
  assert.ok(versions.includes(movieRow?.poster_version as string));
  const rows = await t.db.query<{ version: string; width: number }>`
    SELECT version, width FROM movie_posters ORDER BY width`;
  assert.deepEqual(rows, [
    { version: movieRow?.poster_version, width: 160 },
    { version: movieRow?.poster_version, width: 320 },
    { version: movieRow?.poster_version, width: 640 },
  ]);
});
