// PostgreSQL that fails over by itself, for `npm run cluster` and the fault tests: Debian's
// pg_auto_failover (`pg_autoctl`, packages postgresql-15-auto-failover and pg-auto-failover-cli)
// with a monitor, a primary and a secondary in one temp dir, on loopback ports, as the postgres
// user, removed by `stop()`. Decision 0023 says why this manager and what synchronous means here.
//
// - The monitor (itself a small PostgreSQL) watches both nodes and assigns their roles; its
//   health checks are made faster than its defaults (below) so a lost primary is replaced within
//   seconds.
// - The secondary is in the replication quorum: the primary's synchronous_standby_names names it,
//   so a COMMIT returns only once the secondary has flushed it. Promotion picks only a node that
//   had everything, hence no acknowledged write is lost when the primary dies.
// - Clients connect with every node in one URL and `target_session_attrs=primary`: libpq and
//   postgres.js try the hosts in turn and keep the one not in recovery. (`read-write` is not
//   enough for postgres.js: it accepts a PostgreSQL 15 hot standby; docs/decisions/0023.)
import { execFile, spawn } from 'node:child_process';
import { appendFileSync, closeSync, existsSync, openSync, readFileSync, rmSync } from 'node:fs';
import path from 'node:path';
import { promisify } from 'node:util';
import {
  asPostgres,
  freePort,
  postgresBinary,
  postgresTempDir,
  psql,
  runPostgresBinary,
} from './postgres.mjs';

const run = promisify(execFile);
const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

export const PG_AUTOCTL_MISSING =
  'pg_auto_failover is not installed. On Debian or Ubuntu: apt-get install -y postgresql-15-auto-failover pg-auto-failover-cli';

/** The pg_autoctl binary, or null. */
export function findPgAutoctl(env = process.env) {
  const dirs = (env.PATH ?? '').split(path.delimiter).filter(Boolean);
  for (const dir of [...dirs, '/usr/bin', '/usr/local/bin']) {
    const file = path.join(dir, 'pg_autoctl');
    if (existsSync(file)) return file;
  }
  return null;
}

/**
 * The monitor's timings (milliseconds). Its defaults (checks every 5 s, a node unhealthy after
 * 20 s, 30 s for a lost primary to demote) take about 40 s to fail over; these take about 6 s
 * here. A node is failed over only when BOTH its keeper stopped reporting for
 * `node_considered_unhealthy_timeout` AND the monitor's own connection to its PostgreSQL fails,
 * so a starved keeper on a busy machine does not by itself cause a failover.
 */
export const MONITOR_SETTINGS = {
  'pgautofailover.health_check_period': 1000,
  'pgautofailover.health_check_timeout': 1000,
  'pgautofailover.health_check_max_retries': 1,
  'pgautofailover.health_check_retry_delay': 500,
  'pgautofailover.node_considered_unhealthy_timeout': 3000,
  'pgautofailover.primary_demote_timeout': 3000,
};

/** A postgresql.conf line; values quoted as the file wants. */
const confLine = (name, value) =>
  `${name} = ${typeof value === 'number' ? value : `'${String(value).replaceAll("'", "''")}'`}`;

/**
 * Starts the monitor and two nodes. Options:
 * - `monitorPort`, `nodePorts` ([a, b]): ports on 127.0.0.1 (free ones when not given);
 * - `settings`: extra PostgreSQL settings of the nodes (`{fsync: 'off'}`...);
 * - `archiveCommand(dir)`: the nodes' archive_command (pgBackRest's, scripts/pgbackrest.mjs),
 *   given the temp dir; none: WAL is not archived;
 * - `afterPrimary(ha)`: awaited once the first node runs alone, before the second is cloned
 *   from it (the first backup is taken there);
 * - `prepareFirst(data, dir)`: fills the first node's data directory instead of initdb (a
 *   restore: scripts/restore.mjs); it must leave a stopped server that is not in recovery.
 * The processes' output goes to `<name>.log` files in the temp dir.
 * Resolves to {dir, monitorUrl, url, readUrl, nodes, states(), primary(), waitFor(), stop()}.
 * @param {{ monitorPort?: number, nodePorts?: number[], settings?: Record<string, string>,
 *   archiveCommand?: ((dir: string) => string) | null | false,
 *   afterPrimary?: ((ha: any) => Promise<void>) | null | false,
 *   prepareFirst?: ((data: string, dir: string) => Promise<unknown>) | null | false | undefined,
 *   prefix?: string }} [options]
 */
