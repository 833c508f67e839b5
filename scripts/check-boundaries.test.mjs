// The boundaries check refuses what it should, on small trees written for each case, and the
// repository itself passes it.
import assert from 'node:assert/strict';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { test } from 'node:test';
import { checkBoundaries, importsOf } from './check-boundaries.mjs';

/** A throwaway tree, { 'api/src/x.ts': 'source', ... }, removed when the test ends. */
function tree(t, files) {
  const root = mkdtempSync(path.join(os.tmpdir(), 'boundaries-'));
  t.after(() => rmSync(root, { recursive: true, force: true }));
  for (const [file, source] of Object.entries(files)) {
    mkdirSync(path.dirname(path.join(root, file)), { recursive: true });
    writeFileSync(path.join(root, file), source);
  }
  return root;
}

const check = (root) => checkBoundaries({ root, apps: ['mfe-user'] });

test('the repository keeps its import boundaries', () => {
  assert.deepEqual(checkBoundaries().errors, []);
});

test('a resource importing another resource fails, naming both', (t) => {
  const root = tree(t, {
    'api/src/routes/holds/post-hold.ts': "import { lockCustomer } from '../bookings/sql.ts';\n",
    'api/src/routes/bookings/sql.ts': 'export const lockCustomer = 1;\n',
  });
  const { errors } = check(root);
  assert.equal(errors.length, 1);
  assert.match(
    String(errors[0]),
    /api\/src\/routes\/holds\/post-hold\.ts imports api\/src\/routes\/bookings\/sql\.ts/,
  );
  assert.match(String(errors[0]), /the holds resource must not import the bookings resource/);
});

test('a resource may import its own files and the floors below routes', (t) => {
  const root = tree(t, {
    'api/src/routes/holds/post-hold.ts':
      "import { x } from './sql.ts';\nimport type { Db } from '../../db/db.ts';\nimport { y } from '../../booking/sql.ts';\n",
    'api/src/routes/holds/sql.ts': 'export const x = 1;\n',
    'api/src/db/db.ts': 'export type Db = 1;\n',
    'api/src/booking/sql.ts': 'export const y = 1;\n',
    'api/src/app.ts': "import { x } from './routes/holds/sql.ts';\n",
  });
  assert.deepEqual(check(root).errors, []);
});

test('code below routes importing a resource fails; app.ts, tests and test helpers may', (t) => {
  const root = tree(t, {
    'api/src/http/auth.ts': "import { findSessionUser } from '../routes/accounts/sql.ts';\n",
    'api/src/http/auth.test.ts': "import { ensureAdmin } from '../routes/accounts/admin.ts';\n",
    'api/src/testing/app.ts': "import { x } from '../routes/accounts/sql.ts';\n",
    'api/src/routes/accounts/sql.ts': 'export const findSessionUser = 1;\n',
    'api/src/routes/accounts/admin.ts': 'export const ensureAdmin = 1;\n',
  });
  const { errors } = check(root);
  assert.equal(errors.length, 1);
  assert.match(
    String(errors[0]),
    /^api\/src\/http\/auth\.ts imports .*: code below routes\/ must not/,
  );
});

test('an import circle fails, type-only imports included', (t) => {
  const root = tree(t, {
    'api/src/http/context.ts': "import type { Mailer } from '../mail/mailer.ts';\n",
    'api/src/mail/mailer.ts': "import type { Logger } from '../http/context.ts';\n",
    'api/src/logger.ts': 'export const a = 1;\n',
  });
  const { errors } = check(root);
  assert.deepEqual(errors, ['Import circle: api/src/http/context.ts -> api/src/mail/mailer.ts']);
});

test('a feature importing another feature fails; a page above the features may compose them', (t) => {
  const root = tree(t, {
    'mfe-user/src/features/payment/PaymentPage.tsx':
      "import { seatsKey } from '../seat-layout/api/getSeats';\nimport { Card } from '../../components/Card';\n",
    'mfe-user/src/features/seat-layout/api/getSeats.ts': 'export const seatsKey = 1;\n',
    'mfe-user/src/components/Card.tsx': 'export const Card = 1;\n',
    'mfe-user/src/App.tsx':
      "import { PaymentPage } from './features/payment/PaymentPage';\nconst Lazy = () => import('./features/seat-layout/api/getSeats');\n",
  });
  const { errors } = check(root);
  assert.equal(errors.length, 1);
  assert.match(
    String(errors[0]),
    /^mfe-user\/src\/features\/payment\/PaymentPage\.tsx -> mfe-user\/src\/features\/seat-layout\/api\/getSeats\.ts: the payment feature must not import the seat-layout feature/,
  );
});

