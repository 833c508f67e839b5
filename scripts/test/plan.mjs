// `npm test -- --changed <ref>`: which suites, and within them which test files, projects and
// browser specs a change can affect, read from the dependency graph (./graph.mjs), never from
// guesses about names (docs/decisions/0039-tests-chosen-from-the-import-graph.md).
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { affectedFiles, dependencyGraph, TEST, workspaces } from './graph.mjs';

/** The suites of `npm test`, in the order that fails fastest. */
export const SUITE_NAMES = /** @type {const} */ ([
  'lint',
  'types',
  'unit',
  'api',
  'release',
  'serving',
  'alerts',
  'cluster',
  'bench',
  'faults',
  'e2e',
]);

/** The TypeScript projects `tsc -p` checks (the API is checked by deno check). */
export const TS_PROJECTS = [
  'shell',
  'mfe-auth',
  'mfe-user',
  'mfe-owner',
  'mfe-admin',
  'packages/auth',
  'packages/api-client',
  'packages/contract',
  'packages/ui',
  'packages/federation',
  'packages/test-utils',
  'e2e',
  // The scripts themselves: plain JavaScript, checked from their JSDoc (scripts/tsconfig.json).
  'scripts',
];

/** The areas of the product a browser spec can exercise: the shell and each remote. */
export const AREAS = {
  shell: 'shell',
  auth: 'mfe-auth',
  user: 'mfe-user',
  owner: 'mfe-owner',
  admin: 'mfe-admin',
};

/** Files read as data by a script, not imported: a change to them is a change to that script. */
const DATA_READERS = {
  'ops/prometheus/': ['scripts/alerts.mjs', 'scripts/cluster/prometheus.mjs'],
};

/** Whole-repository files: the dependencies and the compiler settings of every workspace. */
const EVERYTHING =
  /^(package\.json|package-lock\.json|tsconfig\.json|deno\.json|deno\.lock|patches\/.*)$/;

/** Node test files of each scripts/ suite (`serving` listed by name: it is not a folder). */
const NODE_SUITES = {
  release: (/** @type {string} */ f) => /^scripts\/release\/[^/]+\.test\.mjs$/.test(f),
  serving: (/** @type {string} */ f) =>
    /^scripts\/(serve|security-headers|api-proxy|web-budgets|apps|dev)\.test\.mjs$/.test(f),
  alerts: (/** @type {string} */ f) => f === 'scripts/alerts.test.mjs',
  cluster: (/** @type {string} */ f) => /^scripts\/cluster\/[^/]+\.test\.mjs$/.test(f),
  bench: (/** @type {string} */ f) => /^scripts\/bench\/[^/]+\.test\.mjs$/.test(f),
  faults: (/** @type {string} */ f) => /^scripts\/faults\/[^/]+\.test\.mjs$/.test(f),
};

/** The node tests of the lint suite: the checks' own proofs and the test runner's. */
const LINT_TESTS = (/** @type {string} */ f) =>
  /^scripts\/(check-boundaries|check-file-sizes)\.test\.mjs$/.test(f) ||
  /^scripts\/test\/[^/]+\.test\.mjs$/.test(f);

/**
 * The test files of every suite, from the files of the tree.
 * @param {string[]} files repository paths
 * @returns {Record<'lint' | 'unit' | 'api' | 'release' | 'serving' | 'alerts' | 'cluster' | 'bench' | 'faults' | 'e2e', string[]>}
 */
export function suiteFiles(files) {
  const apps = [...Object.values(AREAS), 'packages/'];
  return /** @type {any} */ ({
    lint: files.filter(LINT_TESTS),
    unit: files.filter(
      (f) => TEST.test(f) && apps.some((a) => f.startsWith(a.endsWith('/') ? a : `${a}/`)),
    ),
    api: files.filter((f) => f.startsWith('api/src/') && /\.test\.ts$/.test(f)),
    ...Object.fromEntries(
      Object.entries(NODE_SUITES).map(([name, is]) => [name, files.filter(is)]),
    ),
    e2e: files.filter((f) => /^e2e\/tests\/[^/]+\.spec\.ts$/.test(f)),
  });
}

/**
 * The areas a browser spec declares in its Playwright tags (`{ tag: ['@user', '@shell'] }`).
 * @param {string} source
 */
export function specAreas(source) {
  const areas = new Set();
  for (const m of source.matchAll(/\btag:\s*(\[[^\]]*\]|'[^']*'|"[^"]*")/g)) {
    for (const t of String(m[1]).matchAll(/@([\w-]+)/g)) areas.add(t[1]);
  }
  return [...areas].sort();
}

/**
 * The files changed since `ref`: committed since the merge base, staged, unstaged and untracked
 * (a renamed file as its old path and its new one).
 * @param {string} ref
 * @param {string} root
 */
export function changedFiles(ref, root) {
  const git = (/** @type {string[]} */ args) =>
    execFileSync('git', args, { cwd: root, encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] })
      .split('\n')
      .filter(Boolean);
  return [
    ...new Set([
      ...git(['diff', '--name-only', '--no-renames', `${ref}...HEAD`]),
      ...git(['diff', '--name-only', '--no-renames', 'HEAD']),
      ...git(['ls-files', '--others', '--exclude-standard']),
    ]),
  ].sort();
}

/**
 * @typedef {{ files?: string[], projects?: string[], tests?: string[], reason: string }} Selection
 *   `files`: the test files (or specs, or paths to lint) to run; `projects`: the type checks;
 *   `tests`: the lint suite's own node tests; absent: the whole suite.
 */

