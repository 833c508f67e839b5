// The frontends' security headers: what the policy allows, computed from the runtime config, and
// that `npm start`'s static server sends them on every answer without breaking the remotes' CORS.
import assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { after, describe, test } from 'node:test';
import { promisify } from 'node:util';
import {
  contentSecurityPolicy,
  devPreviewsAllowed,
  frontendSecurityHeaders,
  HSTS,
  permissionsPolicy,
  SERVICE_WORKER_PATH,
  serviceWorkerPolicy,
} from './security-headers.mjs';
import { startStaticServer } from './serve.mjs';

// The browser tests' ports: nothing in the policy may assume the default ones.
const config = {
  apiBaseUrl: 'http://localhost:4800/api',
  remotes: {
    auth: { entry: 'http://localhost:4001/remoteEntry.js' },
    user: { entry: 'http://localhost:4002/remoteEntry.js' },
    owner: { entry: 'http://localhost:4003/remoteEntry.js' },
    admin: { entry: 'http://localhost:4004/remoteEntry.js' },
  },
};
const remoteOrigins = [4001, 4002, 4003, 4004].map((port) => `http://localhost:${port}`);

/** A policy as a map: directive -> its sources. */
function directives(policy) {
  return Object.fromEntries(
    policy.split(';').map((part) => {
      const [name, ...sources] = part.trim().split(/\s+/);
      return [name, sources];
    }),
  );
}

describe('the Content-Security-Policy', () => {
  test('lets a loopback dev server serve a previewed remote only when DEV_PREVIEWS allows it', () => {
    const off = directives(contentSecurityPolicy({ config }));
    const on = directives(contentSecurityPolicy({ config, devPreviews: true }));
    const loopback = ['http://localhost:*', 'http://127.0.0.1:*'];
    for (const name of ['script-src', 'style-src', 'img-src', 'font-src']) {
      assert.deepEqual(on[name], ["'self'", ...remoteOrigins, ...loopback], name);
      assert.ok(!off[name].some((source) => source.endsWith(':*')), name);
    }
    // Its hot reload; never a host of the internet, never a bare wildcard.
    assert.ok(on['connect-src'].includes('ws://localhost:*'));
    assert.ok(
      Object.values(on)
        .flat()
        .every((source) => source !== '*' && !source.includes('*.')),
    );
    assert.equal(devPreviewsAllowed({}), false);
    assert.equal(devPreviewsAllowed({ DEV_PREVIEWS: '0' }), false);
    assert.equal(devPreviewsAllowed({ DEV_PREVIEWS: 'true' }), true);
  });

  test('allows scripts and styles only from the shell and the remotes of the runtime config', () => {
    const csp = directives(contentSecurityPolicy({ config }));
    assert.deepEqual(csp['default-src'], ["'none'"]);
    for (const name of ['script-src', 'style-src', 'img-src', 'font-src']) {
      assert.deepEqual(csp[name], ["'self'", ...remoteOrigins], name);
    }
    assert.deepEqual(csp['object-src'], ["'none'"]);
    assert.deepEqual(csp['base-uri'], ["'self'"]);
    assert.deepEqual(csp['form-action'], ["'self'"]);
    assert.deepEqual(csp['frame-ancestors'], ["'none'"]);
    assert.equal(csp['upgrade-insecure-requests'], undefined);
  });

  test('never allows inline code, eval, wildcards or data: anywhere', () => {
    const policy = contentSecurityPolicy({
      config,
      releaseBaseUrls: ['https://cdn.example.com/releases/mfe-user'],
      https: true,
    });
    for (const loose of ["'unsafe-inline'", "'unsafe-eval'", "'unsafe-hashes'", '*', 'data:']) {
      assert.ok(!policy.split(/[\s;]+/).includes(loose), `${loose} in ${policy}`);
    }
  });

  test('lets the shell fetch its runtime config and the API, nothing else', () => {
    const csp = directives(contentSecurityPolicy({ config }));
    // The remotes' standalone pages call http://127.0.0.1:<port>/api: the same loopback API.
    assert.deepEqual(csp['connect-src'], [
      "'self'",
      'http://localhost:4800',
      'http://127.0.0.1:4800',
    ]);
    const deployed = directives(
      contentSecurityPolicy({
        config: { ...config, apiBaseUrl: 'https://api.cinebook.example/api' },
      }),
    );
    assert.deepEqual(deployed['connect-src'], ["'self'", 'https://api.cinebook.example']);
  });

  test('adds the hosts releases are served from, once each; relative entries are the shell itself', () => {
    const csp = directives(
      contentSecurityPolicy({
        config: {
          ...config,
          remotes: { ...config.remotes, admin: { entry: '/mfe-admin/remoteEntry.js' } },
        },
        releaseBaseUrls: [
          'https://cdn.example.com/releases/mfe-user',
          'https://cdn.example.com/releases/mfe-owner/',
          'http://localhost:4002',
        ],
      }),
    );
    assert.deepEqual(csp['script-src'], [
      "'self'",
      'http://localhost:4001',
      'http://localhost:4002',
      'http://localhost:4003',
      'https://cdn.example.com',
    ]);
  });

  test('refuses a config whose URLs are not http(s), rather than allowing them', () => {
    for (const entry of [
      'javascript:alert(1)',
      'data:text/javascript,1',
      'ftp://x/remoteEntry.js',
    ]) {
      assert.throws(
        () =>
          contentSecurityPolicy({
            config: { ...config, remotes: { ...config.remotes, user: { entry } } },
          }),
        /http\(s\)/,
        entry,
      );
    }
    assert.throws(
      () => contentSecurityPolicy({ config, releaseBaseUrls: ['http://[oops'] }),
      /URL/,
    );
  });
});

