import assert from 'node:assert/strict';
import { type BookingTestApp, createBookingTestApp } from '../../testing/booking.ts';
import {
  device,
  doorAccount,
  doorScenario,
  MINUTE,
  passFor,
  scanOf,
  sync,
} from './door.testing.ts';
import { SYNCS_PER_MINUTE } from './post-check-in-sync.ts';
import { SyncAnswerSchema } from './sync-schemas.ts';

const bookingOf = async (t: BookingTestApp, id: number) => {
  const [row] = await t.db.query<{
    checked_in_at: Date | null;
    left_at: Date | null;
    duplicate_scans: number;
  }>`SELECT checked_in_at, left_at, duplicate_scans FROM bookings WHERE id = ${id}`;
  return row;
};

Deno.test('two devices offline: the earlier scan (by corrected clock) admits, the other is a duplicate with both devices and times', async () => {
  await using t = await createBookingTestApp();
  const { owner, show, c7, c8 } = await doorScenario(t);
  t.clock.set(new Date(show.startsAt.getTime() - 10 * MINUTE));
  const scannedAt = t.clock();
  const a = device('Door A', 3 * MINUTE); // its clock 3 minutes fast
  const b = device('Door B', -2 * MINUTE); // 2 minutes slow
  // A scans C7 at T+1, B scans C7 at T (earlier, really) and C8 at T+2. A syncs first.
  const aScan = scanOf(show.id, c7.code, new Date(scannedAt.getTime() + MINUTE));
  const bScans = [
    scanOf(show.id, c7.code, scannedAt),
    scanOf(show.id, c8.code.toUpperCase(), new Date(scannedAt.getTime() + 2 * MINUTE)),
  ];
  t.clock.advance(5 * MINUTE);
  const first = await sync(t, owner, a, [aScan]);
  assert.equal(first.status, 200);
  const one = SyncAnswerSchema.parse(await first.json());
  assert.equal(one.offset_ms, -3 * MINUTE);
  assert.deepEqual(one.results, [{ id: aScan.id, outcome: 'admitted', seat_label: 'C7' }]);
  assert.deepEqual(one.counts, [{ show_id: show.id, checked_in: 1, sold: 3 }]);

  t.clock.advance(MINUTE);
  const second = SyncAnswerSchema.parse(await (await sync(t, owner, b, bScans)).json());
  assert.equal(second.offset_ms, 2 * MINUTE);
  // B's scan of C7 was earlier: it takes the admission's place, A's becomes the duplicate.
  assert.deepEqual(second.results, [
    { id: bScans[0]?.id, outcome: 'admitted', seat_label: 'C7' },
    { id: bScans[1]?.id, outcome: 'admitted', seat_label: 'C8' },
  ]);
  assert.deepEqual(await bookingOf(t, c7.id), {
    checked_in_at: scannedAt,
    left_at: null,
    duplicate_scans: 1,
  });
  const [dup] = await t.db.query<{ outcome: string; first_scan_id: string; device_name: string }>`
    SELECT outcome, first_scan_id, device_name FROM check_in_scans WHERE id = ${aScan.id}`;
  assert.deepEqual(dup, {
    outcome: 'duplicate',
    first_scan_id: bScans[0]?.id,
    device_name: 'Door A',
  });

  // A retries its sync (its answer was lost): the recorded result, now the duplicate, and
  // nothing written.
  const before = await t.db.query`SELECT * FROM check_in_scans ORDER BY seq`;
  const retry = SyncAnswerSchema.parse(await (await sync(t, owner, a, [aScan])).json());
  assert.deepEqual(retry.results, [
    {
      id: aScan.id,
      outcome: 'duplicate',
      seat_label: 'C7',
      first: { device_id: b.id, device_name: 'Door B', at: scannedAt.toISOString() },
    },
  ]);
  assert.deepEqual(await t.db.query`SELECT * FROM check_in_scans ORDER BY seq`, before);
  // Each admission is audited once, as the online check-in is.
  const audits = await t.db.query<{ action: string; entity_id: string }>`
    SELECT action, entity_id FROM audit_log WHERE action LIKE 'ticket.%' ORDER BY id`;
  assert.deepEqual(
    audits.map((a) => a.entity_id).sort(),
    [String(c7.id), String(c7.id), String(c8.id)].sort(),
  );
});