/**
 * What to run for `changed`: suite -> Selection, or null when the change cannot affect it.
 * @param {string[]} changed repository paths
 * @param {{ root: string, graph?: ReturnType<typeof dependencyGraph> }} options
 * @returns {Record<string, Selection | null>}
 */
export function planFor(changed, { root, graph = dependencyGraph(root) }) {
  const folders = workspaces(root);
  const docs = changed.filter((f) => /\.md$/.test(f) || f.startsWith('docs/'));
  const code = changed.filter((f) => !docs.includes(f));
  const everything = code.filter((f) => EVERYTHING.test(f));
  /** @type {Record<string, Selection | null>} */
  const plan = Object.fromEntries(SUITE_NAMES.map((name) => [name, null]));
  if (changed.length === 0) return plan;
  const lintPaths = changed.filter((f) => !/\.md$/.test(f));
  /** @type {Selection} */
  const lint = {
    ...(everything.length > 0 ? {} : { files: lintPaths }),
    reason:
      code.length === 0
        ? `docs only (${short(docs)})`
        : `every change is linted (${short(changed)})`,
  };
  plan.lint = lint;
  if (everything.length > 0) {
    for (const name of SUITE_NAMES)
      plan[name] = { reason: `${short(everything)} changed: every suite` };
    return plan;
  }

  const seeds = [...code];
  for (const [dir, readers] of Object.entries(DATA_READERS)) {
    if (code.some((f) => f.startsWith(dir))) seeds.push(...readers);
  }
  const affected = affectedFiles(seeds, graph, folders);
  /** Why a file is affected: the changed files it reaches (named briefly). */
  const because = (/** @type {string[]} */ hit) => `${short(hit)} ← ${short(code)}`;
  const tests = suiteFiles(graph.files);

  // Lint: its own node tests only if they or what they check changed.
  const lintTests = tests.lint.filter((f) => affected.has(f));
  lint.tests = lintTests;
  if (lintTests.length > 0) lint.reason += `; its tests ${because(lintTests)}`;

  // Types: each project with an affected file; the API's deno check, its OpenAPI document.
  const under = (/** @type {string} */ folder) =>
    [...affected].filter((f) => f.startsWith(`${folder}/`));
  const projects = TS_PROJECTS.filter((p) => under(p).length > 0);
  const apiHit = under('api').filter((f) => !/\.md$/.test(f));
  const openapi =
    apiHit.length > 0 || affected.has('scripts/openapi.mjs') || affected.has('api/redocly.yaml');
  const typeProjects = [
    ...projects,
    ...(apiHit.length > 0 ? ['api'] : []),
    ...(openapi ? ['openapi'] : []),
  ];
  if (typeProjects.length > 0) {
    plan.types = {
      projects: typeProjects,
      reason: `${typeProjects.join(', ')}: their files reach ${short(code)}`,
    };
  }

  for (const name of ['unit', 'api', ...Object.keys(NODE_SUITES)]) {
    const hit = /** @type {string[]} */ (tests[/** @type {keyof typeof tests} */ (name)]).filter(
      (f) => affected.has(f),
    );
    const dataChanged =
      name === 'alerts' &&
      code.some((f) => f.startsWith('ops/prometheus/') || f === 'scripts/alerts.mjs');
    if (hit.length > 0 || dataChanged) {
      plan[name] = {
        files: hit,
        reason: `${hit.length} test file(s): ${because(hit.length > 0 ? hit : ['ops/prometheus/'])}`,
      };
    }
  }

  plan.e2e = browserSpecs({ root, affected, specs: tests.e2e, because });
  return plan;
}

/**
 * The browser specs a change reaches: all of them when the shell (which every page boots) or
 * the Playwright set-up changed; else each spec whose own imports reach the change, each spec
 * tagged with an affected area, and the shell's smoke specs (tagged @shell) with any area.
 * @param {{ root: string, affected: Set<string>, specs: string[], because: (hit: string[]) => string }} options
 * @returns {Selection | null}
 */
function browserSpecs({ root, affected, specs, because }) {
  const built = (/** @type {string} */ app) =>
    [...affected].filter(
      (f) => f.startsWith(`${app}/`) && !TEST.test(f) && !f.startsWith(`${app}/src/test/`),
    );
  const areas = Object.entries(AREAS)
    .filter(([, app]) => built(app).length > 0)
    .map(([area]) => area);
  const setup = ['e2e/playwright.config.ts'].filter((f) => affected.has(f));
  if (areas.includes('shell') || setup.length > 0) {
    return { reason: `every spec: ${because(areas.includes('shell') ? built('shell') : setup)}` };
  }
  /** @type {string[]} */
  const chosen = [];
  const why = [];
  for (const spec of specs) {
    const tagged = specAreas(readFileSync(path.join(root, spec), 'utf8'));
    const hitAreas = tagged.filter((a) => areas.includes(a) || (a === 'shell' && areas.length > 0));
    if (affected.has(spec) || hitAreas.length > 0) {
      chosen.push(spec);
      why.push(
        `${path.basename(spec, '.spec.ts')}${hitAreas.length > 0 ? ` (@${hitAreas.join(' @')})` : ''}`,
      );
    }
  }
  if (chosen.length === 0) return null;
  return {
    files: chosen,
    reason: `${chosen.length} spec(s) ${why.join(', ')}${areas.length > 0 ? `; areas ${areas.join(', ')}` : ''}`,
  };
}

/** A few paths, then how many more. */
function short(/** @type {string[]} */ files) {
  return files.length <= 2
    ? files.join(', ')
    : `${files.slice(0, 2).join(', ')} +${files.length - 2} more`;
}
