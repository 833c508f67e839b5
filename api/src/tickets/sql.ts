// Reads of what a ticket's email and calendar file say: an order (the seats one customer paid for
// together, of one show) with its movie, theater, local times and each ticket's code; and the
// owners' ticket signing keys (tickets/signing.ts).
import { Buffer } from 'node:buffer';
import type { Queryable } from '../db/db.ts';

export interface OrderTicket {
  id: number;
  /** The ticket's code (a UUID), what its QR code carries. */
  code: string;
  /** 'C7'. */
  seat: string;
  /** Its seat's category ('Recliner') and price, whole rupees. */
  category: string;
  price: number;
  is_cancelled: boolean;
}

export interface Order {
  username: string;
  email: string;
  movie_name: string;
  theater_name: string;
  theater_location: string;
  show_id: number;
  /** 'YYYY-MM-DD', local. */
  date: string;
  /** 'Sat, 21 Nov 2026', local, as the apps write dates. */
  date_text: string;
  start_time: string;
  end_time: string;
  starts_at: Date;
  ends_at: Date;
  /**
   * What names the order for good: 'h<hold id>' for seats paid for through a hold, else
   * 'b<booking id>' (a single-seat POST bookings/). Calendar UIDs are made from it.
   */
  order_key: string;
  /** By seat. */
  tickets: OrderTicket[];
}

/**
 * The order made of exactly these bookings (`bookingIds`, one customer's, of one show), or, with
 * `ticketOf`, the order the customer's booking belongs to: its live bookings of the same hold (or
 * the booking alone). Null when there is none (unknown, or not that customer's). One statement;
 * times in `tz`.
 */
export async function findOrder(
  q: Queryable,
  filter: {
    bookingIds?: number[];
    ticketOf?: { bookingId: number; userId: number };
    tz: string;
  },
): Promise<Order | null> {
  const ids = filter.bookingIds ?? [];
  const one = filter.ticketOf?.bookingId ?? null;
  const owner = filter.ticketOf?.userId ?? null;
  const tz = filter.tz;
  const [row] = await q.query<Order>`
    WITH picked AS (
      SELECT x.id FROM bookings x WHERE x.id = ANY (${ids}::bigint[])
      UNION
      SELECT x.id
        FROM bookings one
        JOIN bookings x ON x.user_id = one.user_id
                       AND (x.id = one.id OR (x.hold_id = one.hold_id AND NOT x.is_cancelled))
       WHERE one.id = ${one}::bigint AND one.user_id = ${owner}::bigint
    )
    SELECT u.username, u.email, m.title AS movie_name, t.name AS theater_name,
           t.location AS theater_location, s.id AS show_id,
           to_char(s.starts_at AT TIME ZONE ${tz}, 'YYYY-MM-DD') AS date,
           to_char(s.starts_at AT TIME ZONE ${tz}, 'Dy, DD Mon YYYY') AS date_text,
           to_char(s.starts_at AT TIME ZONE ${tz}, 'HH24:MI') AS start_time,
           to_char(s.ends_at AT TIME ZONE ${tz}, 'HH24:MI') AS end_time,
           s.starts_at, s.ends_at,
           CASE WHEN min(b.hold_id) IS NOT NULL THEN 'h' || min(b.hold_id)
                ELSE 'b' || min(b.id) END AS order_key,
           json_agg(json_build_object(
             'id', b.id, 'code', b.code, 'seat', se.row_label || se.col,
             'category', se.category, 'price', b.price,
             'is_cancelled', b.is_cancelled) ORDER BY se.row_pos, se.x, b.id) AS tickets
      FROM bookings b
      JOIN picked p ON p.id = b.id
      JOIN seats se ON se.id = b.seat_id
      JOIN shows s ON s.id = b.show_id
      JOIN movies m ON m.id = s.movie_id
      JOIN theaters t ON t.id = s.theater_id
      JOIN users u ON u.id = b.user_id
     GROUP BY u.id, s.id, m.id, t.id
     ORDER BY s.starts_at
     LIMIT 1`;
  return row ?? null;
}

// ---- ticket signing keys (db/migrations/0028_ticket_signing_keys.sql, tickets/signing.ts) ----

export interface SigningKeyRow {
  kid: string;
  /** base64url of the 32 raw bytes. */
  public_key: string;
  created_at: Date;
  retired_at: Date | null;
}

/**
 * Each show's owner and that owner's active key (null: none yet). Hex in SQL, base64url here:
 * PostgreSQL's base64 breaks lines, and bytea comes back differently from each driver.
 */
