// Test shortcuts for the on-sale: a show's sale settings set straight in the database, and a
// customer's place in its line through the API.
import type { Db } from '../db/db.ts';
import type { Account, BookingTestApp } from '../testing/booking.ts';
import { forgetSaleSettings } from './settings-memory.ts';

export async function setSale(
  db: Db,
  showId: number,
  sale: { salesOpenAt?: Date | null; highDemand?: boolean },
): Promise<void> {
  await db.query`
    UPDATE shows SET sales_open_at = ${sale.salesOpenAt ?? null},
                     high_demand = ${sale.highDemand ?? false}
     WHERE id = ${showId}`;
  // Set behind the API's back, as another instance would: the next call reads it at once.
  forgetSaleSettings(db, showId);
}

export interface Place {
  status: string;
  place: number | null;
  estimated_wait_seconds: number | null;
  admission_token: string | null;
  admitted_until: string | null;
  sales_open_at: string | null;
  poll_after_seconds: number;
  sold_out: boolean;
}

/** POST (join) or GET (poll) onsale/{id}/line/: the answer's status and body. */
export async function line(
  t: BookingTestApp,
  method: 'POST' | 'GET',
  showId: number,
  who: Account,
): Promise<{ status: number; body: Place }> {
  const res = await t.request(method, `/api/onsale/${showId}/line/`, { token: who.token });
  return { status: res.status, body: await res.json() };
}
