// The development mailer: prints each email and writes it as <DATA_DIR>/outbox/<time>-<id>.json,
// so a developer can read a code from the console, the file or GET /api/dev/outbox/.
import { randomBytes } from 'node:crypto';
import { mkdir, readdir, readFile, rename, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { Logger } from '../logger.ts';
import type { Email, Mailer } from './mail.ts';

export interface OutboxEmail extends Email {
  sent_at: string;
}

export const outboxDir = (dataDir: string) => join(dataDir, 'outbox');

export function outboxMailer(dir: string, logger: Logger): Mailer {
  return {
    kind: 'outbox',
    async send(email: Email) {
      const sentAt = new Date();
      const entry: OutboxEmail = { ...email, sent_at: sentAt.toISOString() };
      // ISO time with ':' and '.' replaced sorts like the time itself; the suffix keeps names unique.
      const name = `${entry.sent_at.replace(/[:.]/g, '-')}-${randomBytes(4).toString('hex')}.json`;
      await mkdir(dir, { recursive: true });
      const tmp = join(dir, `.${name}.tmp`);
      await writeFile(tmp, `${JSON.stringify(entry, null, 2)}\n`);
      await rename(tmp, join(dir, name));
      // The text log shows the whole email (its code, its link) to the developer; a JSON log, read
      // by machines, only where the file is (logger.ts LogFields: the message is replaced).
      logger.info(
        `Email (dev outbox, not sent) to ${email.to}: ${email.subject}\n${email.text}\n-> ${join(dir, name)}`,
        { message: 'Email (dev outbox, not sent)', file: join(dir, name) },
      );
    },
  };
}

export interface ReadOutboxOptions {
  /** Only emails to this address (compared trimmed and lower-cased). */
  email?: string;
  limit?: number;
}

/** The newest emails first. A missing outbox directory is simply empty. */
export async function readOutbox(
  dir: string,
  { email, limit = 10 }: ReadOutboxOptions = {},
): Promise<OutboxEmail[]> {
  let files: string[];
  try {
    files = (await readdir(dir)).filter((f) => f.endsWith('.json') && !f.startsWith('.'));
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return [];
    throw error;
  }
  files.sort().reverse();
  const wanted = email?.trim().toLowerCase();
  const found: OutboxEmail[] = [];
  // Look at the newest 500 files at most: an old outbox can grow without bound.
  for (const file of files.slice(0, 500)) {
    let entry: OutboxEmail;
    try {
      entry = JSON.parse(await readFile(join(dir, file), 'utf8'));
    } catch {
      continue; // not ours, or half-written by something else
    }
    if (wanted && entry.to?.toLowerCase() !== wanted) continue;
    found.push(entry);
    if (found.length >= limit) break;
  }
  return found;
}
