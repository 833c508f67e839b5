import { beforeEach, describe, expect, it } from 'vitest';
import {
  CANCELLED_CODE,
  CODE,
  doorShow,
  freshIndexedDb,
  HOUR,
  INSIDE_CODE,
  newPassKey,
  offlineData,
} from '../doorTestKit';
import { readScan, sha256Base64url } from './decide';
import {
  acknowledge,
  decideAndQueue,
  insideCount,
  queuedCount,
  queuedScans,
  saveOfflineData,
  storedShow,
  storedShows,
} from './store';

beforeEach(() => {
  freshIndexedDb();
});

const entry = async (code: string, kind: 'entry' | 'exit' = 'entry') =>
  decideAndQueue({ showId: 5, hash: await sha256Base64url(code), text: code, kind });

describe('the door’s offline store', () => {
  it('hashes a code as the server does: base64url of SHA-256 of the canonical code', async () => {
    // SHA-256('abc'), a published test vector.
    expect(await sha256Base64url('abc')).toBe('ungWv48Bz-pBQUDeXa4iI7ADYaOWF3qctBD_YfIAFa0');
  });

  it('admits a live ticket once, queued for the sync; refuses it again, a cancelled one, an unknown one and one inside', async () => {
    await saveOfflineData(await offlineData());
    const first = await entry(CODE);
    expect(first).toMatchObject({ ok: true, kind: 'entry', seatLabel: 'C7' });
    expect(await entry(CODE)).toMatchObject({
      ok: false,
      refusal: 'already_checked_in',
      seatLabel: 'C7',
      scannedHereAt: expect.any(String),
    });
    expect(await entry(CANCELLED_CODE)).toMatchObject({ ok: false, refusal: 'ticket_cancelled' });
    expect(await entry(INSIDE_CODE)).toMatchObject({ ok: false, refusal: 'already_checked_in' });
    expect(await entry('00000000-0000-4000-8000-000000000000')).toMatchObject({
      ok: false,
      refusal: 'ticket_not_found',
    });
    const queue = await queuedScans();
    expect(queue).toEqual([
      expect.objectContaining({ show_id: 5, text: CODE, kind: 'entry', seat_label: 'C7' }),
    ]);
    expect(await insideCount(5)).toEqual({ inside: 2, sold: 2 });
  });

  it('two scans of one ticket at the same moment admit it once', async () => {
    await saveOfflineData(await offlineData());
    const verdicts = await Promise.all([entry(CODE), entry(CODE), entry(CODE)]);
    expect(verdicts.filter((verdict) => verdict.ok)).toHaveLength(1);
    expect(await queuedCount()).toBe(1);
  });

  it('re-entry: an exit lets the holder out, then in again; an exit of a ticket not inside is refused', async () => {
    await saveOfflineData(await offlineData());
    expect(await entry(CODE, 'exit')).toMatchObject({ ok: false, refusal: 'not_checked_in' });
    expect(await entry(INSIDE_CODE, 'exit')).toMatchObject({ ok: true, kind: 'exit' });
    expect(await entry(INSIDE_CODE)).toMatchObject({ ok: true, kind: 'entry' });
    expect((await queuedScans()).map((scan) => scan.kind)).toEqual(['exit', 'entry']);
  });

  it('a fresh download keeps this device’s scans not yet synced on top of the server’s state', async () => {
    await saveOfflineData(await offlineData());
    await entry(CODE);
    // The server does not know the admission yet: its data says C7 is outside.
    await saveOfflineData(await offlineData());
    expect(await entry(CODE)).toMatchObject({ ok: false, refusal: 'already_checked_in' });
    expect(await storedShow(5)).toMatchObject({ id: 5, show: { movie_name: 'Jawan' } });
  });

  it('acknowledged scans leave the queue; a later scan of the same ticket made meanwhile decides its state', async () => {
    await saveOfflineData(await offlineData());
    await entry(CODE);
    const sent = await queuedScans();
    // While the batch is on its way, the holder steps out.
    await entry(CODE, 'exit');
    await acknowledge(sent, [{ id: sent[0]?.id ?? '', outcome: 'admitted', seat_label: 'C7' }]);
    expect((await queuedScans()).map((scan) => scan.kind)).toEqual(['exit']);
    expect(await entry(CODE)).toMatchObject({ ok: true });
  });

  it('keeps shows until 12 hours after their end unless scans still wait to sync', async () => {
    const old = doorShow({ id: 8, ends_at: new Date(Date.now() - 13 * HOUR).toISOString() });
    await saveOfflineData(await offlineData([], old));
    await saveOfflineData(await offlineData());
    expect((await storedShows()).map((stored) => stored.id)).toEqual([5]);
    expect(await storedShow(8)).toBeUndefined();
  });

  it('reads a pass only with a genuine signature of a known key for this show', async () => {
    const key = await newPassKey();
    const other = await newPassKey('Zz9_-Q1w');
    const pass = await key.sign({ showId: 5, seatLabel: 'C7', code: CODE });
    expect(await readScan(pass, 5, [key.public])).toMatchObject({
      ok: true,
      code: CODE,
      hash: await sha256Base64url(CODE),
      seatLabel: 'C7',
    });
    // Re-signed with a key that is not the owner's, or one character of the signature changed.
    const resigned = await other
      .sign({ showId: 5, seatLabel: 'C7', code: CODE })
      .then((text) => text.replace(other.kid, key.kid));
    expect(await readScan(resigned, 5, [key.public])).toEqual({
      ok: false,
      refusal: 'forged_ticket',
    });
    const last = pass.at(-2) === 'A' ? 'B' : 'A';
    const tampered = `${pass.slice(0, -2)}${last}${pass.slice(-1)}`;
    expect(await readScan(tampered, 5, [key.public])).toEqual({
      ok: false,
      refusal: 'forged_ticket',
    });
    // Seat changed: the signature no longer matches.
    expect(await readScan(pass.replace('.C7.', '.C8.'), 5, [key.public])).toEqual({
      ok: false,
      refusal: 'forged_ticket',
    });
    expect(await readScan(pass, 5, [other.public])).toEqual({ ok: false, refusal: 'unknown_key' });
    expect(await readScan(pass, 6, [key.public])).toEqual({ ok: false, refusal: 'wrong_show' });
    expect(await readScan('3F0C1A52 8A4E 4D2B 9F61 0B7C2F1E9A10', 5, [])).toMatchObject({
      ok: true,
      code: CODE,
    });
    expect(await readScan('not a code', 5, [])).toEqual({ ok: false, refusal: 'malformed' });
    expect(await readScan(`${CODE}\u0000`, 5, [])).toEqual({ ok: false, refusal: 'malformed' });
    expect(await readScan('a'.repeat(301), 5, [])).toEqual({ ok: false, refusal: 'malformed' });
  });
});
