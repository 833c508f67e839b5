// The process: read config, open and migrate the database, serve, shut down cleanly on signals.
import { createApp } from './app.ts';
import { ConfigError, readConfig } from './config.ts';
import { openDb } from './db/index.ts';
import { migrate } from './db/migrate.ts';

function configOrExit() {
  try {
    return readConfig();
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(`API configuration error: ${error.message}`);
      Deno.exit(1);
    }
    throw error;
  }
}

const config = configOrExit();
const db = await openDb(config);
const applied = await migrate(db);
for (const m of applied) console.log(`Applied migration ${m.version} ${m.name}`);

const app = createApp({ config, db });
const server = Deno.serve(
  {
    hostname: config.host,
    port: config.port,
    onListen: ({ hostname, port }) => {
      const host = hostname.includes(':') ? `[${hostname}]` : hostname;
      console.log(`API listening on http://${host}:${port} (database: ${db.kind})`);
    },
  },
  app.fetch,
);

let stopping = false;
async function shutdown(signal: string) {
  if (stopping) return;
  stopping = true;
  console.log(`${signal} received, stopping API`);
  // Do not hang forever on a stuck connection.
  const force = setTimeout(() => Deno.exit(0), 5000);
  await server.shutdown();
  await db.close();
  clearTimeout(force);
  Deno.exit(0);
}
Deno.addSignalListener('SIGINT', () => shutdown('SIGINT'));
Deno.addSignalListener('SIGTERM', () => shutdown('SIGTERM'));
