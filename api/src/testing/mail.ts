// A mailer for tests that keeps what it is given: no files, no network. `failing` makes the next
// sends fail, to test retries and that a failed email never fails the business action.
import { type Email, MailError, type Mailer, type SendOptions } from '../mail/mail.ts';

export interface MemoryMailer extends Mailer {
  emails: Email[];
  /** The options of each accepted send, in step with `emails`. */
  options: SendOptions[];
  /** How many of the next sends fail with a MailError. */
  failing: number;
  /** How many sends were tried, failed ones included. */
  attempts: number;
  to(address: string): Email[];
}

export function memoryMailer(): MemoryMailer {
  const mailer: MemoryMailer = {
    kind: 'memory',
    emails: [],
    options: [],
    failing: 0,
    attempts: 0,
    to: (address) => mailer.emails.filter((e) => e.to === address),
    send(email, options = {}) {
      mailer.attempts++;
      if (mailer.failing > 0) {
        mailer.failing--;
        return Promise.reject(new MailError(`The test mailer refused the email to ${email.to}`));
      }
      mailer.emails.push(email);
      mailer.options.push(options);
      return Promise.resolve();
    },
  };
  return mailer;
}
