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
    errors[0],
    /api\/src\/routes\/holds\/post-hold\.ts imports api\/src\/routes\/bookings\/sql\.ts/,
  );
  assert.match(errors[0], /the holds resource must not import the bookings resource/);
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
  assert.match(errors[0], /^api\/src\/http\/auth\.ts imports .*: code below routes\/ must not/);
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
    errors[0],
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
  assert.match(errors[0], /an app never imports api/);
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
