// Throwaway PostgreSQL clusters for the benches and `npm run cluster`: initdb in a temp dir, a
// free port on loopback, trust authentication, removed again by `stop()`; and a streaming
// standby of one (`pg_basebackup -R`), read-only, replaying the primary's WAL as it comes. Uses
// the server binaries on PATH (Debian: /usr/lib/postgresql/<v>/bin is added when present).
import { execFile, execFileSync } from 'node:child_process';
import { chownSync, existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';

/**
 * A TCP port nothing listens on right now (loopback).
 * @returns {Promise<number>}
 */
export function freePort() {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = /** @type {import('node:net').AddressInfo} */ (server.address());
      server.close(() => resolve(port));
    });
  });
}

/** Debian keeps the server binaries out of PATH; the newest installed version is used. */
function serverBinDir() {
  const root = '/usr/lib/postgresql';
  if (!existsSync(root)) return null;
  const versions = readdirSync(root).sort((a, b) => Number(b) - Number(a));
  return versions[0] ? path.join(root, versions[0], 'bin') : null;
}

const isRoot = process.getuid?.() === 0;

/** Whether the server binaries (initdb, pg_ctl, pg_basebackup) can be found. */
export function postgresInstalled() {
  const dir = serverBinDir();
  if (dir && existsSync(path.join(dir, 'initdb'))) return true;
  return (process.env.PATH ?? '')
    .split(path.delimiter)
    .some((entry) => entry && existsSync(path.join(entry, 'initdb')));
}

/** The path of a server binary (`pg_ctl`, `initdb`...): the server bin dir's, else the name. */
export function postgresBinary(bin) {
  const dir = serverBinDir();
  return dir && existsSync(path.join(dir, bin)) ? path.join(dir, bin) : bin;
}

/**
 * `[command, argv]` that runs `file` as the postgres user when we are root (the server binaries,
 * pg_autoctl and pgBackRest refuse root or must own what they write), with `env` set for it
 * (runuser resets HOME and the like, so it goes through `env`).
 */
export function asPostgres(file, args, env = {}) {
  const vars = Object.entries(env).map(([name, value]) => `${name}=${value}`);
  if (isRoot) return ['runuser', ['-u', 'postgres', '--', 'env', ...vars, file, ...args]];
  return vars.length ? ['env', [...vars, file, ...args]] : [file, args];
}

/** Runs a PostgreSQL binary, as the postgres user when we are root (the binaries refuse root). */
export function runPostgresBinary(bin, args) {
  const [cmd, argv] = asPostgres(postgresBinary(bin), args);
  execFileSync(cmd, argv, { stdio: ['ignore', 'ignore', 'inherit'] });
}

/** Gives `file` (a file or dir we made as root) to the postgres user; nothing when not root. */
export function chownToPostgres(file) {
  if (!isRoot) return;
  const uid = Number(execFileSync('id', ['-u', 'postgres']).toString());
  const gid = Number(execFileSync('id', ['-g', 'postgres']).toString());
  chownSync(file, uid, gid);
}

/** A temp dir the postgres user may write to. */
export function postgresTempDir(prefix) {
  const dir = mkdtempSync(path.join(os.tmpdir(), prefix));
  chownToPostgres(dir);
  return dir;
}

/**
 * Starts a throwaway cluster. `settings` are extra `-c name=value` server settings. Resolves to
 * its URL (database `postgres`, user `postgres`), port, directory and a `stop()` that shuts it
 * down and removes it.
 */
export async function startThrowawayPostgres({ prefix = 'cinema-pg-', settings = {} } = {}) {
  const port = await freePort();
  const dir = postgresTempDir(prefix);
  const data = path.join(dir, 'data');
  runPostgresBinary('initdb', ['-D', data, '-A', 'trust', '-U', 'postgres']);
  return startServer({ dir, data, port, settings });
}

/**
 * Starts a streaming standby of `primary` (a cluster from startThrowawayPostgres, or anything
 * with `port`): `pg_basebackup -R` copies it and writes the connection to follow it, and the
 * copy starts read-only in hot standby on its own free port. initdb's trust rules already let
 * 127.0.0.1 replicate; the primary's defaults (wal_level replica, max_wal_senders 10) suffice.
 * Resolves like startThrowawayPostgres; `stop()` stops and removes only the standby.
 */
export async function startThrowawayStandby(
  primary,
  { prefix = 'cinema-pg-standby-', settings = {} } = {},
) {
  const port = await freePort();
  const dir = postgresTempDir(prefix);
  const data = path.join(dir, 'data');
  runPostgresBinary('pg_basebackup', [
    '-h',
    '127.0.0.1',
    '-p',
    String(primary.port),
    '-U',
    'postgres',
    '-D',
    data,
    '-R',
    '-X',
    'stream',
    '-c',
    'fast',
  ]);
  // The copy's settings came with it; these are the standby's own.
  return startServer({ dir, data, port, settings: { hot_standby: 'on', ...settings } });
}

/**
 * Starts PostgreSQL on an existing data directory `data` (socket and log in `dir`), on `port`,
 * with `-c` `settings`; resolves like startThrowawayPostgres (its `stop()` removes `dir`, unless
 * `keep`).
 */
export function startServer({ dir, data, port, settings, keep = false }) {
  const options = [
    `-p ${port} -k ${dir} -c listen_addresses=127.0.0.1`,
    ...Object.entries({ fsync: 'off', max_connections: 300, ...settings }).map(
      ([name, value]) => `-c ${name}=${value}`,
    ),
  ].join(' ');
  runPostgresBinary('pg_ctl', [
    '-D',
    data,
    '-o',
    options,
    '-l',
    path.join(dir, 'log'),
    '-w',
    'start',
  ]);
  return {
    url: `postgres://postgres@127.0.0.1:${port}/postgres`,
    port,
    dir,
    data,
    stop() {
      try {
        runPostgresBinary('pg_ctl', ['-D', data, '-m', 'fast', '-w', 'stop']);
      } finally {
        if (!keep) rmSync(dir, { recursive: true, force: true });
      }
    },
  };
}

/**
 * Runs psql as `user` on 127.0.0.1:`port`, returns its unaligned output rows.
 * @param {number} port
 * @param {string} sql
 * @param {{ user?: string, db?: string, timeoutMs?: number }} [options]
 */
export async function psql(
  port,
  sql,
  { user = 'postgres', db = 'postgres', timeoutMs = 5000 } = {},
) {
  const { stdout } = await promisify(execFile)(
    postgresBinary('psql'),
    [
      '-X',
      '-qAt',
      '-v',
      'ON_ERROR_STOP=1',
      '-h',
      '127.0.0.1',
      '-p',
      String(port),
      '-U',
      user,
      '-d',
      db,
      '-c',
      sql,
    ],
    { env: { ...process.env, PGCONNECT_TIMEOUT: '2' }, timeout: timeoutMs },
  );
  return stdout.split('\n').filter(Boolean);
}
