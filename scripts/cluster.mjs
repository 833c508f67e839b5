// `npm run cluster`: the product the way a small production runs it, on this machine, with one
// command (`npm run cluster -- --help` lists the options). What it starts and how is
// scripts/cluster/cluster.mjs's (startCluster); its options scripts/cluster/args.mjs's.
import { buildAll } from './build.mjs';
import { CLUSTER_HELP, parseClusterArgs } from './cluster/args.mjs';
import { clusterStopper, startCluster } from './cluster/cluster.mjs';
import { findHaproxy, HAPROXY_MISSING } from './cluster/haproxy.mjs';
import {
  findPostgresExporter,
  findPrometheus,
  POSTGRES_EXPORTER_MISSING,
  PROMETHEUS_MISSING,
} from './cluster/prometheus.mjs';
import { publishBuilds } from './frontends.mjs';
import { findPgAutoctl, PG_AUTOCTL_MISSING } from './pg-auto-failover.mjs';
import { DEFAULT_BACKUPS, findPgbackrest, PGBACKREST_MISSING } from './pgbackrest.mjs';
import { postgresInstalled } from './postgres.mjs';
import { releaseOptions } from './release/commands.mjs';
import { chooseRepository } from './restore.mjs';

/** @typedef {Awaited<ReturnType<typeof startCluster>>['database']['nodes'][number]} Node */

async function main() {
  let options;
  try {
    options = parseClusterArgs(process.argv.slice(2));
  } catch (error) {
    // parseArgs' own errors (an unknown option, a missing value) are usage errors too.
    console.error(`${error.message}\n\n${CLUSTER_HELP}`);
    process.exit(2);
  }
  if (options.help) {
    console.log(CLUSTER_HELP);
    return;
  }
  const { instances: count, site } = options;
  if (!findHaproxy()) {
    console.error(HAPROXY_MISSING);
    process.exit(1);
  }
  if (!postgresInstalled()) {
    console.error(
      'The PostgreSQL server binaries (initdb, pg_ctl, pg_basebackup) are not installed. On Debian or Ubuntu: apt-get install -y postgresql',
    );
    process.exit(1);
  }
  if (!findPgAutoctl()) {
    console.error(PG_AUTOCTL_MISSING);
    process.exit(1);
  }
  if ((options.backups || options.restore) && !findPgbackrest()) {
    console.error(`${PGBACKREST_MISSING} (or start with --no-backups)`);
    process.exit(1);
  }
  // Metrics are worth having, not worth refusing to start without.
  let { prometheus } = options;
  if (prometheus && !findPrometheus()) {
    console.error(PROMETHEUS_MISSING);
    prometheus = false;
  } else if (prometheus && !findPostgresExporter()) {
    console.error(POSTGRES_EXPORTER_MISSING);
  }
  let restore;
  if (options.restore) {
    const repo = await chooseRepository({
      backups: options.backups || DEFAULT_BACKUPS,
      from: options.restore.from,
      time: options.restore.time,
    });
    restore = { repo, time: options.restore.time };
    console.log(`Restoring ${repo} to ${restore.time}...`);
  }
  if (options.build) {
    console.log('Building the shell and the four remotes...');
    await buildAll();
  }
  console.log(
    `Starting PostgreSQL (pg_auto_failover: monitor, primary, secondary), ${count} API instances, HAProxy${prometheus ? ' and Prometheus' : ''}...`,
  );
  const stopper = clusterStopper();
  const stop = async (code) => {
    if (stopper.stopping) return;
    console.log('Stopping the cluster...');
    await stopper.stop();
    process.exit(code);
  };
  process.on('SIGINT', () => void stop(0));
  process.on('SIGTERM', () => void stop(0));
  const cluster = await startCluster({
    instances: count,
    site,
    instancePorts: options.instancePorts,
    statsPort: options.statsPort,
    database: options.database,
    backups: options.backups,
    restore,
    stopper,
    prometheus,
  });
  if (options.publish) await publishBuilds(releaseOptions());
  const { database, backups, prometheus: monitoring } = cluster;
  const [node1, node2] = /** @type {[Node, Node]} */ (database.nodes);
  console.log(`
CineBook is running as a cluster:
  site        http://localhost:${site.shell}
  API         http://localhost:${site.api}/api/health  (HAProxy, round robin over ${count} instances)
${cluster.instances.map((api) => `  ${api.name.padEnd(11)} http://127.0.0.1:${api.port}/api/health  pid ${api.pid}  metrics http://127.0.0.1:${api.metricsPort}/metrics`).join('\n')}
  HAProxy     ${cluster.statsUrl}  (stats: which instance is up)  config ${cluster.haproxyConfig}
  PostgreSQL  ${database.url}
              node1 ${node1.url} (primary), node2 ${node2.url} (synchronous secondary)
              monitor ${database.monitorUrl}
              state: runuser -u postgres -- pg_autoctl show state --monitor '${database.monitorUrl}'
  Prometheus  ${monitoring ? `${monitoring.url}/  (UI and query API; scrapes every instance${monitoring.exporters.length > 0 ? ` and ${monitoring.exporters.map((e) => e.node).join(', ')} through postgres exporters` : ''}; ${monitoring.rules.length} rule files)  config ${monitoring.config}` : `off (${options.prometheus ? 'not installed' : '--no-prometheus'})`}
  Backups     ${backups ? `${backups.repo} (full backup ${backups.first?.label}, ${((backups.first?.ms ?? 0) / 1000).toFixed(1)} s; WAL archived)` : 'off (--no-backups)'}
Try a restart: kill -TERM <pid of an instance>. A failover: kill -KILL -- -${node1.processGroup}
(node1's pg_autoctl and PostgreSQL; watch with the state command above). Press Ctrl-C to stop everything.`);
}

main().catch((error) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
