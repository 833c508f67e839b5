import { chooseRelease } from './choose';

const stable = {
  version: '1.0.0-aaaa',
  entry: 'http://cdn/mfe-user/1.0.0-aaaa/remoteEntry.js',
  integrity: null,
};
const canary = {
  version: '1.1.0-bbbb',
  entry: 'http://cdn/mfe-user/1.1.0-bbbb/remoteEntry.js',
  integrity: null,
  percent: 50,
};

describe('chooseRelease', () => {
  it('gives buckets under the percentage the canary and the rest the stable release', () => {
    expect(chooseRelease({ stable, canary }, 49)).toEqual({ release: canary, canary: true });
    expect(chooseRelease({ stable, canary }, 50)).toEqual({ release: stable, canary: false });
  });

  it('gives everyone the stable release when there is no canary', () => {
    expect(chooseRelease({ stable, canary: null }, 0)).toEqual({ release: stable, canary: false });
  });

  it('has nothing to choose when nothing is published', () => {
    expect(chooseRelease({ stable: null, canary: null }, 0)).toBeNull();
  });
});
