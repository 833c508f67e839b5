import { createServer } from 'node:http';
import path from 'node:path';
import { expect, test } from '@playwright/test';
import { startStaticServer } from '../../scripts/serve.mjs';
import { failOnConsoleErrors, paintAndFetches } from '../support/page';
import { E2E_PORTS } from '../support/ports';

const ROOT = path.resolve(import.meta.dirname, '../..');

test('the landing page offers the product and both buttons lead into it', {
  tag: ['@shell', '@auth', '@user'],
}, async ({ page }) => {
  const noErrors = failOnConsoleErrors(page);
  await page.goto('/');
  await expect(page.getByRole('heading', { level: 1 })).toContainText('Book movie tickets');
  for (const tile of ['Choose Theater', 'Select Movie', 'Book Tickets']) {
    await expect(page.getByRole('heading', { name: tile })).toBeVisible();
  }
  await expect(page.getByRole('navigation', { name: 'Main' }).getByRole('link')).toHaveText([
    'Login',
    'Signup',
  ]);

  await page.getByRole('button', { name: 'Get Started' }).click();
  await expect(page).toHaveURL('/auth/signup');

  await page.goto('/');
  await page.getByRole('button', { name: 'Browse Theaters' }).click();
  await expect(page).toHaveURL('/auth/login');
  noErrors();
});

test('an unknown path shows the 404 page and Back to Home returns', {
  tag: ['@shell', '@auth', '@user'],
}, async ({ page }) => {
  await page.goto('/no/such/page');
  await expect(page.getByRole('heading', { name: 'Page not found...' })).toBeVisible();
  await page.getByRole('button', { name: 'Back to Home' }).click();
  await expect(page).toHaveURL('/');
  await expect(page.getByRole('button', { name: 'Get Started' })).toBeVisible();
});

test('an area’s first screen waits on no timer: it is drawn with the page’s clock stopped', {
  tag: ['@shell', '@auth', '@user'],
}, async ({ page }) => {
  // React reveals what replaces a Suspense fallback no sooner than 300 ms after the fallback
  // appeared, on a timer: an area behind one was drawn that long after its code had arrived.
  await page.clock.install();
  await page.clock.pauseAt(Date.now() + 60_000);
  for (const [path, title] of [
    ['/auth/login', 'Login'],
    ['/user/theaters', 'Log in to book tickets'],
  ] as const) {
    await page.goto(path);
    await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();
  }
});

test('each area is fetched at runtime from its own port and React is loaded once', {
  tag: ['@shell', '@auth', '@user'],
}, async ({ page }) => {
  const noErrors = failOnConsoleErrors(page);
  const scripts: { url: string; body: string }[] = [];
  // Every remote entry the page fetched: on the way to an area, or ahead of it while idle.
  const entries: { url: string; status: number }[] = [];
  page.on('response', async (response) => {
    if (response.request().resourceType() !== 'script') return;
    if (response.url().endsWith('/remoteEntry.js')) {
      entries.push({ url: response.url(), status: response.status() });
    }
    scripts.push({ url: response.url(), body: await response.text() });
  });

  await page.goto('/');
  const areas = [
    ['/auth/somewhere', E2E_PORTS.auth],
    ['/user/somewhere', E2E_PORTS.user],
    ['/owner/somewhere', E2E_PORTS.owner],
    ['/admin/somewhere', E2E_PORTS.admin],
  ] as const;
  for (const [pathname, port] of areas) {
    // Client-side navigation, as a user moving between areas does.
    await page.evaluate((to) => {
      window.history.pushState({}, '', to);
      window.dispatchEvent(new PopStateEvent('popstate'));
    }, pathname);
    // The published release of each remote, from that remote's own server.
    await expect
      .poll(() => entries.find((entry) => entry.url.startsWith(`http://localhost:${port}/`)))
      .toEqual({ url: expect.stringMatching(/\/remoteEntry\.js$/), status: 200 });
    // Each area answers a path it does not know with its own not-found page.
    await expect(page.getByRole('heading', { name: 'Page not found...' })).toBeVisible();
  }

  await page.waitForLoadState('networkidle');
  // React's core module defines cloneElement; exactly one script may carry it: the shell's.
  const reactCopies = scripts.filter((script) => script.body.includes('.cloneElement='));
  expect(reactCopies.map((script) => new URL(script.url).port)).toEqual([String(E2E_PORTS.shell)]);
  noErrors();
});

test('a page view that starts in an area asks for the manifest and that area’s entry once, ahead of the shell’s code', {
  tag: ['@shell', '@auth', '@user'],
}, async ({ page }) => {
  const noErrors = failOnConsoleErrors(page);
  const requests: string[] = [];
  page.on('request', (request) => requests.push(request.url()));

  await page.goto('/auth/login');
  await expect(page.getByText('Welcome back. Sign in to book your tickets.')).toBeVisible();
  await page.waitForLoadState('load');

  // The manifest asked for by index.ts is the one the area uses: one request, not two.
  expect(requests.filter((url) => url.includes('/api/releases/manifest/'))).toHaveLength(1);
  // The account area's entry was preloaded as soon as the manifest named it, and fetched once.
  const entry = `http://localhost:${E2E_PORTS.auth}/`;
  const authEntries = requests.filter(
    (url) => url.startsWith(entry) && url.endsWith('/remoteEntry.js'),
  );
  expect(authEntries).toHaveLength(1);
  await expect(
    page.locator(`link[rel="preload"][as="script"][href="${authEntries[0]}"]`),
  ).toHaveCount(1);
  noErrors();
});

