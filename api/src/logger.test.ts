import assert from 'node:assert/strict';
import { bufferedLogger, logValue } from './logger.ts';

Deno.test('info lines are written together, later; an error first writes what waits', () => {
  const out: string[] = [];
  const logger = bufferedLogger(
    (text) => out.push(text),
    (message) => out.push(`error: ${message}`),
  );
  logger.info('GET /api/shows/ 200 3ms a');
  logger.info('GET /api/shows/1/seats/ 200 2ms b');
  assert.deepEqual(out, []);
  logger.error('boom');
  assert.deepEqual(out, [
    'GET /api/shows/ 200 3ms a\nGET /api/shows/1/seats/ 200 2ms b\n',
    'error: boom',
  ]);
  logger.info('after');
  logger.flush();
  logger.flush();
  assert.deepEqual(out.slice(2), ['after\n']);
});

Deno.test('a waiting line is written within a moment without any flush', async () => {
  const out: string[] = [];
  const logger = bufferedLogger((text) => out.push(text));
  logger.info('one');
  await new Promise((resolve) => setTimeout(resolve, 150));
  assert.deepEqual(out, ['one\n']);
});

Deno.test('a large backlog is written at once', () => {
  const out: string[] = [];
  const logger = bufferedLogger((text) => out.push(text));
  const line = 'x'.repeat(1000);
  for (let i = 0; i < 70; i++) logger.info(line);
  assert.equal(out.length, 1);
  logger.flush();
});

Deno.test('logValue puts any value on one line and escapes what a terminal would act on', () => {
  assert.equal(logValue('GET /a\nGET /b'), 'GET /a\\nGET /b');
  assert.equal(logValue('a\r\tb\\c'), 'a\\r\\tb\\\\c');
  assert.equal(logValue('\u001b[2J\u0000\u007f\u0085\u009b'), '\\x1b[2J\\x00\\x7f\\x85\\x9b');
  assert.equal(logValue('x\u2028y\u2029z'), 'x\\u2028y\\u2029z');
  assert.equal(logValue('Ünïcödé ₹ 映画 🎬'), 'Ünïcödé ₹ 映画 🎬');
  assert.equal(logValue(404), '404');
});

Deno.test('error messages are escaped by the logger itself', () => {
  const out: string[] = [];
  const logger = bufferedLogger(
    () => {},
    (message) => out.push(message),
  );
  logger.error('GET /api/zz\nFORGED: boom');
  assert.deepEqual(out, ['GET /api/zz\\nFORGED: boom']);
});
