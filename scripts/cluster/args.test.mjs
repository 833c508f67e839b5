// `npm run cluster`'s command line (scripts/cluster.mjs, options read by cluster/args.mjs): its
// help, what it refuses (exit 2), and the options an operator running two clusters on one
// machine needs.
import assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import path from 'node:path';
import { describe, test } from 'node:test';
import { promisify } from 'node:util';
import { targetTime } from '../pgbackrest.mjs';
import { CLUSTER_HELP, parseClusterArgs } from './args.mjs';

describe('npm run cluster -- options', () => {
  const run = promisify(execFile);
  const script = path.join(import.meta.dirname, '..', 'cluster.mjs');

  test('--help describes every option and exits 0, starting nothing', async () => {
    const { stdout } = await run(process.execPath, [script, '--help']);
    assert.equal(stdout.trim(), CLUSTER_HELP.trim());
    for (const option of [
      '--instances',
      '--no-build',
      '--no-publish',
      '--api-port',
      '--shell-port',
      '--auth-port',
      '--user-port',
      '--owner-port',
      '--admin-port',
      '--instance-ports',
      '--stats-port',
      '--monitor-port',
      '--node-ports',
      '--prometheus-port',
      '--no-prometheus',
      '--backups',
      '--no-backups',
      '--restore-to',
      '--restore-from',
    ]) {
      assert.match(stdout, new RegExp(`^\\s+${option}\\b`, 'm'), option);
    }
  });

  test('an unknown option or a bad port says so, with the help, and exits 2', async () => {
    for (const args of [
      ['--bogus'],
      ['--api-port', 'x'],
      ['--node-ports', '5000'],
      ['--instances', '0'],
    ]) {
      const failed = await run(process.execPath, [script, ...args]).then(
        () => null,
        (error) => error,
      );
      assert.equal(failed?.code, 2, args.join(' '));
      assert.match(failed.stderr, /npm run cluster \[-- options\]/);
    }
  });

  test('every port the cluster uses can be set, so two clusters can share a machine', () => {
    const options = parseClusterArgs([
      '--instances=2',
      '--api-port=18000',
      '--shell-port=13000',
      '--auth-port=13001',
      '--user-port=13002',
      '--owner-port=13003',
      '--admin-port=13004',
      '--instance-ports=18101,18102',
      '--stats-port=18200',
      '--monitor-port=15430',
      '--node-ports=15431,15432',
      '--prometheus-port=19090',
      '--no-backups',
    ]);
    assert.deepEqual(options.site, {
      api: 18000,
      shell: 13000,
      auth: 13001,
      user: 13002,
      owner: 13003,
      admin: 13004,
    });
    assert.deepEqual(options.instancePorts, [18101, 18102]);
    assert.equal(options.statsPort, 18200);
    assert.deepEqual(options.database, { monitorPort: 15430, nodePorts: [15431, 15432] });
    assert.equal(options.backups, false);
    assert.deepEqual(options.prometheus, { port: 19090 });
    assert.throws(
      () => parseClusterArgs(['--prometheus-port=18000', '--api-port=18000']),
      /Port 18000 is given to two parts/,
    );
    assert.throws(
      () => parseClusterArgs(['--stats-port=18000', '--api-port=18000']),
      /Port 18000 is given to two parts/,
    );
    assert.throws(
      () => parseClusterArgs(['--instances=3', '--instance-ports=18101,18102']),
      /one port per instance/,
    );
  });

  test("Prometheus' port: 9090, else PROMETHEUS_PORT, else --prometheus-port; --no-prometheus: none", () => {
    const saved = process.env.PROMETHEUS_PORT;
    try {
      delete process.env.PROMETHEUS_PORT;
      assert.deepEqual(parseClusterArgs([]).prometheus, { port: 9090 });
      process.env.PROMETHEUS_PORT = '19091';
      assert.deepEqual(parseClusterArgs([]).prometheus, { port: 19091 });
      assert.deepEqual(parseClusterArgs(['--prometheus-port', '19092']).prometheus, {
        port: 19092,
      });
      assert.equal(parseClusterArgs(['--no-prometheus']).prometheus, false);
      process.env.PROMETHEUS_PORT = 'x';
      assert.throws(() => parseClusterArgs([]), /--prometheus-port takes a port number/);
    } finally {
      if (saved === undefined) delete process.env.PROMETHEUS_PORT;
      else process.env.PROMETHEUS_PORT = saved;
    }
  });

  test('a restore time must carry its zone', () => {
    assert.equal(targetTime('2026-11-27T00:31:05.250Z'), '2026-11-27 00:31:05.250+00');
    assert.equal(targetTime('2026-11-27 05:31:05+05:30'), '2026-11-27 00:01:05.000+00');
    assert.equal(targetTime('2026-11-27 00:31:05+00'), '2026-11-27 00:31:05.000+00');
    assert.equal(targetTime('2026-11-27 00:31:05'), null);
    assert.equal(targetTime('yesterday'), null);
    assert.throws(() => parseClusterArgs(['--restore-to', '2026-11-27 00:31']), /with its zone/);
  });
});
