// `npm run cluster`: the product the way a small production runs it, on this machine, with one
// command (`npm run cluster -- --help` lists the options):
//   - PostgreSQL under pg_auto_failover (scripts/pg-auto-failover.mjs, decision 0023): a monitor,
//     a primary and a synchronous secondary; when the primary is lost the monitor promotes the
//     secondary by itself, and no acknowledged commit is lost (the secondary had it);
//   - pgBackRest (scripts/pgbackrest.mjs, decision 0024): every node archives its WAL into a
//     repository under --backups (default .data/backups), a full backup is taken at start;
//     `npm run backup` adds one, `npm run restore` goes back to any second since the first;
//   - N API instances (--instances N, default 2) on internal ports: one JWT_SECRET, each its own
//     DATA_DIR, DATABASE_URL every node with target_session_attrs=primary (writes follow the
//     primary), DATABASE_READ_URL every node preferring a standby, TRUST_PROXY=1; an instance
//     that exits on its own is started again with back-off (scripts/supervised-api.mjs);
//   - the shell and the four remotes served as `npm start` serves them (scripts/frontends.mjs),
//     on internal ports;
//   - HAProxy in front (Debian's `haproxy`, a config generated into a temp dir) on the ports
//     `npm start` uses: the API port and every site port send /api/ to the instances (round
//     robin, health-checked on /api/health, retried on another instance only when that is safe:
//     see haproxyConfig), the seat streams to the instance with the fewest (long timeouts),
//     everything else to the static servers. A stats page shows which instance is up;
//   - metrics (docs/operations.md): each instance serves its own on METRICS_PORT (a free port on
//     127.0.0.1, path /metrics); Debian's `prometheus` scrapes them all, and one Debian
//     `prometheus-postgres-exporter` per database node, with the repo's alert rules loaded
//     (scripts/cluster/prometheus.mjs), its UI and query API on --prometheus-port (9090).
// Ctrl-C (or SIGTERM) stops it all and removes the databases (the backups stay). `kill -TERM
// <pid of an instance>` shows a restart: the instance drains, HAProxy takes it out, it is started
// again and HAProxy puts it back.
// scripts/bench.mjs --cluster and scripts/faults/ drive the same cluster (startCluster below);
// scripts/cluster.mjs is its command line.
import { randomBytes } from 'node:crypto';
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { REMOTE_NAMES } from '../../packages/federation/src/index.js';
import { ports } from '../apps.mjs';
import { serveFrontends } from '../frontends.mjs';
import { findPgAutoctl, PG_AUTOCTL_MISSING, startHaPostgres } from '../pg-auto-failover.mjs';
import {
  archiveCommand,
  backup,
  currentCluster,
  DEFAULT_BACKUPS,
  findPgbackrest,
  PGBACKREST_MISSING,
  pgbackrest,
  postgresDir,
  repositoryName,
  targetTime,
  writeConfig,
} from '../pgbackrest.mjs';
import { freePort, postgresTempDir } from '../postgres.mjs';
import { DEMO_ADMIN, releaseOptions } from '../release/commands.mjs';
import { restoreInto } from '../restore.mjs';
import { supervisedApi } from '../supervised-api.mjs';
import {
  findHaproxy,
  HAPROXY_MISSING,
  haproxyConfig,
  startHaproxy,
  waitForHaproxy,
} from './haproxy.mjs';
import { pipeLines } from './lines.mjs';
import {
  findPostgresExporter,
  ruleFiles,
  startPostgresExporter,
  startPrometheus,
} from './prometheus.mjs';

