// The streams' sessions and slots (docs/decisions/0026-streams-end-with-their-session.md), for
// live/hub.ts: each stream holds a row in seat_streams that counts against its account's and its
// network's limits, under a lease ONE timer per instance renews for all its streams in one
// statement (which also ends a stream whose session died or whose row is gone), so the rows of an
// instance that died expire by themselves. A session ended on any instance reaches this one on
// the session_ended channel (the hub calls `sessionEnded`). Slots are deleted in batches as
// streams end; a delete that fails leaves the row to expire with its lease.

import { randomUUID } from 'node:crypto';
import type { Config } from '../config.ts';
import type { Db } from '../db/db.ts';
import { transactionWithRetry } from '../db/retry.ts';
import type { Logger } from '../logger.ts';
import {
  claimStreamSlot,
  releaseInstanceSlots,
  releaseStreamSlots,
  renewStreamSlots,
  type SlotClaim,
  type StreamOwner,
} from './sql.ts';

/** Who is told when their stream must end (live/hub.ts Viewer). */
export interface SlotViewer {
  bye(reason?: 'resume' | 'shutdown' | 'session_ended'): void;
}

/** A stream admitted (its slot is held until `release`), or why not. */
export type StreamAdmission = { ok: true; release(): void } | Exclude<SlotClaim, { ok: true }>;

export interface StreamSlots {
  admit(owner: StreamOwner, viewer: SlotViewer): Promise<StreamAdmission>;
  /** The session's streams here end (bye('session_ended')). */
  sessionEnded(sessionId: string): void;
  /** Renews the leases now (a session ended while the listening connection was lost went unheard). */
  renew(): void;
  /** Frees every slot of this instance and stops the timer. */
  stop(): Promise<void>;
}

export function createStreamSlots(deps: {
  db: Db;
  config: Pick<Config, 'seatStreamsPerAccount' | 'seatStreamsPerAddress'>;
  logger: Logger;
  lease: { seconds: number; renewMs: number };
}): StreamSlots {
  const { db, config, logger, lease } = deps;
  const instance = randomUUID();
  const bySession = new Map<string, Set<SlotViewer>>();
  const slots = new Map<string, { viewer: SlotViewer; sessionId: string }>();
  const toRelease = new Set<string>();
  let releasing: Promise<void> | null = null;
  let renewTimer: ReturnType<typeof setTimeout> | null = null;
  let renewing: Promise<void> | null = null;
  let claimedAny = false;
  let stopped = false;

  function forgetViewer(sessionId: string, viewer: SlotViewer) {
    const set = bySession.get(sessionId);
    if (set?.delete(viewer) && set.size === 0) bySession.delete(sessionId);
  }

  function release(id: string) {
    toRelease.add(id);
    releasing ??= (async () => {
      while (toRelease.size > 0) {
        const ids = [...toRelease];
        toRelease.clear();
        try {
          await releaseStreamSlots(db, ids);
        } catch (error) {
          logger.error('Could not free ended seat streams (their leases will lapse)', error);
        }
      }
    })().finally(() => {
      releasing = null;
    });
  }

  function armRenewal() {
    if (stopped || renewTimer !== null || renewing || slots.size === 0) return;
    renewTimer = setTimeout(renew, lease.renewMs);
  }

  /** Renews this instance's leases; ends the streams whose session died or whose row is gone. */
  function renew() {
    if (renewTimer !== null) clearTimeout(renewTimer);
    renewTimer = null;
    if (renewing || stopped) return;
    const held = [...slots.keys()];
    if (held.length === 0) return;
    renewing = (async () => {
      try {
        const rows = await renewStreamSlots(db, {
          instance,
          ids: held,
          leaseSeconds: lease.seconds,
        });
        const alive = new Map(rows.map((r) => [r.id, r.alive]));
        for (const id of held) {
          const viewer = slots.get(id)?.viewer;
          if (!viewer) continue; // ended meanwhile
          const state = alive.get(id);
          // No row: the lease lapsed (a long outage) and it no longer counts; the client's
          // reconnect is counted again.
          if (state === undefined) viewer.bye('resume');
          else if (!state) viewer.bye('session_ended');
        }
      } catch (error) {
        logger.error('Could not renew the seat streams’ leases', error);
      }
    })().finally(() => {
      renewing = null;
      armRenewal();
    });
  }

  return {
    renew,
    sessionEnded(sessionId) {
      for (const viewer of [...(bySession.get(sessionId) ?? [])]) viewer.bye('session_ended');
    },
    async admit(owner, viewer) {
      if (stopped) return { ok: true, release: () => {} }; // its bye('shutdown') is on the way
      // Before the count: a session ended from now on reaches this viewer (see the top of this
      // file), and one ended before is seen by the count's own check.
      let set = bySession.get(owner.sessionId);
      if (!set) {
        set = new Set();
        bySession.set(owner.sessionId, set);
      }
      set.add(viewer);
      const id = randomUUID();
      let claim: SlotClaim;
      try {
        claim = await transactionWithRetry(db, (tx) =>
          claimStreamSlot(tx, {
            id,
            instance,
            owner,
            perAccount: config.seatStreamsPerAccount,
            perAddress: config.seatStreamsPerAddress,
            leaseSeconds: lease.seconds,
          }),
        );
      } catch (error) {
        forgetViewer(owner.sessionId, viewer);
        throw error;
      }
      if (!claim.ok) {
        forgetViewer(owner.sessionId, viewer);
        return claim;
      }
      if (stopped) {
        // stop() freed this instance's rows before this one was written.
        await releaseStreamSlots(db, [id]).catch(() => {});
        return { ok: true, release: () => {} };
      }
      slots.set(id, { viewer, sessionId: owner.sessionId });
      claimedAny = true;
      armRenewal();
      return {
        ok: true,
        release() {
          if (!slots.delete(id)) return;
          forgetViewer(owner.sessionId, viewer);
          // Once stopping, stop() frees them all in one statement.
          if (!stopped) release(id);
        },
      };
    },
    async stop() {
      stopped = true;
      if (renewTimer !== null) clearTimeout(renewTimer);
      renewTimer = null;
      await renewing;
      await releasing;
      if (!claimedAny) return;
      slots.clear();
      bySession.clear();
      await releaseInstanceSlots(db, instance).catch((error) =>
        logger.error(
          'Could not free this instance’s seat streams (their leases will lapse)',
          error,
        ),
      );
    },
  };
}
