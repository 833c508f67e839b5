// The import boundaries of the code, checked from its import statements (part of `npm test`'s
// lint suite; docs/decisions/0012-boundaries-checked-by-a-script.md says why). Every folder that
// holds code is read (api/, the apps, packages/, scripts/, e2e/, config files; not dependencies,
// build output or dot-folders), and:
//   - No import circle anywhere, type-only imports included: a circle over a type is still a
//     circle. A workspace package imported by name (`@cinema/auth`) counts as the file its
//     package.json exports.
//   - API (api/src): a resource never imports another resource (routes/<a>/** -> routes/<b>/**);
//     the floors below the routes (http/, db/, auth/, mail/, users/, booking/, ...) never import
//     a route.
//   - Apps (shell, mfe-*) and packages: a feature never imports another feature
//     (src/features/<a>/** -> src/features/<b>/**); shared folders (src/lib/, src/components/)
//     never import a feature or a page, which are built on them.
//   - Apps: no app imports another app's source or the API's.
//   - Packages (packages/<name>/src): never import an app, the API, scripts/ or e2e/, nor another
//     package's files by path (its name and its exports are its one door).
//   - Scripts: nothing imports a command line (a scripts/ file that exports nothing runs when it
//     is loaded); a file that `npm run` starts and that exports guards its command with
//     `process.argv[1] === fileURLToPath(import.meta.url)`, so importing it runs nothing.
//   - Tests (*.test.*, *.spec.*) are never imported.
//
//   node scripts/check-boundaries.mjs        prints the violations, exits 1 if there are any
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

export const APPS = ['shell', 'mfe-auth', 'mfe-user', 'mfe-owner', 'mfe-admin'];

// API files allowed to import routes: the app that mounts them, the process, the demo data and
// the test helpers (tests themselves may compose anything below the routes they test).
const API_ABOVE_ROUTES = /^(app\.ts|main\.ts|demo\/|testing\/)|\.test\.ts$/;

const SOURCE = /\.(ts|tsx|mts|cts|js|mjs|cjs|jsx)$/;
const TEST = /\.(test|spec)\.[cm]?[jt]sx?$/;
const EXTENSIONS = ['', '.ts', '.tsx', '.js', '.mjs', '/index.ts', '/index.tsx', '/index.js'];

/** Folders that hold no source of ours anywhere: dependencies, build and test output. */
const SKIPPED = new Set(['node_modules', 'dist', 'coverage', 'test-results', 'playwright-report']);
/** Output folders at the root only (e2e/screenshots/ holds code, /screenshots/ its pictures). */
const SKIPPED_AT_ROOT = new Set(['releases', 'screenshots']);

/** Every source file under dir (absolute paths), skipping SKIPPED and dot-folders (.git, .ci). */
export function sourceFiles(dir, atRoot = true) {
  if (!existsSync(dir)) return [];
  const out = [];
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) {
      const skipped =
        entry.name.startsWith('.') ||
        SKIPPED.has(entry.name) ||
        (atRoot && SKIPPED_AT_ROOT.has(entry.name));
      if (!skipped) out.push(...sourceFiles(full, false));
    } else if (SOURCE.test(entry.name) && !/\.d\.[cm]?ts$/.test(entry.name)) {
      out.push(full);
    }
  }
  return out;
}

/**
 * The module specifiers a source imports or re-exports, static (`import ... from`, `import '…'`,
 * `export ... from`, each starting a line so that examples in comments do not count) and
 * dynamic (`import('…')`).
 */
export function importsOf(source) {
  const specs = [];
  const statement = /^[ \t]*(?:import|export)\b(?:[^'";]*?\bfrom\s*)?\s*['"]([^'"\n]+)['"]/gm;
  for (const m of source.matchAll(statement)) specs.push(m[1]);
  for (const m of source.matchAll(/\bimport\(\s*['"]([^'"\n]+)['"]\s*\)/g)) specs.push(m[1]);
  return specs;
}

/** The file a path names (trying the extensions bundlers and Deno try), or null. */
function resolvePath(base) {
  for (const ext of EXTENSIONS) {
    const candidate = base + ext;
    if (existsSync(candidate) && statSync(candidate).isFile()) return candidate;
  }
  // `./x.js` written for a `./x.ts` source (TypeScript's convention).
  const ts = base.replace(/\.js$/, '.ts');
  return ts !== base && existsSync(ts) ? ts : null;
}

/** The file a relative specifier names, or null (a bare specifier is not a path). */
export function resolveImport(fromFile, spec) {
  if (!spec.startsWith('.')) return null;
  return resolvePath(path.resolve(path.dirname(fromFile), spec));
}

/**
 * The workspace packages under root/packages: name -> (subpath -> file), from each
 * package.json's `exports` (its `default`, `import` or `types` condition) or `main`.
 */
export function workspacePackages(root) {
  const packages = new Map();
  const dir = path.join(root, 'packages');
  if (!existsSync(dir)) return packages;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const manifestPath = path.join(dir, entry.name, 'package.json');
    if (!entry.isDirectory() || !existsSync(manifestPath)) continue;
    const manifest = JSON.parse(readFileSync(manifestPath, 'utf8'));
    const exportsMap =
      typeof manifest.exports === 'object' && manifest.exports !== null
        ? manifest.exports
        : { '.': manifest.exports ?? manifest.main ?? 'index.js' };
    const files = new Map();
    for (const [subpath, target] of Object.entries(exportsMap)) {
      const file =
        typeof target === 'string' ? target : (target?.default ?? target?.import ?? target?.types);
      if (typeof file !== 'string' || !SOURCE.test(file)) continue;
      const resolved = resolvePath(path.join(dir, entry.name, file));
      if (resolved) files.set(subpath, resolved);
    }
    if (manifest.name) packages.set(manifest.name, files);
  }
  return packages;
}

