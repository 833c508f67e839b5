import assert from 'node:assert/strict';
import { REPORT_TICKET_TTL_SECONDS } from '../../releases/telemetry/rules.ts';
import { reporterOf, verifyReportTicket } from '../../releases/telemetry/tickets.ts';
import { createReleasesTestApp, entryOf } from '../../testing/releases.ts';

Deno.test('the manifest is public, briefly cached, and names every remote even before any release', async () => {
  await using t = await createReleasesTestApp();
  const res = await t.get('/api/releases/manifest');
  assert.equal(res.status, 200);
  assert.equal(res.headers.get('Cache-Control'), 'public, max-age=15');
  assert.deepEqual(await res.json(), {
    remotes: {
      auth: { stable: null, canary: null, ticket: null },
      user: { stable: null, canary: null, ticket: null },
      owner: { stable: null, canary: null, ticket: null },
      admin: { stable: null, canary: null, ticket: null },
    },
  });
});

Deno.test('the manifest gives each remote its stable entry and its canary with the percentage', async () => {
  await using t = await createReleasesTestApp();
  await t.publish('user', '1.0.0-aaaaaaaa');
  await t.publish('user', '1.1.0-bbbbbbbb');
  await t.canary('user', '1.1.0-bbbbbbbb', 25);
  await t.publish('admin', '0.1.0-cccccccc', {
    entry: 'http://localhost:3004/0.1.0-cccccccc/remoteEntry.js',
  });

  assert.deepEqual(await t.manifest(), {
    remotes: {
      auth: { stable: null, canary: null, ticket: null },
      user: {
        stable: {
          version: '1.0.0-aaaaaaaa',
          entry: entryOf('user', '1.0.0-aaaaaaaa'),
          integrity: null,
        },
        canary: {
          version: '1.1.0-bbbbbbbb',
          entry: entryOf('user', '1.1.0-bbbbbbbb'),
          integrity: null,
          percent: 25,
        },
        ticket: null,
      },
      owner: { stable: null, canary: null, ticket: null },
      admin: {
        stable: {
          version: '0.1.0-cccccccc',
          entry: 'http://localhost:3004/0.1.0-cccccccc/remoteEntry.js',
          integrity: null,
        },
        canary: null,
        ticket: null,
      },
    },
  });
});

Deno.test('a canary at 0 percent is left out of the manifest', async () => {
  await using t = await createReleasesTestApp();
  await t.publish('owner', '1.0.0-aaaaaaaa');
  await t.publish('owner', '1.1.0-bbbbbbbb');
  await t.canary('owner', '1.1.0-bbbbbbbb', 0);
  assert.equal((await t.manifest()).remotes.owner.canary, null);
});

Deno.test("given the browser's bucket, each remote carries a report ticket for the version that bucket loads", async () => {
  await using t = await createReleasesTestApp();
  await t.publish('user', '1.0.0-aaaaaaaa');
  await t.publish('user', '1.1.0-bbbbbbbb');
  await t.canary('user', '1.1.0-bbbbbbbb', 25);
  await t.publish('admin', '0.1.0-cccccccc');

  const ip = '203.0.113.20';
  const ticketsFor = async (bucket: number) => {
    const res = await t.get(`/api/releases/manifest/?bucket=${bucket}`, { ip });
    assert.equal(res.status, 200);
    // Bound to this browser's address: no shared cache may keep it.
    assert.equal(res.headers.get('Cache-Control'), 'private, max-age=15');
    return (await res.json()).remotes;
  };
  const expiresAt = new Date(t.clock().getTime() + REPORT_TICKET_TTL_SECONDS * 1000).toISOString();
  for (const [bucket, version] of [
    [0, '1.1.0-bbbbbbbb'],
    [24, '1.1.0-bbbbbbbb'],
    [25, '1.0.0-aaaaaaaa'],
    [99, '1.0.0-aaaaaaaa'],
  ] as const) {
    const remotes = await ticketsFor(bucket);
    assert.equal(remotes.user.ticket.version, version, `bucket ${bucket}`);
    assert.equal(remotes.user.ticket.expires_at, expiresAt);
    const check = verifyReportTicket(t.config, remotes.user.ticket.value, t.clock());
    assert.ok(check.ok);
    assert.deepEqual(
      { remote: check.ticket.remote, version: check.ticket.version },
      { remote: 'user', version },
    );
    assert.equal(check.ticket.reporter, reporterOf(t.config, ip, 'user', version));
    assert.equal(remotes.admin.ticket.version, '0.1.0-cccccccc');
    // Nothing published, nothing to report on.
    assert.equal(remotes.auth.ticket, null);
  }
});

Deno.test('a bucket that is not a whole number from 0 to 99 is a 400', async () => {
  await using t = await createReleasesTestApp();
  for (const bucket of ['100', '-1', '2.5', 'abc', '', '1e1', '0x1', '7&bucket=8']) {
    const res = await t.get(`/api/releases/manifest/?bucket=${bucket}`);
    assert.equal(res.status, 400, bucket);
    assert.equal((await res.json()).detail, 'Bucket must be a whole number from 0 to 99.');
  }
});
