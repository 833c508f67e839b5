// The emails the accounts resource sends: plain text, naming the product, the code and its expiry.
import type { Email } from '../../mail/mail.ts';
import type { Purpose } from './sql.ts';

export function codeEmail(purpose: Purpose, to: string, code: string, ttlMinutes: number): Email {
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
