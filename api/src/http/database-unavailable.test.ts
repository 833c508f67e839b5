// A lost database is a 503 with Retry-After and a clear JSON error, for every request and every
// way the database can be lost (app.ts onError, db/errors.ts isConnectionLoss); never a 500.
import assert from 'node:assert/strict';
import type { Db } from '../db/db.ts';
import { openPostgres } from '../db/postgres.ts';
import { createTestApp } from '../testing/app.ts';
import { DATABASE_RETRY_AFTER_SECONDS, DATABASE_UNAVAILABLE } from './errors.ts';

/** A Db whose every query fails with `error`, as a database that went away. */
function failingDb(error: unknown): Db {
  const fail = () => Promise.reject(error);
  return {
    kind: 'postgres',
    query: fail,
    transaction: fail,
    listen: fail,
    ping: fail,
    close: async () => {},
  };
}

const signIn = (app: {
  request: (path: string, init: RequestInit) => Promise<Response> | Response;
}) =>
  app.request('/api/login/', {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ email_or_username: 'ana@example.com', password: 'secret-password' }),
  });

async function assertUnavailable(res: Response) {
  assert.equal(res.status, 503);
  assert.equal(res.headers.get('Retry-After'), String(DATABASE_RETRY_AFTER_SECONDS));
  assert.deepEqual(await res.json(), {
    detail: DATABASE_UNAVAILABLE,
    code: 'database_unavailable',
    error: DATABASE_UNAVAILABLE,
  });
}

const pgError = (code: string, message: string) =>
  Object.assign(new Error(message), { name: 'PostgresError', code, severity: 'FATAL' });
const socketError = (code: string) => Object.assign(new Error(`write ${code}`), { code });

const LOST = [
  socketError('CONNECTION_CLOSED'),
  socketError('CONNECTION_ENDED'),
  socketError('CONNECTION_DESTROYED'),
  socketError('CONNECT_TIMEOUT'),
  socketError('ECONNREFUSED'),
  socketError('ECONNRESET'),
  pgError('57P01', 'terminating connection due to administrator command'),
  pgError('57P02', 'terminating connection because of crash of another server process'),
  pgError('57P03', 'the database system is starting up'),
  pgError('08006', 'connection failure'),
  pgError('25006', 'cannot execute INSERT in a read-only transaction'),
  new Error('PGlite is closed'),
];

for (const error of LOST) {
  Deno.test(`a request that meets ${(error as { code?: string }).code ?? error.message} answers 503 with Retry-After`, async () => {
    await using t = await createTestApp({ db: failingDb(error) });
    await assertUnavailable(await signIn(t.app));
    // One line in the log, without the request's details.
    assert.equal(t.logger.errors.length, 1);
    assert.match(t.logger.errors[0]?.message ?? '', /Database unavailable, answering 503/);
  });
}

Deno.test('a deploy key checked while the database is gone: 503, never "Unknown deploy key."', async () => {
  await using t = await createTestApp({ db: failingDb(socketError('ECONNREFUSED')) });
  const res = await t.app.request('/api/releases/user/rollback/', {
    method: 'POST',
    headers: { Authorization: `Bearer cdk_${'a'.repeat(43)}`, 'Content-Type': 'application/json' },
    body: '{}',
  });
  // A pipeline told 401 would think its key revoked; the database is what is missing.
  await assertUnavailable(res);
});

Deno.test('an error of the request itself is still a 500, not a 503', async () => {
  await using t = await createTestApp({
    db: failingDb(pgError('42P01', 'relation "users" does not exist')),
  });
  const res = await signIn(t.app);
  assert.equal(res.status, 500);
  assert.equal((await res.json()).code, 'internal');
});

Deno.test('a PostgreSQL server that is not there: 503 within 2 s, and the log says so once per burst', async () => {
  // A port nothing listens on: every connection is refused, as while PostgreSQL restarts.
  const probe = Deno.listen({ hostname: '127.0.0.1', port: 0 });
  const port = (probe.addr as Deno.NetAddr).port;
  probe.close();
  const db = openPostgres(`postgres://postgres@127.0.0.1:${port}/postgres`, { max: 2 });
  try {
    await using t = await createTestApp({ db });
    const started = performance.now();
    const answers = await Promise.all([1, 2, 3, 4, 5].map(() => signIn(t.app)));
    const took = performance.now() - started;
    for (const res of answers) await assertUnavailable(res);
    assert.ok(took < 2000, `answered in ${Math.round(took)} ms`);
    assert.equal(t.logger.errors.length, 1);
    const health = await t.app.request('/api/health');
    assert.equal(health.status, 503);
    assert.equal(health.headers.get('Retry-After'), String(DATABASE_RETRY_AFTER_SECONDS));
    await health.body?.cancel();
  } finally {
    await db.close();
  }
});
