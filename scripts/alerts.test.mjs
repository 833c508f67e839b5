// The alert rules' runner (scripts/alerts.mjs) on copies of ops/prometheus/ with planted faults:
// each broken alert fails its own check and only it, so `npm test` would name it; an alert
// without tests, a stray test file and an expression that does not parse fail too. Needs
// promtool (Debian's `prometheus` package); skipped without it.
import assert from 'node:assert/strict';
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { after, test } from 'node:test';
import {
  alertNames,
  checkAlerts,
  findPromtool,
  PROMTOOL_MISSING,
  RULES_DIR,
  testFileProblem,
} from './alerts.mjs';

const promtool = findPromtool();
const skip = promtool ? false : PROMTOOL_MISSING;

/** @type {string[]} */
const dirs = [];
after(() => {
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
});

/**
 * A copy of ops/prometheus/ with `edits` made: [file, from, to] each replacing text that must
 * be there (so a rewrite of the rules breaks this test loudly, not silently).
 * @param {[string, string, string][]} edits
 */
function copyWith(edits) {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'cinema-alerts-'));
  dirs.push(dir);
  cpSync(RULES_DIR, dir, { recursive: true });
  for (const [file, from, to] of edits) {
    const full = path.join(dir, file);
    const text = readFileSync(full, 'utf8');
    assert.ok(text.includes(from), `${file} no longer holds ${JSON.stringify(from)}`);
    writeFileSync(full, text.replace(from, to));
  }
  return dir;
}

/** @param {{ name: string, ok: boolean }[]} checks */
const failedNames = (checks) =>
  checks.filter((c) => !c.ok).map((c) => c.name.replace(/ \(.*\)$/, ''));

test('a wrong threshold, a shorter `for` or a dropped term fails that alert alone', {
  skip,
}, async () => {
  const dir = copyWith([
    // 50 % instead of 5 %: the 9 % of failed payments would page no one.
    ['alerts.yml', ') > 0.05\n', ') > 0.5\n'],
    // 4 minutes instead of 5: the test expecting it silent at 6m sees it fire.
    [
      'alerts.yml',
      'expr: db_pool_waiting > 0\n        for: 5m',
      'expr: db_pool_waiting > 0\n        for: 4m',
    ],
    // increase() alone: a rollback counter first exported at 1 goes unheard.
    [
      'alerts.yml',
      `          sum by (remote) (increase(release_rollbacks_total[10m])) > 0
          or
          sum by (remote) (
            (release_rollbacks_total unless release_rollbacks_total offset 10m)
            and on (job, instance) (up offset 10m)
          ) > 0`,
      '          sum by (remote) (increase(release_rollbacks_total[10m])) > 0',
    ],
  ]);
  const checks = await checkAlerts({ dir, promtool: /** @type {string} */ (promtool) });
  assert.deepEqual(failedNames(checks).sort(), [
    'BookingErrorsHigh',
    'CanaryRolledBack',
    'DbPoolSaturated',
  ]);
  // One check per rule file and one per alert: the other alerts' tests ran and passed.
  const alerts = alertNames(readFileSync(path.join(dir, 'alerts.yml'), 'utf8'));
  assert.equal(checks.length, 1 + alerts.length);
  const output = checks.find((c) => c.name.startsWith('BookingErrorsHigh'))?.output ?? '';
  assert.match(output, /alertname: BookingErrorsHigh, time: 15m/);
});

test('an alert without tests, a test file for no alert, and a rule that does not parse fail', {
  skip,
}, async () => {
  const dir = copyWith([
    [
      'alerts.yml',
      '  - name: email\n    rules:\n',
      `  - name: email\n    rules:\n      - alert: EmailOutboxDeep\n        expr: max(email_outbox_depth) > 1000\n        labels:\n          severity: warning\n`,
    ],
  ]);
  writeFileSync(path.join(dir, 'tests', 'BookingsStopped.yml'), 'rule_files: [../alerts.yml]\n');
  const checks = await checkAlerts({ dir, promtool: /** @type {string} */ (promtool) });
  const [untested, stray, ...others] = checks.filter((c) => !c.ok);
  assert.deepEqual(others, []);
  assert.match(untested?.name ?? '', /^EmailOutboxDeep /);
  assert.match(untested?.output ?? '', /no unit tests/);
  assert.match(stray?.name ?? '', /tests\/BookingsStopped\.yml$/);
  assert.match(stray?.output ?? '', /no alert of that name/);

  const broken = copyWith([
    [
      'alerts.yml',
      'expr: max(db_replica_lag_seconds) > 30',
      'expr: max(db_replica_lag_seconds > 30',
    ],
  ]);
  const brokenChecks = await checkAlerts({
    dir: broken,
    promtool: /** @type {string} */ (promtool),
  });
  const check = brokenChecks.find((c) => c.name.startsWith('promtool check rules'));
  assert.equal(check?.ok, false);
  assert.match(check?.output ?? '', /parse error/);
});

test('a test file must test its alert alone, silent and firing', () => {
  const both = 'alertname: X\nexp_alerts: []\nalertname: X\nexp_labels: {severity: warning}\n';
  assert.equal(testFileProblem('X', both), null);
  assert.match(testFileProblem('X', 'alertname: X\nexp_labels: {}\n') ?? '', /silent/);
  assert.match(testFileProblem('X', 'alertname: X\nexp_alerts: []\n') ?? '', /firing/);
  assert.match(testFileProblem('X', `${both}alertname: Y\n`) ?? '', /tests Y/);
  assert.match(testFileProblem('X', 'rule_files: []\n') ?? '', /no alert_rule_test/);
});
