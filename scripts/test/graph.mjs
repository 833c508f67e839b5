// What a change reaches: the import graph of scripts/check-boundaries.mjs (the same parsing, the
// same resolution of workspace packages by name), plus the few dependencies that are not imports
// (docs/decisions/0039-tests-chosen-from-the-import-graph.md lists them):
//   - a file that names another of ours in a string (`'scripts/start.mjs'`, `'src/main.ts'` run
//     by spawnApi, `'e2e/support/fake-resend.mjs'` in the Playwright config) runs it, so it
//     depends on it;
//   - the generated API types (packages/api-client/src/generated/openapi.ts) are written from
//     the API's routes and schemas (scripts/openapi.mjs), so they depend on every API source;
//   - a file of a workspace that nothing imports and that is not source (package.json,
//     tsconfig.json, a migration, an HTML template), and any source file at a workspace's top
//     level (rsbuild.config.ts, vitest.config.ts), configures the whole workspace: a change to it
//     is a change to every file of that workspace.
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { importGraph, sourceFiles, workspacePackages } from '../check-boundaries.mjs';

/** The generated API client types, written from the API (scripts/openapi.mjs). */
export const GENERATED_CONTRACT = 'packages/api-client/src/generated/openapi.ts';

export const TEST = /\.(test|spec)\.[cm]?[jt]sx?$/;
const SOURCE = /\.(ts|tsx|mts|cts|js|mjs|cjs|jsx)$/;
/** A path of ours opening a string: `'start.mjs'`, `"src/main.ts"`, `'node scripts/start.mjs --no-build'`. */
const NAMED_FILE = /['"`](?:node\s+)?((?:[\w@.-]+\/)*[\w.-]+\.(?:mjs|ts))(?=['"`\s])/g;

/**
 * The workspace folders of the root package.json ('packages/ui', 'shell', 'api'...).
 * @param {string} root
 */
export function workspaces(root) {
  const manifest = JSON.parse(readFileSync(path.join(root, 'package.json'), 'utf8'));
  /** @type {string[]} */
  const out = [];
  for (const glob of /** @type {string[]} */ (manifest.workspaces ?? [])) {
    if (!glob.endsWith('*')) {
      if (existsSync(path.join(root, glob, 'package.json'))) out.push(glob);
      continue;
    }
    const parent = path.posix.dirname(glob);
    const prefix = path.posix.basename(glob).slice(0, -1);
    const dir = path.join(root, parent);
    if (!existsSync(dir)) continue;
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      const folder = parent === '.' ? entry.name : `${parent}/${entry.name}`;
      if (entry.isDirectory() && entry.name.startsWith(prefix)) {
        if (existsSync(path.join(root, folder, 'package.json'))) out.push(folder);
      }
    }
  }
  return out.sort();
}

/**
 * The workspace a repository path belongs to, or null.
 * @param {string[]} folders
 * @param {string} file
 */
export const workspaceOf = (folders, file) =>
  folders.find((folder) => file.startsWith(`${folder}/`)) ?? null;

/**
 * The files a string in `file` names and that exist: relative to the file, to the root, to
 * scripts/ (`path.join(ROOT, 'scripts', 'start.mjs')`) and to api/ (spawnApi's `src/main.ts`).
 * @param {string} root
 * @param {string} file absolute
 * @param {string} source
 */
function namedFiles(root, file, source) {
  /** @type {string[]} */
  const out = [];
  for (const m of source.matchAll(NAMED_FILE)) {
    const name = String(m[1]);
    for (const base of [
      path.dirname(file),
      root,
      path.join(root, 'scripts'),
      path.join(root, 'api'),
    ]) {
      const candidate = path.resolve(base, name);
      if (candidate !== file && existsSync(candidate) && statSync(candidate).isFile()) {
        out.push(candidate);
        break;
      }
    }
  }
  return out;
}

/**
 * The dependency graph of the repository: `dependsOn` (file -> the files it depends on) and
 * `dependents` (file -> the files that depend on it), every path relative to root with '/'.
 * @param {string} root
 */
export function dependencyGraph(root) {
  const rel = (/** @type {string} */ file) => path.relative(root, file).split(path.sep).join('/');
  const files = sourceFiles(root);
  const { graph } = importGraph(files, workspacePackages(root));
  /** @type {Map<string, Set<string>>} */
  const dependsOn = new Map();
  const add = (/** @type {string} */ from, /** @type {string} */ to) => {
    if (!dependsOn.has(from)) dependsOn.set(from, new Set());
    dependsOn.get(from)?.add(to);
  };
  for (const [file, targets] of graph) {
    const from = rel(file);
    dependsOn.set(from, new Set());
    for (const target of targets) add(from, rel(target));
    for (const target of namedFiles(root, file, readFileSync(file, 'utf8'))) add(from, rel(target));
  }
  const api = [...dependsOn.keys()].filter((f) => f.startsWith('api/src/') && !TEST.test(f));
  for (const file of api) add(GENERATED_CONTRACT, file);

  /** @type {Map<string, Set<string>>} */
  const dependents = new Map();
  for (const [from, targets] of dependsOn) {
    for (const to of targets) {
      if (!dependents.has(to)) dependents.set(to, new Set());
      dependents.get(to)?.add(from);
    }
  }
  return { files: [...dependsOn.keys()].sort(), dependsOn, dependents };
}

/**
 * Every file a change to `changed` can affect: the changed files, the whole workspace of a
 * changed workspace-wide file (above), and everything that depends on any of them, transitively.
 * @param {string[]} changed repository paths
 * @param {ReturnType<typeof dependencyGraph>} graph
 * @param {string[]} folders the workspaces
 */
export function affectedFiles(changed, graph, folders) {
  const start = new Set(changed);
  for (const file of changed) {
    const folder = workspaceOf(folders, file);
    if (folder && configuresWorkspace(graph, folder, file)) {
      for (const other of graph.files) if (other.startsWith(`${folder}/`)) start.add(other);
    }
  }
  const seen = new Set(start);
  const queue = [...start];
  for (let file = queue.pop(); file !== undefined; file = queue.pop()) {
    for (const next of graph.dependents.get(file) ?? []) {
      if (!seen.has(next)) {
        seen.add(next);
        queue.push(next);
      }
    }
  }
  return seen;
}

/**
 * Whether a changed file of a workspace counts for all of it: a file at its top level that no
 * one imports, or a file that is not source and that nothing imports (deleted files included).
 * @param {ReturnType<typeof dependencyGraph>} graph
 * @param {string} folder
 * @param {string} file
 */
function configuresWorkspace(graph, folder, file) {
  if (graph.dependents.has(file)) return false;
  if (/\.md$/.test(file) || TEST.test(file)) return false;
  const topLevel = !file.slice(folder.length + 1).includes('/');
  return topLevel || !SOURCE.test(file);
}
