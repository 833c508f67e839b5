// Outgoing email behind one small interface, which every mailer implements and the context
// carries. Its own module so that the mailers and the code choosing one never import each other.

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