/**
 * Starts the whole cluster; see the top of this file. Options:
 * - `instances` (2); `frontends` (true): serve the shell and the remotes, on `site` ports
 *   (default: `npm start`'s, overridable as for it); without them only the API port is bound;
 * - `site`: the public ports ({api, shell, auth, ...}); `instancePorts`: the instances' own
 *   ports (free ones by default); `statsPort`: HAProxy's stats page (a free one by default);
 * - `database`: {monitorPort, nodePorts: [a, b]} (free ones by default);
 * - `postgresSettings`: extra settings of the database nodes;
 * - `backups`: the backups dir (pgBackRest repositories, default .data/backups), or false: no
 *   WAL archive, no backups (the tests that do not need them start faster);
 * - `restore`: {repo, time}: the primary starts from that repository restored to `time`
 *   (scripts/restore.mjs) instead of an empty database;
 * - `env`: extra environment of every instance; `quiet`: keep the instances' output to yourself
 *   (the bench); `supervise` (true): start an instance again when it exits on its own;
 * - `metrics` (true): each instance serves its metrics on a METRICS_PORT of its own;
 * - `prometheus`: {port, scrapeInterval?, rules?} starts Prometheus (it must be installed;
 *   rules: rule files, default cluster/prometheus.mjs ruleFiles()) and, when installed, a
 *   postgres exporter per node; false or none (the default): neither.
 * Resolves to {site, apiUrl, statsPort, statsUrl, database, backups, instances, env,
 * prometheus, stop()}; `database` is scripts/pg-auto-failover.mjs's (nodes, states(),
 * primary()...), `backups` {repo, config, first} or null; each instance is {name, port,
 * metricsPort, pid, stop(signal), start()}; `prometheus` {url, config, log, rules, exporters:
 * [{node, port}]} or null.
 * @param {{ instances?: number, frontends?: boolean,
 *   site?: import('../apps.mjs').Ports | { api: number }, instancePorts?: number[],
 *   statsPort?: number, database?: { monitorPort?: number, nodePorts?: number[] },
 *   postgresSettings?: Record<string, string>, backups?: string | false,
 *   restore?: { repo: string, time: string }, env?: Record<string, string>, quiet?: boolean,
 *   supervise?: boolean, releasesDir?: string, stopper?: ReturnType<typeof clusterStopper>,
 *   metrics?: boolean,
 *   prometheus?: { port: number, scrapeInterval?: string, rules?: string[] } | false }} [options]
 */
