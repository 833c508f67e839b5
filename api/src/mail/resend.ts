// Email through Resend's official SDK. The SDK reads RESEND_BASE_URL itself too, but the base URL
// is passed explicitly from config so the environment is read in one place only. The email
// queue's idempotency key goes out as Resend's Idempotency-Key header: a second request with it
// sends nothing (docs/decisions/0025-email-outbox.md).
import { Resend } from 'resend';
import { type Email, MailError, type Mailer, type SendOptions } from './mail.ts';

/**
 * Resend's answer to a key it has seen with another body: that key's email went out already
 * (the queue renders a row again on each try, and the order may have changed in between).
 */
const KEY_ALREADY_USED = 'invalid_idempotent_request';

export interface ResendOptions {
  apiKey: string;
  from: string;
  /** null: the SDK's default (https://api.resend.com, or RESEND_BASE_URL). */
  baseUrl: string | null;
}

export function resendMailer({ apiKey, from, baseUrl }: ResendOptions): Mailer {
  const resend = new Resend(apiKey, baseUrl ? { baseUrl } : undefined);
  return {
    kind: 'resend',
    async send(email: Email, options: SendOptions = {}) {
      // The SDK never throws for API or network errors (an abort included); it returns them.
      const { error } = await resend.emails.send(
        {
          from,
          to: [email.to],
          subject: email.subject,
          text: email.text,
          ...(email.html ? { html: email.html } : {}),
          ...(email.attachments?.length
            ? {
                // Resend takes base64 content; content_id makes an attachment inline (cid:).
                attachments: email.attachments.map((a) => ({
                  filename: a.filename,
                  content: a.content,
                  contentType: a.contentType,
                  ...(a.contentId ? { contentId: a.contentId } : {}),
                })),
              }
            : {}),
        },
        {
          ...(options.idempotencyKey ? { idempotencyKey: options.idempotencyKey } : {}),
          ...(options.signal ? { signal: options.signal } : {}),
        },
      );
      if (error?.name === KEY_ALREADY_USED) return;
      if (error) {
        throw new MailError(
          `Resend refused the email to ${email.to}: ${error.name}: ${error.message}`,
        );
      }
    },
  };
}
