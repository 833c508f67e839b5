// Outgoing email behind one small interface, which every mailer implements and the context
// carries. Its own module so that the mailers and the code choosing one never import each other.

/** A file sent with an email; with `contentId` it is inline, shown where the HTML says `cid:<id>`. */
export interface Attachment {
  filename: string;
  /** The file's bytes, base64-encoded (what Resend's API takes and the dev outbox stores). */
  content: string;
  contentType: string;
  contentId?: string;
}

export interface Email {
  to: string;
  subject: string;
  /** Plain text body. */
  text: string;
  /** HTML body (optional); every user-provided value in it must be escaped (escapeHtml). */
  html?: string;
  attachments?: Attachment[];
}

export interface SendOptions {
  /**
   * The same key for every try of one email (the email queue derives it from its row): the
   * provider sends an email once per key, however often it is asked (Resend: for 24 hours).
   */
  idempotencyKey?: string;
  /** Aborts the call (the queue's send timeout): a hanging provider never holds a sender. */
  signal?: AbortSignal;
}

export interface Mailer {
  /** 'memory' only in tests (testing/mail.ts). */
  readonly kind: 'resend' | 'outbox' | 'memory';
  /** Resolves once the provider accepted the email; rejects with MailError otherwise. */
  send(email: Email, options?: SendOptions): Promise<void>;
}

export class MailError extends Error {
  override name = 'MailError';
}

const HTML_ESCAPES: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&#39;',
};

/** Text made safe for HTML element content and quoted attribute values. */
export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (ch) => HTML_ESCAPES[ch] as string);
}
