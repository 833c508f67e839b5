import type { OfflineData, ScanKind, SyncResult } from '../api/doorTypes';
import { doorDb, type QueuedScan, type StoredShow, type StoredTicket } from './db';
import { decide, type OfflineRefusal } from './decide';

// Reads and writes of the door's IndexedDB (db.ts). Each decision reads and writes in ONE
// readwrite transaction over tickets and queue, so two scans of one ticket at once (two tabs, a
// camera and the keyboard) cannot both admit: IndexedDB runs such transactions one after another.

/** How long after its end a show with nothing left to sync is kept on the device. */
const KEEP_AFTER_END_MS = 12 * 3_600_000;

function inOrder(a: QueuedScan, b: QueuedScan) {
  return a.seq - b.seq;
}

/**
 * Keeps a downloaded show: its record, and its tickets as the server sent them with this device's
 * scans still waiting to sync applied on top (the server does not know them yet).
 */
export async function saveOfflineData(data: OfflineData, savedAt = new Date()): Promise<void> {
  const db = await doorDb();
  const tx = db.transaction(['shows', 'tickets', 'queue'], 'readwrite');
  const showId = data.show.id;
  const tickets = tx.objectStore('tickets');
  const before = new Map(
    (await tickets.index('by_show').getAll(showId)).map((ticket) => [ticket.hash, ticket]),
  );
  await tickets.delete(IDBKeyRange.bound([showId, ''], [showId, '\uffff']));
  const next = new Map<string, StoredTicket>();
  for (const ticket of data.tickets) {
    const scannedHere = before.get(ticket.hash)?.scanned_here_at;
    next.set(ticket.hash, {
      show_id: showId,
      hash: ticket.hash,
      seat_label: ticket.seat_label,
      status: ticket.status,
      checked_in: ticket.checked_in,
      ...(scannedHere ? { scanned_here_at: scannedHere } : {}),
    });
  }
  const pending = (await tx.objectStore('queue').index('by_show').getAll(showId)).sort(inOrder);
  for (const scan of pending) {
    const ticket = next.get(scan.hash);
    if (ticket) ticket.checked_in = scan.kind === 'entry';
  }
  await Promise.all([...next.values()].map((ticket) => tickets.put(ticket)));
  await tx.objectStore('shows').put({
    id: showId,
    show: data.show,
    keys: data.keys,
    server_time: data.server_time,
    saved_at: savedAt.toISOString(),
  });
  await tx.done;
}

/** The shows kept on this device, soonest first; long-over ones with nothing to sync are dropped. */
export async function storedShows(now = Date.now()): Promise<StoredShow[]> {
  const db = await doorDb();
  const tx = db.transaction(['shows', 'tickets', 'queue'], 'readwrite');
  const kept: StoredShow[] = [];
  for (const stored of await tx.objectStore('shows').getAll()) {
    const over = Date.parse(stored.show.ends_at) + KEEP_AFTER_END_MS < now;
    const waiting = await tx.objectStore('queue').index('by_show').count(stored.id);
    if (over && waiting === 0) {
      await tx.objectStore('shows').delete(stored.id);
      await tx
        .objectStore('tickets')
        .delete(IDBKeyRange.bound([stored.id, ''], [stored.id, '\uffff']));
    } else {
      kept.push(stored);
    }
  }
  await tx.done;
  return kept.sort((a, b) => a.show.starts_at.localeCompare(b.show.starts_at));
}

export async function storedShow(showId: number): Promise<StoredShow | undefined> {
  return (await doorDb()).get('shows', showId);
}

/** How many of the show's live tickets are inside, by what the device knows. */
export async function insideCount(showId: number): Promise<{ inside: number; sold: number }> {
  const tickets = await (await doorDb()).getAllFromIndex('tickets', 'by_show', showId);
  const live = tickets.filter((ticket) => ticket.status === 'live');
  return { inside: live.filter((ticket) => ticket.checked_in).length, sold: live.length };
}

export type OfflineDecision =
  | { ok: true; kind: ScanKind; seatLabel: string; scan: QueuedScan }
  | { ok: false; refusal: OfflineRefusal; seatLabel: string | null; scannedHereAt: string | null };

/**
 * Decides a scan of the ticket `hash` alone and, when it lets the holder in or out, records it:
 * the ticket's state and a queued scan for the sync, in one transaction.
 */
export async function decideAndQueue(input: {
  showId: number;
  hash: string;
  text: string;
  kind: ScanKind;
  now?: Date;
}): Promise<OfflineDecision> {
  const now = (input.now ?? new Date()).toISOString();
  const db = await doorDb();
  const tx = db.transaction(['tickets', 'queue'], 'readwrite');
  const ticket = await tx.objectStore('tickets').get([input.showId, input.hash]);
  const verdict = decide(ticket, input.kind);
  if (!verdict.ok || !ticket) {
    await tx.done;
    return {
      ok: false,
      refusal: verdict.ok ? 'ticket_not_found' : verdict.refusal,
      seatLabel: ticket?.seat_label ?? null,
      scannedHereAt: ticket?.scanned_here_at ?? null,
    };
  }
  const last = await tx.objectStore('queue').index('by_seq').openCursor(null, 'prev');
  const scan: QueuedScan = {
    id: crypto.randomUUID(),
    seq: (last?.value.seq ?? 0) + 1,
    show_id: input.showId,
    text: input.text,
    kind: input.kind,
    scanned_at: now,
    hash: input.hash,
    seat_label: ticket.seat_label,
  };
  await tx.objectStore('tickets').put({
    ...ticket,
    checked_in: input.kind === 'entry',
    scanned_here_at: now,
  });
  await tx.objectStore('queue').add(scan);
  await tx.done;
  return { ok: true, kind: input.kind, seatLabel: ticket.seat_label, scan };
}

/** What the server said about a ticket online: in or out now, as this device will remember. */
export async function markTicket(showId: number, hash: string, inside: boolean): Promise<void> {
  const db = await doorDb();
  const tx = db.transaction('tickets', 'readwrite');
  const ticket = await tx.store.get([showId, hash]);
  if (ticket) {
    await tx.store.put({
      ...ticket,
      checked_in: inside,
      scanned_here_at: new Date().toISOString(),
    });
  }
  await tx.done;
}

/** The scans waiting to sync, oldest first. */
export async function queuedScans(): Promise<QueuedScan[]> {
  return (await doorDb()).getAllFromIndex('queue', 'by_seq');
}

export async function queuedCount(): Promise<number> {
  return (await doorDb()).count('queue');
}

/**
 * Drops the scans the server answered, and sets their tickets as it decided: in after an
 * admission (or a duplicate: someone else let the holder in), out after an exit.
 */
export async function acknowledge(sent: readonly QueuedScan[], results: readonly SyncResult[]) {
  const byId = new Map(sent.map((scan) => [scan.id, scan]));
  const db = await doorDb();
  const tx = db.transaction(['tickets', 'queue'], 'readwrite');
  for (const result of results) {
    const scan = byId.get(result.id);
    if (!scan) continue;
    await tx.objectStore('queue').delete(scan.id);
    if (result.outcome === 'refused') continue;
    // A later scan of the ticket made here while this batch was on its way decides its state.
    const later = await tx.objectStore('queue').index('by_show').getAll(scan.show_id);
    if (later.some((other) => other.hash === scan.hash)) continue;
    const ticket = await tx.objectStore('tickets').get([scan.show_id, scan.hash]);
    if (ticket) {
      await tx.objectStore('tickets').put({ ...ticket, checked_in: result.outcome !== 'exited' });
    }
  }
  await tx.done;
}
