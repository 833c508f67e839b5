// Backups and point-in-time recovery with Debian's pgBackRest (decision 0024), for
// `npm run cluster`, `npm run backup` and `npm run restore`.
//
// A backup directory (`.data/backups` unless told) holds one pgBackRest repository per cluster
// started (`<started-at>/`, stanza `cinema`): each cluster is a new PostgreSQL system, and a
// repository belongs to one. The running cluster writes `current.json` there (its pgBackRest
// configuration and pid) so `npm run backup` finds it; a restore reads a repository alone.
import { execFile } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { asPostgres, chownToPostgres } from './postgres.mjs';

const run = promisify(execFile);

export const STANZA = 'cinema';
export const DEFAULT_BACKUPS = path.join(
  path.dirname(fileURLToPath(import.meta.url)),
  '..',
  '.data',
  'backups',
);
export const PGBACKREST_MISSING =
  'pgBackRest is not installed. On Debian or Ubuntu: apt-get install -y pgbackrest';

/** The pgbackrest binary, or null. */
export function findPgbackrest(env = process.env) {
  const dirs = (env.PATH ?? '').split(path.delimiter).filter(Boolean);
  for (const dir of [...dirs, '/usr/bin', '/usr/local/bin']) {
    const file = path.join(dir, 'pgbackrest');
    if (existsSync(file)) return file;
  }
  return null;
}

/** A folder the postgres user owns (pgBackRest runs as it), made with its parents. */
export function postgresDir(dir, mode = 0o755) {
  mkdirSync(dir, { recursive: true, mode });
  chownToPostgres(dir);
  return dir;
}

/**
 * Writes a pgBackRest configuration into `file`: repository `repo`, logs and locks under
 * `work`, and the PostgreSQL data directories `pgs` ([{data, port, socket}]), any of which may
 * be the primary (a backup finds it; the archive command names its own with --pg1-path).
 */
/**
 * @param {string} file
 * @param {{ repo: string, work: string, pgs?: { data: string, port: number, socket: string }[] }} options
 */
export function writeConfig(file, { repo, work, pgs = [] }) {
  for (const dir of ['pgbackrest-log', 'pgbackrest-lock', 'pgbackrest-spool']) {
    postgresDir(path.join(work, dir));
  }
  const lines = [
    '[global]',
    `repo1-path=${repo}`,
    // Two full backups and the WAL to replay from the older one are kept.
    'repo1-retention-full=2',
    `log-path=${path.join(work, 'pgbackrest-log')}`,
    `lock-path=${path.join(work, 'pgbackrest-lock')}`,
    `spool-path=${path.join(work, 'pgbackrest-spool')}`,
    'log-level-console=warn',
    'log-level-file=info',
    // A backup starts with an immediate checkpoint, not the next scheduled one.
    'start-fast=y',
    'compress-type=lz4',
    '',
    `[${STANZA}]`,
    ...pgs.flatMap((pg, i) => [
      `pg${i + 1}-path=${pg.data}`,
      `pg${i + 1}-port=${pg.port}`,
      `pg${i + 1}-socket-path=${pg.socket}`,
    ]),
  ];
  writeFileSync(file, `${lines.join('\n')}\n`);
  chownToPostgres(file);
  return file;
}

/**
 * The nodes' archive_command. archive_command runs in the node's data directory with a
 * relative %p, so `--pg1-path="$PWD"` names the node that archives whichever it is.
 */
export function archiveCommand(config) {
  return `pgbackrest --config=${config} --stanza=${STANZA} --pg1-path="$PWD" archive-push %p`;
}

/** Runs pgbackrest as the postgres user; resolves to its stdout, rejects with its stderr. */
export async function pgbackrest(config, args, { timeoutMs = 300_000 } = {}) {
  const binary = findPgbackrest();
  if (!binary) throw new Error(PGBACKREST_MISSING);
  const [cmd, argv] = asPostgres(binary, [`--config=${config}`, `--stanza=${STANZA}`, ...args]);
  try {
    const { stdout } = await run(cmd, argv, { timeout: timeoutMs, maxBuffer: 16 << 20 });
    return stdout;
  } catch (error) {
    const said = `${error.stderr ?? ''}${error.stdout ?? ''}`.trim();
    throw new Error(`pgbackrest ${args.join(' ')} failed: ${said || error.message}`);
  }
}