describe("the service worker's policy", () => {
  test('lets the worker fetch the site, the remotes (releases too) and the API, and nothing else', () => {
    const policy = directives(
      serviceWorkerPolicy({ config, releaseBaseUrls: ['https://cdn.cinebook.example/user'] }),
    );
    assert.deepEqual(Object.keys(policy).sort(), ['connect-src', 'default-src']);
    assert.deepEqual(policy['default-src'], ["'none'"]);
    assert.deepEqual(policy['connect-src'], [
      "'self'",
      ...remoteOrigins,
      'https://cdn.cinebook.example',
      'http://localhost:4800',
      'http://127.0.0.1:4800',
    ]);
  });

  test('is what /sw.js is sent with; every other path keeps the shell page policy', async () => {
    const dir = await mkdtemp(path.join(os.tmpdir(), 'security-headers-sw-'));
    const headers = frontendSecurityHeaders({ config });
    await writeFile(path.join(dir, 'sw.js'), '// worker');
    await writeFile(path.join(dir, 'index.html'), '<!doctype html><title>x</title>');
    const server = await startStaticServer({
      root: dir,
      port: 0,
      headers: headers.shell,
      pathHeaders: { [SERVICE_WORKER_PATH]: headers.serviceWorker },
    });
    try {
      const base = `http://127.0.0.1:${server.port}`;
      const worker = await fetch(`${base}/sw.js`);
      assert.equal(worker.status, 200);
      assert.equal(worker.headers.get('Content-Security-Policy'), serviceWorkerPolicy({ config }));
      // Never from the HTTP cache: a new deploy's worker, or a rollback's, is found at once.
      assert.equal(worker.headers.get('Cache-Control'), 'no-cache');
      assert.equal(worker.headers.get('X-Frame-Options'), 'DENY');
      await worker.arrayBuffer();
      const page = await fetch(`${base}/owner/checkin`);
      assert.equal(
        page.headers.get('Content-Security-Policy'),
        headers.shell['Content-Security-Policy'],
      );
      await page.arrayBuffer();
    } finally {
      await server.close();
      await rm(dir, { recursive: true, force: true });
    }
  });
});

describe('the other headers', () => {
  test('the camera is allowed to the shell page only; every other device to nobody', () => {
    const { shell, remote } = frontendSecurityHeaders({ config });
    const features = (policy) =>
      Object.fromEntries(policy.split(', ').map((item) => item.split('=')));
    assert.equal(features(shell['Permissions-Policy']).camera, '(self)');
    assert.equal(features(remote['Permissions-Policy']).camera, '()');
    for (const policy of [shell['Permissions-Policy'], remote['Permissions-Policy']]) {
      for (const name of ['microphone', 'geolocation', 'payment', 'usb', 'display-capture']) {
        assert.equal(features(policy)[name], '()', name);
      }
    }
    assert.equal(permissionsPolicy(), remote['Permissions-Policy']);
  });

  test('referrer, sniffing, framing and opener are locked down on every origin', () => {
    for (const headers of Object.values(frontendSecurityHeaders({ config }))) {
      assert.equal(headers['Referrer-Policy'], 'strict-origin-when-cross-origin');
      assert.equal(headers['X-Content-Type-Options'], 'nosniff');
      assert.equal(headers['X-Frame-Options'], 'DENY');
      assert.equal(headers['Cross-Origin-Opener-Policy'], 'same-origin');
    }
  });

  test('HSTS and upgrade-insecure-requests only when the site is served over HTTPS', () => {
    const plain = frontendSecurityHeaders({ config });
    assert.equal(plain.shell['Strict-Transport-Security'], undefined);
    assert.equal(plain.remote['Strict-Transport-Security'], undefined);
    const secure = frontendSecurityHeaders({ config, https: true });
    assert.equal(secure.shell['Strict-Transport-Security'], HSTS);
    assert.equal(secure.remote['Strict-Transport-Security'], HSTS);
    assert.match(HSTS, /^max-age=\d{8,}; includeSubDomains$/);
    assert.ok(secure.shell['Content-Security-Policy'].endsWith('; upgrade-insecure-requests'));
  });
});

