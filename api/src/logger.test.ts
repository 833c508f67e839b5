import assert from 'node:assert/strict';
import { AsyncLocalStorage } from 'node:async_hooks';
import {
  type Context,
  type ContextManager,
  context,
  ROOT_CONTEXT,
  trace,
} from '@opentelemetry/api';
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

// LOG_FORMAT=json: one object per line, what a collector parses.
Deno.test('in json, info lines are objects and an error is one line with its message and stack', () => {
  const out: string[] = [];
  const err: string[] = [];
  const logger = bufferedLogger(
    (text) => out.push(text),
    (line) => err.push(line),
    { format: 'json', instanceId: 'api-1', requestId: () => 'req-7' },
  );
  logger.info('Applied migration 1', { route: '/api/shows/:id/', status: 200 });
  logger.error('Unhandled error in GET /api/x\nFORGED', new Error('boom\nsecond line'));
  assert.equal(out.length, 1);
  const info = JSON.parse(out[0] ?? '');
  assert.deepEqual(Object.keys(info), [
    'time',
    'level',
    'message',
    'request_id',
    'route',
    'status',
    'instance',
  ]);
  assert.equal(info.level, 'info');
  assert.equal(info.request_id, 'req-7');
  assert.equal(info.instance, 'api-1');
  assert.equal(err.length, 1);
  assert.doesNotMatch(err[0] ?? '', /\n/);
  const error = JSON.parse(err[0] ?? '');
  assert.equal(error.level, 'error');
  assert.equal(error.message, 'Unhandled error in GET /api/x\nFORGED');
  assert.equal(error.error.name, 'Error');
  assert.equal(error.error.message, 'boom\nsecond line');
  assert.match(error.error.stack, /logger\.test\.ts/);
});

Deno.test('in json, what a terminal or a line splitter would act on is escaped', () => {
  const out: string[] = [];
  const logger = bufferedLogger((text) => out.push(text), undefined, { format: 'json' });
  const nasty = 'a\u001b[2J\u007f\u0085\u009b\u2028\u2029\r\nb';
  logger.info(nasty);
  logger.flush();
  const line = out[0] ?? '';
  assert.equal(line.endsWith('\n'), true);
  assert.doesNotMatch(line.slice(0, -1), /[\p{Cc}\u2028\u2029]/u);
  assert.equal(JSON.parse(line).message, nasty);
});

Deno.test('in json, a line written inside an active trace carries its trace id', () => {
  // A minimal context manager, as the runtime's OpenTelemetry registers one when tracing is on.
  const store = new AsyncLocalStorage<Context>();
  const manager: ContextManager = {
    active: () => store.getStore() ?? ROOT_CONTEXT,
    with: (ctx, fn, thisArg, ...args) => store.run(ctx, () => fn.call(thisArg, ...args)),
    bind: (_ctx, target) => target,
    enable() {
      return this;
    },
    disable() {
      return this;
    },
  };
  context.setGlobalContextManager(manager);
  try {
    const out: string[] = [];
    const logger = bufferedLogger((text) => out.push(text), undefined, { format: 'json' });
    const traceId = '4bf92f3577b34da6a3ce929d0e0e4736';
    const span = trace.wrapSpanContext({ traceId, spanId: '00f067aa0ba902b7', traceFlags: 1 });
    context.with(trace.setSpan(ROOT_CONTEXT, span), () => logger.info('inside'));
    logger.info('outside');
    logger.flush();
    const [inside, outside] = (out[0] ?? '')
      .trim()
      .split('\n')
      .map((l) => JSON.parse(l));
    assert.equal(inside.trace_id, traceId);
    assert.equal(outside.trace_id, undefined);
  } finally {
    context.disable();
  }
});

Deno.test('the text format ignores the fields: the line a person reads is unchanged', () => {
  const out: string[] = [];
  const logger = bufferedLogger((text) => out.push(text));
  logger.info('GET /api/shows/1/ 200 3ms abc', { route: '/api/shows/:id/', user_id: 4 });
  logger.flush();
  assert.deepEqual(out, ['GET /api/shows/1/ 200 3ms abc\n']);
});
