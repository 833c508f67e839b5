// What every check-in route shares (docs/decisions/0042-door-scans-merged-across-devices.md): who
// may scan which theaters' tickets, and the ticket code a scanned text names, a pass's signature
// checked (packages/contract/src/ticket-pass.js) with its show's owner's keys.
import {
  codeOfScan,
  PASS_PREFIX,
  parsePass,
  verifyPass,
} from '../../../../packages/contract/src/index.js';
import type { AuthUser } from '../../auth/tokens.ts';
import type { Queryable } from '../../db/db.ts';
import { PERMISSION_DENIED } from '../../http/auth.ts';
import { ApiError } from '../../http/errors.ts';
import { publicKeysOf } from '../../tickets/signing.ts';
import { ownerOfShow } from './sql.ts';

/** The roles that scan at the door (a door account: its owner's theaters only). */
export const DOOR_ROLES = ['owner', 'admin', 'door'] as const;

export const FORGED_TICKET = 'This ticket’s QR code is not genuine.';

/**
 * Whose theaters the caller may scan: an owner their own, a door account its owner's, an admin
 * all (null). A door account whose owner removed it scans nothing.
 */
export function scopeOf(user: AuthUser): number | null {
  if (user.role === 'admin') return null;
  if (user.role === 'owner') return user.id;
  if (user.role === 'door' && user.scans_for !== null) return user.scans_for;
  throw new ApiError(403, PERMISSION_DENIED, 'permission_denied');
}

/** A ticket as the door shows it to this caller: a door account never sees the booker's name. */
export function forDoor<T extends { user_name: string | null }>(user: AuthUser, ticket: T): T {
  return user.role === 'door' ? { ...ticket, user_name: null } : ticket;
}

export type ScannedCode =
  | { ok: true; code: string }
  | { ok: false; code: 'ticket_not_found' | 'forged_ticket' };

/**
 * The ticket code a typed code or a pass names. A pass must be signed by a key of its show's
 * owner; a pass of a show outside `scope` is unknown (like another owner's code, it tells
 * nothing), one whose signature fails is forged.
 */
export async function scannedCode(
  q: Queryable,
  text: string,
  scope: number | null,
): Promise<ScannedCode> {
  const trimmed = text.trim();
  if (!trimmed.startsWith(`${PASS_PREFIX}.`)) {
    const code = codeOfScan(trimmed);
    return code ? { ok: true, code } : { ok: false, code: 'ticket_not_found' };
  }
  const pass = parsePass(trimmed);
  if (!pass) return { ok: false, code: 'forged_ticket' };
  const owner = await ownerOfShow(q, pass.showId);
  if (owner === null || (scope !== null && owner !== scope)) {
    return { ok: false, code: 'ticket_not_found' };
  }
  const verdict = await verifyPass(trimmed, await publicKeysOf(q, owner));
  return verdict.ok ? { ok: true, code: verdict.pass.code } : { ok: false, code: 'forged_ticket' };
}
