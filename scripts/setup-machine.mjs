// The Debian packages the test suites need, found or installed: one list for `npm test` (which
// checks before it runs the suites asked for) and .ci/run (which installs everything before
// `npm ci`, so this file imports nothing but Node's own modules).
//
//   node scripts/setup-machine.mjs [suite...]   installs what the suites (default: all) lack,
//                                               as root with apt-get; else names the command
import { execFileSync, spawnSync } from 'node:child_process';
import { accessSync, constants, existsSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * Where a command is: on PATH, or in /usr/sbin or /usr/bin; null if nowhere.
 * @param {string} name
 */
function which(name) {
  for (const dir of [...(process.env.PATH ?? '').split(path.delimiter), '/usr/sbin', '/usr/bin']) {
    if (!dir) continue;
    try {
      accessSync(path.join(dir, name), constants.X_OK);
      return path.join(dir, name);
    } catch {}
  }
  return null;
}

/** @param {string} name */
const onPath = (name) => which(name) !== null;

const postgresInstalled = () =>
  existsSync('/usr/lib/postgresql') &&
  readdirSync('/usr/lib/postgresql').some((v) => existsSync(`/usr/lib/postgresql/${v}/bin/initdb`));

/**
 * What the machine must have: a check and the Debian packages that provide it.
 * @type {Record<string, { present: () => boolean, packages: string[] }>}
 */
export const REQUIREMENTS = {
  // Debian's Chromium for the browser tests (Playwright's own download cannot work here).
  chromium: {
    present: () =>
      process.env.CHROMIUM_PATH
        ? existsSync(process.env.CHROMIUM_PATH)
        : existsSync('/usr/bin/chromium'),
    packages: ['chromium'],
  },
  // PostgreSQL server binaries: the fault tests' clusters (and .ci/run's throwaway server).
  postgresql: { present: postgresInstalled, packages: ['postgresql'] },
  // The load balancer of `npm run cluster`, tested in front of stand-in instances.
  haproxy: { present: () => onPath('haproxy'), packages: ['haproxy'] },
  // pg_auto_failover (the failover of `npm run cluster`): scripts/faults/failover.test.mjs.
  pgAutoFailover: {
    present: () => onPath('pg_autoctl'),
    packages: ['postgresql-15-auto-failover', 'pg-auto-failover-cli'],
  },
  // pgBackRest (its WAL archive and backups): scripts/faults/backup-restore.test.mjs.
  pgbackrest: { present: () => onPath('pgbackrest'), packages: ['pgbackrest'] },
  // Prometheus and its promtool, which checks and unit-tests the alert rules (ops/prometheus/).
  prometheus: { present: () => onPath('promtool'), packages: ['prometheus'] },
  // The database's exporter `npm run cluster`'s Prometheus scrapes: faults/prometheus.test.mjs.
  postgresExporter: {
    present: () => onPath('prometheus-postgres-exporter'),
    packages: ['prometheus-postgres-exporter'],
  },
};

/** What each suite needs; a suite not named needs nothing beyond `npm ci`. */
export const SUITE_NEEDS = {
  e2e: ['chromium'],
  alerts: ['prometheus'],
  cluster: ['haproxy', 'prometheus'],
  faults: [
    'postgresql',
    'haproxy',
    'pgAutoFailover',
    'pgbackrest',
    'prometheus',
    'postgresExporter',
  ],
};

/**
 * The Debian packages missing for `suites`.
 * @param {string[]} suites
 */
export function missingPackages(suites) {
  const needs = new Set(
    suites.flatMap((s) => SUITE_NEEDS[/** @type {keyof typeof SUITE_NEEDS} */ (s)] ?? []),
  );
  return [...needs]
    .map((n) => /** @type {{ present: () => boolean, packages: string[] }} */ (REQUIREMENTS[n]))
    .filter((r) => !r.present())
    .flatMap((r) => r.packages);
}

/**
 * Installs what `suites` lack, as root with apt-get. Returns null when all is there, else a
 * one-line message: what failed, or the command to run when this user cannot install.
 * @param {string[]} suites
 * @param {{ log?: (line: string) => void, root?: boolean }} [options] `root`: may install
 */
export function setUpMachine(suites, { log = console.log, root = process.getuid?.() === 0 } = {}) {
  const missing = missingPackages(suites);
  if (missing.length === 0) return null;
  const command = `apt-get install -y --no-install-recommends ${missing.join(' ')}`;
  const aptGet = which('apt-get');
  if (!root || !aptGet) {
    return `Missing ${missing.join(', ')}: run \`sudo ${command}\` (or \`sudo node scripts/setup-machine.mjs\`), then again.`;
  }
  log(`Installing ${missing.join(' ')}...`);
  const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
  const apt = (/** @type {string[]} */ args) =>
    spawnSync(aptGet, args, { env, stdio: ['ignore', 'ignore', 'inherit'] }).status === 0;
  if (!apt(['update', '-qq'])) return `apt-get update failed: fix it, then run \`${command}\`.`;
  if (!apt(['install', '-y', '-qq', '--no-install-recommends', ...missing]))
    return `${command} failed.`;
  // Where policy-rc.d lets a package start its service, Prometheus and the exporter would hold
  // 9090 and 9187: the cluster and the tests start their own.
  for (const service of ['prometheus', 'prometheus-postgres-exporter']) {
    if (missing.includes(service) && existsSync(`/etc/init.d/${service}`)) {
      try {
        execFileSync(`/etc/init.d/${service}`, ['stop'], { stdio: 'ignore' });
      } catch {}
    }
  }
  return null;
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const suites = process.argv.slice(2);
  const failure = setUpMachine(suites.length > 0 ? suites : Object.keys(SUITE_NEEDS));
  if (failure) {
    console.error(failure);
    process.exit(1);
  }
}
