// The channels' SQL: per remote, which release is stable, which was stable before, and which is
// the canary at what percentage. Callers pass `db` or, inside a transaction, `tx`.
import type { Queryable } from '../../db/db.ts';
import type { Remote } from '../registry/rules.ts';

/** A release as a channel refers to it. */
export interface ReleaseRef {
  id: number;
  version: string;
  entry: string;
  published_at: Date;
}

/** A remote's channel with its releases resolved. */
export interface Channel {
  remote: Remote;
  stable: ReleaseRef;
  previous_stable: ReleaseRef | null;
  canary: ReleaseRef | null;
  canary_percent: number;
  canary_since: Date | null;
  rolled_back_reason: string | null;
  rolled_back_at: Date | null;
  updated_at: Date;
}

/** What a channel is set to; written whole by saveChannel. */
export interface ChannelState {
  stableId: number;
  previousStableId: number | null;
  canaryId: number | null;
  canaryPercent: number;
  canarySince: Date | null;
  rolledBackReason: string | null;
  rolledBackAt: Date | null;
}

interface ChannelRow {
  remote: Remote;
  canary_percent: number;
  canary_since: Date | null;
  rolled_back_reason: string | null;
  rolled_back_at: Date | null;
  updated_at: Date;
  stable_id: number;
  stable_version: string;
  stable_entry: string;
  stable_published_at: Date;
  previous_id: number | null;
  previous_version: string | null;
  previous_entry: string | null;
  previous_published_at: Date | null;
  canary_id: number | null;
  canary_version: string | null;
  canary_entry: string | null;
  canary_published_at: Date | null;
}

function ref(
  id: number | null,
  version: string | null,
  entry: string | null,
  publishedAt: Date | null,
): ReleaseRef | null {
  return id === null || version === null || entry === null || publishedAt === null
    ? null
    : { id, version, entry, published_at: publishedAt };
}

function toChannel(row: ChannelRow): Channel {
  return {
    remote: row.remote,
    stable: {
      id: row.stable_id,
      version: row.stable_version,
      entry: row.stable_entry,
      published_at: row.stable_published_at,
    },
    previous_stable: ref(
      row.previous_id,
      row.previous_version,
      row.previous_entry,
      row.previous_published_at,
    ),
    canary: ref(row.canary_id, row.canary_version, row.canary_entry, row.canary_published_at),
    canary_percent: row.canary_percent,
    canary_since: row.canary_since,
    rolled_back_reason: row.rolled_back_reason,
    rolled_back_at: row.rolled_back_at,
    updated_at: row.updated_at,
  };
}

/** Every remote that has a channel (a remote gets one with its first release). */
export async function listChannels(q: Queryable, remote: Remote | null = null): Promise<Channel[]> {
  const rows = await q.query<ChannelRow>`
    SELECT c.remote, c.canary_percent, c.canary_since, c.rolled_back_reason, c.rolled_back_at,
           c.updated_at,
           s.id AS stable_id, s.version AS stable_version, s.entry_url AS stable_entry,
           s.published_at AS stable_published_at,
           p.id AS previous_id, p.version AS previous_version, p.entry_url AS previous_entry,
           p.published_at AS previous_published_at,
           k.id AS canary_id, k.version AS canary_version, k.entry_url AS canary_entry,
           k.published_at AS canary_published_at
      FROM release_channels c
      JOIN releases s ON s.id = c.stable_release_id
      LEFT JOIN releases p ON p.id = c.previous_stable_release_id
      LEFT JOIN releases k ON k.id = c.canary_release_id
     WHERE ${remote}::text IS NULL OR c.remote = ${remote}::text
     ORDER BY c.remote`;
  return rows.map(toChannel);
}

export async function findChannel(q: Queryable, remote: Remote): Promise<Channel | null> {
  const [channel] = await listChannels(q, remote);
  return channel ?? null;
}

/** The state a channel is in, to change a field or two and save it again. */
export function stateOf(channel: Channel): ChannelState {
  return {
    stableId: channel.stable.id,
    previousStableId: channel.previous_stable?.id ?? null,
    canaryId: channel.canary?.id ?? null,
    canaryPercent: channel.canary_percent,
    canarySince: channel.canary_since,
    rolledBackReason: channel.rolled_back_reason,
    rolledBackAt: channel.rolled_back_at,
  };
}

/** Creates or overwrites a remote's channel. */
export async function saveChannel(
  q: Queryable,
  remote: Remote,
  state: ChannelState,
  now: Date,
): Promise<void> {
  await q.query`
    INSERT INTO release_channels (remote, stable_release_id, previous_stable_release_id,
                                  canary_release_id, canary_percent, canary_since,
                                  rolled_back_reason, rolled_back_at, updated_at)
    VALUES (${remote}, ${state.stableId}, ${state.previousStableId}, ${state.canaryId},
            ${state.canaryPercent}, ${state.canarySince}, ${state.rolledBackReason},
            ${state.rolledBackAt}, ${now})
    ON CONFLICT (remote) DO UPDATE
       SET stable_release_id = excluded.stable_release_id,
           previous_stable_release_id = excluded.previous_stable_release_id,
           canary_release_id = excluded.canary_release_id,
           canary_percent = excluded.canary_percent,
           canary_since = excluded.canary_since,
           rolled_back_reason = excluded.rolled_back_reason,
           rolled_back_at = excluded.rolled_back_at,
           updated_at = excluded.updated_at`;
}

/** Per remote: stable and the canary (only when its percentage is above 0), for the manifest. */
export async function manifestRows(q: Queryable) {
  return await q.query<{
    remote: Remote;
    stable_version: string;
    stable_entry: string;
    stable_integrity: string | null;
    canary_version: string | null;
    canary_entry: string | null;
    canary_integrity: string | null;
    canary_percent: number;
  }>`
    SELECT c.remote, s.version AS stable_version, s.entry_url AS stable_entry,
           s.integrity AS stable_integrity, k.version AS canary_version,
           k.entry_url AS canary_entry, k.integrity AS canary_integrity, c.canary_percent
      FROM release_channels c
      JOIN releases s ON s.id = c.stable_release_id
      LEFT JOIN releases k ON k.id = c.canary_release_id AND c.canary_percent > 0`;
}
