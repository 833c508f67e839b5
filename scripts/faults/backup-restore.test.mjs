// The restore drill, on real processes: the cluster of `npm run cluster` archiving its WAL with
// pgBackRest into a backups dir of this test (scripts/pgbackrest.mjs). A customer books seat A,
// the time is noted, another books seat B, `npm run backup` runs (scripts/backup.mjs, as an
// operator would), the cluster is stopped. Then a FRESH cluster starts from the backups restored
// to the noted time (startCluster's `restore`, what `npm run cluster -- --restore-to` does): A is
// there, B is not, and the API serves on it. And `npm run restore -- --to` (scripts/restore.mjs)
// brings up a lone PostgreSQL at a second after B when nothing was written since: A and B.
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { existsSync, rmSync } from 'node:fs';
import path from 'node:path';
import { after, test } from 'node:test';
import { BIN, ROOT } from '../apps.mjs';
import { startCluster } from '../cluster/cluster.mjs';
import { findHaproxy } from '../cluster/haproxy.mjs';
import { findPgAutoctl } from '../pg-auto-failover.mjs';
import { findPgbackrest, postgresDir, repositories } from '../pgbackrest.mjs';
import { freePort, postgresInstalled, postgresTempDir, psql } from '../postgres.mjs';
import { chooseRepository } from '../restore.mjs';

const DENO = path.join(BIN, 'deno');
const skip = !existsSync(DENO)
  ? `Deno is not installed at ${DENO} (npm ci)`
  : !findHaproxy()
    ? 'HAProxy is not installed (apt-get install -y haproxy)'
    : !findPgAutoctl()
      ? 'pg_auto_failover is not installed (apt-get install -y postgresql-15-auto-failover pg-auto-failover-cli)'
      : !findPgbackrest()
        ? 'pgBackRest is not installed (apt-get install -y pgbackrest)'
        : !postgresInstalled()
          ? 'PostgreSQL server binaries are not installed (apt-get install -y postgresql)'
          : false;

// pgBackRest and PostgreSQL run as the postgres user: it must reach the backups and restores.
const tmp = postgresTempDir('backup-restore-faults-');
const clusters = [];
const children = [];
after(async () => {
  for (const child of children) if (child.exitCode === null) child.kill('SIGINT');
  for (const cluster of clusters) await cluster.stop();
  await Promise.all(
    children.map((c) => (c.exitCode === null ? new Promise((r) => c.once('exit', r)) : null)),
  );
  rmSync(tmp, { recursive: true, force: true });
});

const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

/** Runs a Node script of scripts/ (or Deno's prepare.ts): {code, out}; `until` ends it early. */
/**
 * @param {string} cmd
 * @param {string[]} args
 * @param {{ cwd?: string, env?: Record<string, string>, until?: RegExp }} [options]
 * @returns {Promise<any>} {code, out}, and `child` when `until` ended it
 */
