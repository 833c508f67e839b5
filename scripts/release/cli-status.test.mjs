// The release CLI end to end: `status`, with reports sent as browsers on other machines send
// them, against a real API (release/cli-harness.mjs).
import assert from 'node:assert/strict';
import { test } from 'node:test';
import {
  apiUrlOf,
  cli,
  fakeBuild,
  fakeRepo,
  manifest,
  optionsFor,
  published,
  reportFrom,
  useReleaseApi,
} from './cli-harness.mjs';
import { formatStatus, status } from './commands.mjs';

useReleaseApi();

// ---- status ------------------------------------------------------------------------------------

test('status prints a table of every remote with reporters, failures and why a canary was rolled back', async () => {
  const root = await fakeRepo();
  await fakeBuild(root, 'user', { version: '7.0.0', body: 'status-stable' });
  await published(root, 'user');
  await fakeBuild(root, 'user', { version: '7.1.0', body: 'status-canary' });
  const bad = await published(root, 'user');
  assert.equal((await cli(root, ['canary', 'user', bad, '--percent', '30'])).code, 0);
  // A report without the manifest's ticket is refused.
  const anonymous = await fetch(`${apiUrlOf()}/releases/events/`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ remote: 'user', version: bad, outcome: 'load_failed' }),
  });
  assert.equal(anonymous.status, 400);
  // One browser failing again and again is one reporter: the canary stays.
  for (let i = 0; i < 6; i++) {
    assert.equal((await reportFrom('127.0.0.2', 'user', bad, 'load_failed')).status, 202);
  }
  const during = await cli(root, ['status']);
  assert.equal(during.code, 0, during.stderr);
  assert.match(
    during.stdout.split('\n').find((line) => line.startsWith('mfe-user ')),
    new RegExp(
      ` ${bad.replaceAll('.', '\\.')} +30% +\\d+/\\d+ \\(\\d+/\\d+; [\\d,]+ reports?\\) +1/1 \\(1/1; 6 reports\\)`,
    ),
  );
  // Browsers on five machines fail: rolled back automatically.
  const answers = [];
  for (let i = 3; i < 7; i++)
    answers.push(await reportFrom(`127.0.0.${i}`, 'user', bad, 'load_failed'));
  assert.deepEqual(
    answers.map((answer) => [answer.status, answer.body.rolled_back]),
    [
      [202, false],
      [202, false],
      [202, false],
      [202, true],
    ],
  );
  const r = await cli(root, ['status']);
  assert.equal(r.code, 0, r.stderr);
  const lines = r.stdout.split('\n');
  assert.match(
    lines[0],
    /^REMOTE +STABLE +CANARY +PERCENT +STABLE REPORTERS\/FAILED +CANARY REPORTERS\/FAILED +NOTE$/,
  );
  const row = (remote) => lines.find((line) => line.startsWith(`mfe-${remote} `));
  for (const remote of ['auth', 'user', 'owner', 'admin']) assert.ok(row(remote), remote);
  const stable = (await manifest()).user.stable.version;
  assert.match(
    row('user'),
    new RegExp(
      `^mfe-user +${stable.replaceAll('.', '\\.')} +- +- +\\d+/\\d+ \\(\\d+/\\d+; [\\d,]+ reports?\\) +- +Automatic rollback: 5 of 5 recent reporters of ${bad.replaceAll('.', '\\.')} failed\\. \\(\\d{4}-\\d\\d-\\d\\d \\d\\d:\\d\\d UTC\\)$`,
    ),
  );
  assert.ok(r.stdout.includes('Latest changes:'));
  assert.match(r.stdout, /mfe-user +auto_rollback {2}by system: no canary/);

  // The same through the exported functions.
  const body = await status(optionsFor(root));
  assert.equal(body.remotes.user.canary, null);
  assert.equal(formatStatus(body).split('\n')[0], lines[0]);
});
