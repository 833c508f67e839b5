import assert from 'node:assert/strict';
import { createBookingTestApp } from '../../testing/booking.ts';
import {
  ALREADY_INVITED,
  EMAIL_HAS_ACCOUNT,
  INVITES_PER_HOUR,
  TOO_MANY_INVITES,
} from './post-door-staff.ts';

// As signup says it of a NUL byte (http/validators.ts requiredText).
const NUL_MESSAGE = 'Email contains characters that are not allowed.';

Deno.test('an owner invites door staff: 201, the row, an audit record and the email with the signup link and the owner’s name', async () => {
  await using t = await createBookingTestApp({ config: { siteUrl: 'https://tickets.example' } });
  const owner = await t.account('olga', 'owner');
  const res = await t.post('/api/door-staff/', { email: '  Door.One@Example.COM ' }, owner.token);
  assert.equal(res.status, 201);
  const body = await res.json();
  assert.deepEqual(body, {
    id: body.id,
    email: 'door.one@example.com',
    status: 'invited',
    invited_at: t.clock().toISOString(),
    username: null,
  });
  const rows = await t.db.query`
    SELECT owner_id, email, user_id, removed_at FROM door_staff WHERE id = ${body.id}`;
  assert.deepEqual(rows, [
    { owner_id: owner.id, email: 'door.one@example.com', user_id: null, removed_at: null },
  ]);
  const audit = await t.db.query`
    SELECT actor_id, action, entity_kind, entity_id, details FROM audit_log`;
  assert.deepEqual(audit, [
    {
      actor_id: owner.id,
      action: 'door_staff.invited',
      entity_kind: 'door_staff',
      entity_id: String(body.id),
      details: { email: 'door.one@example.com' },
    },
  ]);
  await t.settled();
  const [email] = t.mail.to('door.one@example.com');
  assert.ok(email, 'the invitation is emailed');
  assert.match(email.subject, /olga invited you/);
  assert.match(email.text, /https:\/\/tickets\.example\/auth\/signup/);
  assert.match(email.text, /olga's theaters/);
});

Deno.test('an invalid email is refused with signup’s messages, and nothing is written', async () => {
  await using t = await createBookingTestApp();
  const owner = await t.account('olga', 'owner');
  const cases: [unknown, string][] = [
    [{}, 'Email is required.'],
    [{ email: '   ' }, 'Email is required.'],
    [{ email: 'not-an-email' }, 'Enter a valid email.'],
    [{ email: `${'a'.repeat(250)}@x.io` }, 'Enter a valid email.'],
    [{ email: 'a\u0000b@example.com' }, NUL_MESSAGE],
    [{ email: 42 }, 'Email is required.'],
  ];
  for (const [payload, message] of cases) {
    const res = await t.post('/api/door-staff/', payload, owner.token);
    assert.equal(res.status, 400, JSON.stringify(payload));
    const body = await res.json();
    assert.equal(body.code, 'validation_error');
    assert.equal(body.fields.email, message, JSON.stringify(payload));
    // Word for word what signup says of the same address.
    const signup = await (await t.post('/api/signup/', payload)).json();
    assert.equal(signup.fields?.email, message, `signup: ${JSON.stringify(payload)}`);
  }
  assert.equal((await t.db.query`SELECT 1 FROM door_staff`).length, 0);
  assert.equal((await t.db.query`SELECT 1 FROM email_queue`).length, 0);
});

Deno.test('an address with an account, or already invited by anyone, is a 409 that writes and sends nothing', async () => {
  await using t = await createBookingTestApp();
  const olga = await t.account('olga', 'owner');
  const oscar = await t.account('oscar', 'owner');
  await t.account('carl');
  const taken = await t.post('/api/door-staff/', { email: 'CARL@example.com' }, olga.token);
  assert.equal(taken.status, 409);
  assert.deepEqual(await taken.json(), {
    detail: EMAIL_HAS_ACCOUNT,
    code: 'email_has_account',
    error: EMAIL_HAS_ACCOUNT,
  });
  assert.equal((await t.post('/api/door-staff/', { email: 'door@x.io' }, olga.token)).status, 201);
  for (const owner of [olga, oscar]) {
    const again = await t.post('/api/door-staff/', { email: 'Door@X.io' }, owner.token);
    assert.equal(again.status, 409);
    const body = await again.json();
    assert.equal(body.code, 'already_invited');
    assert.equal(body.detail, ALREADY_INVITED);
  }
  assert.equal((await t.db.query`SELECT 1 FROM door_staff`).length, 1);
  assert.equal((await t.db.query`SELECT 1 FROM email_queue`).length, 1);
  assert.equal((await t.db.query`SELECT 1 FROM audit_log`).length, 1);
});

Deno.test('two owners inviting one address at once: one invitation, one 409', async () => {
  await using t = await createBookingTestApp();
  const olga = await t.account('olga', 'owner');
  const oscar = await t.account('oscar', 'owner');
  const answers = await Promise.all(
    [olga, oscar].map((o) => t.post('/api/door-staff/', { email: 'door@x.io' }, o.token)),
  );
  assert.deepEqual(answers.map((r) => r.status).sort(), [201, 409]);
  assert.equal((await t.db.query`SELECT 1 FROM door_staff`).length, 1);
  assert.equal((await t.db.query`SELECT 1 FROM email_queue`).length, 1);
});

Deno.test('only owners invite: a customer, an admin and door staff get 403, no token 401', async () => {
  await using t = await createBookingTestApp();
  for (const role of ['user', 'admin', 'door'] as const) {
    const account = await t.account(`a${role}`, role);
    const res = await t.post('/api/door-staff/', { email: 'door@x.io' }, account.token);
    assert.equal(res.status, 403, role);
    assert.equal((await res.json()).code, 'permission_denied');
  }
  assert.equal((await t.post('/api/door-staff/', { email: 'door@x.io' })).status, 401);
  assert.equal((await t.db.query`SELECT 1 FROM door_staff`).length, 0);
});

Deno.test(`an owner sends at most ${INVITES_PER_HOUR} invitations an hour`, async () => {
  await using t = await createBookingTestApp();
  const owner = await t.account('olga', 'owner');
  for (let i = 0; i < INVITES_PER_HOUR; i++) {
    const res = await t.post('/api/door-staff/', { email: `d${i}@x.io` }, owner.token);
    assert.equal(res.status, 201);
  }
  const over = await t.post('/api/door-staff/', { email: 'late@x.io' }, owner.token);
  assert.equal(over.status, 429);
  const body = await over.json();
  assert.equal(body.code, 'too_many_requests');
  assert.equal(body.detail, TOO_MANY_INVITES.replace('{minutes}', '60 minutes'));
  assert.ok(Number(over.headers.get('Retry-After')) > 0);
  assert.equal((await t.db.query`SELECT 1 FROM door_staff`).length, INVITES_PER_HOUR);
  // Trying addresses for an account is limited too: no 409 past the limit.
  await t.account('carl');
  const probe = await t.post('/api/door-staff/', { email: 'carl@example.com' }, owner.token);
  assert.equal(probe.status, 429);
  t.clock.advance(3600_000);
  assert.equal((await t.post('/api/door-staff/', { email: 'late@x.io' }, owner.token)).status, 201);
});