/**
 * The import graph of files: file -> the files it imports, by path or by a workspace package's
 * name; and `byPath`, file -> the files it imports by a relative path.
 */
export function importGraph(files, packages) {
  const graph = new Map();
  const byPath = new Map();
  const byName = (spec) => {
    const name = spec.startsWith('@') ? spec.split('/').slice(0, 2).join('/') : spec.split('/')[0];
    return packages.get(name)?.get(`.${spec.slice(name.length)}`) ?? null;
  };
  for (const file of files) {
    const specs = importsOf(readFileSync(file, 'utf8'));
    const relative = specs.map((spec) => resolveImport(file, spec)).filter((t) => t !== null);
    const named = specs.filter((spec) => !spec.startsWith('.')).map(byName);
    graph.set(file, [...new Set([...relative, ...named.filter((t) => t !== null)])]);
    byPath.set(file, new Set(relative));
  }
  return { graph, byPath };
}

/** The import circles of a graph: its strongly connected components of more than one file. */
export function circles(graph) {
  let index = 0;
  const stack = [];
  const onStack = new Set();
  const indices = new Map();
  const low = new Map();
  const found = [];
  const visit = (node) => {
    indices.set(node, index);
    low.set(node, index);
    index++;
    stack.push(node);
    onStack.add(node);
    for (const next of graph.get(node) ?? []) {
      if (!graph.has(next)) continue;
      if (!indices.has(next)) {
        visit(next);
        low.set(node, Math.min(low.get(node), low.get(next)));
      } else if (onStack.has(next)) {
        low.set(node, Math.min(low.get(node), indices.get(next)));
      }
    }
    if (low.get(node) === indices.get(node)) {
      const component = [];
      let member;
      do {
        member = stack.pop();
        onStack.delete(member);
        component.push(member);
      } while (member !== node);
      const selfImport = (graph.get(node) ?? []).includes(node);
      if (component.length > 1 || selfImport) found.push(component.sort());
    }
  };
  for (const node of [...graph.keys()].sort()) if (!indices.has(node)) visit(node);
  return found;
}

/** The files `npm run` starts: `node scripts/x.mjs` in the root package.json's scripts. */
function npmRunFiles(root) {
  const manifestPath = path.join(root, 'package.json');
  if (!existsSync(manifestPath)) return new Set();
  const { scripts = {} } = JSON.parse(readFileSync(manifestPath, 'utf8'));
  const files = new Set();
  for (const command of Object.values(scripts)) {
    for (const m of String(command).matchAll(/\bnode\s+(scripts\/\S+\.m?js)\b/g)) {
      files.add(path.join(root, String(m[1])));
    }
  }
  return files;
}

const EXPORTS = /^[ \t]*export\b/m;
/** `if (process.argv[1] === fileURLToPath(import.meta.url))`, `path.resolve(process.argv[1])`... */
const MAIN_GUARD =
  /process\.argv\[1\][^\n]*===\s*fileURLToPath\(import\.meta\.url\)|import\.meta\.main/;

/** The feature a path inside a src folder belongs to ('features/<name>/...'), or null. */
const featureOf = (inSrc) => /^features\/([^/]+)\//.exec(inSrc)?.[1] ?? null;
/** Where a file sits in its src folder: 'shared' (lib/, components/), 'feature', 'page'. */
const floorOf = (inSrc) =>
  /^(lib|components)\//.test(inSrc)
    ? 'shared'
    : /^features\//.test(inSrc)
      ? 'feature'
      : /^pages\//.test(inSrc)
        ? 'page'
        : null;

