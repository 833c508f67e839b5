// The map of the micro-frontends every app and script agrees on: each remote's Module
// Federation container name, default port and the URL paths it owns. Plain JavaScript (typed
// by index.d.ts) so that the Node scripts and the browser read the same file.

export const REMOTES = Object.freeze({
  auth: { container: 'mfe_auth', port: 3001, routes: ['/auth/*', '/profile'] },
  user: { container: 'mfe_user', port: 3002, routes: ['/user/*'] },
  owner: { container: 'mfe_owner', port: 3003, routes: ['/owner/*'] },
  admin: { container: 'mfe_admin', port: 3004, routes: ['/admin/*', '/reports'] },
});

export const REMOTE_NAMES = Object.keys(REMOTES);
export const SHELL_PORT = 3000;
export const API_PORT = 8000;