function runScript(cmd, args, { cwd = ROOT, env = {}, until } = {}) {
  return new Promise((resolve, reject) => {
    const child = spawn(cmd, args, {
      cwd,
      env: { ...process.env, ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    children.push(child);
    let out = '';
    const onData = (chunk) => {
      out += chunk;
      if (until?.test(out)) resolve({ code: null, out, child });
    };
    child.stdout.on('data', onData);
    child.stderr.on('data', onData);
    child.on('error', reject);
    child.on('exit', (code) => resolve({ code, out, child }));
  });
}

/** A hold of `seat` and its confirm, as customer `token`: the booking id. */
async function book(apiUrl, token, showId, seat, key) {
  const headers = { Authorization: `Bearer ${token}`, 'Content-Type': 'application/json' };
  const hold = await fetch(`${apiUrl}/holds/`, {
    method: 'POST',
    headers,
    body: JSON.stringify({ show_id: showId, seat_ids: [seat] }),
  });
  assert.equal(hold.status, 201, await hold.clone().text());
  const { id } = await hold.json();
  const paid = await fetch(`${apiUrl}/holds/${id}/confirm/`, {
    method: 'POST',
    headers: { ...headers, 'Idempotency-Key': key },
  });
  assert.equal(paid.status, 201, await paid.clone().text());
  return (await paid.json()).tickets[0].id;
}

/** The booking ids of `token`'s tickets (GET /api/my-tickets/). */
async function myTickets(apiUrl, token) {
  const res = await fetch(`${apiUrl}/my-tickets/`, {
    headers: { Authorization: `Bearer ${token}` },
  });
  assert.equal(res.status, 200, await res.clone().text());
  const list = await res.json();
  return (Array.isArray(list) ? list : (list.tickets ?? list.items ?? [])).map((t) => t.id);
}

test('a cluster restored to a noted second has the booking made before it and not the one after, and the API serves on it', {
  skip,
  timeout: 240_000,
}, async (t) => {
  const backups = postgresDir(path.join(tmp, 'backups'));
  const t0 = Date.now();
  const first = await startCluster({
    instances: 1,
    frontends: false,
    site: { api: await freePort() },
    backups,
    quiet: true,
    releasesDir: path.join(tmp, 'releases'),
  });
  clusters.push(first);
  t.diagnostic(
    `cluster up in ${((Date.now() - t0) / 1000).toFixed(1)} s; first full backup ${(first.backups?.first?.ms / 1000).toFixed(1)} s, ${(first.backups?.first?.repoSize / 1e6).toFixed(1)} MB stored`,
  );
  const prepared = await runScript(DENO, ['run', '-A', 'bench/prepare.ts', 'prepare', '2', '0'], {
    cwd: path.join(ROOT, 'api'),
    env: first.env,
  });
  assert.equal(prepared.code, 0, prepared.out);
  const data = JSON.parse(prepared.out.slice(prepared.out.indexOf('{')));
  const [tokenA, tokenB] = data.raceTokens;
  const [seatA, seatB] = data.raceSeatIds;

  const bookingA = await book(first.apiUrl, tokenA, data.raceShowId, seatA, 'drill-a');
  await sleep(1000);
  const noted = new Date().toISOString();
  await sleep(1000);
  const bookingB = await book(first.apiUrl, tokenB, data.raceShowId, seatB, 'drill-b');
  await sleep(1000);
  // A second after the last write: nothing follows it in the archive but the backup's end.
  const quiet = new Date().toISOString();
  t.diagnostic(`booked A (${bookingA}), noted ${noted}, booked B (${bookingB}), noted ${quiet}`);

  // `npm run backup`, as the operator runs it: an incremental backup, which also archives the
  // WAL with B in it.
  const backedUp = await runScript(process.execPath, ['scripts/backup.mjs', '--backups', backups]);
  assert.equal(backedUp.code, 0, backedUp.out);
  assert.match(backedUp.out, /incr/);
  t.diagnostic(`npm run backup: ${backedUp.out.match(/Done in [^:]+/)?.[0]}`);
  const [repo] = repositories(backups);
  assert.ok(repo, `a repository in ${backups}`);
  await first.stop();
  clusters.pop();

  // A fresh cluster from the backups at the noted second, the instances signing with the same
  // key so the customers' tokens (their sessions were made before) still work.
  assert.equal(
    await chooseRepository({ backups, time: noted.replace('T', ' ').replace('Z', '+00') }),
    repo.repo,
  );
  const t1 = Date.now();
  const restored = await startCluster({
    instances: 1,
    frontends: false,
    site: { api: await freePort() },
    backups: false,
    restore: { repo: repo.repo, time: noted },
    env: { JWT_SECRET: first.env.JWT_SECRET },
    quiet: true,
    releasesDir: path.join(tmp, 'releases'),
  });
  clusters.push(restored);
  t.diagnostic(`restored cluster up (API healthy) in ${((Date.now() - t1) / 1000).toFixed(1)} s`);
  const health = await fetch(`${restored.apiUrl}/health`);
  assert.equal(health.status, 200);
  assert.deepEqual(await myTickets(restored.apiUrl, tokenA), [bookingA]);
  assert.deepEqual(await myTickets(restored.apiUrl, tokenB), []);
  // And it is a cluster again: a primary and its synchronous secondary.
  const states = await restored.database.states();
  assert.deepEqual(states.map((s) => s.reported).sort(), ['primary', 'secondary']);
  await restored.stop();
  clusters.pop();

  // `npm run restore -- --to`: a lone PostgreSQL on a fresh directory, at the second after B.
  // When no commit follows it in the archive (PostgreSQL alone would refuse that target), the
  // backup ended after it, so the archive's end is that second's state: A and B either way.
  const into = path.join(tmp, 'restored');
  const t2 = Date.now();
  const lone = await runScript(
    process.execPath,
    ['scripts/restore.mjs', '--to', quiet, '--backups', backups, '--into', into],
    { until: /Press Ctrl-C/ },
  );
  assert.equal(lone.code, null, lone.out);
  // Whether a background write (an email marked sent...) followed the second decides which.
  const toEnd = /Nothing was written between/.test(lone.out);
  t.diagnostic(
    `npm run restore: PostgreSQL up in ${((Date.now() - t2) / 1000).toFixed(1)} s (${toEnd ? 'no commit after that second: restored to the end of the archive' : 'replay stopped at the first commit after it'})`,
  );
  const url = String(lone.out.match(/PostgreSQL runs on it:\s+(\S+)/)?.[1]);
  const port = Number(new URL(url).port);
  const rows = await psql(
    port,
    `select id from bookings where id in (${bookingA}, ${bookingB}) and not is_cancelled order by id`,
  );
  assert.deepEqual(rows.map(Number), [bookingA, bookingB]);
  lone.child.kill('SIGINT');
  await new Promise((resolve) => lone.child.once('exit', resolve));
  assert.ok(existsSync(path.join(into, 'data', 'PG_VERSION')), 'the restored directory stays');
});
