// Prints the API's OpenAPI document (what GET /api/openapi.json serves) without a database or a
// server: `deno run --allow-read --allow-env src/openapi.ts`. scripts/openapi.mjs turns it into
// the apps' types (packages/api-client/src/generated/openapi.ts).
import { createApp } from './app.ts';
import { loadConfig } from './config.ts';
import type { Db } from './db/db.ts';
import { openApiDocument } from './http/openapi.ts';

// Describing the routes runs no handler, so nothing may reach the database.
const noDatabase = () => {
  throw new Error('The OpenAPI document needs no database.');
};
const db: Db = {
  kind: 'pglite',
  query: noDatabase,
  transaction: noDatabase,
  listen: noDatabase,
  ping: noDatabase,
  close: async () => {},
};

// The development configuration: every route a developer can call, the dev outbox included.
const config = loadConfig({ NODE_ENV: 'development', JWT_SECRET: 'x'.repeat(32) });
const app = createApp({ config, db, logger: { info() {}, error() {} } });
console.log(JSON.stringify(await openApiDocument(app), null, 2));
