import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import * as facade from './router.ts';

const ROOT = fileURLToPath(new URL('../../..', import.meta.url));
const SOURCE_DIRS = ['shell', 'mfe-auth', 'mfe-user', 'mfe-owner', 'mfe-admin']
  .map((app) => path.join(ROOT, app, 'src'))
  .concat(
    readdirSync(path.join(ROOT, 'packages'))
      // Helpers for tests only, which render with the real package (MemoryRouter).
      .filter((pkg) => pkg !== 'test-utils')
      .map((pkg) => path.join(ROOT, 'packages', pkg, 'src')),
  );

/**
 * The code the browsers' builds bundle: every .ts/.tsx file but tests, test helpers and the
 * shell's prerender entry, which is built for Node with the real package (prerender.ts).
 */
function sourceFiles(dir: string): string[] {
  let entries: import('node:fs').Dirent[];
  try {
    entries = readdirSync(dir, { withFileTypes: true });
  } catch {
    return [];
  }
  return entries.flatMap((entry) => {
    const file = path.join(dir, entry.name);
    if (entry.isDirectory()) return entry.name === 'test' ? [] : sourceFiles(file);
    const bundled =
      /\.tsx?$/.test(entry.name) &&
      !/\.test\.tsx?$/.test(entry.name) &&
      entry.name !== 'prerender.tsx';
    return bundled ? [file] : [];
  });
}

/** `{file, name}` for each value imported from react-router-dom (type-only imports need nothing). */
function routerImports() {
  const found: { file: string; name: string }[] = [];
  for (const dir of SOURCE_DIRS) {
    for (const file of sourceFiles(dir)) {
      const code = readFileSync(file, 'utf8');
      for (const match of code.matchAll(
        /import\s+(type\s+)?([^'";]*?)\s*from\s*'react-router-dom'/g,
      )) {
        if (match[1]) continue;
        const clause = match[2] ?? '';
        const named = clause.match(/^\{([^}]*)\}$/s);
        if (!named) {
          found.push({ file, name: `(not named imports: ${clause})` });
          continue;
        }
        for (const part of (named[1] ?? '').split(',')) {
          const name = part.trim();
          if (name && !name.startsWith('type '))
            found.push({ file, name: name.split(/\s+as\s+/)[0] ?? name });
        }
      }
    }
  }
  return found;
}

describe('the react-router-dom the builds share (router.ts)', () => {
  it('exports every name the apps and packages import from react-router-dom', () => {
    const imports = routerImports();
    // The scan itself works: the shell and the remotes route with it.
    expect(imports.map((i) => i.name)).toEqual(expect.arrayContaining(['Routes', 'useNavigate']));
    const missing = imports
      .filter(({ name }) => !(name in facade))
      .map(({ file, name }) => `${name} (${path.relative(ROOT, file)})`);
    expect(missing).toEqual([]);
  });

  it('is the real router: the names are react-router’s own components and hooks', async () => {
    const reactRouter = await import('react-router');
    for (const [name, value] of Object.entries(facade)) {
      expect(value, name).toBe((reactRouter as Record<string, unknown>)[name]);
    }
  });
});