export async function startCluster({
  instances: count = 2,
  frontends = true,
  site = ports(),
  instancePorts = [],
  statsPort: wantedStatsPort,
  database: { monitorPort, nodePorts } = {},
  postgresSettings = {},
  backups: backupsRoot = DEFAULT_BACKUPS,
  restore: restoreFrom,
  env: extraEnv = {},
  quiet = false,
  supervise = true,
  releasesDir = releaseOptions().releasesDir,
  stopper = clusterStopper(),
  metrics = true,
  prometheus: wantedPrometheus = false,
} = {}) {
  if (!findHaproxy()) throw new Error(HAPROXY_MISSING);
  if (!findPgAutoctl()) throw new Error(PG_AUTOCTL_MISSING);
  if ((backupsRoot || restoreFrom) && !findPgbackrest()) throw new Error(PGBACKREST_MISSING);
  const { cleanups, stop } = stopper;
  const stopping = () => stopper.stopping;
  try {
    // One pgBackRest repository per cluster: each is a new PostgreSQL system (pgbackrest.mjs).
    const repo = backupsRoot
      ? postgresDir(path.join(postgresDir(backupsRoot), repositoryName()))
      : null;
    /** @type {{ repo: string, config: string | null, first: Awaited<ReturnType<typeof backup>> | null } | null} */
    const backups = repo ? { repo, config: null, first: null } : null;
    const database = await startHaPostgres({
      monitorPort,
      nodePorts,
      settings: postgresSettings,
      archiveCommand: repo && ((dir) => archiveCommand(path.join(dir, 'pgbackrest.conf'))),
      prepareFirst:
        restoreFrom &&
        ((data, dir) =>
          restoreInto({
            repo: restoreFrom.repo,
            time: targetTime(restoreFrom.time) ?? restoreFrom.time,
            data,
            work: path.join(dir, 'restore'),
          })),
      afterPrimary:
        repo &&
        (async (ha) => {
          if (!backups) return;
          backups.config = writeConfig(path.join(ha.dir, 'pgbackrest.conf'), {
            repo,
            work: ha.dir,
            pgs: ha.plan,
          });
          await pgbackrest(backups.config, ['stanza-create']);
          // The first full backup: every restore of this cluster starts from one.
          backups.first = await backup(backups.config, 'full');
        }),
    });
    cleanups.push(() => database.stop());
    if (backups) {
      // For `npm run backup`, while this cluster runs.
      const current = path.join(/** @type {string} */ (backupsRoot), 'current.json');
      writeFileSync(
        current,
        `${JSON.stringify({ pid: process.pid, repo, config: backups.config }, null, 2)}\n`,
      );
      cleanups.push(() => {
        if (currentCluster(backupsRoot || undefined)?.pid === process.pid)
          rmSync(current, { force: true });
      });
    }

    const dir = postgresTempDir('cinema-cluster-');
    cleanups.push(() => rmSync(dir, { recursive: true, force: true }));
    const origins = Object.entries(site)
      .filter(([name]) => name !== 'api')
      .flatMap(([, port]) => [`http://localhost:${port}`, `http://127.0.0.1:${port}`]);
    const env = {
      NODE_ENV: 'production',
      // Every node, the primary wherever it is now (never `read-write`: decision 0023).
      DATABASE_URL: database.url,
      // Lists and reports on the secondary; on the primary when the secondary is gone.
      DATABASE_READ_URL: database.readUrl,
      JWT_SECRET: randomBytes(48).toString('base64url'),
      // The demo data and accounts of `npm start`, so the site can be tried at once.
      SEED_DEMO: '1',
      ADMIN_EMAIL: process.env.ADMIN_EMAIL || DEMO_ADMIN.email,
      ADMIN_PASSWORD: process.env.ADMIN_PASSWORD || DEMO_ADMIN.password,
      // HAProxy adds X-Forwarded-For: per-address limits count the visitor, not the proxy.
      TRUST_PROXY: '1',
      CORS_ORIGINS: process.env.CORS_ORIGINS || origins.join(','),
      API_HOST: '127.0.0.1',
      ...extraEnv,
    };

    const apis = [];
    for (let i = 0; i < count; i++) {
      const name = `api${i + 1}`;
      const dataDir = path.join(dir, name);
      mkdirSync(dataDir, { recursive: true });
      const metricsPort = metrics ? await freePort() : null;
      const api = instance({
        name,
        port: instancePorts[i] ?? (await freePort()),
        dataDir,
        env: metricsPort
          ? { ...env, METRICS_HOST: '127.0.0.1', METRICS_PORT: String(metricsPort) }
          : env,
        quiet,
        supervise,
        isStopping: stopping,
      });
      // The same port across restarts: Prometheus' targets are fixed.
      apis.push(Object.assign(api, { metricsPort }));
    }
    cleanups.push(() => Promise.all(apis.map((api) => api.stop('SIGTERM'))));
    // The first migrates and seeds; the others find it done.
    await apis[0]?.start();
    await Promise.all(apis.slice(1).map((api) => api.start()));

    /** @type {Record<string, number>} */
    let statics = {};
    if (frontends) {
      const ports = /** @type {import('../apps.mjs').Ports} */ (site);
      const listen = { ...ports };
      for (const name of ['shell', ...REMOTE_NAMES]) listen[name] = await freePort();
      const servers = await serveFrontends({ site: ports, listen, releasesDir });
      cleanups.push(() => Promise.all(servers.map((server) => server.close())));
      statics = Object.fromEntries(servers.map((server) => [server.name, server.port]));
    }
    const statsPort = wantedStatsPort ?? (await freePort());
    const binds = frontends ? site : { api: site.api };
    const haproxy = await startHaproxy({
      config: haproxyConfig({ binds, instances: apis, statics, statsPort }),
      dir,
      statsPort,
      quiet,
    });
    cleanups.push(() => haproxy.stop());
    for (const api of apis) await waitForHaproxy(statsPort, api.name, 'UP');
    const prometheus = wantedPrometheus
      ? await startMonitoring({ ...wantedPrometheus, dir, database, apis, cleanups })
      : null;

    return {
      site,
      apiUrl: `http://127.0.0.1:${site.api}/api`,
      statsPort,
      statsUrl: `http://127.0.0.1:${statsPort}/`,
      haproxyConfig: haproxy.file,
      database,
      backups,
      instances: apis,
      env,
      prometheus,
      stop,
    };
  } catch (error) {
    await stop();
    throw error;
  }
}

