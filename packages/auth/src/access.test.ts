import { describe, expect, it } from 'vitest';
import { accessFor, audienceOf, homeForRole, loginPathFor, safeReturnPath } from './access';

describe('accessFor', () => {
  it('lets a role of the area in', () => {
    expect(accessFor({ isLoggedIn: true, role: 'owner' }, ['owner'])).toEqual({
      status: 'allowed',
    });
  });

  it('asks a logged-out visitor to log in, coming back to where they were', () => {
    const access = accessFor({ isLoggedIn: false, role: null }, ['user']);
    expect(access.status).toBe('anonymous');
    if (access.status !== 'anonymous') return;
    expect(access.loginPath('/user/seat-layout?show=4')).toBe(
      '/auth/login?next=%2Fuser%2Fseat-layout%3Fshow%3D4',
    );
  });

  it('tells another role whose area this is and where their own home is', () => {
    expect(accessFor({ isLoggedIn: true, role: 'user' }, ['owner'])).toEqual({
      status: 'wrong-role',
      audience: 'theater owners',
      signedInAs: 'a customer',
      home: '/user/theaters',
    });
    expect(accessFor({ isLoggedIn: true, role: 'owner' }, ['user'])).toMatchObject({
      audience: 'customers',
      signedInAs: 'a theater owner',
      home: '/owner/theaters',
    });
  });

  it('sends a signed-in visitor without a known role to the profile', () => {
    expect(accessFor({ isLoggedIn: true, role: null }, ['admin'])).toEqual({
      status: 'wrong-role',
      audience: 'admins',
      signedInAs: null,
      home: '/profile',
    });
  });
});

describe('door staff', () => {
  it('sees an owner-only area as the wrong role, sent back to the check-in', () => {
    expect(accessFor({ isLoggedIn: true, role: 'door' }, ['owner'])).toEqual({
      status: 'wrong-role',
      audience: 'theater owners',
      signedInAs: 'door staff',
      home: '/owner/checkin',
    });
    expect(accessFor({ isLoggedIn: true, role: 'door' }, ['owner', 'door'])).toEqual({
      status: 'allowed',
    });
  });
});

describe('audienceOf', () => {
  it('names one or several roles in words', () => {
    expect(audienceOf(['user'])).toBe('customers');
    expect(audienceOf(['admin', 'owner'])).toBe('admins and theater owners');
  });
});

describe('homeForRole', () => {
  it.each([
    ['admin', '/admin/adminpanel'],
    ['owner', '/owner/theaters'],
    ['user', '/user/theaters'],
    ['door', '/owner/checkin'],
    ['critic', '/profile'],
    [null, '/profile'],
  ])('sends %s to %s', (role, home) => {
    expect(homeForRole(role)).toBe(home);
  });
});

describe('safeReturnPath', () => {
  it('keeps a path of this site with its query and hash', () => {
    expect(safeReturnPath('/user/seat-layout?show=4#seats')).toBe('/user/seat-layout?show=4#seats');
    const next = new URLSearchParams(loginPathFor('/reports?from=2026-01-01').split('?')[1]);
    expect(safeReturnPath(next.get('next'))).toBe('/reports?from=2026-01-01');
  });

  it.each([
    null,
    '',
    'user/theaters',
    'https://evil.example/',
    '//evil.example/x',
    '/\\evil.example',
    '/\t/evil.example',
    '/\n/evil.example',
    'javascript:alert(1)',
    ' /user/theaters',
    '/auth/login',
    '/auth/login?next=/x',
    '/auth/logout',
    '/auth/signup',
    '/auth/token/refresh',
    `/${'a'.repeat(2000)}`,
  ])('refuses %j', (value) => {
    expect(safeReturnPath(value)).toBeNull();
  });

  it('resolves dot segments inside the site and keeps the result on it', () => {
    expect(safeReturnPath('/user/../admin/users')).toBe('/admin/users');
    expect(safeReturnPath('/../../evil')).toBe('/evil');
  });
});