test('an app importing another app or the API fails', (t) => {
  const root = tree(t, {
    'mfe-user/src/lib/money.ts':
      "import { SEAT_PRICE } from '../../../api/src/booking/rules.ts';\n",
    'api/src/booking/rules.ts': 'export const SEAT_PRICE = 100;\n',
  });
  const { errors } = check(root);
  assert.equal(errors.length, 1);
  assert.match(String(errors[0]), /an app never imports api/);
});

test('a circle in packages/ fails, type-only included, and across packages imported by name', (t) => {
  const root = tree(t, {
    'packages/auth/src/session.ts': "import type { UserId } from './storedSession';\n",
    'packages/auth/src/storedSession.ts': "import type { Session } from './session';\n",
    'packages/ui/package.json': JSON.stringify({
      name: '@cinema/ui',
      exports: { '.': './src/index.ts' },
    }),
    'packages/ui/src/index.ts': "export { x } from './x';\n",
    'packages/ui/src/x.ts': "import { api } from '@cinema/api-client';\nexport const x = api;\n",
    'packages/api-client/package.json': JSON.stringify({
      name: '@cinema/api-client',
      main: 'src/index.ts',
    }),
    'packages/api-client/src/index.ts':
      "import type { X } from '@cinema/ui';\nexport const api = 1;\n",
  });
  assert.deepEqual(check(root).errors, [
    'Import circle: packages/api-client/src/index.ts -> packages/ui/src/index.ts -> packages/ui/src/x.ts',
    'Import circle: packages/auth/src/session.ts -> packages/auth/src/storedSession.ts',
  ]);
});

test('a circle in scripts/ fails', (t) => {
  const root = tree(t, {
    'scripts/cluster.mjs':
      "import { startThrowawayPostgres } from './postgres.mjs';\nexport const a = 1;\n",
    'scripts/postgres.mjs':
      "import { a } from './cluster.mjs';\nexport const startThrowawayPostgres = a;\n",
  });
  assert.deepEqual(check(root).errors, [
    'Import circle: scripts/cluster.mjs -> scripts/postgres.mjs',
  ]);
});

test('in the folders of scripts/ (libraries beside their command line), a circle or an import of the command line fails', (t) => {
  const root = tree(t, {
    'scripts/cluster.mjs':
      "import { startCluster } from './cluster/cluster.mjs';\nawait startCluster();\n",
    'scripts/cluster/cluster.mjs':
      "import { startHaproxy } from './haproxy.mjs';\nexport const startCluster = startHaproxy;\n",
    'scripts/cluster/haproxy.mjs':
      "import { startCluster } from './cluster.mjs';\nexport const startHaproxy = () => startCluster;\n",
    'scripts/bench/load.mjs': "import '../bench.mjs';\nexport const load = 1;\n",
    'scripts/bench.mjs': "import { load } from './bench/load.mjs';\nconsole.log(load);\n",
  });
  assert.deepEqual(check(root).errors.sort(), [
    'Import circle: scripts/bench.mjs -> scripts/bench/load.mjs',
    'Import circle: scripts/cluster/cluster.mjs -> scripts/cluster/haproxy.mjs',
    'scripts/bench/load.mjs imports scripts/bench.mjs: scripts/bench.mjs is a command line (it exports nothing and runs when loaded); move what both need into a library.',
  ]);
});

