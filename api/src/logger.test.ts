import assert from 'node:assert/strict';
import { bufferedLogger } from './logger.ts';

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