test('once the login screen is painted, the customers’ area is fetched ahead, never before', {
  tag: ['@shell', '@auth', '@user'],
}, async ({ page }) => {
  const noErrors = failOnConsoleErrors(page);
  await page.goto('/auth/login');
  await expect(page.getByText('Welcome back. Sign in to book your tickets.')).toBeVisible();
  // The look-ahead (App.tsx) waits for the area's paint, then idleness: when did each happen?
  const ahead = `http://localhost:${E2E_PORTS.user}/`;
  const timesOf = async () => {
    const { lcp, fetched } = await paintAndFetches(page);
    const entry = fetched.find(
      ({ url }) => url.startsWith(ahead) && url.endsWith('/remoteEntry.js'),
    );
    return { lcp, fetched: entry?.at ?? null };
  };
  await expect.poll(async () => (await timesOf()).fetched).not.toBeNull();
  const { lcp, fetched } = await timesOf();
  // Fetched after the screen the person waited for was painted, so it never slowed that paint.
  expect(lcp).not.toBeNull();
  expect(fetched).toBeGreaterThan(lcp as number);
  noErrors();
});

/**
 * A stand-in API answering only the release manifest, the way a deployment whose admin area is
 * hosted on a server that is down would describe it.
 */
async function startManifestApi(port: number, manifest: unknown) {
  const server = createServer((req, res) => {
    const origin = req.headers.origin ?? '*';
    res.setHeader('Access-Control-Allow-Origin', origin);
    res.setHeader('Access-Control-Allow-Credentials', 'true');
    res.setHeader('Access-Control-Allow-Headers', 'Authorization, Content-Type');
    if (req.method === 'OPTIONS') return void res.writeHead(204).end();
    if (req.url?.startsWith('/api/releases/manifest')) {
      return void res
        .writeHead(200, { 'Content-Type': 'application/json' })
        .end(JSON.stringify(manifest));
    }
    res.writeHead(202, { 'Content-Type': 'application/json' }).end('{}');
  });
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  return { close: () => new Promise<void>((resolve) => server.close(() => resolve())) };
}

test('the site survives an area whose server is down, and Retry recovers it', {
  tag: ['@shell', '@auth', '@user'],
}, async ({ page }) => {
  // A second shell, booted from a manifest that sends the admin area to a server not up yet.
  const downPort = E2E_PORTS.admin + 10;
  const apiPort = E2E_PORTS.api + 10;
  const published = await (
    await fetch(`http://127.0.0.1:${E2E_PORTS.api}/api/releases/manifest/`)
  ).json();
  const manifestApi = await startManifestApi(apiPort, {
    remotes: {
      ...published.remotes,
      admin: {
        stable: { version: 'down', entry: `http://localhost:${downPort}/remoteEntry.js` },
        canary: null,
      },
    },
  });
  const shell = await startStaticServer({
    root: path.join(ROOT, 'shell', 'dist'),
    port: E2E_PORTS.shell + 10,
    json: {
      '/runtime-config.json': {
        apiBaseUrl: `http://localhost:${apiPort}/api`,
        remotes: {
          auth: { entry: `http://localhost:${E2E_PORTS.auth}/remoteEntry.js` },
          user: { entry: `http://localhost:${E2E_PORTS.user}/remoteEntry.js` },
          owner: { entry: `http://localhost:${E2E_PORTS.owner}/remoteEntry.js` },
          admin: { entry: `http://localhost:${downPort}/remoteEntry.js` },
        },
      },
    },
  });
  let admin: Awaited<ReturnType<typeof startStaticServer>> | undefined;
  try {
    await page.goto(`http://localhost:${shell.port}/admin/nowhere`);
    await expect(page.getByRole('alert')).toContainText('The admin area could not be loaded', {
      timeout: 15_000,
    });

    // The header and the other areas still work.
    await page.getByRole('link', { name: 'Login' }).click();
    await expect(page).toHaveURL(/\/auth\/login$/);
    await expect(page.getByRole('button', { name: 'Login', exact: true })).toBeVisible();
    await page.getByRole('link', { name: 'CineBook' }).click();
    await expect(page.getByRole('button', { name: 'Get Started' })).toBeVisible();

    // The admin area comes back; Retry loads it without a page reload.
    await page.evaluate(() => {
      window.history.pushState({}, '', '/admin/nowhere');
      window.dispatchEvent(new PopStateEvent('popstate'));
    });
    await expect(page.getByRole('alert')).toContainText('could not be loaded', { timeout: 15_000 });
    admin = await startStaticServer({
      root: path.join(ROOT, 'mfe-admin', 'dist'),
      port: downPort,
      cors: true,
    });
    const navigations: string[] = [];
    page.on('framenavigated', (frame) => navigations.push(frame.url()));
    await page.getByRole('button', { name: 'Retry' }).click();
    await expect(page.getByRole('alert')).toHaveCount(0);
    await expect(page.getByRole('heading', { name: 'Page not found...' })).toBeVisible();
    expect(navigations).toEqual([]);
  } finally {
    await admin?.close();
    await shell.close();
    await manifestApi.close();
  }
});

test('when the shell’s code for areas cannot be fetched, the page says so and Retry recovers it', {
  tag: ['@shell', '@auth', '@user'],
}, async ({ page }) => {
  let reachable = false;
  await page.route('**/static/js/async/area.*.js', (route) =>
    reachable ? route.continue() : route.abort('internetdisconnected'),
  );
  await page.goto('/auth/login');
  await expect(page.getByRole('alert')).toContainText('This page could not be loaded');
  // The header still works.
  await expect(page.getByRole('link', { name: 'CineBook' })).toBeVisible();

  reachable = true;
  await page.getByRole('button', { name: 'Retry' }).click();
  await expect(page.getByRole('alert')).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Login', exact: true })).toBeVisible();
});