/** Checks the tree under `root`. Returns `{errors}`: the violations. */
export function checkBoundaries({ root = ROOT, apps = APPS } = {}) {
  const errors = [];
  const rel = (file) => path.relative(root, file).split(path.sep).join('/');
  const { graph, byPath } = importGraph(sourceFiles(root), workspacePackages(root));

  // The source folder a file belongs to ('mfe-user/src', 'packages/auth/src'), if any.
  const srcOf = (relPath) =>
    new RegExp(`^((?:${apps.join('|')})/src|packages/[^/]+/src)/`).exec(relPath)?.[1] ?? null;

  for (const [file, targets] of graph) {
    const from = rel(file);
    const fromSrc = srcOf(from);
    const fromApp = apps.find((app) => from.startsWith(`${app}/`)) ?? null;
    const fromPackage = /^packages\/([^/]+)\//.exec(from)?.[1] ?? null;
    for (const target of targets) {
      const to = rel(target);
      if (TEST.test(to)) {
        errors.push(`${from} imports ${to}: a test is never imported (move what both need out).`);
        continue;
      }

      // ---- API ----
      if (from.startsWith('api/src/') && to.startsWith('api/src/')) {
        const fromIn = from.slice('api/src/'.length);
        const toIn = to.slice('api/src/'.length);
        const fromResource = /^routes\/([^/]+)\//.exec(fromIn)?.[1];
        const toResource = /^routes\/([^/]+)\//.exec(toIn)?.[1];
        if (toResource && fromResource && fromResource !== toResource) {
          errors.push(
            `${from} imports ${to}: the ${fromResource} resource must not import the ${toResource} resource (move what both need below routes/).`,
          );
        } else if (toResource && !fromResource && !API_ABOVE_ROUTES.test(fromIn)) {
          errors.push(`${from} imports ${to}: code below routes/ must not import a resource.`);
        }
      }

      // ---- apps ----
      if (fromApp && from.startsWith(`${fromApp}/src/`)) {
        const otherApp = [...apps, 'api'].find(
          (name) => name !== fromApp && to.startsWith(`${name}/`),
        );
        if (otherApp) {
          errors.push(`${from} imports ${to}: an app never imports ${otherApp}.`);
          continue;
        }
      }

      // ---- packages ----
      if (fromPackage && from.startsWith(`packages/${fromPackage}/src/`)) {
        const outside = [...apps, 'api', 'scripts', 'e2e'].find((name) =>
          to.startsWith(`${name}/`),
        );
        if (outside) {
          errors.push(`${from} imports ${to}: a package never imports ${outside}/.`);
          continue;
        }
        const toPackage = /^packages\/([^/]+)\//.exec(to)?.[1] ?? null;
        if (toPackage && toPackage !== fromPackage && byPath.get(file)?.has(target)) {
          errors.push(
            `${from} imports ${to} by path: import the ${toPackage} package by its name, through its exports.`,
          );
          continue;
        }
      }

      // ---- features and shared folders, in an app's or a package's src ----
      if (fromSrc && to.startsWith(`${fromSrc}/`)) {
        const fromIn = from.slice(fromSrc.length + 1);
        const toIn = to.slice(fromSrc.length + 1);
        const fromFeature = featureOf(fromIn);
        const toFeature = featureOf(toIn);
        if (fromFeature && toFeature && fromFeature !== toFeature) {
          errors.push(
            `${from} -> ${to}: the ${fromFeature} feature must not import the ${toFeature} feature (compose them in a page above src/features/, share query keys through the app's one keys module).`,
          );
          continue;
        }
        const fromFloor = floorOf(fromIn);
        const toFloor = floorOf(toIn);
        if (fromFloor === 'shared' && (toFloor === 'feature' || toFloor === 'page')) {
          errors.push(
            `${from} imports ${to}: a shared folder (lib/, components/) must not import a ${toFloor} (move what both need into the shared folder).`,
          );
        }
      }
    }
  }

  // ---- scripts: command lines ----
  const runByNpm = npmRunFiles(root);
  for (const [file, targets] of graph) {
    for (const target of targets) {
      const to = rel(target);
      if (!to.startsWith('scripts/') || TEST.test(to)) continue;
      if (!EXPORTS.test(readFileSync(target, 'utf8'))) {
        errors.push(
          `${rel(file)} imports ${to}: ${to} is a command line (it exports nothing and runs when loaded); move what both need into a library.`,
        );
      }
    }
  }
  for (const file of runByNpm) {
    if (!existsSync(file)) continue;
    const source = readFileSync(file, 'utf8');
    if (EXPORTS.test(source) && !MAIN_GUARD.test(source)) {
      errors.push(
        `${rel(file)} is run by npm and exports: guard its command with process.argv[1] === fileURLToPath(import.meta.url), or move the exports into a library.`,
      );
    }
  }

  // ---- circles, across the whole tree ----
  for (const circle of circles(graph)) {
    errors.push(`Import circle: ${circle.map(rel).join(' -> ')}`);
  }
  return { errors };
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const { errors } = checkBoundaries();
  for (const error of errors) console.error(`✖ ${error}`);
  console.log(
    errors.length === 0
      ? 'Import boundaries hold.'
      : `${errors.length} import boundary violation(s).`,
  );
  process.exit(errors.length === 0 ? 0 : 1);
}
