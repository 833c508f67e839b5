// The command line of `npm run cluster` (scripts/cluster.mjs): its help, and its options read
// into startCluster's (cluster/cluster.mjs). Pure: throws a UsageError, prints nothing.
import path from 'node:path';
import { parseArgs } from 'node:util';
import { REMOTE_NAMES } from '../../packages/federation/src/index.js';
import { ports } from '../apps.mjs';
import { DEFAULT_BACKUPS, targetTime } from '../pgbackrest.mjs';
import { PROMETHEUS_PORT } from './prometheus.mjs';

export const CLUSTER_HELP = `npm run cluster [-- options]

Runs the product as a small production does, on this machine: PostgreSQL under pg_auto_failover
(a monitor, a primary and a synchronous secondary; failover by itself), WAL archived with
pgBackRest and a full backup at start, N API instances, the shell and the remotes, HAProxy in
front, and Prometheus scraping the instances and the database (when Debian's prometheus is
installed). Ctrl-C stops it all and removes the databases; the backups stay (npm run backup, npm
run restore). Every port can be set, so two clusters, or a cluster and \`npm start\`, can share a
machine.

  --instances N          API instances (default 2, at most 16)
  --no-build             serve the existing dist folders (default: build every app first)
  --build                build first (the default)
  --no-publish           do not publish the builds as releases (as npm start --no-publish)

Ports (on 127.0.0.1; the public ones default to npm start's, or its environment variables):
  --api-port N           HAProxy's API port (API_PORT, default 8000)
  --shell-port N         the site (SHELL_PORT, default 3000)
  --auth-port N          the auth remote (MFE_AUTH_PORT, default 3001)
  --user-port N          the user remote (MFE_USER_PORT, default 3002)
  --owner-port N         the owner remote (MFE_OWNER_PORT, default 3003)
  --admin-port N         the admin remote (MFE_ADMIN_PORT, default 3004)
  --instance-ports A,B   the API instances' own ports (default: free ones)
  --stats-port N         HAProxy's stats page (default: a free one)
  --monitor-port N       pg_auto_failover's monitor (default: a free one)
  --node-ports A,B       the two PostgreSQL nodes (default: free ones)
  --prometheus-port N    Prometheus' UI and query API (PROMETHEUS_PORT, default ${PROMETHEUS_PORT})

Metrics:
  --no-prometheus        start no Prometheus and no postgres exporter (the instances still
                         serve their metrics on their METRICS_PORT)

Backups:
  --backups DIR          pgBackRest repositories (default .data/backups): one per cluster start;
                         npm run backup takes the newest running cluster's, so give a second
                         cluster on the machine its own (npm run backup -- --backups DIR)
  --no-backups           no WAL archive and no backups (starts a few seconds sooner)
  --restore-to TIME      start from the backups restored to TIME ("2026-11-27 00:31:05+00")
                         instead of an empty database; the new cluster backs up anew
  --restore-from REPO    the repository to restore (default: the newest with a backup before TIME)

  --help                 this text`;

/** The command line as startCluster options; throws a UsageError for anything it cannot use. */
/** @param {string[]} args */
export function parseClusterArgs(args) {
  const { values } = parseArgs({
    args,
    options: {
      instances: { type: 'string', default: '2' },
      build: { type: 'boolean' },
      'no-build': { type: 'boolean' },
      'no-publish': { type: 'boolean' },
      'api-port': { type: 'string' },
      'shell-port': { type: 'string' },
      ...Object.fromEntries(REMOTE_NAMES.map((name) => [`${name}-port`, { type: 'string' }])),
      'instance-ports': { type: 'string' },
      'stats-port': { type: 'string' },
      'monitor-port': { type: 'string' },
      'node-ports': { type: 'string' },
      'prometheus-port': { type: 'string' },
      'no-prometheus': { type: 'boolean' },
      backups: { type: 'string' },
      'no-backups': { type: 'boolean' },
      'restore-to': { type: 'string' },
      'restore-from': { type: 'string' },
      help: { type: 'boolean' },
    },
  });
  /**
   * @param {string} name
   * @param {string | undefined} text
   */
  const port = (name, text) => {
    if (text === undefined) return undefined;
    const n = Number(text);
    if (!Number.isInteger(n) || n < 1 || n > 65535) {
      throw new UsageError(`--${name} takes a port number (1-65535), not "${text}"`);
    }
    return n;
  };
  const portList = (name, text, length) => {
    if (text === undefined) return [];
    const list = text.split(',').map((p) => port(name, p.trim()));
    if (length && list.length !== length) {
      throw new UsageError(`--${name} takes ${length} ports separated by a comma`);
    }
    return list;
  };
  const instances = Number(values.instances);
  if (!Number.isInteger(instances) || instances < 1 || instances > 16) {
    throw new UsageError('--instances takes a whole number from 1 to 16');
  }
  const site = ports();
  for (const name of /** @type {(keyof typeof site)[]} */ (['api', 'shell', ...REMOTE_NAMES])) {
    site[name] = port(`${name}-port`, values[`${name}-port`]) ?? site[name];
  }
  const instancePorts = portList('instance-ports', values['instance-ports']);
  if (instancePorts.length > 0 && instancePorts.length !== instances) {
    throw new UsageError(`--instance-ports takes one port per instance (${instances})`);
  }
  let restore;
  if (values['restore-to'] !== undefined) {
    const time = targetTime(values['restore-to']);
    if (!time) {
      throw new UsageError(
        `--restore-to needs a time with its zone, e.g. "${new Date().toISOString()}"`,
      );
    }
    restore = { time, from: values['restore-from'] };
  } else if (values['restore-from'] !== undefined) {
    throw new UsageError('--restore-from goes with --restore-to TIME');
  }
  const prometheusPort = values['no-prometheus']
    ? undefined
    : (port('prometheus-port', values['prometheus-port'] ?? process.env.PROMETHEUS_PORT) ??
      PROMETHEUS_PORT);
  const all = [
    ...Object.values(site),
    ...instancePorts,
    port('stats-port', values['stats-port']),
    port('monitor-port', values['monitor-port']),
    ...portList('node-ports', values['node-ports'], 2),
    prometheusPort,
  ].filter(Boolean);
  const twice = all.find((p, i) => all.indexOf(p) !== i);
  if (twice) throw new UsageError(`Port ${twice} is given to two parts of the cluster`);
  return {
    help: Boolean(values.help),
    build: !values['no-build'],
    publish: !values['no-publish'],
    instances,
    site,
    instancePorts,
    statsPort: port('stats-port', values['stats-port']),
    database: {
      monitorPort: port('monitor-port', values['monitor-port']),
      nodePorts: portList('node-ports', values['node-ports'], 2),
    },
    backups: values['no-backups']
      ? /** @type {false} */ (false)
      : path.resolve(values.backups ?? DEFAULT_BACKUPS),
    restore,
    prometheus: prometheusPort ? { port: prometheusPort } : /** @type {false} */ (false),
  };
}

export class UsageError extends Error {}
