// The registry's rules: which remotes there are, and the messages about remotes and releases the
// API answers with. The other sub-parts keep their own rules (channels/rules.ts,
// telemetry/rules.ts, telemetry/health.ts, plans/rules.ts, rollouts/rules.ts).

export const REMOTES = ['auth', 'user', 'owner', 'admin'] as const;
export type Remote = (typeof REMOTES)[number];

export function isRemote(value: unknown): value is Remote {
  return typeof value === 'string' && (REMOTES as readonly string[]).includes(value);
}

/** How many audit rows the status lists. */
export const STATUS_AUDIT_ROWS = 20;

export const UNKNOWN_REMOTE = 'Unknown remote.';

export const unknownVersion = (version: string, remote: string) =>
  `Unknown version ${version} for ${remote}.`;
export const entryMismatch = (version: string, remote: string, entry: string) =>
  `${version} of ${remote} is already published with another entry (${entry}); a version's files never change, so publish a new version.`;
export const integrityMismatch = (version: string, remote: string) =>
  `${version} of ${remote} is already published with other bytes (another integrity); a version's files never change, so publish a new version.`;
