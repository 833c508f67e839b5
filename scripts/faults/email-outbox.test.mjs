// The email queue (docs/decisions/0025-email-outbox.md) on real processes: an API (embedded
// PGlite, its own data directory and port) sends through a fake Resend of this test that answers
// 500. A customer books a seat and a password reset code is asked for; both emails fail their
// first tries. The API is killed with SIGKILL while the provider is still failing, then started
// again with the provider healthy: each email arrives exactly once (Resend's Idempotency-Key is
// the row's; the fake deduplicates as Resend does), and the booking stands.
import assert from 'node:assert/strict';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import http from 'node:http';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { after, test } from 'node:test';
import { BIN, spawnApi, waitForApi } from '../apps.mjs';
import { freePort } from '../postgres.mjs';

const DENO = path.join(BIN, 'deno');
const skip = existsSync(DENO) ? false : `Deno is not installed at ${DENO} (npm ci)`;

const CUSTOMER = { email: 'customer@cinebook.local', password: 'Customer#2026' };
const tmp = mkdtempSync(path.join(tmpdir(), 'email-outbox-faults-'));
const children = [];
const servers = [];
after(async () => {
  for (const child of children) if (child.exitCode === null) child.kill('SIGKILL');
  await Promise.all(
    children.map((c) =>
      c.exitCode === null && c.signalCode === null ? new Promise((r) => c.once('exit', r)) : null,
    ),
  );
  for (const server of servers) {
    server.closeAllConnections();
    await new Promise((r) => server.close(r));
  }
  rmSync(tmp, { recursive: true, force: true });
});

const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

/** A stand-in for Resend's POST /emails: fails with `failWith` while set, dedupes by key. */
async function startFakeResend() {
  /**
   * @typedef {{ at: number, key: string | string[] | null, to: any, subject: any }} Request
   * @type {{ failWith: number | null, requests: Request[], sent: Request[], deduplicated: number,
   *   url: string }}
   */
  const fake = { failWith: 500, requests: [], sent: [], deduplicated: 0, url: '' };
  const seen = new Map();
  const server = http.createServer((req, res) => {
    let body = '';
    req.on('data', (chunk) => {
      body += chunk;
    });
    req.on('end', () => {
      const reply = (status, json) => {
        res.writeHead(status, { 'Content-Type': 'application/json' });
        res.end(JSON.stringify(json));
      };
      if (req.method !== 'POST' || req.url !== '/emails') return reply(404, { name: 'not_found' });
      const key = req.headers['idempotency-key'] ?? null;
      const email = JSON.parse(body);
      fake.requests.push({ at: Date.now(), key, to: email.to, subject: email.subject });
      if (key && seen.has(key)) {
        fake.deduplicated++;
        return reply(200, { id: seen.get(key) });
      }
      if (fake.failWith) {
        return reply(fake.failWith, {
          name: 'internal_server_error',
          message: 'The provider is failing (test).',
          statusCode: fake.failWith,
        });
      }
      const id = `fake-${fake.sent.length}`;
      if (key) seen.set(key, id);
      fake.sent.push({ at: Date.now(), key, to: email.to, subject: email.subject });
      reply(200, { id });
    });
  });
  servers.push(server);
  await new Promise((resolve) => server.listen(0, '127.0.0.1', () => resolve(undefined)));
  fake.url = `http://127.0.0.1:${/** @type {import('node:net').AddressInfo} */ (server.address()).port}`;
  return fake;
}

/**
 * @param {Record<string, string>} env
 * @returns {import('node:child_process').ChildProcess & { output: () => string }}
 */
function startApi(env) {
  const child = /** @type {any} */ (spawnApi({ env, stdio: ['ignore', 'pipe', 'pipe'] }));
  children.push(child);
  let out = '';
  child.stdout.on('data', (c) => {
    out += c;
  });
  child.stderr.on('data', (c) => {
    out += c;
  });
  child.output = () => out;
  return child;
}

/**
 * @param {string} api
 * @param {string} method
 * @param {string} pathname
 * @param {{ token?: string, body?: unknown }} [options]
 */
