import { ApiError } from '@cinema/api-client';
import { codeOfScan } from '@cinema/contract';
import { useQueryClient } from '@tanstack/react-query';
import { useRef, useState } from 'react';
import { applyCounts, checkInTicket, countsOf } from './api/checkInTicket';
import type { ScanKind } from './api/doorTypes';
import { exitTicket } from './api/exitTicket';
import type { Device } from './device';
import { readScan, sha256Base64url } from './offline/decide';
import { useRefreshDevice } from './offline/queries';
import { decideAndQueue, markTicket, storedShow } from './offline/store';
import { admitted, decidedOffline, exited, refused, refusedOffline, type Verdict } from './verdict';

interface ScanOptions {
  showId: number;
  device: Device;
  isOnline: () => boolean;
  reportFailure: () => void;
  reportSuccess: () => void;
  /** A scan was queued: try to send it. */
  onQueued: () => void;
}

/** What an online answer means for the ticket here: inside, outside, or nothing known. */
function insideAfter(kind: ScanKind, error: unknown): boolean | null {
  if (!(error instanceof ApiError)) return kind === 'entry';
  if (error.code === 'already_checked_in') return true;
  if (error.code === 'not_checked_in') return false;
  return null;
}

/** Remembers on the device what the server decided, so an offline scan right after knows it. */
async function remember(showId: number, text: string, inside: boolean | null) {
  const code = codeOfScan(text);
  if (inside === null || code === null) return;
  try {
    await markTicket(showId, await sha256Base64url(code), inside);
  } catch {
    // No IndexedDB here: the server still holds the truth.
  }
}

/**
 * One scan at the door, online first (docs/decisions/0043-offline-first-door-scanner.md): the
 * API decides while it can be reached; when a call cannot get through (or the door is known to be
 * offline) the device decides alone from what it stored and queues the scan for the sync.
 * Scans run one at a time, in the order they came.
 */
export function useDoorScan(options: ScanOptions) {
  const queryClient = useQueryClient();
  const refreshDevice = useRefreshDevice();
  const [busy, setBusy] = useState(false);
  const latest = useRef(options);
  latest.current = options;
  const chain = useRef<Promise<unknown>>(Promise.resolve());

  const online = async (text: string, kind: ScanKind): Promise<Verdict | null> => {
    const { showId, device } = latest.current;
    const input = { code: text, show_id: showId, device_id: device.id, device_name: device.name };
    try {
      let verdict: Verdict;
      if (kind === 'entry') {
        const answer = await checkInTicket(input);
        applyCounts(queryClient, answer.counts);
        verdict = admitted(answer);
      } else {
        const answer = await exitTicket(input);
        applyCounts(queryClient, answer.counts);
        verdict = exited(answer);
      }
      latest.current.reportSuccess();
      await remember(showId, text, kind === 'entry');
      return verdict;
    } catch (error) {
      if (error instanceof ApiError && error.status === 0) {
        latest.current.reportFailure();
        return null;
      }
      latest.current.reportSuccess();
      applyCounts(queryClient, countsOf(error));
      await remember(showId, text, error instanceof ApiError ? insideAfter(kind, error) : null);
      return refused(error);
    }
  };

  const offline = async (text: string, kind: ScanKind): Promise<Verdict> => {
    const { showId } = latest.current;
    let stored: Awaited<ReturnType<typeof storedShow>>;
    try {
      stored = await storedShow(showId);
    } catch {
      stored = undefined;
    }
    if (!stored) return refusedOffline('no_data');
    const scanned = await readScan(text, showId, stored.keys);
    if (!scanned.ok) return refusedOffline(scanned.refusal);
    const decision = await decideAndQueue({
      showId,
      hash: scanned.hash,
      text: scanned.text,
      kind,
    });
    // The count and the queue on screen change with the verdict, not after it.
    await refreshDevice();
    if (!decision.ok) {
      return refusedOffline(decision.refusal, decision.seatLabel, decision.scannedHereAt);
    }
    latest.current.onQueued();
    return decidedOffline(kind, decision.seatLabel);
  };

  /** Decides one scan; resolves with the verdict to show. */
  const scan = (raw: string, kind: ScanKind): Promise<Verdict> => {
    const text = raw.trim();
    const run = async () => {
      setBusy(true);
      try {
        const answer = latest.current.isOnline() ? await online(text, kind) : null;
        return answer ?? (await offline(text, kind));
      } catch {
        // The device could not store the scan (storage blocked or full): say so, admit nobody.
        return refusedOffline('not_stored');
      } finally {
        setBusy(false);
      }
    };
    const next = chain.current.then(run, run);
    chain.current = next.catch(() => undefined);
    return next;
  };

  return { scan, busy };
}