Deno.test('racing syncs of one ticket from two devices record one admission and one duplicate', async () => {
  await using t = await createBookingTestApp();
  const { owner, show, c7 } = await doorScenario(t);
  t.clock.set(show.startsAt);
  for (let round = 0; round < 3; round++) {
    await t.db.query`DELETE FROM check_in_scans`;
    await t.db.query`UPDATE bookings SET checked_in_at = NULL, left_at = NULL, duplicate_scans = 0`;
    const at = new Date(t.clock().getTime() - (round + 1) * MINUTE);
    const answers = await Promise.all(
      [device('A'), device('B')].map((d) => sync(t, owner, d, [scanOf(show.id, c7.code, at)])),
    );
    const outcomes = (await Promise.all(answers.map((r) => r.json())))
      .map((b) => b.results[0].outcome)
      .sort();
    assert.deepEqual(outcomes, ['admitted', 'duplicate'], `round ${round}`);
    const [n] = await t.db.query<{ admitted: number; duplicates: number }>`
      SELECT count(*) FILTER (WHERE outcome = 'admitted')::int AS admitted,
             count(*) FILTER (WHERE outcome = 'duplicate')::int AS duplicates
        FROM check_in_scans`;
    assert.deepEqual(n, { admitted: 1, duplicates: 1 });
  }
});

Deno.test('property: any order of arrival of the same scans gives the same final state', async () => {
  await using t = await createBookingTestApp();
  const { owner, show, c7, c8 } = await doorScenario(t);
  t.clock.set(show.startsAt);
  const t0 = show.startsAt.getTime() - 30 * MINUTE;
  const at = (m: number) => new Date(t0 + m * MINUTE);
  // Entries and exits of two tickets on three devices, each with its own clock.
  const devices = [device('A', 40_000), device('B', -90_000), device('C')];
  const plan: [number, string, number, 'entry' | 'exit'][] = [
    [0, c7.code, 1, 'entry'],
    [1, c7.code, 3, 'entry'],
    [2, c7.code, 5, 'exit'],
    [0, c7.code, 8, 'entry'],
    [1, c8.code, 2, 'exit'],
    [2, c8.code, 4, 'entry'],
    [0, c8.code, 6, 'entry'],
    [1, c8.code, 9, 'exit'],
  ];
  const scans = plan.map(([d, code, m, kind]) => ({ d, scan: scanOf(show.id, code, at(m), kind) }));
  let seed = 7;
  const random = () => {
    seed = (seed * 1_103_515_245 + 12_345) % 2 ** 31;
    return seed / 2 ** 31;
  };
  let expected: unknown = null;
  for (let round = 0; round < 6; round++) {
    await t.db.query`DELETE FROM check_in_scans`;
    await t.db.query`UPDATE bookings SET checked_in_at = NULL, left_at = NULL, duplicate_scans = 0`;
    const order = round === 0 ? scans : [...scans].sort(() => random() - 0.5);
    for (const { d, scan } of order) {
      const device = devices[d];
      assert.ok(device);
      const res = await sync(t, owner, device, [scan]);
      assert.equal(res.status, 200);
    }
    const state = {
      bookings: await t.db.query`
        SELECT id, checked_in_at, left_at, duplicate_scans FROM bookings ORDER BY id`,
      scans: await t.db.query`
        SELECT id, outcome, code, first_scan_id, corrected_at FROM check_in_scans ORDER BY id`,
    };
    if (expected === null) expected = state;
    else
      assert.deepEqual(
        state,
        expected,
        `order ${order.map((s) => plan.indexOf(plan[scans.indexOf(s)] as never)).join(',')}`,
      );
  }
  const [b7] = await t.db.query<{
    checked_in_at: Date;
    left_at: Date | null;
    duplicate_scans: number;
  }>`
    SELECT checked_in_at, left_at, duplicate_scans FROM bookings WHERE id = ${c7.id}`;
  assert.deepEqual(b7, { checked_in_at: at(1), left_at: null, duplicate_scans: 1 });
});

