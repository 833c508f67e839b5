// Every browser test says which areas of the product it exercises (a Playwright tag per area:
// @shell @auth @user @owner @admin), so `npm test -- --changed` can choose the specs a change
// reaches (docs/decisions/0039-tests-chosen-from-the-import-graph.md). Read as Playwright itself
// reads them (`playwright test --list`), and as the graph reads them from the spec's text.
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { test } from 'node:test';
import { BIN, ROOT } from '../apps.mjs';
import { AREAS, specAreas } from './plan.mjs';

/**
 * Each test Playwright finds: its spec file, title and tags (without '@').
 * @returns {{ file: string, title: string, tags: string[] }[]}
 */
function listedTests() {
  // The config makes a release store when none is given (e2e/support/ports.ts): one, removed.
  const releases = mkdtempSync(path.join(os.tmpdir(), 'cinema-areas-'));
  let json;
  try {
    json = execFileSync(path.join(BIN, 'playwright'), ['test', '--list', '--reporter=json'], {
      cwd: path.join(ROOT, 'e2e'),
      env: { ...process.env, E2E_RELEASES_DIR: releases },
      encoding: 'utf8',
      maxBuffer: 64 << 20,
    });
  } finally {
    rmSync(releases, { recursive: true, force: true });
  }
  /** @type {{ file: string, title: string, tags: string[] }[]} */
  const out = [];
  /** @param {any} suite */
  const walk = (suite) => {
    for (const spec of suite.specs ?? [])
      out.push({ file: spec.file, title: spec.title, tags: spec.tags ?? [] });
    for (const child of suite.suites ?? []) walk(child);
  };
  for (const suite of JSON.parse(json).suites) walk(suite);
  return out;
}

test('every browser test names at least one area, and only known ones', () => {
  const tests = listedTests();
  assert.ok(tests.length > 0);
  const known = Object.keys(AREAS);
  for (const { file, title, tags } of tests) {
    const areas = tags.filter((t) => known.includes(t));
    assert.ok(
      areas.length > 0,
      `${file}: "${title}" names no area: add { tag: ['@user'] } (one of ${known.map((a) => `@${a}`).join(' ')}) for the routes it visits`,
    );
  }
});

test('the areas read from a spec’s text are the ones Playwright sees', () => {
  /** @type {Map<string, Set<string>>} */
  const byFile = new Map();
  for (const { file, tags } of listedTests()) {
    if (!byFile.has(file)) byFile.set(file, new Set());
    for (const tag of tags) byFile.get(file)?.add(tag);
  }
  for (const [file, tags] of byFile) {
    const text = readFileSync(path.join(ROOT, 'e2e', 'tests', file), 'utf8');
    assert.deepEqual(specAreas(text), [...tags].sort(), file);
  }
});

test('a spec without a tag is seen as naming no area', () => {
  assert.deepEqual(specAreas("test('a title', async ({ page }) => {});"), []);
  assert.deepEqual(specAreas("test('t', { tag: ['@user', '@shell'] }, async () => {});"), [
    'shell',
    'user',
  ]);
  assert.deepEqual(specAreas("test('t', { tag: '@admin' }, async () => {});"), ['admin']);
});
