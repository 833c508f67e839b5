// The embedded database's directory lock (db/lock.ts): one process at a time; the lock ends
// with its process, however that ends.
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DataDirLockedError, lockDir } from './lock.ts';

const LOCK_URL = new URL('./lock.ts', import.meta.url).href;

/** Another deno process that takes the lock and says so, then sleeps until killed. */
async function holderProcess(file: string) {
  const child = new Deno.Command(Deno.execPath(), {
    args: [
      'eval',
      `const { lockDir } = await import(${JSON.stringify(LOCK_URL)}); lockDir(${JSON.stringify(file)}); console.log('locked'); await new Promise((r) => setTimeout(r, 60000));`,
    ],
    stdout: 'piped',
    stderr: 'inherit',
  }).spawn();
  const reader = child.stdout.getReader();
  const { value } = await reader.read();
  assert.match(new TextDecoder().decode(value), /locked/);
  reader.releaseLock();
  return child;
}

Deno.test('a directory locked by a live process is refused, naming its pid; once it is killed, it is free', async () => {
  const dir = mkdtempSync(join(tmpdir(), 'cinema-lock-test-'));
  const file = join(dir, 'pglite.lock');
  const other = await holderProcess(file);
  try {
    assert.throws(
      () => lockDir(file),
      (error: unknown) => error instanceof DataDirLockedError && error.pid === other.pid,
    );
    // SIGKILL: no chance to clean up; the kernel drops the lock with the process.
    other.kill('SIGKILL');
    await other.status;
    const lock = lockDir(file);
    assert.equal(Deno.readTextFileSync(file).trim(), String(Deno.pid));
    lock.release();
  } finally {
    if ((await Promise.race([other.status, Promise.resolve(null)])) === null) other.kill('SIGKILL');
    await other.stdout.cancel().catch(() => {});
    rmSync(dir, { recursive: true, force: true });
  }
});

Deno.test('one process cannot take its own directory twice; release() frees it', () => {
  const dir = mkdtempSync(join(tmpdir(), 'cinema-lock-test-'));
  const file = join(dir, 'pglite.lock');
  try {
    const first = lockDir(file);
    assert.throws(() => lockDir(file), DataDirLockedError);
    first.release();
    first.release();
    lockDir(file).release();
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});
