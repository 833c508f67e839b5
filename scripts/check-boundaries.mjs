// The import boundaries of the code, checked from its import statements (part of `npm test`'s
// lint suite; docs/decisions/0012-boundaries-checked-by-a-script.md says why):
//   - API (api/src): a resource never imports another resource (routes/<a>/** -> routes/<b>/**);
//     the floors below the routes (http/, db/, auth/, mail/, users/, booking/, ...) never import
//     a route; no import circle anywhere.
//   - Apps (shell, mfe-*): a feature never imports another feature (src/features/<a>/** ->
//     src/features/<b>/**), and no app imports another app's source.
// Type-only imports count too: a circle over a type is still a circle.
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

const SOURCE = /\.(ts|tsx|mts|js|mjs|jsx)$/;
const EXTENSIONS = ['', '.ts', '.tsx', '.js', '.mjs', '/index.ts', '/index.tsx', '/index.js'];

/** Every source file under dir (absolute paths), skipping node_modules and build output. */
function sourceFiles(dir) {
  if (!existsSync(dir)) return [];
  const out = [];
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    if (entry.name === 'node_modules' || entry.name === 'dist') continue;
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) out.push(...sourceFiles(full));
    else if (SOURCE.test(entry.name) && !entry.name.endsWith('.d.ts')) out.push(full);
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

/** The file a relative specifier names (trying the extensions bundlers and Deno try), or null. */
export function resolveImport(fromFile, spec) {
  if (!spec.startsWith('.')) return null;
  const base = path.resolve(path.dirname(fromFile), spec);
  for (const ext of EXTENSIONS) {
    const candidate = base + ext;
    if (existsSync(candidate) && statSync(candidate).isFile()) return candidate;
  }
  // `./x.js` written for a `./x.ts` source (TypeScript's convention).
  const ts = base.replace(/\.js$/, '.ts');
  return ts !== base && existsSync(ts) ? ts : null;
}

/** The import graph of the files under dir: file -> the files it imports (relative only). */
function importGraph(files) {
  const graph = new Map();
  for (const file of files) {
    const targets = importsOf(readFileSync(file, 'utf8'))
      .map((spec) => resolveImport(file, spec))
      .filter((target) => target !== null);
    graph.set(file, [...new Set(targets)]);
  }
  return graph;
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

const featureOf = (rel) => /^src\/features\/([^/]+)\//.exec(rel)?.[1] ?? null;

/** Checks the tree under `root`. Returns `{errors}`: the violations. */
export function checkBoundaries({ root = ROOT, apps = APPS } = {}) {
  const errors = [];
  const rel = (file) => path.relative(root, file).split(path.sep).join('/');

  // ---- API ----
  const apiSrc = path.join(root, 'api', 'src');
  const apiGraph = importGraph(sourceFiles(apiSrc));
  for (const [file, targets] of apiGraph) {
    const from = path.relative(apiSrc, file).split(path.sep).join('/');
    const fromResource = /^routes\/([^/]+)\//.exec(from)?.[1];
    for (const target of targets) {
      const to = path.relative(apiSrc, target).split(path.sep).join('/');
      const toResource = /^routes\/([^/]+)\//.exec(to)?.[1];
      if (!toResource) continue;
      if (fromResource && fromResource !== toResource) {
        errors.push(
          `${rel(file)} imports ${rel(target)}: the ${fromResource} resource must not import the ${toResource} resource (move what both need below routes/).`,
        );
      } else if (!fromResource && !API_ABOVE_ROUTES.test(from)) {
        errors.push(
          `${rel(file)} imports ${rel(target)}: code below routes/ must not import a resource.`,
        );
      }
    }
  }
  for (const circle of circles(apiGraph)) {
    errors.push(`Import circle: ${circle.map(rel).join(' -> ')}`);
  }

  // ---- apps ----
  for (const app of apps) {
    const appDir = path.join(root, app);
    const graph = importGraph(sourceFiles(path.join(appDir, 'src')));
    for (const [file, targets] of graph) {
      const fromFeature = featureOf(path.relative(appDir, file).split(path.sep).join('/'));
      for (const target of targets) {
        const targetRel = rel(target);
        const otherApp = [...apps, 'api'].find(
          (name) => name !== app && targetRel.startsWith(`${name}/`),
        );
        if (otherApp) {
          errors.push(`${rel(file)} imports ${targetRel}: an app never imports ${otherApp}.`);
          continue;
        }
        if (!targetRel.startsWith(`${app}/`)) continue;
        const toFeature = featureOf(path.relative(appDir, target).split(path.sep).join('/'));
        if (!fromFeature || !toFeature || fromFeature === toFeature) continue;
        errors.push(
          `${rel(file)} -> ${targetRel}: the ${fromFeature} feature must not import the ${toFeature} feature (compose them in a page above src/features/, share query keys through the app's one keys module).`,
        );
      }
    }
    for (const circle of circles(graph)) {
      errors.push(`Import circle: ${circle.map(rel).join(' -> ')}`);
    }
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
