// The one sentence a start that cannot succeed prints (main.ts), naming the setting to change,
// with no stack trace: a dead database, a taken port, a data directory that cannot be written or
// that another process holds, a bad setting. And its exit code: EX_CONFIG (78, sysexits.h) when
// the setting or the environment is wrong, so a supervisor (scripts/apps.mjs) does not start it
// again in a loop; 1 for a database that did not come (it may, later).
import type { Config } from './config.ts';
import { sqlState } from './db/errors.ts';
import { DataDirLockedError } from './db/lock.ts';
import { DatabaseUnreachableError } from './db/wait.ts';

/** DATABASE_URL without its password, for messages. */
export function maskedUrl(url: string): string {
  return url.replace(/^(postgres(?:ql)?:\/\/[^:@/]*):[^@/]*@/, '$1:***@');
}

const codeOf = (error: unknown) => {
  const code = (error as { code?: unknown } | null)?.code;
  return typeof code === 'string' ? code : null;
};

const messageOf = (error: unknown) =>
  (error instanceof Error ? error.message : String(error)).split('\n')[0] ?? '';

/** Exit code of a start refused by its settings or its environment (sysexits.h EX_CONFIG). */
export const EX_CONFIG = 78;

export interface StartupFailure {
  sentence: string;
  exitCode: number;
}

const refused = (sentence: string): StartupFailure => ({ sentence, exitCode: EX_CONFIG });
const failed = (sentence: string): StartupFailure => ({ sentence, exitCode: 1 });

/** The sentence and exit code for `error`, thrown while `doing` (e.g. "migrating the database"). */
export function startupFailure(error: unknown, config: Config, doing: string): StartupFailure {
  return describe(error, config, doing);
}

function describe(error: unknown, config: Config, doing: string): StartupFailure {
  const url = config.databaseUrl ? maskedUrl(config.databaseUrl) : null;
  if (error instanceof DataDirLockedError) {
    const who =
      error.pid === null ? 'another API process' : `another API process (pid ${error.pid})`;
    return refused(
      `DATA_DIR ${config.dataDir} is in use by ${who}, which holds ${error.lockFile}: stop that process, or give this one its own DATA_DIR.`,
    );
  }
  if (error instanceof DatabaseUnreachableError) {
    return failed(
      `DATABASE_URL ${url} did not accept a connection within ${error.waitedSeconds} s (${messageOf(error.cause)}): start PostgreSQL there or correct DATABASE_URL (DATABASE_WAIT_SECONDS sets how long a start waits).`,
    );
  }
  if (error instanceof Deno.errors.AddrInUse || codeOf(error) === 'EADDRINUSE') {
    return refused(
      `API_PORT ${config.port} is already in use by another process: stop that process, or set API_PORT to a free port.`,
    );
  }
  if (error instanceof Deno.errors.AddrNotAvailable || codeOf(error) === 'EADDRNOTAVAIL') {
    return refused(
      `API_HOST ${config.host} is not an address of this machine: set API_HOST to one of its addresses (127.0.0.1 by default).`,
    );
  }
  const code = codeOf(error);
  const state = sqlState(error);
  if (url && (state === '28P01' || state === '28000')) {
    return refused(
      `DATABASE_URL ${url} was refused by the server (${messageOf(error)}): check its user and password.`,
    );
  }
  if (url && state === '3D000') {
    return refused(
      `DATABASE_URL ${url} names a database the server does not have (${messageOf(error)}): create it or correct the name.`,
    );
  }
  if (url && (code === 'ENOTFOUND' || code === 'EAI_AGAIN')) {
    return refused(
      `DATABASE_URL ${url} names a host that cannot be found (${messageOf(error)}): correct DATABASE_URL.`,
    );
  }
  if (
    error instanceof Deno.errors.PermissionDenied ||
    code === 'EACCES' ||
    code === 'EPERM' ||
    code === 'EROFS'
  ) {
    const path = (error as { path?: unknown }).path;
    const where = typeof path === 'string' ? path : config.dataDir;
    if (doing === 'taking the port') {
      return refused(
        `API_PORT ${config.port} cannot be used by this user (${messageOf(error)}): set API_PORT to a port above 1023.`,
      );
    }
    return refused(
      `DATA_DIR ${config.dataDir} cannot be written by this user (${code ?? 'permission denied'} on ${where}): set DATA_DIR to a directory this user can write, or fix its permissions.`,
    );
  }
  if (doing === 'opening the embedded database') {
    return failed(
      `The embedded database in DATA_DIR ${config.pgliteDir} could not be opened (${messageOf(error)}): restore it from a backup, or set DATA_DIR to a new directory to start empty.`,
    );
  }
  return failed(`The API could not start while ${doing}: ${messageOf(error)}`);
}
