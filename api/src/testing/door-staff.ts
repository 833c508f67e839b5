// Door staff for tests (docs/decisions/0040-door-staff.md): a 'door' account bound to an owner
// straight in the database (as an invitation used at signup leaves it), with a session and an
// access token, for the door staff tests and the check-in routes' tests.
import type { Queryable } from '../db/db.ts';
import type { Account, BookingTestApp } from './booking.ts';

/** A door account of `owner` with a fresh access token; its scans_for is the owner's id. */
export async function doorStaffAccount(
  t: BookingTestApp,
  owner: { id: number },
  username: string,
): Promise<Account> {
  const account = await t.account(username, 'door');
  await bindDoorStaff(t.db, owner.id, account, t.clock());
  return { ...account, scans_for: owner.id };
}

/** The membership an invitation used at signup leaves: `user` scans for `ownerId`. */
export async function bindDoorStaff(
  q: Queryable,
  ownerId: number,
  user: { id: number; email: string },
  now: Date,
): Promise<number> {
  const [row] = await q.query<{ id: number }>`
    INSERT INTO door_staff (owner_id, email, user_id, invited_at, joined_at)
    VALUES (${ownerId}, ${user.email}, ${user.id}, ${now}, ${now})
    RETURNING id`;
  if (!row) throw new Error('no door_staff row');
  return row.id;
}