/** A backup of the running cluster (`full`, `diff` or `incr`): {type, label, ms, bytes}. */
export async function backup(config, type = 'full') {
  const started = Date.now();
  await pgbackrest(config, [`--type=${type}`, 'backup']);
  const [latest] = (await info(config)).backups.slice(-1);
  return { ...latest, ms: Date.now() - started };
}

/** What the repository holds: {backups: [{label, type, start, stop, size, repoSize}], archive}. */
export async function info(config) {
  const [stanza] = JSON.parse(await pgbackrest(config, ['--output=json', 'info']));
  return {
    status: stanza?.status?.message,
    archive: stanza?.archive?.map((a) => ({ min: a.min, max: a.max })) ?? [],
    backups: (stanza?.backup ?? []).map((b) => ({
      label: b.label,
      type: b.type,
      start: new Date(b.timestamp.start * 1000),
      stop: new Date(b.timestamp.stop * 1000),
      size: b.info.size,
      repoSize: b.info.repository.delta,
    })),
  };
}

/** The repositories in a backups dir, oldest first: [{name, repo}]. */
export function repositories(backups = DEFAULT_BACKUPS) {
  if (!existsSync(backups)) return [];
  return readdirSync(backups, { withFileTypes: true })
    .filter((e) => e.isDirectory() && existsSync(path.join(backups, e.name, 'backup', STANZA)))
    .map((e) => ({ name: e.name, repo: path.join(backups, e.name) }))
    .sort((a, b) => a.name.localeCompare(b.name));
}

/** The name of a new repository: the time, sortable and safe in a path. */
export function repositoryName(date = new Date()) {
  return date
    .toISOString()
    .replace(/\.\d+Z$/, 'Z')
    .replaceAll(':', '-');
}

/**
 * Where the running cluster says its pgBackRest configuration is (or null).
 * @param {string} [backups]
 */
export function currentCluster(backups = DEFAULT_BACKUPS) {
  const file = path.join(backups, 'current.json');
  if (!existsSync(file)) return null;
  const current = JSON.parse(readFileSync(file, 'utf8'));
  try {
    process.kill(current.pid, 0);
  } catch {
    return null; // its cluster is gone (killed without cleaning up)
  }
  return existsSync(current.config) ? current : null;
}

/**
 * A PostgreSQL timestamp for pgBackRest's --target: `2026-11-27 00:31:05.123+00`. Accepts what
 * `Date` parses (ISO 8601 with a zone, or as PostgreSQL prints it); a time without a zone is
 * refused, as it would mean the server's zone, which the operator may not know.
 */
export function targetTime(text) {
  const hasZone = /(Z|[+-]\d{2}(:?\d{2})?)$/i.test(text.trim());
  const date = new Date(
    text
      .trim()
      .replace(' ', 'T')
      .replace(/([+-]\d{2})$/, '$1:00'),
  );
  if (!hasZone || Number.isNaN(date.getTime())) return null;
  return date.toISOString().replace('T', ' ').replace('Z', '+00');
}

/**
 * Restores repository `repo` into the fresh data directory `data` (which must not exist or be
 * empty), to `time` (targetTime's form) or, without one, to the end of the archive. PostgreSQL
 * then replays on start and promotes itself at the target; `work` holds the restore's own
 * pgBackRest configuration, which the restored server's restore_command keeps using until then.
 */
export async function restore({ repo, data, work, time }) {
  postgresDir(work);
  // PostgreSQL refuses a data directory others may read.
  postgresDir(data, 0o700);
  const config = writeConfig(path.join(work, 'pgbackrest-restore.conf'), {
    repo,
    work,
    pgs: [{ data, port: 5432, socket: work }],
  });
  const target = time
    ? ['--type=time', `--target=${time}`, '--target-action=promote']
    : ['--type=default'];
  const started = Date.now();
  await pgbackrest(config, [...target, 'restore']);
  return { config, ms: Date.now() - started };
}
