import { codeOfScan, PASS_PREFIX, type PublicPassKey, verifyPass } from '@cinema/contract';
import type { ScanKind } from '../api/doorTypes';
import type { StoredTicket } from './db';

// How the door decides alone (docs/decisions/0043-offline-first-door-scanner.md): a pass must
// carry a valid signature by one of the owner's keys; any code is then looked up by its SHA-256
// hash among the show's tickets kept on the device, and refused when unknown, cancelled, or (for
// an entry) already inside.

/** The longest text the sync takes (POST tickets/check-in/sync/); longer is no ticket. */
export const MAX_SCAN_TEXT = 300;

export type OfflineRefusal =
  | 'malformed'
  | 'forged_ticket'
  | 'unknown_key'
  | 'wrong_show'
  | 'ticket_not_found'
  | 'ticket_cancelled'
  | 'already_checked_in'
  | 'not_checked_in';

export const REFUSALS: Record<OfflineRefusal, string> = {
  malformed: 'This is not a ticket code.',
  forged_ticket: 'This ticket’s QR code is not genuine.',
  unknown_key:
    'This ticket’s QR code was signed with a key this device does not have yet: connect to the network to check it.',
  wrong_show: 'This ticket is for another show.',
  ticket_not_found: 'No ticket of this show has this code.',
  ticket_cancelled: 'This ticket was cancelled.',
  already_checked_in: 'Already checked in.',
  not_checked_in: 'This ticket is not checked in.',
};

/** What was scanned, once read: the ticket it names (by code hash), or why it names none. */
export type ScannedTicket =
  | { ok: true; text: string; code: string; hash: string; seatLabel: string | null }
  | { ok: false; refusal: OfflineRefusal };

/** base64url (no padding) of SHA-256 of the text's UTF-8 bytes, as the offline data keys tickets. */
export async function sha256Base64url(text: string): Promise<string> {
  const digest = new Uint8Array(
    await crypto.subtle.digest('SHA-256', new TextEncoder().encode(text)),
  );
  let binary = '';
  for (const byte of digest) binary += String.fromCharCode(byte);
  return btoa(binary).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
}

/**
 * Reads a scan for the show `showId`: a pass (C2 format) is verified with the stored keys first;
 * a typed code (with or without dashes or spaces) is taken as it is. Nothing is looked up yet.
 */
export async function readScan(
  raw: string,
  showId: number,
  keys: readonly PublicPassKey[],
): Promise<ScannedTicket> {
  const text = raw.trim();
  if (text === '' || text.length > MAX_SCAN_TEXT) return { ok: false, refusal: 'malformed' };
  let seatLabel: string | null = null;
  if (text.startsWith(`${PASS_PREFIX}.`)) {
    const verdict = await verifyPass(text, keys);
    if (!verdict.ok) {
      return {
        ok: false,
        refusal: verdict.reason === 'unknown_key' ? 'unknown_key' : 'forged_ticket',
      };
    }
    if (verdict.pass.showId !== showId) return { ok: false, refusal: 'wrong_show' };
    seatLabel = verdict.pass.seatLabel;
  }
  const code = codeOfScan(text);
  if (code === null) return { ok: false, refusal: 'malformed' };
  return { ok: true, text, code, hash: await sha256Base64url(code), seatLabel };
}

/** Whether a scan of `kind` lets the holder of `ticket` through, from what the device knows. */
export function decide(
  ticket: StoredTicket | undefined,
  kind: ScanKind,
): { ok: true } | { ok: false; refusal: OfflineRefusal } {
  if (!ticket) return { ok: false, refusal: 'ticket_not_found' };
  if (ticket.status === 'cancelled') return { ok: false, refusal: 'ticket_cancelled' };
  if (kind === 'entry' && ticket.checked_in) return { ok: false, refusal: 'already_checked_in' };
  if (kind === 'exit' && !ticket.checked_in) return { ok: false, refusal: 'not_checked_in' };
  return { ok: true };
}
