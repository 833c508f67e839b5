import { preloadScript } from './preconnect';

const links = () =>
  [...document.head.querySelectorAll('link[rel="preload"]')].map((link) => ({
    href: link.getAttribute('href'),
    crossorigin: link.getAttribute('crossorigin'),
    integrity: link.getAttribute('integrity'),
  }));

describe('preloadScript', () => {
  beforeEach(() => {
    document.head.innerHTML = '';
  });

  it('preloads an entry without integrity in no-CORS mode, as a plain script tag loads it', () => {
    preloadScript('http://cdn.test/mfe-user/1.0.0/remoteEntry.js');
    expect(links()).toEqual([
      { href: 'http://cdn.test/mfe-user/1.0.0/remoteEntry.js', crossorigin: null, integrity: null },
    ]);
  });

  it('preloads a checked entry the way it is loaded: CORS mode with its integrity, once', () => {
    const integrity = `sha384-${'A'.repeat(64)}`;
    preloadScript('http://cdn.test/mfe-user/1.1.0/remoteEntry.js', integrity);
    preloadScript('http://cdn.test/mfe-user/1.1.0/remoteEntry.js', integrity);
    expect(links()).toEqual([
      {
        href: 'http://cdn.test/mfe-user/1.1.0/remoteEntry.js',
        crossorigin: 'anonymous',
        integrity,
      },
    ]);
  });
});
