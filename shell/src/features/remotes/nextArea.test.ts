import { nextLikelyArea } from './nextArea';

describe('nextLikelyArea', () => {
  it('sends someone signed out from the landing page or another area towards login', () => {
    expect(nextLikelyArea('/', null)).toBe('auth');
    expect(nextLikelyArea('/user/theaters', null)).toBe('auth');
    expect(nextLikelyArea('/nowhere', null)).toBe('auth');
  });

  it('from the login screen, the customers’ area, where most logins land', () => {
    expect(nextLikelyArea('/auth/login', null)).toBe('user');
    expect(nextLikelyArea('/auth/signup', null)).toBe('user');
  });

  it('a signed-in person’s own area, and nothing once they are in it', () => {
    expect(nextLikelyArea('/', 'user')).toBe('user');
    expect(nextLikelyArea('/auth/profile', 'owner')).toBe('owner');
    expect(nextLikelyArea('/profile', 'admin')).toBe('admin');
    expect(nextLikelyArea('/user/theaters', 'user')).toBeNull();
    expect(nextLikelyArea('/reports', 'admin')).toBeNull();
    expect(nextLikelyArea('/', 'someone-else')).toBeNull();
  });
});
