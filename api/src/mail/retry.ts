// Sending that survives a provider's bad minute: an email whose first send fails is tried again
// after each of `delaysMs` (back-off), and every failure is logged. Meant to run in the background
// (http/background.ts), after the response: the business action it reports on already stands.
import type { Logger } from '../logger.ts';
import type { Email, Mailer } from './mail.ts';

export interface RetryOptions {
  logger: Logger;
  /** The waits before the 2nd, 3rd ... attempt (config.mailRetryDelaysMs). */
  delaysMs: readonly number[];
  /** What the email is, for the log ('tickets of booking 12'). */
  label: string;
  /** How to wait (tests may pass one that does not). */
  sleep?: (ms: number) => Promise<void>;
}

const wait = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/** True once sent; false when every attempt failed (each failure is logged, the last as given up). */
export async function sendWithRetry(
  mailer: Mailer,
  email: Email,
  { logger, delaysMs, label, sleep = wait }: RetryOptions,
): Promise<boolean> {
  const attempts = delaysMs.length + 1;
  for (let attempt = 1; ; attempt++) {
    try {
      await mailer.send(email);
      if (attempt > 1) logger.info(`Email (${label}) to ${email.to} sent on attempt ${attempt}`);
      return true;
    } catch (error) {
      const delay = delaysMs[attempt - 1];
      if (delay === undefined) {
        logger.error(`Email (${label}) to ${email.to} failed ${attempts} times; giving up`, error);
        return false;
      }
      logger.error(
        `Email (${label}) to ${email.to} failed (attempt ${attempt} of ${attempts}); retrying in ${delay} ms`,
        error,
      );
      await sleep(delay);
    }
  }
}
