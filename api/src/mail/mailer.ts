// Outgoing email behind one small interface: Resend when RESEND_API_KEY is set, otherwise the
// console plus a dev outbox of JSON files that GET /api/dev/outbox/ reads back.
import type { Config } from '../config.ts';
import type { Logger } from '../http/context.ts';
import { outboxDir, outboxMailer } from './outbox.ts';
import { resendMailer } from './resend.ts';

export interface Email {
  to: string;
  subject: string;
  /** Plain text body. */
  text: string;
}

export interface Mailer {
  readonly kind: 'resend' | 'outbox';
  /** Resolves once the provider accepted the email; rejects with MailError otherwise. */
  send(email: Email): Promise<void>;
}

export class MailError extends Error {
  override name = 'MailError';
}

/** The dev outbox (and its route) exists only outside production and without Resend. */
export function devOutboxEnabled(config: Config): boolean {
  return !config.isProduction && !config.resendApiKey;
}

export function createMailer(config: Config, logger: Logger): Mailer {
  if (config.resendApiKey && config.emailFrom) {
    return resendMailer({
      apiKey: config.resendApiKey,
      from: config.emailFrom,
      baseUrl: config.resendBaseUrl,
    });
  }
  return outboxMailer(outboxDir(config.dataDir), logger);
}
