/**
 * Rsbuild configs for the shell and the remotes, kept in one place so every app builds the same
 * way: React, Module Federation with the shared singletons, fixed dev ports, CORS for remotes.
 */
import { fileURLToPath } from 'node:url';
import { pluginModuleFederation } from '@module-federation/rsbuild-plugin';
import { defineConfig, type RsbuildConfig, type RsbuildPlugin } from '@rsbuild/core';
import { pluginReact } from '@rsbuild/plugin-react';
import { writeCompressedTwins } from './compress.js';
import { REMOTES, type RemoteName, SHELL_PORT } from './index.js';
import { pluginPrerender } from './prerender.ts';
import { sharedSingletons } from './shared.ts';

// What every app's build needs to run under the frontends' Content-Security-Policy (no inline
// script or style, no eval; scripts/security-headers.mjs): zod's eval probe off before any code
// runs (strict-csp.ts), and react-toastify's build that does not inject a <style> element at
// runtime (its styles come from the ReactToastify.css file the shell imports).
const STRICT_CSP_ENTRY = fileURLToPath(new URL('./strict-csp.ts', import.meta.url));
const STRICT_CSP_ALIAS = { 'react-toastify$': 'react-toastify/unstyled' };

// Every page says its language (WCAG 3.1.1; screen readers pick their voice by it). Rsbuild's
// built-in template writes a bare <html>, and it has no option for the element's attributes.
const pluginHtmlLang: RsbuildPlugin = {
  name: 'cinema:html-lang',
  setup(api) {
    api.modifyHTML((html) => html.replace(/<html(?![^>]*\blang=)/i, '<html lang="en"'));
  },
};

// `rsbuild build` runs with NODE_ENV=production (scripts/build.mjs sets it; the CLI defaults to
// it), `rsbuild dev` with development.
const PRODUCTION = process.env.NODE_ENV === 'production';

// `npm run dev -- <remote>` (scripts/dev.mjs, decision 0036): the dev server's code runs in the
// deployed shell, whose shared React is a production build, and the development JSX runtime and
// Fast Refresh reach into React's development internals ("dispatcher.getOwner is not a
// function"). JSX is then compiled as for production, the libraries of its own (React's JSX
// runtime among them) are their production builds, and a saved change reloads the page.
const UNDER_DEPLOYED_SHELL = !PRODUCTION && process.env.CINEMA_DEV_PREVIEW === '1';

// Leaves out of the runtime what this product never uses: loading remotes by their
// mf-manifest.json snapshots (the shell registers remoteEntry.js URLs) and Node's loaders.
const RUNTIME_OPTIMIZATION = { disableSnapshot: true, target: 'web' } as const;

// Brotli and gzip twins of every text file of a production build, once everything is written
// (compress.js; scripts/serve.mjs sends them).
const pluginCompressedTwins: RsbuildPlugin = {
  name: 'cinema:compressed-twins',
  apply: 'build',
  setup(api) {
    api.onAfterBuild(async () => {
      await writeCompressedTwins(api.context.distPath);
    });
  },
};

// Rsbuild 2 compiles dynamic imports on first request in dev by default. Module Federation's
// shared modules are loaded through such imports, and then resolved to modules not compiled yet
// ("Cannot read properties of undefined (reading 'call')"): every app's dev page failed to start.
const DEV_LAZY_COMPILATION = false;

function portFromEnv(variable: string, fallback: number): number {
  const value = Number(process.env[variable]);
  return Number.isInteger(value) && value > 0 ? value : fallback;
}