/**
 * A postgres exporter per database node (when installed) and Prometheus scraping them and every
 * instance with a metrics port, each stopped with the cluster.
 * @param {{ port: number, scrapeInterval?: string, rules?: string[], dir: string,
 *   database: { nodes: { name: string, url: string }[] },
 *   apis: { name: string, metricsPort: number | null }[], cleanups: (() => unknown)[] }} options
 */
async function startMonitoring({
  port,
  scrapeInterval,
  rules = ruleFiles(),
  dir,
  database,
  apis,
  cleanups,
}) {
  const exporters = [];
  if (findPostgresExporter()) {
    for (const node of database.nodes) {
      const exporter = await startPostgresExporter({
        node: node.name,
        url: node.url,
        port: await freePort(),
        dir,
      });
      cleanups.push(() => exporter.stop());
      exporters.push(exporter);
    }
  }
  const instances = apis.flatMap(({ name, metricsPort }) =>
    metricsPort ? [{ name, metricsPort }] : [],
  );
  const prometheus = await startPrometheus({
    dir,
    port,
    instances,
    exporters,
    rules,
    scrapeInterval,
  });
  cleanups.push(() => prometheus.stop());
  return {
    url: prometheus.url,
    config: prometheus.config,
    log: prometheus.log,
    rules,
    exporters: exporters.map(({ node, port }) => ({ node, port })),
  };
}

/**
 * What stops a cluster, made before it starts so that a Ctrl-C while it is still starting stops
 * what has started: `cleanups` run in reverse order, once.
 */
export function clusterStopper() {
  /** @type {(() => unknown)[]} */
  const cleanups = [];
  const stopper = {
    cleanups,
    stopping: false,
    async stop() {
      if (stopper.stopping) return;
      stopper.stopping = true;
      for (const cleanup of cleanups.reverse()) {
        try {
          await cleanup();
        } catch (error) {
          console.error(error);
        }
      }
    },
  };
  return stopper;
}

/**
 * One API instance on its own port and data dir: scripts/supervised-api.mjs, as `npm start`
 * runs its API (started again with back-off when it exits on its own, unless `supervise` is
 * false; healthy only when /api/health names this process), its lines prefixed with its name.
 */
/**
 * @param {{ name: string, port: number, dataDir: string, env: Record<string, string>,
 *   quiet: boolean, supervise: boolean, isStopping: () => boolean }} options
 */
function instance({ name, port, dataDir, env, quiet, supervise, isStopping }) {
  return supervisedApi({
    name,
    port,
    env: { ...env, DATA_DIR: dataDir },
    stdio: ['ignore', 'pipe', 'pipe'],
    onSpawn: (child) => {
      if (quiet) {
        child.stdout?.resume();
        pipeLines(child.stderr, name, process.stderr);
      } else {
        pipeLines(child.stdout, name, process.stdout);
        pipeLines(child.stderr, name, process.stderr);
      }
    },
    restart: supervise,
    isStopping,
    log: (line) => console.error(`[cluster] ${line}`),
  });
}
