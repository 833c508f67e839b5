import assert from 'node:assert/strict';
import { testConfig, testLogger } from '../testing/app.ts';
import { startFakeResend } from '../testing/fake-resend.ts';
import { MailError } from './mail.ts';
import { createMailer } from './mailer.ts';
import { resendMailer } from './resend.ts';

Deno.test('the Resend mailer sends through the real SDK to the configured base URL', async () => {
  await using fake = await startFakeResend();
  const mailer = resendMailer({ apiKey: 're_key', from: 'CineBook <a@b.co>', baseUrl: fake.url });
  assert.equal(mailer.kind, 'resend');
  await mailer.send({ to: 'ana@example.com', subject: 'Hi', text: 'Hello' });
  assert.deepEqual(fake.emails, [
    {
      from: 'CineBook <a@b.co>',
      to: ['ana@example.com'],
      subject: 'Hi',
      text: 'Hello',
      authorization: 'Bearer re_key',
      idempotencyKey: null,
    },
  ]);
});

Deno.test('a refusal from Resend is a MailError naming the reason', async () => {
  await using fake = await startFakeResend();
  fake.failWith = 403;
  const mailer = resendMailer({ apiKey: 're_key', from: 'a@b.co', baseUrl: fake.url });
  await assert.rejects(
    () => mailer.send({ to: 'ana@example.com', subject: 'Hi', text: '' }),
    (error) => {
      assert.ok(error instanceof MailError);
      assert.match(
        error.message,
        /ana@example.com: validation_error: The domain is not verified\./,
      );
      return true;
    },
  );
});

Deno.test('an unreachable Resend is a MailError too', async () => {
  const fake = await startFakeResend();
  await fake.close();
  const mailer = resendMailer({ apiKey: 're_key', from: 'a@b.co', baseUrl: fake.url });
  await assert.rejects(() => mailer.send({ to: 'a@b.co', subject: 'x', text: 'y' }), MailError);
});

Deno.test('the mailer is Resend with a key, else the dev outbox', () => {
  const logger = testLogger();
  assert.equal(createMailer(testConfig(), logger).kind, 'outbox');
  const config = testConfig({ resendApiKey: 're_key', emailFrom: 'a@b.co' });
  assert.equal(createMailer(config, logger).kind, 'resend');
});
