import { describe, expect, it } from 'vitest';
import { pageFile, withPrerendered } from './prerender';

const BUILT =
  '<!DOCTYPE html><html lang="en"><head><title>CineBook</title><script defer src="/static/js/index.1.js"></script></head><body><div id="root"></div></body></html>';

describe('withPrerendered', () => {
  it('puts the markup into #root and its stylesheet at the end of the head', () => {
    const page = withPrerendered(
      BUILT,
      '<main><h1>Hello</h1></main>',
      '/static/css/landing.abc.css',
    );
    expect(page).toBe(
      '<!DOCTYPE html><html lang="en"><head><title>CineBook</title><script defer src="/static/js/index.1.js"></script><link rel="stylesheet" href="/static/css/landing.abc.css"></head><body><div id="root"><main><h1>Hello</h1></main></div></body></html>',
    );
  });

  it('refuses a page without an empty #root rather than ship one without the markup', () => {
    expect(() =>
      withPrerendered('<html><body><div id="app"></div></body></html>', '<p/>', '/a.css'),
    ).toThrow('The page has no <div id="root"></div> to render into');
  });
});

describe('pageFile', () => {
  it('writes `/` into index.html and a first screen where a clean-URL host looks for it', () => {
    expect(pageFile('/')).toBe('index.html');
    expect(pageFile('/auth/login')).toBe('auth/login.html');
    expect(pageFile('/user/seat-layout')).toBe('user/seat-layout.html');
  });

  it('refuses what is not a page path rather than write outside the build', () => {
    for (const bad of ['', 'auth/login', '/auth/', '/../etc/passwd', '/user/:id']) {
      expect(() => pageFile(bad)).toThrow('Not a page path');
    }
  });
});
