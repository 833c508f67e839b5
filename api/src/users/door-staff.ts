// Door staff memberships (migration 0027, docs/decisions/0040-door-staff.md) as the accounts
// resource needs them: signup binds an invited address to its owner, login refuses an account
// whose owner removed it. The owner's own list and writes are in routes/door-staff/sql.ts.
import type { Queryable } from '../db/db.ts';

/** The live, not yet used invitation of this address, locked until the caller's transaction ends. */
export async function lockOpenInvitation(
  q: Queryable,
  email: string,
): Promise<{ id: number; owner_id: number } | null> {
  const [row] = await q.query<{ id: number; owner_id: number }>`
    SELECT id, owner_id FROM door_staff
     WHERE email = ${email} AND removed_at IS NULL AND user_id IS NULL
       FOR UPDATE`;
  return row ?? null;
}

/** The invitation was used: the account that signed up with its address scans for its owner. */
export async function bindInvitation(
  q: Queryable,
  invitationId: number,
  userId: number,
  now: Date,
): Promise<void> {
  await q.query`
    UPDATE door_staff SET user_id = ${userId}, joined_at = ${now} WHERE id = ${invitationId}`;
}

/** Whether a door account still scans for an owner (a live membership). */
export async function doorAccountLive(q: Queryable, userId: number): Promise<boolean> {
  const [row] = await q.query<{ live: boolean }>`
    SELECT EXISTS (SELECT 1 FROM door_staff
                    WHERE user_id = ${userId} AND removed_at IS NULL) AS live`;
  return row?.live ?? false;
}