/** A remote: exposes its route tree as `./App` from `remoteEntry.js`, and runs alone in dev. */
export function defineRemoteConfig(appDir: string, name: RemoteName, title: string): RsbuildConfig {
  const remote = REMOTES[name];
  const port = portFromEnv(`MFE_${name.toUpperCase()}_PORT`, remote.port);
  return defineConfig({
    plugins: [
      pluginReact(
        UNDER_DEPLOYED_SHELL
          ? { fastRefresh: false, swcReactOptions: { development: false } }
          : undefined,
      ),
      pluginHtmlLang,
      pluginCompressedTwins,
      pluginModuleFederation({
        name: remote.container,
        filename: 'remoteEntry.js',
        exposes: { './App': './src/App.tsx' },
        shared: sharedSingletons(appDir),
        dts: false,
        // Production builds use the shell's copy of the Module Federation runtime (the shell
        // provides it below), so remoteEntry.js is about 15 kB gzipped instead of 34. The dev
        // server keeps its own copy: a remote there also runs alone, without a shell.
        experiments: PRODUCTION
          ? { externalRuntime: true, optimization: RUNTIME_OPTIMIZATION }
          : {},
      }),
    ],
    source: { entry: { index: './src/index.ts' }, preEntry: STRICT_CSP_ENTRY },
    resolve: { alias: STRICT_CSP_ALIAS },
    html: { title },
    server: {
      port,
      strictPort: true,
      // The shell on another origin fetches this remote's entry and chunks.
      cors: { origin: '*' },
      headers: { 'Access-Control-Allow-Origin': '*' },
      historyApiFallback: true,
    },
    // Built chunks are found relative to wherever remoteEntry.js was loaded from (any host or
    // path). The dev server's address is known, and an absolute prefix also keeps standalone
    // deep links such as /user/theaters working.
    output: { assetPrefix: 'auto', cleanDistPath: true },
    dev: { assetPrefix: `http://localhost:${port}/`, lazyCompilation: DEV_LAZY_COMPILATION },
    performance: { chunkSplit: { strategy: 'split-by-experience' } },
    ...(UNDER_DEPLOYED_SHELL && {
      tools: { rspack: { optimization: { nodeEnv: 'production' } } },
    }),
  });
}

/**
 * The libraries the shell provides, in two files: every page's, and those the areas add (the API
 * client and the query cache, which the landing page never loads). Left to itself the bundler
 * wrote a file per library and per dependency, 13 scripts before a seat map could draw
 * (docs/decisions/0021-shell-libraries-in-two-chunks.md). Lazily loaded code (release health and
 * web-vitals) stays out of both.
 */
const SHELL_LIBRARY_CHUNKS: RsbuildConfig['splitChunks'] = {
  cacheGroups: {
    'every-page-libraries': {
      test: /node_modules[\\/](react|react-dom|scheduler|react-router|react-router-dom|cookie|set-cookie-parser|zustand|react-toastify|clsx)[\\/]|packages[\\/](auth|federation|ui)[\\/]/,
      name: 'every-page-libraries',
      chunks: 'async',
      priority: 100,
      enforce: true,
    },
    'area-libraries': {
      test: /node_modules[\\/]@tanstack[\\/]|packages[\\/]api-client[\\/]/,
      name: 'area-libraries',
      chunks: 'async',
      priority: 100,
      enforce: true,
    },
  },
};

/** The host: knows no remote at build time; it registers them from the runtime manifest. */
export function defineShellConfig(appDir: string): RsbuildConfig {
  return defineConfig({
    plugins: [
      pluginReact(),
      pluginHtmlLang,
      // Before the twins are made: it rewrites index.html and adds app.html.
      pluginPrerender({ entry: './src/prerender.tsx', alias: STRICT_CSP_ALIAS }),
      pluginCompressedTwins,
      pluginModuleFederation({
        name: 'shell',
        remotes: {},
        shared: sharedSingletons(appDir),
        dts: false,
        // The one Module Federation runtime of the page, which the remotes' builds leave out.
        experiments: { provideExternalRuntime: true, optimization: RUNTIME_OPTIMIZATION },
      }),
    ],
    source: { entry: { index: './src/index.ts' }, preEntry: STRICT_CSP_ENTRY },
    resolve: { alias: STRICT_CSP_ALIAS },
    html: { title: 'CineBook', favicon: './src/assets/favicon.svg' },
    server: {
      port: portFromEnv('SHELL_PORT', SHELL_PORT),
      strictPort: true,
      historyApiFallback: true,
    },
    output: { assetPrefix: '/', cleanDistPath: true },
    dev: { lazyCompilation: DEV_LAZY_COMPILATION },
    splitChunks: PRODUCTION ? SHELL_LIBRARY_CHUNKS : undefined,
  });
}