async function call(api, method, pathname, { token, body } = {}) {
  const res = await fetch(`${api}${pathname}`, {
    method,
    headers: {
      ...(token ? { Authorization: `Bearer ${token}` } : {}),
      ...(body === undefined ? {} : { 'Content-Type': 'application/json' }),
    },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  const text = await res.text();
  return { status: res.status, body: text ? JSON.parse(text) : null, text };
}

/** Waits for the API's health check; on failure, the error carries what the process printed. */
async function healthy(child, port) {
  try {
    await waitForApi(port, 60_000);
  } catch (error) {
    throw new Error(`${error.message}\n--- API output ---\n${child.output().slice(-4000)}`);
  }
}

/** Waits (bounded) until `check()` is true; returns the ms it took. */
async function waitFor(what, check, timeoutMs) {
  const start = Date.now();
  while (!check()) {
    if (Date.now() - start > timeoutMs) throw new Error(`Timed out waiting for ${what}`);
    await sleep(50);
  }
  return Date.now() - start;
}

test('emails queued while the provider fails survive a SIGKILL and arrive exactly once after a restart', {
  skip,
  timeout: 120_000,
}, async (t) => {
  const resend = await startFakeResend();
  const port = await freePort();
  const api = `http://127.0.0.1:${port}/api`;
  const env = {
    API_PORT: String(port),
    API_HOST: '127.0.0.1',
    DATA_DIR: path.join(tmp, 'data'),
    NODE_ENV: 'development',
    DATABASE_URL: '',
    RESEND_API_KEY: 're_fault_test',
    EMAIL_FROM: 'CineBook <no-reply@cinebook.test>',
    RESEND_BASE_URL: resend.url,
  };
  const first = startApi(env);
  await healthy(first, port);

  const login = await call(api, 'POST', '/login/', {
    body: { email_or_username: CUSTOMER.email, password: CUSTOMER.password },
  });
  assert.equal(login.status, 200, login.text);
  const token = login.body.access;
  const shows = await call(api, 'GET', '/shows/', { token });
  assert.equal(shows.status, 200, shows.text);
  let booked = null;
  for (const show of shows.body) {
    const seats = await call(api, 'GET', `/shows/${show.id}/seats/`, { token });
    const seat = seats.body.find((s) => s.status === 'available');
    if (!seat) continue;
    const res = await call(api, 'POST', '/bookings/', {
      token,
      body: {
        movie_id: show.movie,
        theater_id: show.theater,
        show_id: show.id,
        row: seat.row,
        column: seat.column,
      },
    });
    assert.equal(res.status, 201, res.text);
    booked = res.body;
    break;
  }
  assert.ok(booked, 'a demo show with a free seat');
  const otp = await call(api, 'POST', '/otp/request/', { body: { email: CUSTOMER.email } });
  assert.equal(otp.status, 200, otp.text);

  // Each email is tried at once, then 5 s later: wait for both tries of both, all failing.
  const failedTries = await waitFor(
    'two failed tries of each email',
    () => {
      const keys = new Map();
      for (const r of resend.requests) keys.set(r.key, (keys.get(r.key) ?? 0) + 1);
      return keys.size >= 2 && [...keys.values()].every((n) => n >= 2);
    },
    30_000,
  );
  const keys = new Set(resend.requests.map((r) => r.key));
  assert.equal(keys.size, 2);
  assert.ok(
    [...keys].every((k) => /^cinebook-email-\d+-\d+$/.test(String(k))),
    [...keys].join(', '),
  );
  assert.equal(resend.sent.length, 0);
  first.kill('SIGKILL');
  await new Promise((resolve) => first.once('exit', resolve));
  const triesBefore = resend.requests.length;
  t.diagnostic(
    `provider failing: ${triesBefore} tries of ${keys.size} emails in ${(failedTries / 1000).toFixed(1)} s, then SIGKILL`,
  );

  // The provider recovers; the API comes back on the same data.
  resend.failWith = null;
  const restartAt = Date.now();
  const second = startApi(env);
  await healthy(second, port);
  const healthyIn = Date.now() - restartAt;
  const deliveredIn = await waitFor('both emails sent', () => resend.sent.length >= 2, 45_000);
  // Anything that would go out twice would do so at once (the rows are due): give it a moment.
  await sleep(1500);
  assert.equal(resend.sent.length, 2, JSON.stringify(resend.sent));
  const subjects = resend.sent.map((e) => e.subject).sort();
  assert.match(subjects[0], /^Your CineBook password reset code: \d{6}$/);
  assert.match(subjects[1], /^Your tickets: /);
  assert.deepEqual(
    resend.sent.map((e) => e.to),
    [[CUSTOMER.email], [CUSTOMER.email]],
  );
  assert.deepEqual(new Set(resend.sent.map((e) => e.key)), keys);
  t.diagnostic(
    `after restart: healthy in ${(healthyIn / 1000).toFixed(1)} s, both emails sent ${((deliveredIn + healthyIn) / 1000).toFixed(1)} s after the start; emails sent: ${resend.sent.length} (each once), provider calls in all: ${resend.requests.length}, deduplicated: ${resend.deduplicated}`,
  );

  // The booking stands, and the queue says everything went.
  const mine = await call(api, 'GET', '/my-tickets/', { token });
  assert.equal(mine.status, 200, mine.text);
  const tickets = Array.isArray(mine.body) ? mine.body : (mine.body.results ?? []);
  assert.ok(tickets.some((ticket) => ticket.id === booked.id));
  second.kill('SIGTERM');
  const code = await new Promise((resolve) => second.once('exit', resolve));
  assert.equal(code, 0, second.output());
});
