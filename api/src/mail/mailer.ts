// Which mailer the API uses: Resend when RESEND_API_KEY is set, otherwise the console plus a dev
// outbox of JSON files that GET /api/dev/outbox/ reads back. The interface is in mail.ts.
import type { Config } from '../config.ts';
import type { Logger } from '../logger.ts';
import type { Mailer } from './mail.ts';
import { outboxDir, outboxMailer } from './outbox.ts';
import { resendMailer } from './resend.ts';

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
