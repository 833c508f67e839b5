// `npm run restore -- --to "<timestamp>"`: the database as it was at that second, in a FRESH data
// directory; the cluster that made the backups is not touched (decision 0024). pgBackRest
// restores the newest backup taken before the time and PostgreSQL replays the archived WAL up to
// it, then promotes itself. The restored server is then started on its own port and the command
// prints how to start the API on it; Ctrl-C stops it and keeps the directory.
// `npm run cluster -- --restore-to "<timestamp>"` starts a whole cluster on a restore instead.

import { existsSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import {
  DEFAULT_BACKUPS,
  findPgbackrest,
  info,
  PGBACKREST_MISSING,
  postgresDir,
  repositories,
  restore,
  targetTime,
  writeConfig,
} from './pgbackrest.mjs';
import {
  freePort,
  postgresBinary,
  postgresInstalled,
  postgresTempDir,
  psql,
  startServer,
} from './postgres.mjs';

const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

/** Settings of a restored server: alone (no standby to wait for), not archiving. */
const ALONE = {
  synchronous_standby_names: "''",
  archive_mode: 'off',
  hot_standby: 'on',
  fsync: 'on',
  // Its log in one file beside it (pg_auto_failover turned the collector on), read on failure.
  logging_collector: 'off',
};

/**
 * The repository to restore `time` from: `from` (a repository dir, or its name in `backups`),
 * else the newest in `backups` with a backup that ended before `time`. Throws a sentence.
 * @param {{ backups?: string, from?: string, time: string }} options
 */
export async function chooseRepository({ backups = DEFAULT_BACKUPS, from, time }) {
  if (from) {
    const repo = existsSync(from) ? path.resolve(from) : path.join(backups, from);
    if (!existsSync(path.join(repo, 'backup'))) {
      throw new Error(`${from} is not a pgBackRest repository (no backup/ folder in ${repo}).`);
    }
    return repo;
  }
  const all = repositories(backups).reverse();
  if (all.length === 0) {
    throw new Error(
      `There are no backups in ${backups}: start \`npm run cluster\` first (it archives WAL and takes a full backup at start).`,
    );
  }
  const at = new Date(time.replace(' ', 'T').replace(/\+00$/, 'Z'));
  const work = postgresTempDir('cinema-restore-info-');
  try {
    for (const { repo } of all) {
      const config = writeConfig(path.join(work, 'pgbackrest.conf'), { repo, work });
      const { backups: sets } = await info(config).catch(() => ({ backups: [] }));
      if (sets.some((b) => b.stop <= at)) return repo;
    }
  } finally {
    rmSync(work, { recursive: true, force: true });
  }
  throw new Error(
    `No backup in ${backups} ended before ${time}: a restore can only go back to the end of the first backup of a cluster.`,
  );
}

/**
 * Restores `repo` to `time` into `data` (fresh), replays until PostgreSQL promotes itself at the
 * target, and stops it cleanly: a data directory any PostgreSQL 15 (or pg_autoctl) can start.
 * Resolves to {ms: {restore, replay}, toEnd}. PostgreSQL stops replaying at the first commit
 * after `time`; when the archive holds none (nothing was written after it), it refuses the
 * target, and the end of the archive is then that same state, provided the archive reaches
 * past `time` (a backup ended after it): restored to the end instead (`toEnd`). Otherwise fails
 * with PostgreSQL's reason (the last WAL segment is archived within archive_timeout, 60 s, or
 * at the next `npm run backup`).
 */
export async function restoreInto({ repo, time, data, work }) {
  try {
    return { ...(await restoreOnce({ repo, time, data, work })), toEnd: false };
  } catch (error) {
    if (!time || !/recovery ended before/.test(error.message)) throw error;
    const config = path.join(work, 'pgbackrest-restore.conf');
    const at = new Date(time.replace(' ', 'T').replace(/\+00$/, 'Z'));
    const { backups } = await info(config);
    if (!backups.some((b) => b.stop >= at)) throw error;
    rmSync(data, { recursive: true, force: true });
    rmSync(path.join(work, 'log'), { force: true });
    return { ...(await restoreOnce({ repo, time: null, data, work })), toEnd: true };
  }
}

async function restoreOnce({ repo, time, data, work }) {
  const restored = await restore({ repo, data, work, time });
  const started = Date.now();
  let server = null;
  try {
    server = startServer({ dir: work, data, port: await freePort(), settings: ALONE, keep: true });
    const deadline = Date.now() + 120_000;
    for (;;) {
      const [inRecovery] = await psql(server.port, 'select pg_is_in_recovery()').catch(() => ['?']);
      if (inRecovery === 'f') break;
      // It stopped by itself: the archive ended before the target (its reason is in its log).
      if (!existsSync(path.join(data, 'postmaster.pid'))) throw new Error('it stopped');
      if (Date.now() > deadline) throw new Error('it did not finish replaying within 120 s');
      await sleep(200);
    }
  } catch (error) {
    // pg_ctl's own failure says only "Examine the log output": the log says why.
    const log = existsSync(path.join(work, 'log'))
      ? readFileSync(path.join(work, 'log'), 'utf8')
      : '';
    const reason = log
      .split('\n')
      .filter((l) => /FATAL|PANIC/.test(l))
      .map((l) => l.replace(/^.*?(FATAL|PANIC):\s*/, ''))
      .join('; ');
    const said = reason || (error instanceof Error ? error.message : String(error));
    throw new Error(
      `PostgreSQL could not be restored to ${time}: ${said}${/recovery ended before/.test(reason) ? ' (the archive ends before that time: the last WAL is archived within 60 s, or by `npm run backup`)' : ''}. Its log: ${path.join(work, 'log')}`,
    );
  } finally {
    if (server && existsSync(path.join(data, 'postmaster.pid'))) server.stop();
  }
  return { ms: { restore: restored.ms, replay: Date.now() - started } };
}

const HELP = `npm run restore -- --to "<timestamp>" [options]

Restores the database of \`npm run cluster\` as it was at <timestamp> into a fresh data directory
and starts PostgreSQL on it; the running cluster (if any) and the backups are not touched.

  --to TIME        the moment to go back to, with its zone: "2026-11-27 00:31:05+00",
                   "2026-11-27T00:31:05.250Z" (what \`date -u --iso-8601=ns\` or the API print)
  --backups DIR    where the cluster keeps its backups (default .data/backups)
  --from REPO      a repository in it (its name, e.g. 2026-11-27T00-18-47Z, or a path);
                   default: the newest with a backup that ended before TIME
  --into DIR       the fresh data directory (default .data/restores/<TIME>); must not exist
  --port N         PostgreSQL's port (default: a free one)
  --help           this text

To run the whole cluster (failover, backups, API instances, HAProxy) on a restore instead:
  npm run cluster -- --restore-to TIME [--restore-from REPO]`;

async function main() {
  const { values } = parseArgs({
    options: {
      to: { type: 'string' },
      backups: { type: 'string', default: DEFAULT_BACKUPS },
      from: { type: 'string' },
      into: { type: 'string' },
      port: { type: 'string' },
      help: { type: 'boolean' },
    },
  });
  if (values.help) {
    console.log(HELP);
    return;
  }
  const time = values.to && targetTime(values.to);
  if (!time) {
    console.error(
      `--to needs a time with its zone, e.g. --to "${new Date().toISOString()}"\n\n${HELP}`,
    );
    process.exit(2);
  }
  if (!findPgbackrest()) throw new Error(PGBACKREST_MISSING);
  if (!postgresInstalled())
    throw new Error(
      'The PostgreSQL server binaries are not installed: apt-get install -y postgresql',
    );
  const repo = await chooseRepository({ backups: values.backups, from: values.from, time });
  const into = path.resolve(
    values.into ?? path.join(values.backups, '..', 'restores', time.replace(/[ :+]/g, '-')),
  );
  if (existsSync(into) && readdirSync(into).length > 0) {
    console.error(`${into} is not empty: a restore goes into a fresh directory (--into DIR).`);
    process.exit(2);
  }
  const data = path.join(into, 'data');
  console.log(`Restoring ${repo} to ${time} into ${data}...`);
  const { ms, toEnd } = await restoreInto({ repo, time, data, work: postgresDir(into) });
  if (toEnd) {
    console.log(
      `Nothing was written between ${time} and the end of the archive: restored to its end, which is the same state.`,
    );
  }
  const port = Number(values.port) || (await freePort());
  const server = startServer({ dir: into, data, port, settings: ALONE, keep: true });
  // Kept for its next start by hand: it has no standby to wait for and no archive to feed (the
  // cluster's synchronous_standby_names and archive_command came with the backup).
  await psql(port, "alter system set synchronous_standby_names = ''");
  await psql(port, "alter system set archive_mode = 'off'");
  const [count] = await psql(port, 'select count(*) from bookings where not is_cancelled').catch(
    () => ['?'],
  );
  console.log(`
Restored in ${(ms.restore / 1000).toFixed(1)} s, replayed to ${time} in ${(ms.replay / 1000).toFixed(1)} s (${count} live bookings).
PostgreSQL runs on it:  ${server.url}
Start the API on it:    DATABASE_URL=${server.url} npm start
Press Ctrl-C to stop PostgreSQL; the directory stays: ${into}`);
  const stop = () => {
    server.stop();
    console.log(
      `Stopped. Start it again: runuser -u postgres -- ${postgresBinary('pg_ctl')} -D ${data} -o "-p ${port} -k ${into}" start`,
    );
    process.exit(0);
  };
  process.on('SIGINT', stop);
  process.on('SIGTERM', stop);
  setInterval(() => {}, 1 << 30);
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  main().catch((error) => {
    console.error(error instanceof Error ? error.message : error);
    process.exit(1);
  });
}