describe('the static server', () => {
  const tmp = mkdtemp(path.join(os.tmpdir(), 'security-headers-'));
  after(async () => rm(await tmp, { recursive: true, force: true }));

  async function site() {
    const dir = await tmp;
    await mkdir(path.join(dir, 'static', 'js'), { recursive: true });
    await writeFile(path.join(dir, 'index.html'), '<!doctype html><title>x</title>');
    await writeFile(path.join(dir, 'static', 'js', 'app.js'), 'console.log(1)');
    return dir;
  }

  test('sends the security headers with pages, files, JSON, 404s and preflights', async () => {
    const { shell } = frontendSecurityHeaders({ config });
    const server = await startStaticServer({
      root: await site(),
      port: 0,
      json: { '/runtime-config.json': config },
      headers: shell,
    });
    try {
      const base = `http://127.0.0.1:${server.port}`;
      for (const [pathname, init, status] of /** @type {[string, RequestInit, number][]} */ ([
        ['/', {}, 200],
        ['/user/theaters', {}, 200],
        ['/static/js/app.js', {}, 200],
        ['/runtime-config.json', {}, 200],
        ['/missing.js', {}, 404],
        ['/', { method: 'OPTIONS' }, 204],
        ['/', { method: 'POST' }, 405],
      ])) {
        const res = await fetch(`${base}${pathname}`, init);
        assert.equal(res.status, status, pathname);
        for (const [name, value] of Object.entries(shell)) {
          assert.equal(
            res.headers.get(name),
            value,
            `${name} on ${init.method ?? 'GET'} ${pathname}`,
          );
        }
        await res.arrayBuffer();
      }
    } finally {
      await server.close();
    }
  });

  test("a remote's files still load cross-origin under its headers", async () => {
    const { remote } = frontendSecurityHeaders({ config });
    const server = await startStaticServer({
      root: await site(),
      port: 0,
      cors: true,
      headers: remote,
    });
    try {
      const res = await fetch(`http://127.0.0.1:${server.port}/static/js/app.js`, {
        headers: { Origin: 'http://localhost:4000' },
      });
      assert.equal(res.status, 200);
      assert.equal(res.headers.get('Access-Control-Allow-Origin'), '*');
      assert.equal(res.headers.get('Content-Type'), 'text/javascript; charset=utf-8');
      assert.equal(res.headers.get('Permissions-Policy'), remote['Permissions-Policy']);
      assert.equal(await res.text(), 'console.log(1)');
    } finally {
      await server.close();
    }
  });

  test('a path that is not valid percent-encoding is a 400, and the server keeps serving', async () => {
    const { shell } = frontendSecurityHeaders({ config });
    const server = await startStaticServer({ root: await site(), port: 0, headers: shell });
    try {
      const base = `http://127.0.0.1:${server.port}`;
      const bad = await fetch(`${base}/%E0%A4%A`);
      assert.equal(bad.status, 400);
      assert.equal(bad.headers.get('Content-Security-Policy'), shell['Content-Security-Policy']);
      await bad.arrayBuffer();
      assert.equal((await fetch(`${base}/static/js/app.js`)).status, 200);
    } finally {
      await server.close();
    }
  });
});

test('prints the headers a CDN must send for a deployment runtime config', async () => {
  const dir = await mkdtemp(path.join(os.tmpdir(), 'security-headers-cli-'));
  try {
    const file = path.join(dir, 'runtime-config.json');
    await writeFile(
      file,
      JSON.stringify({
        apiBaseUrl: 'https://api.cinebook.example/api',
        remotes: Object.fromEntries(
          ['auth', 'user', 'owner', 'admin'].map((name) => [
            name,
            { entry: `https://${name}.cinebook.example/remoteEntry.js` },
          ]),
        ),
      }),
    );
    const { stdout } = await promisify(execFile)(
      process.execPath,
      [path.join(import.meta.dirname, 'security-headers.mjs'), file, '--https'],
      { env: { ...process.env, RELEASES_BASE_URL_USER: 'https://cdn.cinebook.example/user' } },
    );
    const [shellPart = '', remotePart = ''] = stdout.split(/\n\s*\n/);
    assert.match(shellPart, /^# the shell's origin$/m);
    assert.match(
      shellPart,
      /^Content-Security-Policy: default-src 'none'; script-src 'self' https:\/\/auth\.cinebook\.example https:\/\/user\.cinebook\.example https:\/\/owner\.cinebook\.example https:\/\/admin\.cinebook\.example https:\/\/cdn\.cinebook\.example;/m,
    );
    assert.match(shellPart, /connect-src 'self' https:\/\/api\.cinebook\.example;/);
    assert.doesNotMatch(stdout, /localhost/);
    assert.match(shellPart, /^Permissions-Policy: .*camera=\(self\)/m);
    assert.match(shellPart, new RegExp(`^Strict-Transport-Security: ${HSTS}$`, 'm'));
    assert.match(remotePart, /^# each remote's origin$/m);
    assert.match(remotePart, /^Permissions-Policy: .*camera=\(\)/m);
    const workerPart = stdout.split(/\n\s*\n/)[2] ?? '';
    assert.match(workerPart, /^# the shell's \/sw\.js \(its service worker\)/m);
    assert.match(
      workerPart,
      /^Content-Security-Policy: default-src 'none'; connect-src 'self' https:\/\/auth\.cinebook\.example .*https:\/\/api\.cinebook\.example; upgrade-insecure-requests$/m,
    );
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
});
