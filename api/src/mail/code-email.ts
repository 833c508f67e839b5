// The emails of one-time codes (signup and password reset, routes/accounts/codes.ts), and the
// note that stands in for a signup code when the address already has an account; rendered by
// the email queue's sender (sender.ts): plain text, naming the product, the code and its expiry.
import type { Email } from './mail.ts';
/** As routes/accounts/sql.ts names the two purposes of a code. */
export type CodePurpose = 'signup' | 'password_reset';

export function codeEmail(
  purpose: CodePurpose,
  to: string,
  code: string,
  ttlMinutes: number,
): Email {
  const expiry = `This code expires in ${ttlMinutes} minutes.`;
  if (purpose === 'signup') {
    return {
      to,
      subject: `Your CineBook verification code: ${code}`,
      text: [
        'Hello,',
        '',
        `Your CineBook verification code is ${code}.`,
        '',
        `Enter it on the sign-up page to confirm your email address. ${expiry}`,
        '',
        'If you did not try to create a CineBook account, you can ignore this email.',
        '',
        'CineBook',
      ].join('\n'),
    };
  }
  return {
    to,
    subject: `Your CineBook password reset code: ${code}`,
    text: [
      'Hello,',
      '',
      `Your CineBook password reset code is ${code}.`,
      '',
      `Enter it on the password reset page to choose a new password. ${expiry}`,
      '',
      'If you did not ask to reset your password, you can ignore this email; your password stays as it is.',
      '',
      'CineBook',
    ].join('\n'),
  };
}

/**
 * To the owner of an address someone tried to sign up with (POST email/request/ answers the same
 * for a registered address, so the owner hears of it here instead). It carries no code.
 */
export function signupAttemptEmail(to: string): Email {
  return {
    to,
    subject: 'Someone tried to sign up to CineBook with your email',
    text: [
      'Hello,',
      '',
      'Someone tried to create a CineBook account with this email address, which already has one.',
      '',
      'If it was you, sign in instead, or reset your password if you have forgotten it.',
      '',
      'If it was not you, you can ignore this email: no account was created and yours is unchanged.',
      '',
      'CineBook',
    ].join('\n'),
  };
}
