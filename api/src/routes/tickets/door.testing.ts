// Shortcuts of the door tests: an owner's show with tickets, a door account of that owner, passes
// signed as the server signs them, and a device's sync.
import assert from 'node:assert/strict';
import type { Account, BookingTestApp } from '../../testing/booking.ts';
import { doorStaffAccount } from '../../testing/door-staff.ts';
import { passOf } from '../../tickets/signing.ts';

export const MINUTE = 60_000;

/** An owner's show tomorrow 15:30 local with tickets of `ana`: C7, C8 and C9 (one order). */
export async function doorScenario(t: BookingTestApp) {
  const s = await t.scenario();
  const { customer, show } = s;
  const paid = await t.holdAndPay(
    customer,
    show.id,
    ['C7', 'C8', 'C9'].map((l) => show.seat(l)),
  );
  assert.equal(paid.status, 201);
  const { tickets } = await paid.json();
  const [c7, c8, c9] = tickets as { id: number; code: string }[];
  assert.ok(c7 && c8 && c9);
  return { ...s, c7, c8, c9 };
}

/** A door account of `owner` (as an accepted invitation makes it; decision 0040). */
export const doorAccount = (t: BookingTestApp, owner: Account, name = 'dora') =>
  doorStaffAccount(t, owner, name);

/** The pass (QR text) of a ticket, signed with its owner's key as my-tickets signs it. */
export async function passFor(
  t: BookingTestApp,
  ticket: { code: string },
  showId: number,
  seatLabel: string,
): Promise<string> {
  return await passOf(
    t.db,
    { show_id: showId, seat_label: seatLabel, code: ticket.code },
    { secret: t.config.jwtSecret, now: t.clock() },
  );
}

export interface Device {
  id: string;
  name: string;
  /** How far its clock is ahead of the server's, in ms. */
  skew: number;
}

export const device = (name: string, skew = 0): Device => ({
  id: crypto.randomUUID(),
  name,
  skew,
});

export interface Scan {
  id: string;
  show_id: number;
  text: string;
  kind: 'entry' | 'exit';
  /** The server's time of the scan; sent as the device's clock says it. */
  at: Date;
}

export const scanOf = (
  showId: number,
  text: string,
  at: Date,
  kind: 'entry' | 'exit' = 'entry',
): Scan => ({ id: crypto.randomUUID(), show_id: showId, text, kind, at });

/** POST sync/ from `d` now, its clock `d.skew` off. */
export function sync(t: BookingTestApp, who: Account, d: Device, scans: Scan[]) {
  const off = (date: Date) => new Date(date.getTime() + d.skew).toISOString();
  return t.post(
    '/api/tickets/check-in/sync/',
    {
      device_id: d.id,
      device_name: d.name,
      sent_at: off(t.clock()),
      scans: scans.map(({ at, ...s }) => ({ ...s, scanned_at: off(at) })),
    },
    who.token,
  );
}
