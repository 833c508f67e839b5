// The release CLI end to end: `rollout` plans (start, status, pause, resume, abort) and what it
// refuses, against a real API (release/cli-harness.mjs).
import assert from 'node:assert/strict';
import { test } from 'node:test';
import {
  apiUrlOf,
  assertFailed,
  browserRequest,
  cli,
  fakeBuild,
  fakeRepo,
  manifest,
  published,
  useReleaseApi,
} from './cli-harness.mjs';

useReleaseApi();

// ---- rollouts ----------------------------------------------------------------------------------

test('rollout starts a plan; status shows its step, the time to the next one and the health; pause, resume and abort', async () => {
  const root = await fakeRepo();
  await fakeBuild(root, 'auth', { version: '8.0.0', body: 'rollout-stable' });
  await published(root, 'auth');
  await fakeBuild(root, 'auth', { version: '8.1.0', body: 'rollout-canary' });
  const next = await published(root, 'auth');
  // An earlier test may have made another build of auth stable.
  const stable = (await manifest()).auth.stable.version;

  const started = await cli(root, ['rollout', 'auth', next, '--steps', '10,50,100', '--every=30m']);
  assert.equal(started.code, 0, started.stderr);
  assert.match(
    started.stdout,
    new RegExp(
      `^mfe-auth ${next.replaceAll('.', '\\.')} is rolling out: 10% of browsers now, then 50%, 100% every 30 min while it is healthy \\(first step due \\d\\d:\\d\\d UTC\\)\\. Follow it: npm run release -- status$`,
    ),
  );
  assert.equal((await manifest()).auth.canary.percent, 10);
  assertFailed(
    await cli(root, ['rollout', 'auth', next]),
    1,
    `mfe-auth already has a rollout in progress (${next}); pause, resume or abort it first.`,
  );

  // A browser's beacon (bucket 0 loads the canary), as the shell sends it.
  const page = await browserRequest(
    '127.0.0.2',
    'GET',
    `${apiUrlOf()}/releases/manifest/?bucket=0`,
  );
  const ticket = page.body.remotes.auth.ticket;
  assert.equal(ticket.version, next);
  const beacon = await browserRequest('127.0.0.2', 'POST', `${apiUrlOf()}/releases/health/`, {
    remote: 'auth',
    version: next,
    ticket: ticket.value,
    samples: [{ kind: 'view' }, { kind: 'view' }, { kind: 'error' }, { kind: 'lcp', value: 1500 }],
  });
  assert.deepEqual([beacon.status, beacon.body], [202, { recorded: 4 }]);

  const shown = await cli(root, ['status']);
  assert.equal(shown.code, 0, shown.stderr);
  const lines = shown.stdout.split('\n');
  const at = lines.indexOf(lines.find((line) => line.startsWith('mfe-auth: ')));
  assert.match(
    lines[at],
    new RegExp(
      `^mfe-auth: ${next.replaceAll('.', '\\.')} running, step 1 of 3 \\(10%\\), next step in (30|29) min \\(\\d\\d:\\d\\d UTC\\); steps 10, 50, 100% every 30 min$`,
    ),
  );
  assert.match(
    lines[at + 1],
    /^ {2}since \d\d:\d\d UTC +VIEWS +ERRORS +ERROR RATE +LCP +INP +CLS$/,
  );
  assert.match(
    lines[at + 2],
    new RegExp(
      `^ {2}stable ${stable.replaceAll('.', '\\.')} +0 \\(0\\) +0 +- +- \\(0\\) +- \\(0\\) +- \\(0\\)$`,
    ),
  );
  assert.match(
    lines[at + 3],
    new RegExp(
      // One reporter's LCP is no p75 yet: a vital needs more than 3 networks (decision 0027).
      `^ {2}canary ${next.replaceAll('.', '\\.')} +2 \\(1\\) +1 +50% +- \\(1\\) +- \\(0\\) +- \\(0\\)$`,
    ),
  );
  assert.ok(shown.stdout.includes('A rollout holds below 30 canary views or 4 reporters'));

  const paused = await cli(root, ['pause', 'auth']);
  assert.equal(paused.code, 0, paused.stderr);
  assert.equal(
    paused.stdout,
    `mfe-auth rollout of ${next} paused at 10%; the canary stays at 10%.`,
  );
  assert.match(
    (await cli(root, ['status'])).stdout,
    /paused at step 1 of 3 \(10%\)\. Paused by admin\./,
  );
  assertFailed(await cli(root, ['pause', 'auth']), 1, 'The rollout is not running.');
  const resumed = await cli(root, ['resume', 'mfe-auth']);
  assert.equal(resumed.code, 0, resumed.stderr);
  assert.match(
    resumed.stdout,
    /^mfe-auth rollout of \S+ resumed at 10%; next step due \d\d:\d\d UTC\.$/,
  );
  const aborted = await cli(root, ['abort', 'auth']);
  assert.equal(aborted.code, 0, aborted.stderr);
  assert.equal(
    aborted.stdout,
    `mfe-auth: Rollout aborted by admin. ${next} is no longer the canary.`,
  );
  assert.equal((await manifest()).auth.canary, null);
  assert.match(
    (await cli(root, ['status'])).stdout,
    /mfe-auth: \S+ aborted at step 1 of 3 \(10%\), \d\d:\d\d UTC: Rollout aborted by admin\./,
  );
  assertFailed(
    await cli(root, ['resume', 'auth']),
    1,
    'There is no rollout in progress for this remote.',
  );
});

test('rollout refuses bad steps and intervals before calling the API, and wrong usage exits 2', async () => {
  const root = await fakeRepo();
  for (const steps of ['5,25,50', '25,5,100', '0,100', '5,,100', 'five', '5.5,100']) {
    assertFailed(
      await cli(root, ['rollout', 'user', '1.0.0-aaaaaaaa', '--steps', steps]),
      1,
      `Steps must be whole percentages from 1 to 100, strictly increasing, ending in 100 (got "${steps}").`,
    );
  }
  for (const every of ['0m', '25h', '30s', 'soon']) {
    assertFailed(
      await cli(root, ['rollout', 'user', '1.0.0-aaaaaaaa', '--every', every]),
      1,
      `Every must be minutes or hours from 1m to 24h, e.g. 15m or 1h (got "${every}").`,
    );
  }
  const usage = [
    [
      ['rollout', 'user'],
      'rollout needs <remote> <version>: npm run release -- rollout <remote> <version>',
    ],
    [['pause'], 'pause needs <remote>: npm run release -- pause <remote>'],
    [['canary', 'user', 'x', '--percent', '5', '--steps', '5,100'], '--steps is only for rollout.'],
    [['abort', 'user', '--every', '5m'], '--every is only for rollout.'],
  ];
  for (const [args, message] of usage) {
    assertFailed(
      await cli(root, args),
      2,
      `${message}\nRun npm run release -- --help for the commands.`,
    );
  }
  const help = await cli(root, ['--help']);
  for (const command of [
    'rollout <remote> <version>',
    'pause <remote>',
    'resume <remote>',
    'abort <remote>',
  ]) {
    assert.ok(help.stdout.includes(command), command);
  }
});
