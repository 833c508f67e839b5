import { ApiError } from '@cinema/api-client';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useRef, useState } from 'react';
import { checkInScansQueryKey } from '../../lib/queryKeys';
import { applyCounts } from './api/checkInTicket';
import type { SyncResult } from './api/doorTypes';
import { SYNC_BATCH, syncScans } from './api/syncScans';
import type { Device } from './device';
import type { QueuedScan } from './offline/db';
import { REFUSALS } from './offline/decide';
import { acknowledge, queuedScans } from './offline/store';
import { clockTime } from './verdict';

// The sync of the scans decided offline (docs/decisions/0043-offline-first-door-scanner.md): by
// itself when the network returns, every minute, and after each scan queued; in batches of
// SYNC_BATCH; a failed attempt is tried again after 2 s, 4 s, ... up to a minute.

export const RETRY_FIRST_MS = 2_000;
export const RETRY_MAX_MS = 60_000;
const SYNC_EVERY_MS = 60_000;

/** Something the server found when it merged this device's scans: a duplicate or a refusal. */
export interface SyncAlert {
  id: string;
  text: string;
}

/** What the staff must hear about one merged scan; null when it went as decided. */
export function alertOf(result: SyncResult, scan: QueuedScan): SyncAlert | null {
  const seat = result.seat_label ?? scan.seat_label;
  if (result.outcome === 'duplicate') {
    const first = result.first
      ? ` First scanned on ${result.first.device_name ?? 'another device'} at ${clockTime(result.first.at)};`
      : '';
    return {
      id: result.id,
      text: `Seat ${seat} was shown twice.${first} again here at ${clockTime(scan.scanned_at)}.`,
    };
  }
  if (result.outcome === 'refused') {
    const why =
      (result.code && REFUSALS[result.code as keyof typeof REFUSALS]) ??
      `Refused by the server (${result.code ?? 'no reason given'}).`;
    return {
      id: result.id,
      text: `Seat ${seat}, let ${scan.kind === 'entry' ? 'in' : 'out'} offline at ${clockTime(scan.scanned_at)}, was refused: ${why}`,
    };
  }
  return null;
}

interface SyncOptions {
  device: Device;
  /** The browser says it has a network (a sync is tried only then). */
  browserOnline: boolean;
  reportFailure: () => void;
  reportSuccess: () => void;
  /** After a batch was taken: reread the device's data and download the show again. */
  onSynced: () => void;
}

export function useSync(options: SyncOptions) {
  const queryClient = useQueryClient();
  const latest = useRef(options);
  latest.current = options;
  const [syncing, setSyncing] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const [alerts, setAlerts] = useState<SyncAlert[]>([]);
  const running = useRef(false);
  const again = useRef(false);
  const retry = useRef<{ timer?: ReturnType<typeof setTimeout>; delay: number }>({ delay: 0 });
  const alive = useRef(true);

  const sync = useCallback(async (): Promise<void> => {
    if (!alive.current) return;
    if (running.current) {
      again.current = true;
      return;
    }
    running.current = true;
    clearTimeout(retry.current.timer);
    try {
      do {
        again.current = false;
        for (;;) {
          const batch = (await queuedScans()).slice(0, SYNC_BATCH);
          if (batch.length === 0) break;
          setSyncing(true);
          const { device } = latest.current;
          const answer = await syncScans({
            device_id: device.id,
            device_name: device.name,
            sent_at: new Date().toISOString(),
            scans: batch.map(({ id, show_id, text, kind, scanned_at }) => ({
              id,
              show_id,
              text,
              kind,
              scanned_at,
            })),
          });
          await acknowledge(batch, answer.results);
          latest.current.reportSuccess();
          const byId = new Map(batch.map((scan) => [scan.id, scan]));
          const found = answer.results.flatMap((result) => {
            const scan = byId.get(result.id);
            const alert = scan ? alertOf(result, scan) : null;
            return alert ? [alert] : [];
          });
          if (found.length > 0) setAlerts((shown) => [...found, ...shown]);
          for (const counts of answer.counts) {
            applyCounts(queryClient, counts);
            void queryClient.invalidateQueries({ queryKey: checkInScansQueryKey(counts.show_id) });
          }
          latest.current.onSynced();
          // Nothing of the batch taken: sending it again now would answer the same.
          if (answer.results.length === 0) break;
        }
      } while (again.current);
      retry.current.delay = 0;
      setFailure(null);
    } catch (error) {
      const unreachable = error instanceof ApiError && error.status === 0;
      if (unreachable) latest.current.reportFailure();
      if (unreachable || (error instanceof ApiError && error.status >= 500)) {
        const delay = Math.min(
          retry.current.delay === 0 ? RETRY_FIRST_MS : retry.current.delay * 2,
          RETRY_MAX_MS,
        );
        retry.current.delay = delay;
        if (alive.current) retry.current.timer = setTimeout(() => void sync(), delay);
        setFailure(null);
      } else if (error instanceof ApiError) {
        // Refused as a whole (signed out, removed from the door): trying again now would not help.
        setFailure(error.message);
      } else {
        // IndexedDB itself failed (storage blocked or full): nothing to send from here.
        setFailure('This device could not read its stored scans.');
      }
    } finally {
      running.current = false;
      setSyncing(false);
    }
  }, [queryClient]);

  // When the network comes back, at once; while it stays, every minute (a queue left by a
  // reload, or a retry that was given up).
  useEffect(() => {
    if (!options.browserOnline) return;
    void sync();
    const timer = setInterval(() => void sync(), SYNC_EVERY_MS);
    return () => clearInterval(timer);
  }, [options.browserOnline, sync]);

  useEffect(() => {
    alive.current = true;
    return () => {
      alive.current = false;
      clearTimeout(retry.current.timer);
    };
  }, []);

  return {
    sync,
    syncing,
    failure,
    alerts,
    dismissAlerts: () => setAlerts([]),
  };
}
