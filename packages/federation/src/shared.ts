/**
 * The shared-singleton map every app's build uses (Node only: it reads installed versions).
 */
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/** Libraries every app must share one copy of: React state, router context and the session. */
export const SINGLETON_PACKAGES = [
  'react',
  'react-dom',
  'react-router-dom',
  'zustand',
  '@tanstack/react-query',
  'react-toastify',
  '@cinema/auth',
  '@cinema/api-client',
  '@cinema/ui',
] as const;

type SharedConfig = Record<
  string,
  {
    singleton: true;
    requiredVersion: string;
    version: string;
    strictVersion: boolean;
    import?: string;
  }
>;

/**
 * Shared under the package's name and version, but built from a file that re-exports only what
 * the apps use (router.ts says why; router.test.ts checks every app's imports against them).
 */
export const SHARED_FACADES: Partial<Record<(typeof SINGLETON_PACKAGES)[number], string>> = {
  'react-router-dom': fileURLToPath(new URL('./router.ts', import.meta.url)),
};

/** The installed version of a package, resolved from the app that builds. */
function installedVersion(appDir: string, pkg: string): string {
  const require = createRequire(path.join(appDir, 'package.json'));
  const manifestPath = require.resolve(`${pkg}/package.json`);
  return (JSON.parse(readFileSync(manifestPath, 'utf8')) as { version: string }).version;
}

/**
 * The shared-singleton map for one app's build. Each singleton accepts any version of the same
 * major as the one installed, so a remote built against another major is visibly incompatible.
 */
export function sharedSingletons(appDir: string): SharedConfig {
  const shared: SharedConfig = {};
  for (const pkg of SINGLETON_PACKAGES) {
    const version = installedVersion(appDir, pkg);
    const major = version.split('.')[0];
    shared[pkg] = {
      singleton: true,
      version,
      requiredVersion: major === '0' ? `~${version}` : `^${major}.0.0`,
      strictVersion: false,
      ...(SHARED_FACADES[pkg] ? { import: SHARED_FACADES[pkg] } : {}),
    };
  }
  return shared;
}
