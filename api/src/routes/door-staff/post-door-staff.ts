// POST /api/door-staff/ {email} (owners only): invites an address as door staff of the caller's
// theaters (docs/decisions/0040-door-staff.md). The invitation, its audit record and its email
// (through the outbox, mail/queue.ts) commit together. 409 when the address has an account (it
// would not sign up again) or a live invitation (the caller's or another owner's). At most
// INVITES_PER_HOUR tries per owner, refused ones included: each sends an email to an address the
// owner typed, and a 409 tells whether an address has an account.
import { recordAudit } from '../../audit/sql.ts';
import { requireRole } from '../../http/auth.ts';
import { factory } from '../../http/context.ts';
import { conflict, validate } from '../../http/errors.ts';
import { answer, describe } from '../../http/openapi.ts';
import { consume, throwIfBlocked } from '../../http/rate-limit.ts';
import { queueEmail } from '../../mail/queue.ts';
import { DoorStaffSchema, inviteSchema } from './schemas.ts';
import { accountHasEmail, insertInvitation, ownerName } from './sql.ts';

export const INVITES_PER_HOUR = 20;
export const TOO_MANY_INVITES = 'Too many invitations. Please try again in {minutes}.';
export const EMAIL_HAS_ACCOUNT =
  'This email already has a CineBook account. Door staff need a new account: invite another address.';
export const ALREADY_INVITED = 'This email has already been invited as door staff.';

/** Where an invited address signs up: the site's signup page (the spec's OTP signup). */
export function signupLink(siteUrl: string): string {
  return new URL('/auth/signup', siteUrl).toString();
}

export const postDoorStaff = factory.createHandlers(
  describe({
    summary: 'Invite door staff by email',
    tags: ['door-staff'],
    auth: true,
    answers: { 201: answer('The invitation', DoorStaffSchema) },
    errors: ['permission_denied', 'email_has_account', 'already_invited', 'too_many_requests'],
  }),
  requireRole('owner'),
  validate('json', inviteSchema),
  async (c) => {
    const { db, clock, config, user, emails } = c.var;
    const { email } = c.req.valid('json');
    const now = clock();
    // Counted before the address is looked up: a refusal says the address has an account, so
    // trying addresses is limited like sending invitations.
    throwIfBlocked(
      await consume(
        db,
        [
          {
            key: `door-staff-invites:${user.id}`,
            max: INVITES_PER_HOUR,
            windowSeconds: 3600,
            message: TOO_MANY_INVITES,
          },
        ],
        now,
      ),
    );
    if (await accountHasEmail(db, email)) {
      conflict(EMAIL_HAS_ACCOUNT, { code: 'email_has_account' });
    }
    const invited = await db.transaction(async (tx) => {
      const row = await insertInvitation(tx, { ownerId: user.id, email, now });
      if (!row) return null;
      await recordAudit(tx, {
        at: now,
        actorId: user.id,
        action: 'door_staff.invited',
        entity: { kind: 'door_staff', id: row.id },
        details: { email },
      });
      await queueEmail(
        tx,
        {
          kind: 'door_staff_invite',
          to: email,
          payload: {
            owner_name: await ownerName(tx, user.id),
            signup_url: signupLink(config.siteUrl),
          },
        },
        now,
      );
      return row;
    });
    if (!invited) conflict(ALREADY_INVITED, { code: 'already_invited' });
    emails.wake('door_staff_invite');
    return c.json(invited, 201);
  },
);
