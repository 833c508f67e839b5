import assert from 'node:assert/strict';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { after, test } from 'node:test';
import { ROOT } from '../apps.mjs';
import { checkSkew, shellProvides, skewProblems } from './skew.mjs';

const tmp = await mkdtemp(path.join(os.tmpdir(), 'release-skew-'));
after(() => rm(tmp, { recursive: true, force: true }));

const shared = (name, version, requiredVersion) => ({
  id: `x:${name}`,
  name,
  version,
  requiredVersion,
  singleton: true,
});

async function writeJson(file, value) {
  await mkdir(path.dirname(file), { recursive: true });
  await writeFile(file, JSON.stringify(value));
}

test('a remote requiring another major of a singleton is refused, naming the package and both versions', async () => {
  const root = path.join(tmp, 'major');
  await writeJson(path.join(root, 'shell', 'dist', 'mf-manifest.json'), {
    shared: [shared('react', '19.3.1', '^19.0.0'), shared('zustand', '5.1.0', '^5.0.0')],
  });
  await writeJson(path.join(root, 'mfe-user', 'dist', 'mf-manifest.json'), {
    shared: [shared('react', '18.3.1', '^18.0.0'), shared('zustand', '5.0.2', '^5.0.0')],
  });
  await assert.rejects(
    checkSkew({ root, distDir: path.join(root, 'mfe-user', 'dist'), label: 'mfe-user' }),
    {
      name: 'ReleaseError',
      message:
        "mfe-user was built against react ^18.0.0, but the shell provides react 19.3.1.\nNot published: rebuild mfe-user against the shell's versions (checked against the shell build).",
    },
  );
});

test('compatible singletons pass; a singleton the shell lacks is a problem; non-singletons are the remote’s own', () => {
  const versions = new Map([
    ['react', '19.3.1'],
    ['@cinema/ui', '0.1.0'],
  ]);
  const provides = { versionOf: (name) => versions.get(name) ?? null };
  assert.deepEqual(
    skewProblems(
      'mfe-admin',
      [
        shared('react', '19.3.1', '^19.0.0'),
        shared('@cinema/ui', '0.1.0', '~0.1.0'),
        shared('@cinema/auth', '0.1.0', '~0.1.0'),
        { ...shared('lodash', '4.17.21', '^4.0.0'), singleton: false },
      ],
      provides,
    ),
    [
      'mfe-admin shares @cinema/auth ~0.1.0 as a singleton, but the shell does not provide @cinema/auth.',
    ],
  );
});

test('without a shell build, the versions installed for the shell count', async () => {
  const fake = path.join(tmp, 'installed');
  await writeJson(path.join(fake, 'shell', 'package.json'), { name: 'shell', version: '0.1.0' });
  await writeJson(path.join(fake, 'shell', 'node_modules', 'react', 'package.json'), {
    name: 'react',
    version: '19.3.1',
  });
  const provides = await shellProvides(fake);
  assert.equal(provides.source, 'the packages installed for the shell');
  assert.equal(provides.versionOf('react'), '19.3.1');
  assert.equal(provides.versionOf('zustand'), null);

  // This checkout's shell, built or not, provides the singletons every remote is built with.
  const real = await shellProvides(ROOT);
  assert.match(real.versionOf('react') ?? '', /^\d+\.\d+\.\d+/);
});

test('a build without a Module Federation manifest is refused', async () => {
  await assert.rejects(
    checkSkew({ root: tmp, distDir: path.join(tmp, 'nothing'), label: 'mfe-owner' }),
    /^ReleaseError: mfe-owner has no mf-manifest.json in .*; is it a Module Federation build\?$/,
  );
});
