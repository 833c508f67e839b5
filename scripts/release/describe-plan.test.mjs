// How `npm run release -- status` tells a rollout the registry paused as inconclusive (too little
// traffic for several windows) from one a person paused, and when a holding step gives up.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { describePlan, formatStatus } from './commands.mjs';

const NOW = new Date('2026-11-27T10:20:00Z');
const REASON =
  'Inconclusive: after 3 windows of 15 min the canary had 12 views (30 needed) from 2 reporters (4 needed).';

const plan = (overrides) => ({
  remote: 'user',
  version: '1.1.0-abcd1234',
  steps: [5, 25, 50, 100],
  every_minutes: 15,
  step_index: 1,
  state: 'running',
  next_step_at: '2026-11-27T10:32:00Z',
  reason: null,
  started_at: '2026-11-27T09:00:00Z',
  updated_at: '2026-11-27T10:15:00Z',
  ...overrides,
});

const health = (version, views, reporters) => ({
  version,
  reporters,
  views,
  errors: 0,
  error_rate: reporters > 0 ? 0 : null,
  lcp_p75: null,
  inp_p75: null,
  cls_p75: null,
  lcp_samples: 0,
  inp_samples: 0,
  cls_samples: 0,
});

/** A status answer with user's rollout `rollout`, its canary at 25 %. */
function statusWith(rollout) {
  const events = {
    recent: { reporters: 2, failed: 0, reports: 2 },
    all: { reporters: 2, failed: 0, reports: 2 },
  };
  const none = { stable: null, previous_stable: null, canary: null, rollout: null };
  return {
    remotes: {
      auth: { ...none, health: { since: NOW.toISOString(), stable: null, canary: null } },
      user: {
        stable: { version: '1.0.0-aaaaaaaa', entry: 'x', events },
        previous_stable: null,
        canary: { version: '1.1.0-abcd1234', entry: 'y', percent: 25, events },
        rolled_back_reason: null,
        rolled_back_at: null,
        rollout,
        health: {
          since: '2026-11-27T09:30:00Z',
          stable: health('1.0.0-aaaaaaaa', 400, 9),
          canary: health('1.1.0-abcd1234', 12, 2),
        },
      },
    },
    audit: [
      {
        id: 9,
        actor: null,
        action: 'rollout_inconclusive',
        remote: 'user',
        before: { stable: '1.0.0-aaaaaaaa', canary: '1.1.0-abcd1234', canary_percent: 25 },
        after: { stable: '1.0.0-aaaaaaaa', canary: '1.1.0-abcd1234', canary_percent: 25 },
        created_at: '2026-11-27T10:15:00Z',
      },
    ],
    auto_rollback: { window: 20, min_reporters: 5, failure_rate: 0.5 },
    health_rules: {
      min_views: 30,
      min_reporters: 4,
      error_rate_ratio: 2,
      error_rate_min: 0.01,
      vitals_ratio: 1.25,
      vitals_min_samples: 20,
      inconclusive_windows: 3,
    },
  };
}

test('status shows an inconclusive rollout apart from a paused one: why, where the canary stays, what to run', () => {
  const out = formatStatus(
    statusWith(plan({ state: 'inconclusive', next_step_at: null, reason: REASON })),
    NOW,
  );
  const line = out.split('\n').find((l) => l.startsWith('mfe-user: '));
  assert.equal(
    line,
    `mfe-user: 1.1.0-abcd1234 INCONCLUSIVE at step 2 of 4 (25%), paused by the registry 10:15 UTC: ${REASON} The canary stays at 25%. Resume (the step starts over): npm run release -- resume user; or abort: npm run release -- abort user`,
  );
  assert.doesNotMatch(line, / paused at /);
  // The figures beside it are the same window's.
  assert.match(out, /^ {2}canary 1\.1\.0-abcd1234 +12 \(2\) +0 +0%/m);
  assert.match(out, /after 3 such windows of its interval it pauses as inconclusive/);
  assert.match(out, /^ {2}2026-11-27 10:15 {2}mfe-user {3}rollout_inconclusive {2}by system$/m);
});

test('a paused plan still reads as paused by a person, and a holding one says when it gives up', () => {
  assert.equal(
    describePlan(plan({ state: 'paused', next_step_at: null, reason: 'Paused by root.' }), NOW),
    '1.1.0-abcd1234 paused at step 2 of 4 (25%). Paused by root. Resume: npm run release -- resume user',
  );
  assert.equal(
    describePlan(
      plan({
        state: 'holding',
        next_step_at: '2026-11-27T10:45:00Z',
        reason: 'Too little traffic to judge: 12 of 30 views.',
      }),
      NOW,
    ),
    '1.1.0-abcd1234 holding at step 2 of 4 (25%): Too little traffic to judge: 12 of 30 views. Re-checked every few seconds; inconclusive in 25 min (10:45 UTC) unless enough traffic comes first.',
  );
});
