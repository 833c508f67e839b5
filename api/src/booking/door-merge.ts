// The merge rule of door scans (docs/decisions/0042-door-scans-merged-across-devices.md), pure:
// a ticket's entries and exits in the order of their corrected times (then the order they were
// recorded in); the first entry admits, an entry while inside is a duplicate of the admission it
// came after, an exit lets the holder out, an entry after an exit readmits. An exit while not
// inside changes nothing (refused, not_checked_in). The same scans give the same state whatever
// order they arrived in: door.ts replays them all when one arrives out of order.

export type ScanKind = 'entry' | 'exit';
export type MergedOutcome = 'admitted' | 'readmitted' | 'duplicate' | 'exited' | 'refused';

export interface MergeScan {
  id: string;
  kind: ScanKind;
  corrected_at: Date;
  /** The recording order (check_in_scans.seq). */
  seq: number;
}

/** What a ticket's scans add up to, as the booking row keeps it. */
export interface DoorState {
  /** The first admission. */
  checked_in_at: Date | null;
  /** When the holder last left; null while inside. */
  left_at: Date | null;
  duplicate_scans: number;
  /** The scan that let the holder in last (null: none recorded, or not inside). */
  admitted_by: string | null;
}

export interface MergeVerdict {
  outcome: MergedOutcome;
  /** The refusal's error code. */
  code: 'not_checked_in' | null;
  /** For a duplicate, the admitting scan it came after. */
  first_scan_id: string | null;
}

export const EMPTY_DOOR_STATE: DoorState = {
  checked_in_at: null,
  left_at: null,
  duplicate_scans: 0,
  admitted_by: null,
};

export const isInside = (s: Pick<DoorState, 'checked_in_at' | 'left_at'>): boolean =>
  s.checked_in_at !== null && s.left_at === null;

/** Merge order: corrected time, then recording order. */
export function mergeOrder(a: MergeScan, b: MergeScan): number {
  return a.corrected_at.getTime() - b.corrected_at.getTime() || a.seq - b.seq;
}

/** One scan applied to the state: the scan's verdict and the state after it. */
export function step(
  state: DoorState,
  scan: MergeScan,
): { state: DoorState; verdict: MergeVerdict } {
  const at = scan.corrected_at;
  if (scan.kind === 'entry') {
    if (isInside(state)) {
      return {
        state: { ...state, duplicate_scans: state.duplicate_scans + 1 },
        verdict: { outcome: 'duplicate', code: null, first_scan_id: state.admitted_by },
      };
    }
    const again = state.checked_in_at !== null;
    return {
      state: {
        ...state,
        checked_in_at: state.checked_in_at ?? at,
        left_at: null,
        admitted_by: scan.id,
      },
      verdict: { outcome: again ? 'readmitted' : 'admitted', code: null, first_scan_id: null },
    };
  }
  if (!isInside(state)) {
    return { state, verdict: { outcome: 'refused', code: 'not_checked_in', first_scan_id: null } };
  }
  return {
    state: { ...state, left_at: at, admitted_by: null },
    verdict: { outcome: 'exited', code: null, first_scan_id: null },
  };
}

/** Every scan of a ticket replayed from nothing: the final state and each scan's verdict. */
export function replay(scans: MergeScan[]): {
  state: DoorState;
  verdicts: Map<string, MergeVerdict>;
} {
  let state = EMPTY_DOOR_STATE;
  const verdicts = new Map<string, MergeVerdict>();
  for (const scan of [...scans].sort(mergeOrder)) {
    const next = step(state, scan);
    state = next.state;
    verdicts.set(scan.id, next.verdict);
  }
  return { state, verdicts };
}
