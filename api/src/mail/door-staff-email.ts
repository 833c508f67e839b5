// The invitation an owner sends to door staff (routes/door-staff/post-door-staff.ts,
// docs/decisions/0040-door-staff.md), rendered by the email queue's sender (sender.ts): plain
// text naming the owner, what the account may do, and where to sign up.
import type { Email } from './mail.ts';

export function doorStaffInviteEmail(to: string, ownerName: string, signupUrl: string): Email {
  return {
    to,
    subject: `${ownerName} invited you to scan tickets on CineBook`,
    text: [
      'Hello,',
      '',
      `${ownerName} invited you to check in tickets at the door of their theaters on CineBook.`,
      '',
      `Create your door staff account with this email address: ${signupUrl}`,
      '',
      'Sign up with the same address this email was sent to. The account can only scan tickets ' +
        `of ${ownerName}'s theaters; ${ownerName} can remove it at any time.`,
      '',
      'If you did not expect this invitation, you can ignore this email.',
      '',
      'CineBook',
    ].join('\n'),
  };
}
