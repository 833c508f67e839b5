// Prometheus of `npm run cluster` (cluster/prometheus.mjs) against stand-ins: the configuration
// it writes is one Prometheus' own checker accepts, with a target per instance and per exporter;
// the rule files it loads are the rules beside promtool's tests, not the tests; and a real
// Prometheus started with it scrapes a stand-in instance's /metrics. The cluster with real
// instances and PostgreSQL: scripts/faults/prometheus.test.mjs.
import assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { after, describe, test } from 'node:test';
import { promisify } from 'node:util';
import { freePort } from '../postgres.mjs';
import {
  findPrometheus,
  prometheusConfig,
  promQuery,
  ruleFiles,
  startPrometheus,
} from './prometheus.mjs';

const tmp = mkdtempSync(path.join(os.tmpdir(), 'cluster-prometheus-'));
after(() => rmSync(tmp, { recursive: true, force: true }));

const RULES = `groups:
  - name: stand-in
    rules:
      - alert: StandInDown
        expr: up{job="api"} == 0
        for: 1m
`;
const RULE_TEST = `rule_files:
  - stand-in.rules.yml
tests:
  - input_series: []
`;

// Debian's prometheus package ships promtool beside it.
const promtool = [path.join(path.dirname(findPrometheus() ?? '/'), 'promtool')].find(
  (file) => findPrometheus() && existsSync(file),
);

describe('Prometheus of npm run cluster', () => {
  test('loads the rule files of the rules folder, not the promtool tests beside them', () => {
    const dir = path.join(tmp, 'rules');
    rmSync(dir, { recursive: true, force: true });
    mkdirSync(dir);
    writeFileSync(path.join(dir, 'stand-in.rules.yml'), RULES);
    writeFileSync(path.join(dir, 'more.yaml'), RULES);
    writeFileSync(path.join(dir, 'stand-in.test.yml'), RULE_TEST);
    writeFileSync(path.join(dir, 'README.md'), 'groups:\n');
    assert.deepEqual(ruleFiles(dir), [
      path.join(dir, 'more.yaml'),
      path.join(dir, 'stand-in.rules.yml'),
    ]);
    assert.deepEqual(ruleFiles(path.join(tmp, 'none')), []);
  });

  test('scrapes each instance and each exporter; promtool accepts the configuration', {
    skip: !promtool && 'prometheus is not installed (apt-get install -y prometheus)',
  }, async () => {
    const rules = path.join(tmp, 'check.rules.yml');
    writeFileSync(rules, RULES);
    const config = prometheusConfig({
      port: 9090,
      instances: [
        { name: 'api1', metricsPort: 9101 },
        { name: 'api2', metricsPort: 9102 },
      ],
      exporters: [
        { node: 'node1', port: 9187 },
        { node: 'node2', port: 9188 },
      ],
      rules: [rules],
      scrapeInterval: '1s',
    });
    for (const target of ['9101', '9102', '9187', '9188', '9090']) {
      assert.match(config, new RegExp(`"127\\.0\\.0\\.1:${target}"`), target);
    }
    const file = path.join(tmp, 'check.yml');
    writeFileSync(file, config);
    const { stdout } = await promisify(execFile)(/** @type {string} */ (promtool), [
      'check',
      'config',
      file,
    ]);
    assert.match(stdout, /SUCCESS: 1 rule files found/);
  });

  test('a real Prometheus scrapes a stand-in instance and answers queries about it', {
    skip: !findPrometheus() && 'prometheus is not installed (apt-get install -y prometheus)',
    timeout: 60_000,
  }, async () => {
    // A stand-in instance: Prometheus' text format, one counter.
    const server = http.createServer((request, response) => {
      response.setHeader('Content-Type', 'text/plain; version=0.0.4');
      response.end(
        request.url === '/metrics' ? 'stand_in_requests_total{route="/api/shows/"} 3\n' : '',
      );
    });
    await new Promise((resolve) => server.listen(0, '127.0.0.1', () => resolve(undefined)));
    after(() => server.close());
    const address = /** @type {import('node:net').AddressInfo} */ (server.address());
    const dir = mkdtempSync(path.join(tmp, 'run-'));
    const rules = path.join(dir, 'stand-in.rules.yml');
    writeFileSync(rules, RULES);
    const prometheus = await startPrometheus({
      dir,
      port: await freePort(),
      instances: [{ name: 'api1', metricsPort: address.port }],
      rules: [rules],
      scrapeInterval: '1s',
    });
    after(() => prometheus.stop());
    let result = [];
    for (let i = 0; i < 100 && result.length === 0; i++) {
      result = await promQuery(prometheus.url, 'stand_in_requests_total{job="api"}');
      if (result.length === 0) await new Promise((resolve) => setTimeout(resolve, 200));
    }
    assert.equal(result.length, 1);
    assert.equal(result[0]?.metric.name, 'api1');
    assert.equal(result[0]?.value, 3);
    const up = await promQuery(prometheus.url, 'up{job="api"}');
    assert.equal(up[0]?.value, 1);
    const loaded = await (await fetch(`${prometheus.url}/api/v1/rules`)).json();
    assert.deepEqual(
      loaded.data.groups.map((/** @type {any} */ g) => [g.name, g.rules.map((r) => r.name)]),
      [['stand-in', ['StandInDown']]],
    );
  });
});
