// The real API process (main.ts) stopped by SIGTERM, as a load balancer's orchestrator stops an
// instance: what is in flight finishes, nothing new gets in, the seat streams are told to come
// back soon (elsewhere), and the process is gone within 10 s whatever its clients do.
import assert from 'node:assert/strict';
import { DEMO_CUSTOMER } from './demo/seed.ts';
import { DRAIN_MS } from './http/drain.ts';
import { SHUTDOWN_RETRY_MS } from './live/stream.ts';
import { freePort, sleep, startApi } from './testing/api-process.ts';
import { sse } from './testing/sse.ts';

const encoder = new TextEncoder();
const decoder = new TextDecoder();

/**
 * A sign-in whose body arrives in two parts, on a raw connection: the request is in flight (the
 * handler waits for the rest) until `finish()` sends it. `response` is the raw answer, read until
 * the server closes the connection.
 */
async function slowSignIn(port: number) {
  const body = JSON.stringify({
    email_or_username: DEMO_CUSTOMER.email,
    password: DEMO_CUSTOMER.password,
  });
  const conn = await Deno.connect({ hostname: '127.0.0.1', port });
  const head =
    'POST /api/login/ HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\n' +
    `Content-Length: ${encoder.encode(body).length}\r\n\r\n`;
  const half = Math.floor(body.length / 2);
  await conn.write(encoder.encode(head + body.slice(0, half)));
  const response = (async () => {
    let text = '';
    const buffer = new Uint8Array(16 * 1024);
    try {
      for (;;) {
        const n = await conn.read(buffer);
        if (n === null) break;
        text += decoder.decode(buffer.subarray(0, n));
      }
    } catch {
      // reset by the server: what arrived is the answer
    }
    return text;
  })();
  return {
    async finish() {
      await conn.write(encoder.encode(body.slice(half)));
    },
    response,
    close() {
      try {
        conn.close();
      } catch {
        // closed by the server already
      }
    },
  };
}

async function refused(port: number, withinMs: number): Promise<boolean> {
  const deadline = performance.now() + withinMs;
  while (performance.now() < deadline) {
    try {
      const conn = await Deno.connect({ hostname: '127.0.0.1', port });
      conn.close();
    } catch (error) {
      if (error instanceof Deno.errors.ConnectionRefused) return true;
      throw error;
    }
    await sleep(20);
  }
  return false;
}

