// Every SQL statement of the door staff resource (migration 0027,
// docs/decisions/0040-door-staff.md). Callers pass `db` or, inside a transaction, `tx`.
import type { Queryable } from '../../db/db.ts';

export interface DoorStaffRow {
  id: number;
  email: string;
  status: 'invited' | 'active';
  invited_at: Date;
  username: string | null;
}

/** The owner's live invitations and members, newest first. */
export async function listDoorStaff(q: Queryable, ownerId: number): Promise<DoorStaffRow[]> {
  return await q.query<DoorStaffRow>`
    SELECT d.id, d.email,
           CASE WHEN d.user_id IS NULL THEN 'invited' ELSE 'active' END AS status,
           d.invited_at, u.username
      FROM door_staff d
      LEFT JOIN users u ON u.id = d.user_id
     WHERE d.owner_id = ${ownerId} AND d.removed_at IS NULL
     ORDER BY d.invited_at DESC, d.id DESC`;
}

/** Whether an account has this address (any role). */
export async function accountHasEmail(q: Queryable, email: string): Promise<boolean> {
  const [row] = await q.query<{ taken: boolean }>`
    SELECT EXISTS (SELECT 1 FROM users WHERE email = ${email}) AS taken`;
  return row?.taken ?? false;
}

/**
 * A new invitation, or null when the address has a live one already (the partial unique index
 * decides, so two owners inviting it at once get one invitation and one null).
 */
export async function insertInvitation(
  q: Queryable,
  invitation: { ownerId: number; email: string; now: Date },
): Promise<DoorStaffRow | null> {
  const [row] = await q.query<DoorStaffRow>`
    INSERT INTO door_staff (owner_id, email, invited_at)
    VALUES (${invitation.ownerId}, ${invitation.email}, ${invitation.now})
    ON CONFLICT (email) WHERE removed_at IS NULL DO NOTHING
    RETURNING id, email, 'invited' AS status, invited_at, NULL::text AS username`;
  return row ?? null;
}

/**
 * Removes the owner's live entry; null when it is not the owner's or already removed. Waits for a
 * signup using the invitation (its row lock), so the account it made is the one returned.
 */
export async function removeDoorStaff(
  q: Queryable,
  removal: { id: number; ownerId: number; now: Date },
): Promise<{ id: number; email: string; user_id: number | null } | null> {
  const [row] = await q.query<{ id: number; email: string; user_id: number | null }>`
    UPDATE door_staff SET removed_at = ${removal.now}
     WHERE id = ${removal.id} AND owner_id = ${removal.ownerId} AND removed_at IS NULL
    RETURNING id, email, user_id`;
  return row ?? null;
}

/**
 * Ends every session of the account at once: revoked (which tells every instance, migration
 * 0017, so its seat streams and remembered sessions end too), then deleted with their refresh
 * tokens, as a login's housekeeping would (routes/accounts/sql.ts purgeUserSessions).
 */
export async function endUserSessions(q: Queryable, userId: number, now: Date): Promise<number> {
  const revoked = await q.query<{ id: string }>`
    UPDATE sessions SET revoked_at = ${now}, revoked_reason = 'door_staff_removed'
     WHERE user_id = ${userId} AND revoked_at IS NULL
    RETURNING id::text AS id`;
  await q.query`DELETE FROM sessions WHERE user_id = ${userId}`;
  return revoked.length;
}

/** The owner's name, for the invitation email. */
export async function ownerName(q: Queryable, ownerId: number): Promise<string> {
  const [row] = await q.query<{ username: string }>`
    SELECT username FROM users WHERE id = ${ownerId}`;
  return row?.username ?? '';
}
