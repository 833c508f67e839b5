// Prometheus beside `npm run cluster` (scripts/cluster/cluster.mjs): Debian's `prometheus`
// scraping every API instance's metrics server (METRICS_PORT, path /metrics) and Debian's
// `prometheus-postgres-exporter`, one per database node, with the alert rules of the repo
// loaded. Its configuration is pure (read by cluster/prometheus.test.mjs); its data and logs
// live in the cluster's temp dir and go with it.
import { spawn } from 'node:child_process';
import {
  accessSync,
  closeSync,
  constants,
  existsSync,
  mkdirSync,
  openSync,
  readdirSync,
  readFileSync,
  writeFileSync,
} from 'node:fs';
import path from 'node:path';
import { ROOT, stopChild } from '../apps.mjs';

export const PROMETHEUS_MISSING =
  "Prometheus is not installed (On Debian or Ubuntu: apt-get install -y --no-install-recommends prometheus; or set PROMETHEUS to its path): metrics are off, nothing scrapes the instances' /metrics.";
export const POSTGRES_EXPORTER_MISSING =
  'prometheus-postgres-exporter is not installed (apt-get install -y --no-install-recommends prometheus-postgres-exporter; or set POSTGRES_EXPORTER to its path): the database metrics are off.';

/** Prometheus' UI and query API when neither --prometheus-port nor PROMETHEUS_PORT says. */
export const PROMETHEUS_PORT = 9090;

// Where the alert rules live; the first that exists is loaded.
export const RULES_DIRS = ['ops/prometheus', 'deploy/prometheus'].map((dir) =>
  path.join(ROOT, dir),
);

/**
 * An executable: `override` (an environment variable's value) alone when set, else the first
 * of `name` on PATH and the folders Debian installs to.
 * @param {string} name
 * @param {string | undefined} override
 * @param {NodeJS.ProcessEnv} env
 */
function findBinary(name, override, env) {
  const dirs = [...(env.PATH ?? '').split(path.delimiter), '/usr/bin', '/usr/sbin'];
  const candidates = override ? [override] : dirs.filter(Boolean).map((d) => path.join(d, name));
  for (const file of candidates) {
    try {
      accessSync(file, constants.X_OK);
      return file;
    } catch {}
  }
  return null;
}

export const findPrometheus = (env = process.env) => findBinary('prometheus', env.PROMETHEUS, env);
export const findPostgresExporter = (env = process.env) =>
  findBinary('prometheus-postgres-exporter', env.POSTGRES_EXPORTER, env);

/**
 * The rule files in `dir` (absolute paths, sorted): its *.yml and *.yaml files that hold rule
 * `groups:`. promtool's unit tests (a top-level `tests:`) sit beside them and are not rules.
 * @param {string | undefined} dir
 */
export function ruleFiles(dir = RULES_DIRS.find((d) => existsSync(d))) {
  if (!dir || !existsSync(dir)) return [];
  return readdirSync(dir)
    .filter((name) => /\.ya?ml$/.test(name))
    .map((name) => path.join(dir, name))
    .filter((file) => /^groups:/m.test(readFileSync(file, 'utf8')))
    .sort();
}

/** A YAML string: JSON's double-quoted strings are YAML's too. */
const q = (/** @type {string} */ text) => JSON.stringify(text);

/**
 * The prometheus.yml (pure): job `api` with one target per instance (label `name`: api1...),
 * job `postgres` with one exporter per database node (label `node`), job `prometheus` itself.
 * @param {{ port: number, instances: { name: string, metricsPort: number }[],
 *   exporters?: { node: string, port: number }[], rules?: string[],
 *   scrapeInterval?: string }} options
 */
export function prometheusConfig({
  port,
  instances,
  exporters = [],
  rules = [],
  scrapeInterval = '15s',
}) {
  /** @param {string} job @param {{ target: string, labels: Record<string, string> }[]} targets */
  const job = (job, targets) => [
    `  - job_name: ${q(job)}`,
    '    static_configs:',
    ...targets.flatMap(({ target, labels }) => [
      `      - targets: [${q(target)}]`,
      ...(Object.keys(labels).length > 0
        ? [
            '        labels:',
            ...Object.entries(labels).map(([name, value]) => `          ${name}: ${q(value)}`),
          ]
        : []),
    ]),
  ];
  return [
    'global:',
    `  scrape_interval: ${scrapeInterval}`,
    `  evaluation_interval: ${scrapeInterval}`,
    ...(rules.length > 0 ? ['rule_files:', ...rules.map((file) => `  - ${q(file)}`)] : []),
    'scrape_configs:',
    ...job(
      'api',
      instances.map((api) => ({
        target: `127.0.0.1:${api.metricsPort}`,
        labels: { name: api.name },
      })),
    ),
    ...(exporters.length > 0
      ? job(
          'postgres',
          exporters.map((e) => ({ target: `127.0.0.1:${e.port}`, labels: { node: e.node } })),
        )
      : []),
    ...job('prometheus', [{ target: `127.0.0.1:${port}`, labels: {} }]),
    '',
  ].join('\n');
}