Deno.test('SIGTERM: in-flight requests finish, new connections are refused, streams are told to come back soon, exit 0', async () => {
  await using api = await startApi();
  const stream = await fetch(`http://127.0.0.1:${api.port}/api/shows/${api.showId}/seats/events/`, {
    headers: { Authorization: `Bearer ${api.token}` },
  });
  assert.equal(stream.status, 200);
  const events = sse(stream);
  assert.deepEqual(await events.next(), { retry: 2000 });
  assert.equal((await events.next()).event, 'ready');
  const signIn = await slowSignIn(api.port);
  await sleep(200); // the handler is waiting for the rest of the body

  const signalled = performance.now();
  api.kill('SIGTERM');

  // The stream ends at once, asking the client to come back soon (to another instance).
  assert.deepEqual(await events.next(3000), {
    retry: SHUTDOWN_RETRY_MS,
    event: 'bye',
    data: '{}',
  });
  assert.deepEqual(await events.next(1000), { end: true });
  // Nobody new gets in.
  assert.ok(await refused(api.port, 2000), 'a new connection is refused');

  // Longer than the old 5 s limit, within the drain's 10 s: the sign-in still succeeds.
  await sleep(6000 - (performance.now() - signalled));
  await signIn.finish();
  const answer = await signIn.response;
  signIn.close();
  assert.match(answer, /^HTTP\/1\.1 200 /, answer || '(no answer)');
  assert.match(answer, /"access":"/);

  const status = await api.status;
  const took = performance.now() - signalled;
  assert.equal(status.code, 0, api.output());
  assert.ok(took < DRAIN_MS, `exited ${Math.round(took)} ms after SIGTERM`);
  assert.match(api.output(), /SIGTERM received/);
});

Deno.test('SIGTERM: a request that never finishes does not keep the instance alive past the drain limit', async () => {
  await using api = await startApi();
  const stuck = await slowSignIn(api.port);
  await sleep(200);
  const signalled = performance.now();
  api.kill('SIGTERM');
  const status = await api.status;
  const took = performance.now() - signalled;
  stuck.close();
  assert.equal(status.code, 0, api.output());
  assert.ok(
    took >= DRAIN_MS - 500 && took < DRAIN_MS + 3000,
    `exited after ${Math.round(took)} ms`,
  );
  assert.match(api.output(), /still open after 10 s/);
  assert.doesNotMatch(await stuck.response, /^HTTP/);
});

/**
 * The TCP ports the process `pid` listens on, as `ss` shows them (Deno opens /proc only to a
 * test run with --allow-all; the API's tests run with its named permissions).
 */
async function listeningPorts(pid: number): Promise<number[]> {
  const { stdout } = await new Deno.Command('ss', { args: ['-Hltnp'] }).output();
  const ports: number[] = [];
  for (const line of new TextDecoder().decode(stdout).split('\n')) {
    if (!line.includes(`pid=${pid},`)) continue;
    // State, Recv-Q, Send-Q, local address:port, ...
    const local = line.trim().split(/\s+/)[3] ?? '';
    ports.push(Number(local.slice(local.lastIndexOf(':') + 1)));
  }
  return ports.sort((x, y) => x - y);
}

Deno.test('metrics: served on METRICS_PORT alone, never on the API port; unset, no server at all', async () => {
  {
    await using api = await startApi();
    assert.deepEqual(await listeningPorts(api.pid), [api.port]);
    assert.doesNotMatch(api.output(), /Metrics on/);
  }
  const metricsPort = freePort();
  await using api = await startApi({ METRICS_PORT: String(metricsPort) });
  assert.deepEqual(
    await listeningPorts(api.pid),
    [api.port, metricsPort].sort((a, b) => a - b),
  );
  assert.match(
    api.output(),
    new RegExp(`Metrics on http://127\\.0\\.0\\.1:${metricsPort}/metrics`),
  );
  const onApi = await fetch(`http://127.0.0.1:${api.port}/metrics`);
  assert.equal(onApi.status, 404);
  await onApi.body?.cancel();
  const res = await fetch(`http://127.0.0.1:${metricsPort}/metrics`);
  assert.equal(res.status, 200);
  const text = await res.text();
  // startApi signed in and listed the shows: an operator sees them under their templates.
  assert.match(
    text,
    /^http_requests_total\{method="GET",route="\/api\/shows\/",status_class="2xx"\} 1$/m,
  );
  assert.match(
    text,
    /^http_requests_total\{method="POST",route="\/api\/login\/",status_class="2xx"\} 1$/m,
  );
  assert.match(text, /^process_resident_memory_bytes \d+/m);
  assert.match(text, /^holds_active \d+$/m);
  assert.match(text, /^db_statement_errors_total\{pool="primary"\} \d+$/m);
});

Deno.test('LOG_FORMAT=json: every line the process writes is one JSON object, none with a secret', async () => {
  // NODE_ENV=development: the access log is on (tests turn it off).
  const env = { LOG_FORMAT: 'json', NODE_ENV: 'development', API_INSTANCE_ID: 'api-7' };
  await using api = await startApi(env);
  api.kill('SIGTERM');
  assert.equal((await api.status).code, 0);
  const output = api.output();
  const lines = output.split('\n').filter((line) => line !== '');
  const objects = lines.map((line) => JSON.parse(line) as Record<string, unknown>);
  for (const o of objects) assert.equal(o.instance, 'api-7', JSON.stringify(o));
  // startApi signed in: the access log names the route, the status and the user, not the body.
  const login = objects.find((o) => o.route === '/api/login/');
  assert.equal(login?.status, 200, output);
  const shows = objects.find((o) => o.route === '/api/shows/');
  assert.equal(typeof shows?.user_id, 'number', output);
  assert.ok(
    objects.some((o) => String(o.message).startsWith('API ready on')),
    output,
  );
  // The demo accounts are announced by address only; no password, no token.
  assert.ok(
    objects.some((o) => String(o.message).startsWith('Demo accounts:')),
    output,
  );
  assert.ok(!output.includes(DEMO_CUSTOMER.password), output);
  assert.ok(!output.includes(api.token), output);
});
