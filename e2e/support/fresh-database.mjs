// Browser tests on a PostgreSQL server (DATABASE_URL set, as in CI): each worker's product has a
// database of its own on that server (support/ports.ts e2eEnv), dropped and made again here
// before the product starts, so a run never sees what an earlier one left.
import postgres from 'postgres';

const name = new URL(String(process.env.DATABASE_URL)).pathname.slice(1);
if (!/^cinema_e2e_\d+$/.test(name)) throw new Error(`not a browser tests' database: ${name}`);
const server = postgres(String(process.env.E2E_DATABASE_SERVER_URL), {
  max: 1,
  onnotice: () => {},
});
try {
  await server.unsafe(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
  await server.unsafe(`CREATE DATABASE ${name}`);
} finally {
  await server.end();
}
