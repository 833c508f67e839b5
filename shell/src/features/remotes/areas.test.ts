import { remoteForPath } from './areas';

describe('remoteForPath', () => {
  it.each([
    ['/auth/login', 'auth'],
    ['/auth', 'auth'],
    ['/profile', 'auth'],
    ['/user/theaters', 'user'],
    ['/owner/add-show', 'owner'],
    ['/admin/adminpanel', 'admin'],
    ['/reports', 'admin'],
  ])('sends %s to the %s remote', (path, remote) => {
    expect(remoteForPath(path)).toBe(remote);
  });

  it.each(['/', '/nowhere', '/users', '/authors', '/reportsx'])('gives %s to no remote', (path) => {
    expect(remoteForPath(path)).toBeNull();
  });
});
