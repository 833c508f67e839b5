// The email that tells a waitlist entry its seats are held for it (onsale/waitlist-sql.ts queues
// it with the offer, mail/sender.ts renders and sends it; docs/decisions/0031-on-sale-waiting-room.md).
import type { Queryable } from '../db/db.ts';
import type { Email } from '../mail/mail.ts';

interface Offer {
  recipient: string;
  movie: string;
  theater: string;
  starts: string;
  seats: string[];
  until: string;
}

/** The offer of hold `holdId`, dates in time zone `tz`; null once the hold is gone. */
export async function waitlistOfferEmail(
  q: Queryable,
  holdId: number,
  tz: string,
): Promise<Email | null> {
  const [offer] = await q.query<Offer>`
    SELECT u.email AS recipient, m.title AS movie, t.name AS theater,
           to_char(s.starts_at AT TIME ZONE ${tz}, 'Dy, DD Mon YYYY, HH24:MI') AS starts,
           (SELECT array_agg(se.row_label || se.col ORDER BY se.row_label, se.col)
              FROM seats se WHERE se.id = ANY (h.seat_ids)) AS seats,
           to_char(h.expires_at AT TIME ZONE ${tz}, 'HH24:MI') AS until
      FROM holds h
      JOIN users u ON u.id = h.user_id
      JOIN shows s ON s.id = h.show_id
      JOIN movies m ON m.id = s.movie_id
      JOIN theaters t ON t.id = s.theater_id
     WHERE h.id = ${holdId}`;
  if (!offer) return null;
  return {
    to: offer.recipient,
    subject: `Seats for ${offer.movie} are held for you until ${offer.until}`,
    text: [
      'Hello,',
      '',
      `Seats came free for ${offer.movie} at ${offer.theater} on ${offer.starts}, and you were`,
      `next on the waitlist: seats ${offer.seats.join(', ')} are held in your name until ${offer.until}.`,
      '',
      'Open CineBook and pay for them on the show’s page before then; after that they go to the',
      'next customer on the waitlist.',
      '',
      'CineBook',
    ].join('\n'),
  };
}
