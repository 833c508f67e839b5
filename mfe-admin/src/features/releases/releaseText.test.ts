import { describe, expect, it } from 'vitest';
import {
  actionLabel,
  auditSummary,
  formatReporters,
  formatReportersAndReports,
  remoteLabel,
} from './releaseText';

const channel = {
  stable: '1.1.0',
  previous_stable: '1.0.0',
  canary: null,
  canary_percent: 0,
};

describe('release texts', () => {
  it('names remotes as they are deployed and counts reporters in words', () => {
    expect(remoteLabel('owner')).toBe('mfe-owner');
    expect(formatReporters({ reporters: 0, failed: 0, reports: 0 })).toBe('No reports');
    expect(formatReporters({ reporters: 1, failed: 0, reports: 3 })).toBe('1 reporter, 0 failed');
    expect(formatReporters({ reporters: 1500, failed: 3, reports: 9000 })).toBe(
      '1,500 reporters, 3 failed',
    );
    expect(formatReportersAndReports({ reporters: 1, failed: 1, reports: 1 })).toBe(
      '1 reporter, 1 failed (1 report)',
    );
    expect(formatReportersAndReports({ reporters: 2, failed: 1, reports: 1200 })).toBe(
      '2 reporters, 1 failed (1,200 reports)',
    );
    expect(formatReportersAndReports({ reporters: 0, failed: 0, reports: 0 })).toBe('No reports');
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
