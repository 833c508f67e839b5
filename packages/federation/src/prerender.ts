/**
 * The landing page written into the shell's index.html at build time, so a phone shows its text
 * before any script has arrived (docs/decisions/0018-prerendered-landing-page.md), and the first
 * screens of a few other pages into `<path>.html` (decision 0055).
 *
 * After the shell's own build, its prerender entry is built once more for Node, with the same
 * CSS Modules class names. Its render of each of its `pages` goes into a copy of index.html's
 * #root, with the CSS those renders use as one stylesheet; every other path is served app.html,
 * the page as built, whose first screen comes from the scripts (scripts/serve.mjs).
 */
import { createHash } from 'node:crypto';
import { mkdir, mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import { createRsbuild, type RsbuildPlugin } from '@rsbuild/core';
import { pluginReact } from '@rsbuild/plugin-react';

/** The page served for every path but `/`, beside index.html in the build. */
const APP_HTML = 'app.html';

const EMPTY_ROOT = '<div id="root"></div>';

/**
 * `html` with `markup` inside its empty #root and a stylesheet link at the end of its head.
 * Throws when the page has no empty #root: a template change must not ship a page without it.
 */
export function withPrerendered(html: string, markup: string, stylesheet: string): string {
  if (!html.includes(EMPTY_ROOT)) throw new Error(`The page has no ${EMPTY_ROOT} to render into`);
  const link = `<link rel="stylesheet" href="${stylesheet}">`;
  return html
    .replace('</head>', `${link}</head>`)
    .replace(EMPTY_ROOT, `<div id="root">${markup}</div>`);
}

/**
 * Where the page of `urlPath` is written: index.html for `/`, else `<path>.html` (`/auth/login`
 * -> auth/login.html), the name a host that serves clean URLs looks for (scripts/serve.mjs).
 */
export function pageFile(urlPath: string): string {
  if (urlPath === '/') return 'index.html';
  if (!/^(\/[a-z0-9-]+)+$/.test(urlPath)) throw new Error(`Not a page path: ${urlPath}`);
  return `${urlPath.slice(1)}.html`;
}

interface PrerenderOptions {
  /** The module, relative to the app, whose `render()` returns the markup of `/`. */
  entry: string;
  /** Module aliases the app's own build uses, so both render the same components. */
  alias: Record<string, string>;
}

async function findCss(dir: string): Promise<string[]> {
  const entries = await readdir(dir, { recursive: true, withFileTypes: true });
  return entries
    .filter((entry) => entry.isFile() && entry.name.endsWith('.css'))
    .map((entry) => path.join(entry.parentPath, entry.name));
}

export function pluginPrerender({ entry, alias }: PrerenderOptions): RsbuildPlugin {
  return {
    name: 'cinema:prerender',
    apply: 'build',
    setup(api) {
      api.onAfterBuild(async () => {
        const appDir = api.context.rootPath;
        const distDir = api.context.distPath;
        const outDir = await mkdtemp(path.join(os.tmpdir(), 'cinema-prerender-'));
        try {
          const rsbuild = await createRsbuild({
            cwd: appDir,
            config: {
              plugins: [pluginReact()],
              source: { entry: { prerender: entry } },
              resolve: { alias },
              output: {
                target: 'node',
                distPath: { root: outDir },
                emitCss: true,
                // Its CSS goes to browsers, so it is minified; its JavaScript only runs here, once.
                minify: { js: false, css: true },
                cleanDistPath: true,
              },
              // Every stylesheet a module imports for its side effect (the design tokens) is
              // kept: the browser's build loads them all with the shared UI library.
              tools: { rspack: { optimization: { sideEffects: false } } },
              logLevel: 'warn',
            },
          });
          await rsbuild.build();
          const { render, pages } = createRequire(import.meta.url)(
            path.join(outDir, 'prerender.js'),
          ) as { render: (path: string) => string; pages: readonly string[] };
          const css = (
            await Promise.all((await findCss(outDir)).map((file) => readFile(file, 'utf8')))
          ).join('\n');
          const hash = createHash('sha256').update(css).digest('hex').slice(0, 10);
          const stylesheet = `static/css/landing.${hash}.css`;
          await writeFile(path.join(distDir, stylesheet), css);
          const built = await readFile(path.join(distDir, 'index.html'), 'utf8');
          await writeFile(path.join(distDir, APP_HTML), built);
          for (const page of pages) {
            const file = path.join(distDir, pageFile(page));
            await mkdir(path.dirname(file), { recursive: true });
            await writeFile(file, withPrerendered(built, render(page), `/${stylesheet}`));
          }
        } finally {
          await rm(outDir, { recursive: true, force: true });
        }
      });
    },
  };
}