/**
 * A long-running child whose output goes to `<dir>/<name>.log`, running once `ready()` is true;
 * one that exits first (a port taken, a bad config) rejects with its log's last lines.
 * @param {{ name: string, dir: string, file: string, args: string[],
 *   env?: Record<string, string>, ready: () => Promise<boolean>, timeoutMs?: number }} options
 */
async function startDaemon({ name, dir, file, args, env = {}, ready, timeoutMs = 20_000 }) {
  const log = path.join(dir, `${name}.log`);
  const fd = openSync(log, 'a');
  const child = spawn(file, args, {
    stdio: ['ignore', fd, fd],
    env: { ...process.env, ...env },
  });
  closeSync(fd); // the child has its own
  const tail = () => readFileSync(log, 'utf8').trim().split('\n').slice(-5).join('\n');
  const exited = new Promise((_, reject) => {
    child.once('error', reject);
    child.once('exit', (code, signal) =>
      reject(new Error(`${name} exited (${code ?? signal}) as it started (${log}):\n${tail()}`)),
    );
  });
  exited.catch(() => {});
  const deadline = Date.now() + timeoutMs;
  while (!(await Promise.race([ready().catch(() => false), exited]))) {
    if (Date.now() > deadline) {
      child.kill('SIGKILL');
      throw new Error(`${name} did not start within ${timeoutMs / 1000} s (${log})`);
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  return {
    child,
    log,
    stop: () => stopChild(child),
  };
}

/**
 * One postgres exporter for one database node (its URL, as scripts/pg-auto-failover.mjs gives
 * it) on `port` of 127.0.0.1.
 * @param {{ node: string, url: string, port: number, dir: string }} options
 */
export async function startPostgresExporter({ node, url, port, dir }) {
  const file = findPostgresExporter();
  if (!file) throw new Error(POSTGRES_EXPORTER_MISSING);
  const source = new URL(url);
  source.searchParams.set('sslmode', 'disable');
  const daemon = await startDaemon({
    name: `postgres-exporter-${node}`,
    dir,
    file,
    args: [`--web.listen-address=127.0.0.1:${port}`],
    env: { DATA_SOURCE_NAME: source.href },
    ready: () => fetch(`http://127.0.0.1:${port}/metrics`).then((r) => r.ok),
  });
  return { ...daemon, node, port };
}

/**
 * Prometheus on `port` of 127.0.0.1 with prometheusConfig's configuration, its data in
 * `<dir>/prometheus`. Resolves once it is ready, to {url, config, log, stop()}.
 * @param {Parameters<typeof prometheusConfig>[0] & { dir: string }} options
 */
export async function startPrometheus({ dir, ...options }) {
  const file = findPrometheus();
  if (!file) throw new Error(PROMETHEUS_MISSING);
  const data = path.join(dir, 'prometheus');
  mkdirSync(data, { recursive: true });
  const config = path.join(dir, 'prometheus.yml');
  writeFileSync(config, prometheusConfig(options));
  const url = `http://127.0.0.1:${options.port}`;
  const daemon = await startDaemon({
    name: 'prometheus',
    dir,
    file,
    args: [
      `--config.file=${config}`,
      `--storage.tsdb.path=${data}`,
      `--web.listen-address=127.0.0.1:${options.port}`,
    ],
    ready: () => fetch(`${url}/-/ready`).then((r) => r.ok),
  });
  return { ...daemon, url, config };
}

/**
 * An instant query through Prometheus' HTTP API: the result vector as [{metric, value}].
 * @param {string} url Prometheus' base URL
 * @param {string} query PromQL
 * @returns {Promise<{ metric: Record<string, string>, value: number }[]>}
 */
export async function promQuery(url, query) {
  const response = await fetch(`${url}/api/v1/query?${new URLSearchParams({ query })}`);
  const body = await response.json();
  if (body.status !== 'success') throw new Error(`${query}: ${body.error ?? response.status}`);
  return body.data.result.map((/** @type {any} */ r) => ({
    metric: r.metric,
    value: Number(r.value[1]),
  }));
}