Deno.test('refused and recorded: a forged pass, an unknown code, a cancelled ticket, another show’s, another owner’s; a genuine pass admits', async () => {
  await using t = await createBookingTestApp();
  const { owner, customer, show, movie, theater, c7, c8, c9 } = await doorScenario(t);
  const later = await t.show(movie, theater, {
    startsAt: new Date(show.startsAt.getTime() + 3 * 60 * MINUTE),
  });
  const cancel = await t.request('PATCH', `/api/bookings/${c8.id}/cancel/`, {
    token: customer.token,
  });
  assert.equal(cancel.status, 200);
  const other = await t.account('olga', 'owner');
  const olgaTheater = await t.theater(other);
  const olgaShow = await t.show(await t.movie(olgaTheater), olgaTheater, {
    startsAt: show.startsAt,
  });
  t.clock.set(show.startsAt);
  const pass = await passFor(t, c7, show.id, 'C7');
  const sig = pass.slice(pass.lastIndexOf('.') + 1);
  const forgedSig = `${pass.slice(0, pass.lastIndexOf('.') + 1)}${sig[0] === 'A' ? 'B' : 'A'}${sig.slice(1)}`;
  // A pass for C9's code, re-signed by a key the owner never had: forged.
  const reSigned = pass.replace(c7.code.replaceAll('-', ''), c9.code.replaceAll('-', ''));
  const d = device('Door A');
  const scans = [
    scanOf(show.id, forgedSig, t.clock()),
    scanOf(show.id, reSigned, t.clock()),
    scanOf(show.id, crypto.randomUUID(), t.clock()),
    scanOf(show.id, c8.code, t.clock()),
    scanOf(later.id, c9.code, t.clock()),
    scanOf(olgaShow.id, c9.code, t.clock()),
    scanOf(show.id, c9.code, t.clock(), 'exit'),
    scanOf(show.id, pass, t.clock()),
  ];
  const res = await sync(t, owner, d, scans);
  assert.equal(res.status, 200);
  const body = SyncAnswerSchema.parse(await res.json());
  assert.deepEqual(
    body.results.map((r) => [r.outcome, r.code ?? null, r.seat_label ?? null]),
    [
      ['refused', 'forged_ticket', null],
      ['refused', 'forged_ticket', null],
      ['refused', 'ticket_not_found', null],
      ['refused', 'ticket_cancelled', 'C8'],
      ['refused', 'wrong_show', 'C9'],
      ['refused', 'show_not_found', null],
      ['refused', 'not_checked_in', 'C9'],
      ['admitted', null, 'C7'],
    ],
  );
  const [row] = await t.db.query<{ n: number }>`
    SELECT count(*)::int AS n FROM bookings WHERE checked_in_at IS NOT NULL`;
  assert.equal(row?.n, 1);
  // Every refusal but the unknown show is recorded (a retry answers it again).
  const [recorded] = await t.db.query<{ n: number }>`
    SELECT count(*)::int AS n FROM check_in_scans WHERE outcome = 'refused'`;
  assert.equal(recorded?.n, 6);
  // Another owner's door cannot sync into this show, nor learn a recorded scan's result.
  const olgaDoor = await doorAccount(t, other, 'olgadoor');
  const theirs = SyncAnswerSchema.parse(
    await (
      await sync(t, olgaDoor, d, [scans[7] as never, scanOf(show.id, c9.code, t.clock())])
    ).json(),
  );
  assert.deepEqual(
    theirs.results.map((r) => [r.outcome, r.code]),
    [
      ['refused', 'conflict'],
      ['refused', 'show_not_found'],
    ],
  );
});

Deno.test('a door account syncs its owner’s shows; a customer 403, anonymous 401', async () => {
  await using t = await createBookingTestApp();
  const { owner, customer, show, c7 } = await doorScenario(t);
  const door = await doorAccount(t, owner);
  t.clock.set(show.startsAt);
  const res = await sync(t, door, device('Door A'), [scanOf(show.id, c7.code, t.clock())]);
  assert.equal(res.status, 200);
  assert.equal((await res.json()).results[0].outcome, 'admitted');
  const [audit] = await t.db.query<{ actor_id: number; details: Record<string, unknown> }>`
    SELECT actor_id, details FROM audit_log WHERE action = 'ticket.checked_in'`;
  assert.equal(audit?.actor_id, door.id);
  assert.equal(audit?.details.role, 'door');
  assert.equal(audit?.details.device_name, 'Door A');
  const asCustomer = await sync(t, customer, device('x'), [scanOf(show.id, c7.code, t.clock())]);
  assert.equal(asCustomer.status, 403);
  const anonymous = await t.post('/api/tickets/check-in/sync/', {});
  assert.equal(anonymous.status, 401);
});

