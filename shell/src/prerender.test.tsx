import { describe, expect, it } from 'vitest';
import { pages, render } from './prerender';

// What the build writes into each page before any script runs (decision 0055): the header, the
// page's title and the grey bars of what is coming.
describe('the pages the build draws', () => {
  it('are the landing page and the first screens of the login and the seat map', () => {
    expect(pages).toEqual(['/', '/auth/login', '/user/seat-layout']);
  });

  it('draws the login with the signed-out header, its title and the form still to come', () => {
    const page = document.createElement('div');
    page.innerHTML = render('/auth/login');
    expect(page.querySelector('header')?.textContent).toContain('CineBook');
    expect([...page.querySelectorAll('nav a')].map((a) => a.textContent)).toEqual([
      'Login',
      'Signup',
    ]);
    expect(page.querySelector('main h1')?.textContent).toBe('Login');
    expect(page.querySelector('main p')?.textContent).toBe(
      'Welcome back. Sign in to book your tickets.',
    );
    expect(page.querySelector('main [role="status"]')?.textContent).toBe('Loading...');
  });

  it('draws the seat map with its title and busy label, its header links left to the session', () => {
    const page = document.createElement('div');
    page.innerHTML = render('/user/seat-layout');
    expect(page.querySelector('header')?.textContent).toContain('CineBook');
    expect(page.querySelectorAll('nav a')).toHaveLength(0);
    expect(page.querySelector('main h1')?.textContent).toBe('Select Seats');
    expect(page.querySelector('main [role="status"]')?.textContent).toBe('Loading seats...');
  });
});
