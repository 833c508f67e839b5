import assert from 'node:assert/strict';
import { test } from 'node:test';
import { compareVersions, parseVersion, satisfies } from './semver.mjs';

test('versions compare by number, and a prerelease comes before its release', () => {
  const order = ['0.9.0', '1.0.0-alpha', '1.0.0-alpha.1', '1.0.0-beta', '1.0.0', '1.2.0', '1.10.0'];
  for (let i = 1; i < order.length; i++) {
    assert.equal(compareVersions(parseVersion(order[i - 1]), parseVersion(order[i])), -1, order[i]);
  }
  assert.equal(parseVersion('19'), null);
  assert.deepEqual(parseVersion('v1.2.3+build.5'), {
    major: 1,
    minor: 2,
    patch: 3,
    prerelease: [],
  });
});

test('caret, tilde and exact ranges as Module Federation writes them', () => {
  const cases = [
    ['19.3.1', '^19.0.0', true],
    ['19.3.1', '^18.0.0', false],
    ['18.3.1', '^18.0.0', true],
    ['20.0.0', '^19.0.0', false],
    ['0.1.5', '^0.1.0', true],
    ['0.2.0', '^0.1.0', false],
    ['0.0.4', '^0.0.3', false],
    ['0.1.0', '~0.1.0', true],
    ['0.1.9', '~0.1.0', true],
    ['0.2.0', '~0.1.0', false],
    ['1.2.9', '~1.2.3', true],
    ['1.2.2', '~1.2.3', false],
    ['19.3.1', '19.3.1', true],
    ['19.3.2', '19.3.1', false],
    ['19.3.1', '=19.3.1', true],
    ['5.1.0', '^5', true],
    ['5.1.0', '5.x', true],
    ['6.0.0', '5.x', false],
    ['7.18.5', '*', true],
    ['7.18.5', '', true],
    ['18.2.0', '>=16.8.0 <19', true],
    ['19.0.0', '>=16.8.0 <19', false],
    ['19.0.0', '^17.0.0 || ^18.0.0 || ^19.0.0', true],
    ['16.0.0', '^17.0.0 || ^18.0.0 || ^19.0.0', false],
    ['19.3.1', '>= 19', true],
    ['19.0.0-rc.1', '^19.0.0', false],
  ];
  for (const [version, range, expected] of cases) {
    assert.equal(satisfies(version, range), expected, `${version} in "${range}"`);
  }
});

test('text that is not a range is refused, not guessed', () => {
  assert.throws(() => satisfies('19.3.1', 'latest'), /"latest" is not a version range/);
  assert.throws(() => satisfies('nineteen', '^19.0.0'), /"nineteen" is not a version/);
});
