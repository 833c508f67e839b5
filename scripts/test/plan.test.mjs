// `npm test -- --changed`: what realistic changes choose, on this repository's own graph.
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { test } from 'node:test';
import { ROOT } from '../apps.mjs';
import { dependencyGraph } from './graph.mjs';
import { AREAS, planFor, SUITE_NAMES, specAreas, suiteFiles } from './plan.mjs';

const graph = dependencyGraph(ROOT);
const plan = (/** @type {string[]} */ changed) => planFor(changed, { root: ROOT, graph });
const chosen = (/** @type {ReturnType<typeof plan>} */ p) => SUITE_NAMES.filter((name) => p[name]);
const areasOf = (/** @type {string} */ spec) =>
  specAreas(readFileSync(path.join(ROOT, spec), 'utf8'));
const specs = suiteFiles(graph.files).e2e;

test('a change inside one remote: its lint, its types, its unit tests, its specs and the shell smoke specs', () => {
  const p = plan(['mfe-owner/src/features/shows/ShowsPage.tsx']);
  assert.deepEqual(chosen(p), ['lint', 'types', 'unit', 'e2e']);
  assert.deepEqual(p.lint?.files, ['mfe-owner/src/features/shows/ShowsPage.tsx']);
  assert.deepEqual(p.types?.projects, ['mfe-owner']);
  assert.ok((p.unit?.files ?? []).length > 0);
  assert.ok(
    p.unit?.files?.every((f) => f.startsWith('mfe-owner/src/')),
    String(p.unit?.files),
  );
  const picked = p.e2e?.files ?? [];
  assert.deepEqual(
    picked,
    specs.filter((s) => areasOf(s).some((a) => a === 'owner' || a === 'shell')),
  );
  // A spec of the customers' or the sign-in area alone is not run for the owners' area.
  const elsewhere = specs.filter((s) => !areasOf(s).some((a) => a === 'owner' || a === 'shell'));
  assert.ok(elsewhere.length > 0);
  for (const spec of elsewhere) assert.ok(!picked.includes(spec), spec);
  assert.match(p.e2e?.reason ?? '', /areas owner/);
});

test('a unit test of a remote changed alone: that test file, no browser spec', () => {
  const p = plan(['mfe-user/src/features/theaters/TheatersPage.test.tsx']);
  assert.deepEqual(p.unit?.files, ['mfe-user/src/features/theaters/TheatersPage.test.tsx']);
  assert.equal(p.e2e, null);
  assert.equal(p.api, null);
});

test('docs only: lint, nothing else', () => {
  const p = plan(['docs/releases.md', 'README.md']);
  assert.deepEqual(chosen(p), ['lint']);
  assert.deepEqual(p.lint?.files, []);
  assert.match(p.lint?.reason ?? '', /^docs only/);
});

test('an API route: the API tests, the contract and every app it reaches, every browser spec', () => {
  const p = plan(['api/src/routes/shows/get-shows.ts']);
  for (const project of [
    'api',
    'openapi',
    'shell',
    'mfe-user',
    'mfe-admin',
    'packages/api-client',
  ]) {
    assert.ok(p.types?.projects?.includes(project), project);
  }
  assert.ok((p.api?.files ?? []).includes('api/src/routes/shows/get-shows.test.ts'));
  assert.ok((p.unit?.files ?? []).some((f) => f.startsWith('mfe-user/')));
  // The release CLI's tests start a real API (scripts/release/cli-harness.mjs).
  assert.ok((p.release?.files ?? []).some((f) => /cli-/.test(f)));
  assert.ok(p.e2e && !p.e2e.files, 'the whole browser suite');
});

test('a migration, which nothing imports, is a change to the whole API', () => {
  const p = plan(['api/src/db/migrations/0099_example.sql']);
  assert.deepEqual(p.api?.files, suiteFiles(graph.files).api);
});

test('a shared package reaches every app that imports it, not the API', () => {
  const p = plan(['packages/ui/src/index.ts']);
  assert.equal(p.api, null);
  assert.ok(p.types?.projects?.includes('packages/ui'));
  assert.ok(!p.types?.projects?.includes('api'));
  const apps = new Set((p.unit?.files ?? []).map((f) => f.split('/')[0]));
  for (const app of ['shell', 'mfe-user', 'mfe-owner', 'mfe-admin']) assert.ok(apps.has(app), app);
  // The shell imports it, and every page boots the shell: every spec.
  assert.ok(p.e2e && !p.e2e.files);
});

test('a script: its own suite and what starts it; the apps are not touched', () => {
  const p = plan(['scripts/release/semver.mjs']);
  assert.ok(p.release?.files?.includes('scripts/release/semver.test.mjs'));
  assert.equal(p.unit, null);
  assert.equal(p.api, null);
  assert.deepEqual(
    p.types?.projects?.filter((x) => !['scripts', 'e2e'].includes(x)),
    [],
  );
});

test('alert rules (data a script reads): the alerts suite', () => {
  const p = plan(['ops/prometheus/alerts.yml']);
  assert.ok(p.alerts);
  assert.equal(p.unit, null);
  assert.equal(p.e2e, null);
});

test('the lockfile or the root compiler settings: every suite, whole', () => {
  for (const file of ['package-lock.json', 'tsconfig.json']) {
    const p = plan([file]);
    assert.deepEqual(chosen(p), [...SUITE_NAMES]);
    for (const name of SUITE_NAMES) assert.equal(p[name]?.files, undefined, `${file} ${name}`);
  }
});

test('a remote and the Playwright set-up: every spec', () => {
  const p = plan(['mfe-user/src/App.tsx', 'e2e/support/ports.ts']);
  assert.ok(p.e2e && !p.e2e.files);
});

test('nothing changed: nothing runs', () => {
  assert.deepEqual(chosen(plan([])), []);
});

test('every test file of the tree is in exactly one suite', () => {
  const suites = suiteFiles(graph.files);
  const seen = new Map();
  for (const [suite, files] of Object.entries(suites)) {
    for (const file of files) {
      assert.ok(!seen.has(file), `${file} in ${seen.get(file)} and ${suite}`);
      seen.set(file, suite);
    }
  }
  const tests = graph.files.filter(
    (f) =>
      /\.(test|spec)\.[cm]?[jt]sx?$/.test(f) &&
      !f.startsWith('e2e/screenshots/') &&
      !/^api\/bench\//.test(f),
  );
  for (const file of tests) assert.ok(seen.has(file), `${file} is in no suite`);
  assert.ok(Object.keys(AREAS).length === 5);
});

test('a browser-test helper: the specs that import it, and no other suite but lint and types', () => {
  const p = plan(['e2e/support/releases.ts']);
  const importers = specs.filter((s) =>
    /from '\.\.\/support\/releases'/.test(readFileSync(path.join(ROOT, s), 'utf8')),
  );
  assert.ok(importers.length > 0);
  assert.deepEqual(p.e2e?.files, importers);
  assert.deepEqual(chosen(p), ['lint', 'types', 'e2e']);
  // (and scripts/: this very test names the helper in a string, which the graph reads as a use)
  assert.deepEqual(
    p.types?.projects?.filter((x) => x !== 'scripts'),
    ['e2e'],
  );
});
