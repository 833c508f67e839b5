import assert from 'node:assert/strict';
import {
  type Health,
  healthOf,
  inconclusiveReason,
  interquartileMean,
  judge,
  type ReporterHealth,
} from './health.ts';

const health = (over: Partial<Health> = {}): Health => ({
  version: '1.0.0',
  reporters: 10,
  views: 800,
  errors: 3,
  error_rate: 3 / 800,
  lcp_p75: 2000,
  inp_p75: 180,
  cls_p75: 0.05,
  lcp_samples: 300,
  inp_samples: 300,
  cls_samples: 300,
  ...over,
});

Deno.test('judge names the measure that rolls a canary back, in the words a person reads', () => {
  assert.deepEqual(
    judge(health({ views: 812, errors: 50, error_rate: 50 / 812 }), health({ error_rate: 0.004 })),
    {
      action: 'rollback',
      reason:
        'Automatic rollback: error rate 6.2 % vs 0.4 % on stable (812 views from 10 reporters).',
    },
  );
  assert.deepEqual(judge(health({ inp_p75: 412, inp_samples: 38 }), health()), {
    action: 'rollback',
    reason: 'Automatic rollback: INP p75 412 ms vs 180 ms on stable (38 samples).',
  });
  assert.deepEqual(judge(health({ lcp_p75: 2500 }), health()), {
    action: 'rollback',
    reason: 'Automatic rollback: LCP p75 2500 ms vs 2000 ms on stable (300 samples).',
  });
});

Deno.test('judge advances a canary no worse than the thresholds, and holds on too little traffic', () => {
  // Just under each threshold.
  assert.deepEqual(judge(health({ lcp_p75: 2499, inp_p75: 224 }), health()), { action: 'advance' });
  // Twice stable's error rate but under 1 % absolute: no rollback.
  assert.deepEqual(judge(health({ error_rate: 0.009 }), health({ error_rate: 0.0045 })), {
    action: 'advance',
  });
  // Slow, but too few samples on stable's side to compare.
  assert.deepEqual(judge(health({ inp_p75: 900 }), health({ inp_samples: 19 })), {
    action: 'advance',
  });
  // Slow or failing with no stable traffic at all: errors are judged against 0, vitals are not.
  assert.equal(judge(health({ error_rate: 0.02 }), null).action, 'rollback');
  assert.equal(judge(health({ inp_p75: 900 }), null).action, 'advance');
  assert.deepEqual(judge(health({ views: 29, error_rate: 0.5 }), health()), {
    action: 'hold',
    reason: 'Too little traffic to judge: 29 of 30 views.',
  });
  assert.deepEqual(judge(health({ reporters: 2, error_rate: 0.5 }), health()), {
    action: 'hold',
    reason: 'Too little traffic to judge: 2 of 4 reporters.',
  });
});

Deno.test('judge rolls back a canary whose layout shifts people notice, not a rounding of stable', () => {
  // Past the 0.1 a page is still "good" at, and well above stable.
  assert.deepEqual(judge(health({ cls_p75: 0.25, cls_samples: 24 }), health({ cls_p75: 0.02 })), {
    action: 'rollback',
    reason: 'Automatic rollback: CLS p75 0.25 vs 0.02 on stable (24 samples).',
  });
  // Twice stable but still good (0.06 vs 0.03), or poor on both sides alike: no rollback.
  assert.deepEqual(judge(health({ cls_p75: 0.06 }), health({ cls_p75: 0.03 })), {
    action: 'advance',
  });
  assert.deepEqual(judge(health({ cls_p75: 0.3 }), health({ cls_p75: 0.28 })), {
    action: 'advance',
  });
  // A page that never shifted on stable (p75 0) and shifts a little on the canary.
  assert.deepEqual(judge(health({ cls_p75: 0.08 }), health({ cls_p75: 0 })), {
    action: 'advance',
  });
  // Too few samples on either side.
  assert.equal(judge(health({ cls_p75: 0.4, cls_samples: 19 }), health()).action, 'advance');
  assert.equal(judge(health({ cls_p75: 0.4 }), health({ cls_samples: 3 })).action, 'advance');
});

const reporter = (over: Partial<ReporterHealth> = {}): ReporterHealth => ({
  views: 10,
  errors: 0,
  lcp_p75: 1000,
  inp_p75: 100,
  cls_p75: null,
  lcp_samples: 5,
  inp_samples: 5,
  cls_samples: 0,
  ...over,
});

Deno.test('each reporter weighs the same: the lowest and highest quarter are left out', () => {
  assert.equal(interquartileMean([]), null);
  assert.equal(interquartileMean([0.3]), 0.3);
  assert.equal(interquartileMean([0, 0, 0, 1]), 0);
  assert.equal(interquartileMean([0.2, 0.2, 0.2, 0]), 0.2);
  assert.equal(interquartileMean([1, 2, 3, 4, 5, 6, 7, 100]), 4.5);
  // Three healthy networks and one that sends 25 errors in 25 views.
  const canary = healthOf('1.1.0', [
    reporter(),
    reporter(),
    reporter(),
    reporter({ views: 25, errors: 25, lcp_p75: 60_000, lcp_samples: 50 }),
  ]);
  assert.deepEqual(
    { ...canary, version: undefined },
    {
      version: undefined,
      reporters: 4,
      views: 55,
      errors: 25,
      error_rate: 0,
      lcp_p75: 1000,
      inp_p75: 100,
      cls_p75: null,
      lcp_samples: 65,
      inp_samples: 20,
      cls_samples: 0,
    },
  );
  // Errors beyond a reporter's views do not count; a vital measured by three is no p75 yet.
  const few = healthOf('1.1.0', [
    reporter({ errors: 40 }),
    reporter(),
    reporter({ lcp_p75: null }),
  ]);
  assert.equal(few.errors, 10);
  assert.equal(few.error_rate, 1 / 3);
  assert.equal(few.lcp_p75, null);
});

Deno.test("judge ignores stable's error rate from fewer than four reporters", () => {
  const canary = health({ reporters: 4, error_rate: 0.2 });
  assert.equal(judge(canary, health({ reporters: 3, error_rate: 0.5 })).action, 'rollback');
  assert.equal(judge(canary, health({ reporters: 4, error_rate: 0.5 })).action, 'advance');
});

Deno.test('an inconclusive step says what the canary had, and beside each short figure what was needed', () => {
  assert.equal(
    inconclusiveReason(health({ views: 12, reporters: 2 }), 3, 15),
    'Inconclusive: after 3 windows of 15 min the canary had 12 views (30 needed) from 2 reporters (4 needed).',
  );
  assert.equal(
    inconclusiveReason(health({ views: 45, reporters: 3 }), 4, 5),
    'Inconclusive: after 4 windows of 5 min the canary had 45 views from 3 reporters (4 needed).',
  );
  assert.equal(
    inconclusiveReason(health({ views: 1, reporters: 1 }), 1, 60),
    'Inconclusive: after 1 window of 60 min the canary had 1 view (30 needed) from 1 reporter (4 needed).',
  );
});