Deno.test('limits: 500 scans, 300 characters, no NUL, a sane clock (400 naming the field); a full batch fits the body limit', async () => {
  await using t = await createBookingTestApp();
  const { owner, show } = await doorScenario(t);
  t.clock.set(show.startsAt);
  const d = device('Door A');
  const base = {
    device_id: d.id,
    device_name: d.name,
    sent_at: t.clock().toISOString(),
  };
  const good = (text: string = crypto.randomUUID()) => ({
    id: crypto.randomUUID(),
    show_id: show.id,
    text,
    kind: 'entry',
    scanned_at: t.clock().toISOString(),
  });
  const post = (body: unknown) => t.post('/api/tickets/check-in/sync/', body, owner.token);
  const cases: [unknown, string, string][] = [
    [{ ...base, scans: [] }, 'scans', 'Send at least one scan.'],
    [
      { ...base, scans: Array.from({ length: 501 }, () => good()) },
      'scans',
      'At most 500 scans per sync.',
    ],
    [
      { ...base, scans: [good('x'.repeat(301))] },
      'scans.0.text',
      'A scanned text is at most 300 characters.',
    ],
    [
      { ...base, scans: [good('abc\u0000')] },
      'scans.0.text',
      'Text contains characters that are not allowed.',
    ],
    [
      { ...base, device_name: 'n'.repeat(61), scans: [good()] },
      'device_name',
      'A device name is at most 60 characters.',
    ],
    [{ ...base, device_id: 'nope', scans: [good()] }, 'device_id', 'Invalid device id.'],
    [
      { ...base, sent_at: 'yesterday', scans: [good()] },
      'sent_at',
      'sent_at must be an ISO 8601 time.',
    ],
    [
      { ...base, sent_at: '0000-01-01T00:00:00Z', scans: [good()] },
      'sent_at',
      'The device clock is too far off: set its date and time.',
    ],
    [
      { ...base, sent_at: '9999-12-31T00:00:00Z', scans: [good()] },
      'sent_at',
      'The device clock is too far off: set its date and time.',
    ],
  ];
  for (const [body, field, message] of cases) {
    const res = await post(body);
    assert.equal(res.status, 400, field);
    const fields = (await res.json()).fields;
    assert.equal(fields?.[field], message, JSON.stringify(fields));
  }
  const yearZero = await post({
    ...base,
    scans: [{ ...good(), scanned_at: '0000-06-01T00:00:00Z' }],
  });
  assert.equal(yearZero.status, 400);
  assert.deepEqual((await yearZero.json()).fields, {
    'scans.0.scanned_at': 'scanned_at is not a possible time.',
  });
  // A clock reset to 1970 is corrected, not refused; a scan time far from sent_at is refused.
  const reset = { ...base, sent_at: '1970-01-01T00:10:00Z' };
  const far = await post({
    ...reset,
    scans: [
      { ...good(), scanned_at: '1970-01-01T00:09:00Z' },
      { ...good(), scanned_at: '0001-01-01T00:00:00Z' },
    ],
  });
  assert.equal(far.status, 200);
  const farBody = await far.json();
  assert.deepEqual(
    farBody.results.map((r: { outcome: string; code?: string }) => [r.outcome, r.code]),
    [
      ['refused', 'ticket_not_found'],
      ['refused', 'validation_error'],
    ],
  );
  // 500 scans of a 300-character text: more than BODY_LIMIT_BYTES, within the sync's own.
  const full = await post({
    ...base,
    scans: Array.from({ length: 500 }, () => good(`CB1.${'x'.repeat(296)}`)),
  });
  assert.equal(full.status, 200);
  assert.equal((await full.json()).results.length, 500);
  const tooBig = await t.request('POST', '/api/tickets/check-in/sync/', {
    token: owner.token,
    body: { ...base, scans: [good('y'.repeat(300))], pad: 'z'.repeat(600 * 1024) },
  });
  assert.equal(tooBig.status, 413);
});

Deno.test(`at most ${SYNCS_PER_MINUTE} syncs a minute per account: the next is a 429 that records nothing`, async () => {
  await using t = await createBookingTestApp();
  const { owner, show, c7 } = await doorScenario(t);
  t.clock.set(show.startsAt);
  const d = device('Door A');
  for (let i = 0; i < SYNCS_PER_MINUTE; i++) {
    const res = await sync(t, owner, d, [scanOf(show.id, crypto.randomUUID(), t.clock())]);
    assert.equal(res.status, 200);
  }
  const refused = await sync(t, owner, d, [scanOf(show.id, c7.code, t.clock())]);
  assert.equal(refused.status, 429);
  assert.equal((await refused.json()).code, 'too_many_requests');
  assert.ok(Number(refused.headers.get('Retry-After')) > 0);
  assert.equal((await bookingOf(t, c7.id))?.checked_in_at, null);
  // Another account of the owner's (a steward) is counted on its own; a minute later, again.
  const steward = await doorAccount(t, owner);
  assert.equal((await sync(t, steward, d, [scanOf(show.id, c7.code, t.clock())])).status, 200);
  t.clock.advance(MINUTE);
  assert.equal((await sync(t, owner, d, [scanOf(show.id, c7.code, t.clock())])).status, 200);
});
