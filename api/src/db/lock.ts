// One process at a time on an embedded database directory. PGlite has no lock of its own: two
// processes opening one data directory both write it, and after the next SIGKILL it no longer
// opens at all ("RuntimeError: Aborted()"). The lock is an exclusive advisory lock (flock) on
// `<DATA_DIR>/pglite.lock`, held for the life of the process: the kernel releases it when the
// process ends however it ends (SIGKILL included), so no stale lock can outlive its holder and
// none has to be guessed at. The file also says the holder's pid, for the message. Decision 0022.

/** Another live process holds the directory. */
export class DataDirLockedError extends Error {
  override name = 'DataDirLockedError';
  constructor(
    readonly lockFile: string,
    /** The holder's pid as it wrote it; null if unreadable. */
    readonly pid: number | null,
  ) {
    super(`${lockFile} is held by ${pid === null ? 'another process' : `process ${pid}`}`);
  }
}

export interface DirLock {
  readonly file: string;
  /** Gives the lock up (the file stays: removing it would let two holders in); idempotent. */
  release(): void;
}

const decoder = new TextDecoder();
const encoder = new TextEncoder();

function pidIn(file: Deno.FsFile): number | null {
  const buffer = new Uint8Array(32);
  file.seekSync(0, Deno.SeekMode.Start);
  const n = file.readSync(buffer) ?? 0;
  const pid = Number.parseInt(decoder.decode(buffer.subarray(0, n)).trim(), 10);
  return Number.isSafeInteger(pid) && pid > 0 ? pid : null;
}

/**
 * Takes `file` for this process, or throws DataDirLockedError naming the live holder. Throws
 * the file system's own error (PermissionDenied / EACCES) when the directory cannot be written.
 */
export function lockDir(file: string): DirLock {
  const handle = Deno.openSync(file, { read: true, write: true, create: true });
  let locked: boolean;
  try {
    locked = handle.tryLockSync(true);
  } catch (error) {
    handle.close();
    throw error;
  }
  if (!locked) {
    let pid: number | null = null;
    try {
      pid = pidIn(handle);
    } catch {
      // unreadable: the message says "another process"
    }
    handle.close();
    throw new DataDirLockedError(file, pid);
  }
  try {
    handle.truncateSync(0);
    handle.seekSync(0, Deno.SeekMode.Start);
    handle.writeSync(encoder.encode(`${Deno.pid}\n`));
  } catch (error) {
    handle.close();
    throw error;
  }
  let held = true;
  return {
    file,
    release() {
      if (!held) return;
      held = false;
      try {
        handle.truncateSync(0);
      } catch {
        // the lock matters, not the pid in the file
      }
      handle.close(); // closing the descriptor releases the flock
    },
  };
}
