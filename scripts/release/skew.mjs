// Version skew: a remote shares singletons (React, the router, the session store...) with the
// shell, which loads first and provides them. A remote that requires a version the shell does not
// provide (another React major, say) would break at runtime, so publishing refuses it.
import { readFileSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import path from 'node:path';
import { ReleaseError } from './errors.mjs';
import { satisfies } from './semver.mjs';

async function readJson(file) {
  try {
    return JSON.parse(await readFile(file, 'utf8'));
  } catch (error) {
    if (error?.code === 'ENOENT') return null;
    throw new ReleaseError(`${file} is not valid JSON: ${error.message}`);
  }
}

/**
 * What a build shares, from its Module Federation manifest (dist/mf-manifest.json):
 * `[{name, version, requiredVersion, singleton}]`.
 */
export async function sharedOf(distDir, label) {
  const manifest = await readJson(path.join(distDir, 'mf-manifest.json'));
  if (!manifest) {
    throw new ReleaseError(
      `${label} has no mf-manifest.json in ${distDir}; is it a Module Federation build?`,
    );
  }
  return (manifest.shared ?? []).map((entry) => ({
    name: entry.name,
    version: entry.version,
    requiredVersion: entry.requiredVersion,
    singleton: Boolean(entry.singleton),
  }));
}

/**
 * The versions the shell provides: from its build's manifest (shell/dist/mf-manifest.json) when
 * it has been built, else the versions installed for it (what its next build would share, as
 * packages/federation/src/shared.ts reads them). Returns `{source, versionOf(name)}`.
 */
export async function shellProvides(root) {
  const shellDir = path.join(root, 'shell');
  const manifest = await readJson(path.join(shellDir, 'dist', 'mf-manifest.json'));
  if (manifest) {
    const versions = new Map((manifest.shared ?? []).map((entry) => [entry.name, entry.version]));
    return { source: 'the shell build', versionOf: (name) => versions.get(name) ?? null };
  }
  const require = createRequire(path.join(shellDir, 'package.json'));
  return {
    source: 'the packages installed for the shell',
    versionOf(name) {
      try {
        return JSON.parse(readFileSync(require.resolve(`${name}/package.json`), 'utf8')).version;
      } catch {
        return null;
      }
    },
  };
}

/**
 * The problems of sharing `shared` (a remote's list) with a shell providing `provides`: one
 * message per singleton the shell does not provide in a version the remote accepts.
 */
export function skewProblems(label, shared, provides) {
  const problems = [];
  for (const entry of shared) {
    if (!entry.singleton || !entry.requiredVersion) continue;
    const provided = provides.versionOf(entry.name);
    if (!provided) {
      problems.push(
        `${label} shares ${entry.name} ${entry.requiredVersion} as a singleton, but the shell does not provide ${entry.name}.`,
      );
      continue;
    }
    let ok;
    try {
      ok = satisfies(provided, entry.requiredVersion);
    } catch (error) {
      problems.push(`${label} shares ${entry.name}: ${error.message}.`);
      continue;
    }
    if (!ok) {
      problems.push(
        `${label} was built against ${entry.name} ${entry.requiredVersion}, but the shell provides ${entry.name} ${provided}.`,
      );
    }
  }
  return problems;
}

/** Throws a ReleaseError naming every singleton the shell cannot satisfy. */
export async function checkSkew({ root, distDir, label }) {
  const shared = await sharedOf(distDir, label);
  const provides = await shellProvides(root);
  const problems = skewProblems(label, shared, provides);
  if (problems.length > 0) {
    throw new ReleaseError(
      `${problems.join('\n')}\nNot published: rebuild ${label} against the shell's versions (checked against ${provides.source}).`,
    );
  }
  return shared;
}
