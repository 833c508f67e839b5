import assert from 'node:assert/strict';
import { readdir, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { testLogger } from '../testing/app.ts';
import { outboxMailer, readOutbox } from './outbox.ts';

Deno.test('the dev outbox writes each email as a JSON file, prints it, and reads newest first', async () => {
  const dir = join(await Deno.makeTempDir(), 'outbox');
  try {
    const logger = testLogger();
    const mailer = outboxMailer(dir, logger);
    assert.equal(mailer.kind, 'outbox');
    assert.deepEqual(await readOutbox(dir), []); // no directory yet
    await mailer.send({ to: 'ana@example.com', subject: 'First', text: 'code 111111' });
    await new Promise((r) => setTimeout(r, 5));
    await mailer.send({ to: 'bia@example.com', subject: 'Second', text: 'code 222222' });
    await new Promise((r) => setTimeout(r, 5));
    await mailer.send({ to: 'ana@example.com', subject: 'Third', text: 'code 333333' });

    const files = (await readdir(dir)).sort();
    assert.equal(files.length, 3);
    for (const f of files)
      assert.match(f, /^\d{4}-\d\d-\d\dT\d\d-\d\d-\d\d-\d{3}Z-[0-9a-f]{8}\.json$/);
    const first = JSON.parse(await readFile(join(dir, files[0] as string), 'utf8'));
    assert.deepEqual(Object.keys(first).sort(), ['sent_at', 'subject', 'text', 'to']);
    assert.match(logger.infos[0] ?? '', /ana@example.com: First\ncode 111111/);

    await writeFile(join(dir, '9999-broken.json'), '{not json');
    const ana = await readOutbox(dir, { email: ' ANA@example.com' });
    assert.deepEqual(
      ana.map((e) => e.subject),
      ['Third', 'First'],
    );
    assert.deepEqual(
      (await readOutbox(dir, { limit: 2 })).map((e) => e.subject),
      ['Third', 'Second'],
    );
  } finally {
    await Deno.remove(join(dir, '..'), { recursive: true });
  }
});

Deno.test('the dev outbox keeps an email’s HTML and attachments, so a ticket’s QR code can be read back', async () => {
  const dir = join(await Deno.makeTempDir(), 'outbox');
  try {
    const mailer = outboxMailer(dir, testLogger());
    const attachment = {
      filename: 'ticket-C7.png',
      content: 'iVBORw0KGgo=',
      contentType: 'image/png',
      contentId: 'ticket-1@cinebook',
    };
    await mailer.send({
      to: 'ana@example.com',
      subject: 'Your tickets',
      text: 'Seat C7: code',
      html: '<img src="cid:ticket-1@cinebook">',
      attachments: [attachment],
    });
    const [email] = await readOutbox(dir, { email: 'ana@example.com' });
    assert.equal(email?.html, '<img src="cid:ticket-1@cinebook">');
    assert.deepEqual(email?.attachments, [attachment]);
  } finally {
    await Deno.remove(join(dir, '..'), { recursive: true });
  }
});

Deno.test('with LOG_FORMAT=json the outbox logs where the email is, never its code', async () => {
  const dir = join(await Deno.makeTempDir(), 'outbox');
  try {
    const logger = testLogger();
    const mailer = outboxMailer(dir, logger);
    await mailer.send({
      to: 'ana@example.com',
      subject: 'Your CineBook verification code: 482913',
      text: 'Your code is 482913',
    });
    // The text line, for the developer at the terminal, still shows the whole email.
    assert.match(logger.infos[0] ?? '', /482913/);
    const [file] = await readdir(dir);
    const line = JSON.parse(logger.json[0] ?? '');
    assert.equal(line.message, 'Email (dev outbox, not sent)');
    assert.equal(line.file, join(dir, file as string));
    assert.doesNotMatch(logger.json[0] ?? '', /482913/);
  } finally {
    await Deno.remove(join(dir, '..'), { recursive: true });
  }
});
