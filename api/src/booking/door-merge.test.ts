import assert from 'node:assert/strict';
import {
  type DoorState,
  EMPTY_DOOR_STATE,
  type MergeScan,
  mergeOrder,
  replay,
  step,
} from './door-merge.ts';

const T0 = Date.parse('2026-03-02T10:00:00Z');
const scan = (id: string, kind: 'entry' | 'exit', minute: number, seq = 0): MergeScan => ({
  id,
  kind,
  corrected_at: new Date(T0 + minute * 60_000),
  seq,
});

Deno.test('the first entry admits, another while inside is a duplicate of it, an exit lets out, an entry after it readmits', () => {
  const { state, verdicts } = replay([
    scan('b', 'entry', 5),
    scan('a', 'entry', 1),
    scan('x', 'exit', 10),
    scan('c', 'entry', 20),
    scan('y', 'exit', 2),
  ]);
  assert.deepEqual(Object.fromEntries(verdicts), {
    a: { outcome: 'admitted', code: null, first_scan_id: null },
    y: { outcome: 'exited', code: null, first_scan_id: null },
    b: { outcome: 'readmitted', code: null, first_scan_id: null },
    x: { outcome: 'exited', code: null, first_scan_id: null },
    c: { outcome: 'readmitted', code: null, first_scan_id: null },
  });
  assert.deepEqual(state, {
    checked_in_at: new Date(T0 + 60_000),
    left_at: null,
    duplicate_scans: 0,
    admitted_by: 'c',
  });
  const dup = replay([scan('a', 'entry', 1), scan('b', 'entry', 2), scan('x', 'exit', 0)]);
  assert.deepEqual(dup.verdicts.get('b'), {
    outcome: 'duplicate',
    code: null,
    first_scan_id: 'a',
  });
  assert.deepEqual(dup.verdicts.get('x'), {
    outcome: 'refused',
    code: 'not_checked_in',
    first_scan_id: null,
  });
  assert.equal(dup.state.duplicate_scans, 1);
});

/** Scans applied as door.ts does: stepped when in order, else all replayed. */
function arrive(order: MergeScan[]): DoorState {
  let state = EMPTY_DOOR_STATE;
  const seen: MergeScan[] = [];
  for (const [i, s] of order.entries()) {
    const recorded = { ...s, seq: i };
    const last = seen.at(-1);
    seen.push(recorded);
    seen.sort(mergeOrder);
    state =
      !last || recorded.corrected_at >= last.corrected_at
        ? step(state, recorded).state
        : replay(seen).state;
  }
  return state;
}

Deno.test('property: any order of arrival of the same scans gives the same final state', () => {
  let seed = 42;
  const random = () => {
    seed = (seed * 1_103_515_245 + 12_345) % 2 ** 31;
    return seed / 2 ** 31;
  };
  for (let round = 0; round < 300; round++) {
    const count = 1 + Math.floor(random() * 8);
    const minutes = new Set<number>();
    while (minutes.size < count) minutes.add(Math.floor(random() * 120));
    const scans = [...minutes].map((m, i) => scan(`s${i}`, random() < 0.65 ? 'entry' : 'exit', m));
    const expected = replay(scans).state;
    for (let k = 0; k < 6; k++) {
      const shuffled = [...scans].sort(() => random() - 0.5);
      const got = arrive(shuffled);
      assert.deepEqual(
        { ...got, admitted_by: null },
        { ...expected, admitted_by: null },
        `round ${round}: ${shuffled.map((s) => s.id).join(',')}`,
      );
    }
  }
});