export async function startHaPostgres({
  monitorPort,
  nodePorts = [],
  settings = {},
  archiveCommand,
  afterPrimary,
  prepareFirst,
  prefix = 'cinema-ha-',
} = {}) {
  const pgAutoctl = findPgAutoctl();
  if (!pgAutoctl) throw new Error(PG_AUTOCTL_MISSING);
  const dir = postgresTempDir(prefix);
  /** @type {{ name: string, child: import('node:child_process').ChildProcess }[]} */
  const processes = [];
  // pg_autoctl keeps its state under XDG dirs and connects with libpq: all of it in `dir`, TCP.
  const env = {
    XDG_CONFIG_HOME: path.join(dir, 'config'),
    XDG_DATA_HOME: path.join(dir, 'share'),
    XDG_RUNTIME_DIR: path.join(dir, 'run'),
    PGHOST: '127.0.0.1',
    PGCONNECT_TIMEOUT: '2',
  };
  const pgctl = postgresBinary('pg_ctl');
  const autoctl = (args, opts) => {
    const [cmd, argv] = asPostgres(pgAutoctl, args, env);
    return run(cmd, argv, opts);
  };
  /** A long-running pg_autoctl in its own process group (so a node can be killed whole). */
  const service = (name, args) => {
    const log = openSync(path.join(dir, `${name}.log`), 'a');
    const [cmd, argv] = asPostgres(pgAutoctl, args, env);
    const child = spawn(cmd, argv, { detached: true, stdio: ['ignore', log, log] });
    closeSync(log); // the child has its own
    child.on('error', () => {});
    const entry = { name, child };
    processes.push(entry);
    return entry;
  };

  const ha = {
    dir,
    monitorPort: monitorPort ?? (await freePort()),
    /**
     * @type {{ name: string, port: number, data: string, url: string,
     *   postmasterPid(): number | null, readonly processGroup: number | undefined,
     *   killNode(): void, start(): void }[]}
     */
    nodes: [],
    /** Every node as the monitor sees it: [{name, port, reported, assigned, health}]. */
    async states() {
      const rows = await psql(
        ha.monitorPort,
        "select nodename, nodeport, reportedstate, goalstate, health from pgautofailover.node where formationid = 'default' order by nodeid",
        { user: 'autoctl_node', db: 'pg_auto_failover' },
      );
      return rows.map((row) => {
        const [name, port, reported, assigned, health] = row.split('|');
        return {
          name: name ?? '',
          port: Number(port),
          reported: reported ?? '',
          assigned: assigned ?? '',
          health: Number(health),
        };
      });
    },
    /** The node the monitor has as primary, reported and assigned (or null). */
    async primary() {
      const states = await ha.states().catch(() => []);
      const found = states.find(
        (s) =>
          ['single', 'primary', 'wait_primary'].includes(s.reported) && s.reported === s.assigned,
      );
      return found ? ha.nodes.find((n) => n.name === found.name) : null;
    },
    /** Resolves once `test(states)` holds; fails after `timeoutMs`, saying what it saw. */
    async waitFor(test, what, timeoutMs = 60_000) {
      const deadline = Date.now() + timeoutMs;
      /** @type {Awaited<ReturnType<typeof ha.states>>} */
      let last = [];
      while (Date.now() < deadline) {
        last = await ha.states().catch(() => last);
        if (last.length && test(last)) return last;
        await sleep(200);
      }
      const seen = last.map((s) => `${s.name} ${s.reported}/${s.assigned}`).join(', ') || 'nothing';
      throw new Error(
        `pg_auto_failover: ${what} not reached within ${timeoutMs / 1000} s (${seen}); logs in ${dir}`,
      );
    },
    async stop() {
      await Promise.all(processes.filter((p) => p.name !== 'monitor').map(stopProcess));
      await Promise.all(processes.filter((p) => p.name === 'monitor').map(stopProcess));
      rmSync(dir, { recursive: true, force: true });
    },
  };

  try {
    // The monitor.
    const monitorData = path.join(dir, 'monitor');
    await autoctl([
      'create',
      'monitor',
      '--pgctl',
      pgctl,
      '--pgdata',
      monitorData,
      '--pgport',
      String(ha.monitorPort),
      '--hostname',
      '127.0.0.1',
      '--auth',
      'trust',
      '--no-ssl',
    ]);
    // It listens on every address by default (and did, with trust for 127.0.0.0/8 only, while
    // `create` ran); from now on on loopback only.
    await autoctl([
      'config',
      'set',
      '--pgdata',
      monitorData,
      'postgresql.listen_addresses',
      '127.0.0.1',
    ]);
    appendFileSync(
      path.join(monitorData, 'postgresql.conf'),
      `\n# scripts/pg-auto-failover.mjs\n${[
        confLine('unix_socket_directories', dir),
        ...Object.entries(MONITOR_SETTINGS).map(([k, v]) => confLine(k, v)),
      ].join('\n')}\n`,
    );
    service('monitor', ['run', '--pgdata', monitorData]);
    ha.monitorUrl = `postgres://autoctl_node@127.0.0.1:${ha.monitorPort}/pg_auto_failover?sslmode=disable`;
    await waitUntil(
      () => psql(ha.monitorPort, 'select 1', { user: 'autoctl_node', db: 'pg_auto_failover' }),
      'the monitor',
      30_000,
      dir,
    );

    const ports = [nodePorts[0] ?? (await freePort()), nodePorts[1] ?? (await freePort())];
    // Where the nodes will be, known before either starts (pgBackRest's configuration names both).
    ha.plan = ports.map((port, i) => ({
      name: `node${i + 1}`,
      port,
      data: path.join(dir, `node${i + 1}`),
      socket: dir,
    }));
    const nodeSettings = {
      unix_socket_directories: dir,
      // The same on both nodes (a standby refuses to start with fewer than its primary's).
      max_connections: 300,
      ...(archiveCommand
        ? { archive_mode: 'on', archive_command: archiveCommand(dir), archive_timeout: 60 }
        : {}),
      ...settings,
    };
    const node = (i) => {
      const { name, data } = ha.plan[i];
      const entry = {
        name,
        port: /** @type {number} */ (ports[i]),
        data,
        url: `postgres://postgres@127.0.0.1:${ports[i]}/postgres`,
        /** The running postmaster's pid (postmaster.pid's first line), or null. */
        postmasterPid() {
          try {
            return (
              Number(readFileSync(path.join(data, 'postmaster.pid'), 'utf8').split('\n')[0]) || null
            );
          } catch {
            return null;
          }
        },
        /** The process group of the node's pg_autoctl and its PostgreSQL. */
        get processGroup() {
          return entry.process?.child.pid ?? null;
        },
        /** SIGKILLs the node's pg_autoctl and its PostgreSQL at once: the machine is gone. */
        killNode() {
          const pid = entry.process?.child.pid;
          const postmaster = entry.postmasterPid();
          if (pid)
            try {
              process.kill(-pid, 'SIGKILL');
            } catch {}
          if (postmaster)
            try {
              process.kill(postmaster, 'SIGKILL');
            } catch {}
        },
        start() {
          entry.process = service(name, [
            'create',
            'postgres',
            '--pgctl',
            pgctl,
            '--pgdata',
            data,
            '--pgport',
            String(ports[i]),
            '--hostname',
            '127.0.0.1',
            '--listen',
            '127.0.0.1',
            '--name',
            name,
            '--auth',
            'trust',
            '--no-ssl',
            '--monitor',
            ha.monitorUrl,
            '--dbname',
            'postgres',
            '--username',
            'postgres',
            '--run',
          ]);
        },
      };
      ha.nodes.push(entry);
      return entry;
    };

    // The first node: our own initdb (or the restored directory), with our settings in its
    // postgresql.conf, which the second node's copy (pg_basebackup) then carries too.
    const first = node(0);
    if (prepareFirst) await prepareFirst(first.data, dir);
    else runPostgresBinary('initdb', ['-D', first.data, '-A', 'trust', '-U', 'postgres']);
    appendFileSync(
      path.join(first.data, 'postgresql.conf'),
      `\n# scripts/pg-auto-failover.mjs\n${Object.entries(nodeSettings)
        .map(([k, v]) => confLine(k, v))
        .join('\n')}\n`,
    );
    first.start();
    await ha.waitFor(
      (s) => s.some((n) => n.name === 'node1' && n.reported === 'single'),
      'node1 single',
    );
    if (afterPrimary) await afterPrimary(ha);
    const second = node(1);
    second.start();
    await ha.waitFor(
      (s) =>
        s.some((n) => n.reported === 'primary' && n.assigned === 'primary') &&
        s.some((n) => n.reported === 'secondary' && n.assigned === 'secondary'),
      'a primary and a secondary',
      90_000,
    );
    const hosts = ha.nodes.map((n) => `127.0.0.1:${n.port}`).join(',');
    ha.url = `postgres://postgres@${hosts}/postgres?target_session_attrs=primary`;
    // Reads prefer a standby and fall back to the primary when none is left (postgres.js takes
    // the last host as it is).
    ha.readUrl = `postgres://postgres@${hosts}/postgres?target_session_attrs=prefer-standby`;
    return ha;
  } catch (error) {
    await ha.stop().catch(() => {});
    throw error;
  }
}

async function waitUntil(attempt, what, timeoutMs, dir) {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    try {
      return await attempt();
    } catch (error) {
      if (Date.now() > deadline)
        throw new Error(
          `${what} did not start within ${timeoutMs / 1000} s (logs in ${dir}): ${error.message}`,
        );
      await sleep(200);
    }
  }
}

/**
 * SIGINT to a service's process group: pg_autoctl and its PostgreSQL stop fast (SIGTERM would be
 * a smart shutdown, waiting for every client to leave); SIGKILL after 15 s.
 */
function stopProcess({ child }) {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve(undefined);
  return new Promise((resolve) => {
    const timer = setTimeout(() => {
      try {
        process.kill(-child.pid, 'SIGKILL');
      } catch {}
    }, 15_000);
    child.once('exit', () => {
      clearTimeout(timer);
      resolve(undefined);
    });
    try {
      process.kill(-child.pid, 'SIGINT');
    } catch {
      clearTimeout(timer);
      resolve(undefined);
    }
  });
}