export async function activeKidsOfShows(
  q: Queryable,
  showIds: number[],
): Promise<{ show_id: number; owner_id: number; kid: string | null }[]> {
  return await q.query`
    SELECT s.id AS show_id, t.owner_id, k.kid
      FROM shows s
      JOIN theaters t ON t.id = s.theater_id
      LEFT JOIN ticket_signing_keys k ON k.owner_id = t.owner_id AND k.retired_at IS NULL
     WHERE s.id = ANY (${showIds}::bigint[])`;
}

/** The sealed private key of `kid` (hex), or null. */
export async function findSealedKey(
  q: Queryable,
  kid: string,
): Promise<{ owner_id: number; sealed_hex: string } | null> {
  const [row] = await q.query<{ owner_id: number; sealed_hex: string }>`
    SELECT owner_id, encode(private_key_sealed, 'hex') AS sealed_hex
      FROM ticket_signing_keys WHERE kid = ${kid}`;
  return row ?? null;
}

/**
 * Adds the owner's key as its active one unless it has one already (or the kid is taken): true
 * when this call added it. Two first uses at once: one adds, the other gets false and reads it.
 */
export async function insertSigningKey(
  q: Queryable,
  key: { kid: string; ownerId: number; publicHex: string; sealedHex: string; now: Date },
): Promise<boolean> {
  const rows = await q.query`
    INSERT INTO ticket_signing_keys (kid, owner_id, public_key, private_key_sealed, created_at)
    VALUES (${key.kid}, ${key.ownerId}, decode(${key.publicHex}, 'hex'),
            decode(${key.sealedHex}, 'hex'), ${key.now})
    ON CONFLICT DO NOTHING
    RETURNING kid`;
  return rows.length === 1;
}

/** The owner's active key id, or null. */
export async function findActiveKid(q: Queryable, ownerId: number): Promise<string | null> {
  const [row] = await q.query<{ kid: string }>`
    SELECT kid FROM ticket_signing_keys WHERE owner_id = ${ownerId} AND retired_at IS NULL`;
  return row?.kid ?? null;
}

/** Every key of the owner, active or retired, newest first; public halves only. */
export async function listSigningKeys(q: Queryable, ownerId: number): Promise<SigningKeyRow[]> {
  const rows = await q.query<SigningKeyRow & { public_hex: string }>`
    SELECT kid, encode(public_key, 'hex') AS public_hex, created_at, retired_at
      FROM ticket_signing_keys
     WHERE owner_id = ${ownerId}
     ORDER BY created_at DESC, kid`;
  return rows.map(({ public_hex, ...row }) => ({
    ...row,
    public_key: Buffer.from(public_hex, 'hex').toString('base64url'),
  }));
}

/** The first key of lockOwnerKeys' advisory lock ('TSK1'); the second is the owner's id. */
const SIGNING_KEY_LOCK = 0x54534b31;

/**
 * Makes the owner's rotations take turns within the transaction (and its first key with them):
 * two at once retire one key each, never the same one twice.
 */
export async function lockOwnerKeys(tx: Queryable, ownerId: number): Promise<void> {
  await tx.query`
    SELECT pg_advisory_xact_lock(${SIGNING_KEY_LOCK}::integer,
                                 (${ownerId}::bigint % 2147483648)::integer)`;
}

/** Retires the owner's active key: its kid, or null if it had none. */
export async function retireActiveKey(
  tx: Queryable,
  ownerId: number,
  now: Date,
): Promise<string | null> {
  const [row] = await tx.query<{ kid: string }>`
    UPDATE ticket_signing_keys SET retired_at = greatest(${now}::timestamptz, created_at)
     WHERE owner_id = ${ownerId} AND retired_at IS NULL
     RETURNING kid`;
  return row?.kid ?? null;
}

/**
 * Retires the active key `kid` if it was made before `madeBefore`: true when this call retired
 * it (a racing call or a younger key: false).
 */
export async function retireUnreadableKey(
  q: Queryable,
  kid: string,
  now: Date,
  madeBefore: Date,
): Promise<boolean> {
  const rows = await q.query`
    UPDATE ticket_signing_keys SET retired_at = greatest(${now}::timestamptz, created_at)
     WHERE kid = ${kid} AND retired_at IS NULL AND created_at < ${madeBefore}
     RETURNING kid`;
  return rows.length === 1;
}

/** When the owner's keys made since `since` were made, oldest first (the rotation limit). */
export async function recentKeyTimes(q: Queryable, ownerId: number, since: Date): Promise<Date[]> {
  const rows = await q.query<{ created_at: Date }>`
    SELECT created_at FROM ticket_signing_keys
     WHERE owner_id = ${ownerId} AND created_at > ${since}
     ORDER BY created_at`;
  return rows.map((r) => r.created_at);
}
