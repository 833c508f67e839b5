// The answer of the waitlist's calls: the caller's entry, after offering any freed seats (every
// join, and a poll when this instance has not offered for the show within ADMIT_EVERY_MS).
import type { Db } from '../../db/db.ts';
import type { EmailSender } from '../../mail/sender.ts';
import { admissionDue } from '../../onsale/pace.ts';
import { POLL_SECONDS } from '../../onsale/rules.ts';
import { findWaitlistEntry, offerFreedSeats } from '../../onsale/waitlist-sql.ts';

export async function waitlistEntry(
  { db, emails }: { db: Db; emails: EmailSender },
  showId: number,
  userId: number,
  now: Date,
  { joined = false }: { joined?: boolean } = {},
) {
  if (admissionDue(db, showId, now, 'offers') || joined) {
    // Each offer queued its email in its transaction: send them now (mail/sender.ts).
    if ((await offerFreedSeats(db, showId, now)).length > 0) emails.wake('waitlist_offer');
  }
  const entry = await findWaitlistEntry(db, showId, userId);
  if (!entry) return null;
  return {
    show_id: showId,
    state: entry.state,
    seats: entry.seats,
    place: entry.state === 'waiting' ? entry.ahead + 1 : null,
    hold_id: entry.state === 'offered' ? entry.hold_id : null,
    offer_expires_at: entry.state === 'offered' ? entry.offer_expires_at : null,
    poll_after_seconds: POLL_SECONDS,
  };
}