test('a shared folder importing a feature or a page fails, and a feature another, in an app and in a package', (t) => {
  const root = tree(t, {
    'mfe-user/src/lib/queryKeys.ts':
      "import { seatsKey } from '../features/seat-layout/api/getSeats';\n",
    'mfe-user/src/components/Card.tsx':
      "import { Dashboard } from '../pages/dashboard/Dashboard';\n",
    'mfe-user/src/features/seat-layout/api/getSeats.ts': "import { k } from '../../../lib/keys';\n",
    'mfe-user/src/lib/keys.ts': 'export const k = 1;\n',
    'mfe-user/src/pages/dashboard/Dashboard.tsx': 'export const Dashboard = 1;\n',
    'packages/ui/src/components/Table.tsx': "import { f } from '../features/lists/f';\n",
    'packages/ui/src/features/lists/f.ts': "import { g } from '../forms/g';\nexport const f = 1;\n",
    'packages/ui/src/features/forms/g.ts': 'export const g = 1;\n',
  });
  const { errors } = check(root);
  assert.equal(errors.length, 4, errors.join('\n'));
  assert.match(
    String(errors[0]),
    /^mfe-user\/src\/components\/Card\.tsx imports .*: a shared folder \(lib\/, components\/\) must not import a page/,
  );
  assert.match(
    String(errors[1]),
    /^mfe-user\/src\/lib\/queryKeys\.ts imports .*getSeats\.ts: a shared folder .* must not import a feature/,
  );
  assert.match(
    String(errors[2]),
    /^packages\/ui\/src\/components\/Table\.tsx imports .*: a shared folder .* must not import a feature/,
  );
  assert.match(
    String(errors[3]),
    /^packages\/ui\/src\/features\/lists\/f\.ts -> .*: the lists feature must not import the forms feature/,
  );
});

test('a package importing an app, or another package by path, fails', (t) => {
  const root = tree(t, {
    'packages/ui/src/a.ts': "import { x } from '../../../mfe-user/src/lib/x';\n",
    'packages/ui/src/b.ts': "import { y } from '../../auth/src/y';\n",
    'mfe-user/src/lib/x.ts': 'export const x = 1;\n',
    'packages/auth/src/y.ts': 'export const y = 1;\n',
  });
  const { errors } = check(root);
  assert.equal(errors.length, 2, errors.join('\n'));
  assert.match(
    String(errors[0]),
    /^packages\/ui\/src\/a\.ts imports mfe-user\/src\/lib\/x\.ts: a package never imports mfe-user\//,
  );
  assert.match(
    String(errors[1]),
    /^packages\/ui\/src\/b\.ts imports packages\/auth\/src\/y\.ts by path/,
  );
});

test('a script importing a command line fails; an npm-run file that exports guards its command', (t) => {
  const root = tree(t, {
    'package.json': JSON.stringify({
      scripts: {
        start: 'node scripts/start.mjs',
        build: 'node scripts/build.mjs',
        cluster: 'node scripts/cluster.mjs',
      },
    }),
    'scripts/start.mjs': "import { build } from './build.mjs';\nawait build();\n",
    'scripts/bench.mjs': "import './start.mjs';\n",
    'scripts/build.mjs':
      "import { fileURLToPath } from 'node:url';\nexport async function build() {}\nif (process.argv[1] === fileURLToPath(import.meta.url)) await build();\n",
    'scripts/cluster.mjs': 'export const up = 1;\nawait main();\n',
  });
  assert.deepEqual(check(root).errors, [
    'scripts/bench.mjs imports scripts/start.mjs: scripts/start.mjs is a command line (it exports nothing and runs when loaded); move what both need into a library.',
    'scripts/cluster.mjs is run by npm and exports: guard its command with process.argv[1] === fileURLToPath(import.meta.url), or move the exports into a library.',
  ]);
});

test('a test imported by another file fails, in e2e/ as anywhere', (t) => {
  const root = tree(t, {
    'e2e/support/fixtures.ts': "import { login } from '../tests/accounts.spec';\n",
    'e2e/tests/accounts.spec.ts': 'export const login = 1;\n',
  });
  assert.deepEqual(check(root).errors, [
    'e2e/support/fixtures.ts imports e2e/tests/accounts.spec.ts: a test is never imported (move what both need out).',
  ]);
});

test('imports are read from statements, not from examples in comments', () => {
  const source = [
    '// import { a } from "./commented";',
    ' *   import { b } from "./doc";',
    'import {',
    '  c,',
    '  type D,',
    "} from './multi.ts';",
    "export { e } from './reexport.ts';",
    "import './side-effect.css';",
    "const f = await import('./lazy.ts');",
  ].join('\n');
  assert.deepEqual(importsOf(source), [
    './multi.ts',
    './reexport.ts',
    './side-effect.css',
    './lazy.ts',
  ]);
});
