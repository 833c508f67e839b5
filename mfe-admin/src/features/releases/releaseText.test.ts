import { describe, expect, it } from 'vitest';
import { actionLabel, auditSummary, formatLoads, remoteLabel } from './releaseText';

const channel = {
  stable: '1.1.0',
  previous_stable: '1.0.0',
  canary: null,
  canary_percent: 0,
};

describe('release texts', () => {
  it('names remotes as they are deployed and counts loads in words', () => {
    expect(remoteLabel('owner')).toBe('mfe-owner');
    expect(formatLoads({ loads: 0, failures: 0 })).toBe('No loads');
    expect(formatLoads({ loads: 1, failures: 0 })).toBe('1 load, 0 failed');
    expect(formatLoads({ loads: 1500, failures: 3 })).toBe('1,500 loads, 3 failed');
  });

  it('labels the known actions and passes others through', () => {
    expect(actionLabel('rollback_stable')).toBe('Stable rolled back');
    expect(actionLabel('make_stable')).toBe('Made stable');
    expect(actionLabel('something_new')).toBe('something_new');
  });

  it('sums up what an audit row changed', () => {
    expect(
      auditSummary({
        before: channel,
        after: { ...channel, stable: '1.0.0', previous_stable: null },
      }),
    ).toBe('stable 1.1.0 → 1.0.0');
    expect(
      auditSummary({
        before: { ...channel, canary: '1.2.0', canary_percent: 10 },
        after: { ...channel, canary: '1.2.0', canary_percent: 50 },
      }),
    ).toBe('canary 1.2.0 (10%) → 1.2.0 (50%)');
    // Publishing a version that does not go live changes no channel.
    expect(
      auditSummary({
        before: channel,
        after: { ...channel, published: { version: '1.3.0', entry: 'https://cdn.test/e.js' } },
      }),
    ).toBe('published 1.3.0');
    expect(auditSummary({ before: channel, after: channel })).toBe('no change');
  });
});
