import type { BrowserContext, Page, TestInfo } from '@playwright/test';
import { expect, type PageAs, test, type Who } from '../support/fixtures';
import { E2E_PORTS } from '../support/ports';
import { settle } from '../support/routes';

const origin = (port: number) => `http://localhost:${port}`;
const SHELL = origin(E2E_PORTS.shell);
const REMOTES = [E2E_PORTS.auth, E2E_PORTS.user, E2E_PORTS.owner, E2E_PORTS.admin].map(origin);

/** A policy as a map: directive -> its sources. */
function directives(policy: string): Record<string, string[]> {
  return Object.fromEntries(
    policy.split(';').map((part) => {
      const [name = '', ...sources] = part.trim().split(/\s+/);
      return [name, sources];
    }),
  );
}

type Violation = { directive: string; blocked: string; source: string; page: string };

/**
 * Everything a browser reports against the security policies in `context`: each
 * `securitypolicyviolation` event of every page (across navigations) and every console message
 * about the CSP or the Permissions-Policy (Chromium logs both, e.g. "Refused to load ...").
 */
async function watchPolicies(context: BrowserContext) {
  const violations: Violation[] = [];
  const messages: string[] = [];
  await context.exposeBinding('__reportPolicyViolation', (_source, violation: Violation) => {
    violations.push(violation);
  });
  await context.addInitScript(() => {
    document.addEventListener('securitypolicyviolation', (event) => {
      const report = (window as unknown as Record<string, (v: unknown) => void>)
        .__reportPolicyViolation;
      report?.({
        directive: event.effectiveDirective,
        blocked: event.blockedURI,
        source: `${event.sourceFile}:${event.lineNumber}`,
        page: location.pathname,
      });
    });
  });
  const watch = (page: Page) =>
    page.on('console', (message) => {
      if (/content.security.policy|permissions.policy|refused to/i.test(message.text())) {
        messages.push(`${message.type()} on ${page.url()}: ${message.text()}`);
      }
    });
  context.on('page', watch);
  for (const page of context.pages()) watch(page);
  return {
    violations,
    messages,
    expectNone() {
      expect(violations, 'CSP violations').toEqual([]);
      expect(messages, 'console messages about the CSP or Permissions-Policy').toEqual([]);
    },
  };
}

/** A page of a fresh browser context, signed in as `who`, whose policy reports are collected. */
async function watchedPage(pageAs: PageAs, who: Who) {
  let policies: Awaited<ReturnType<typeof watchPolicies>> | undefined;
  const page = await pageAs(who, {
    setUp: async (context) => {
      policies = await watchPolicies(context);
    },
  });
  if (!policies) throw new Error('The policy watcher was not set up.');
  return { page, policies };
}

/**
 * Opens `path` as a fresh page load and waits until its area has rendered `heading` (the h1; null
 * for a screen that only asks to log in) and every chunk, stylesheet and API call it starts has
 * settled, so anything blocked is reported.
 */
async function visit(page: Page, path: string, heading: string | RegExp | null) {
  await page.goto(path);
  if (heading === null) await expect(page.locator('[data-remote]')).toBeAttached();
  else await expect(page.getByRole('heading', { level: 1, name: heading })).toBeVisible();
  await settle(page);
  await expect(page.getByText(/area could not be loaded/)).toHaveCount(0);
}

/** Visits each path with its heading; the test's steps name the screens in the report. */
async function walk(page: Page, screens: [string, string | RegExp | null][]) {
  for (const [path, heading] of screens) {
    await test.step(path, () => visit(page, path, heading));
  }
}

function slow(testInfo: TestInfo) {
  testInfo.setTimeout(120_000);
}

test('every frontend origin sends the security headers computed from the runtime config', {
  tag: ['@shell', '@auth', '@user', '@owner', '@admin'],
}, async ({ request }) => {
  const config = await (await request.get(`${SHELL}/runtime-config.json`)).json();
  const remoteOrigins = Object.values(config.remotes as Record<string, { entry: string }>).map(
    (remote) => new URL(remote.entry).origin,
  );
  // The config is the browser tests' own: the policy cannot have come from default ports. The
  // API is on the site's own origin (scripts/api-proxy.mjs): the pages connect nowhere else.
  expect(config.apiBaseUrl).toBe('/api');
  expect(remoteOrigins.sort()).toEqual([...REMOTES].sort());

  const files = [
    [SHELL, '/'],
    [SHELL, '/user/theaters'],
    [SHELL, '/runtime-config.json'],
    ...REMOTES.flatMap((remote) => [
      [remote, '/'],
      [remote, '/remoteEntry.js'],
    ]),
  ] as const;
  for (const [at, pathname] of files) {
    const response = await request.get(`${at}${pathname}`);
    const where = `${at}${pathname}`;
    expect(response.status(), where).toBe(200);
    const headers = response.headers();
    const csp = directives(headers['content-security-policy'] ?? '');
    expect(csp['default-src'], where).toEqual(["'none'"]);
    expect(csp['script-src'], where).toEqual(["'self'", ...remoteOrigins]);
    expect(csp['style-src'], where).toEqual(["'self'", ...remoteOrigins]);
    expect(csp['connect-src'], where).toEqual(["'self'"]);
    expect(csp['object-src'], where).toEqual(["'none'"]);
    expect(csp['base-uri'], where).toEqual(["'self'"]);
    expect(csp['form-action'], where).toEqual(["'self'"]);
    expect(csp['frame-ancestors'], where).toEqual(["'none'"]);
    expect(headers['content-security-policy'], where).not.toMatch(/unsafe-inline|unsafe-eval/);
    expect(headers['permissions-policy'], where).toContain(
      at === SHELL ? 'camera=(self)' : 'camera=()',
    );
    expect(headers['permissions-policy'], where).toContain('microphone=()');
    expect(headers['referrer-policy'], where).toBe('strict-origin-when-cross-origin');
    expect(headers['x-content-type-options'], where).toBe('nosniff');
    expect(headers['cross-origin-opener-policy'], where).toBe('same-origin');
    // Plain http://localhost: HSTS would be meaningless and is never sent.
    expect(headers['strict-transport-security'], where).toBeUndefined();
    // The shell loads the remotes' files from other origins.
    if (at !== SHELL) expect(headers['access-control-allow-origin'], where).toBe('*');
  }
});

test('the built pages load every script from a file: none is inline', {
  tag: ['@shell', '@auth', '@user', '@owner', '@admin'],
}, async ({ request }) => {
  for (const at of [SHELL, ...REMOTES]) {
    const html = await (await request.get(`${at}/`)).text();
    const scripts = html.match(/<script\b[^>]*>/g) ?? [];
    expect(scripts.length, at).toBeGreaterThan(0);
    for (const tag of scripts) expect(tag, at).toMatch(/\ssrc=/);
    expect(html, at).not.toMatch(/<script\b[^>]*>[^<]+<\/script>/);
    expect(html, at).not.toMatch(/\son[a-z]+=|<style\b|\sstyle=/i);
  }
});

test('the policy is enforced: a script injected into the page is refused and reported', {
  tag: ['@shell', '@auth', '@user', '@owner', '@admin'],
}, async ({ pageAs }) => {
  const { page, policies } = await watchedPage(pageAs, 'anonymous');
  await visit(page, '/', /Book movie tickets/);
  const ran = await page.evaluate(async () => {
    const flag = window as unknown as { injected?: boolean };
    const inline = document.createElement('script');
    inline.textContent = 'window.injected = true';
    document.body.append(inline);
    const foreign = document.createElement('script');
    foreign.src = 'http://127.0.0.1:9/evil.js';
    const refused = new Promise((resolve) => {
      foreign.onerror = resolve;
    });
    document.body.append(foreign);
    await refused;
    return flag.injected === true;
  });
  expect(ran).toBe(false);
  await expect
    .poll(() => policies.violations.map((v) => v.directive).sort())
    .toEqual(['script-src-elem', 'script-src-elem']);
  expect(policies.violations.map((v) => v.blocked).sort()).toEqual([
    'http://127.0.0.1:9/evil.js',
    'inline',
  ]);
  expect(policies.messages.length).toBeGreaterThan(0);
});

test(
  'an anonymous visitor sees landing, sign-in, sign-up, password reset and 404 with no violation',
  { tag: ['@shell', '@auth', '@user', '@owner', '@admin'] },
  async ({ pageAs }, testInfo) => {
    slow(testInfo);
    const { page, policies } = await watchedPage(pageAs, 'anonymous');
    await walk(page, [
      ['/', /Book movie tickets/],
      ['/auth/login', 'Login'],
      ['/auth/signup', 'Create Your Account'],
      ['/auth/otp/request', 'Forgot Password'],
      // Without a verified code these may send the visitor elsewhere: any screen will do.
      ['/auth/otp/verify', null],
      ['/auth/password/reset', null],
      ['/no/such/page', /Page not found/],
      // Each signed-in area asks a visitor to log in.
      ['/user/theaters', null],
      ['/owner/theaters', null],
      ['/admin/adminpanel', null],
    ]);
    policies.expectNone();
  },
);

test(
  'a customer books through theaters, movies, shows, seats and payment with no violation',
  { tag: ['@shell', '@auth', '@user', '@owner', '@admin'] },
  async ({ pageAs, customerAccount }, testInfo) => {
    slow(testInfo);
    // Signing in shows a toast: react-toastify under the policy too, styled by its CSS file (it
    // injects no <style> element, which the policy would refuse).
    const { page, policies } = await watchedPage(pageAs, customerAccount);
    await expect(page).toHaveURL('/user/theaters');
    await expect(page.locator('.Toastify__toast-container')).toHaveCSS('position', 'fixed');
    expect(await page.locator('style').count()).toBe(0);
    await walk(page, [
      ['/user/dashboard', 'Dashboard'],
      ['/user/theaters', 'Theaters'],
    ]);
    await page.getByRole('button', { name: 'View Running Movies' }).first().click();
    await expect(page.getByRole('heading', { level: 1, name: 'Movies' })).toBeVisible();
    await page.getByRole('button', { name: 'View Shows' }).first().click();
    await expect(page.getByRole('heading', { level: 1, name: 'Shows' })).toBeVisible();
    await page.getByRole('button', { name: 'View Seats' }).first().click();
    await expect(page.getByRole('heading', { level: 1, name: 'Select Seats' })).toBeVisible();
    await page.reload();
    await page.getByLabel('Number of Tickets').fill('1');
    await page
      .getByRole('button', { name: /^Seat [A-Z]\d+, available$/ })
      .first()
      .click();
    await page.getByRole('button', { name: 'Proceed to Pay' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Payment' })).toBeVisible();
    await settle(page);
    // Back releases the hold: nothing is left behind for other tests.
    await page.getByRole('button', { name: 'Back' }).click();
    await expect(page).toHaveURL(/\/user\/seat-layout/);
    await walk(page, [
      ['/user/my-tickets', 'My Tickets'],
      ['/profile', 'My Profile'],
    ]);
    policies.expectNone();
  },
);

test(
  'an owner sees every owner screen and a seat layout with no violation',
  { tag: ['@shell', '@auth', '@user', '@owner', '@admin'] },
  async ({ pageAs }, testInfo) => {
    slow(testInfo);
    // The demo owner: theaters, shows and bookings to show.
    const { page, policies } = await watchedPage(pageAs, 'owner');
    await walk(page, [
      ['/owner/dashboard', 'Dashboard'],
      ['/owner/theaters', 'Theaters'],
      ['/owner/movies', 'Movies'],
      ['/owner/shows', 'Shows'],
      ['/owner/add-theater', 'Add Theater'],
      ['/owner/add-movie', 'Add Movie'],
      ['/owner/add-show', 'Add Show'],
      ['/owner/bookings', 'Bookings'],
    ]);
    await page.goto('/owner/shows');
    await page.getByRole('button', { name: 'Show Seats' }).first().click();
    await expect(page.getByRole('heading', { level: 1, name: 'Seat Layout' })).toBeVisible();
    await expect(page.getByRole('button', { name: /^Seat [A-Z]\d+/ }).first()).toBeVisible();
    await page.reload();
    await expect(page.getByRole('button', { name: /^Seat [A-Z]\d+/ }).first()).toBeVisible();
    await settle(page);
    await walk(page, [['/profile', 'My Profile']]);
    policies.expectNone();
  },
);

test(
  'an admin sees the admin panel, every list, releases and reports with no violation',
  { tag: ['@shell', '@auth', '@user', '@owner', '@admin'] },
  async ({ pageAs }, testInfo) => {
    slow(testInfo);
    const { page, policies } = await watchedPage(pageAs, 'admin');
    await walk(page, [
      ['/admin/adminpanel', 'Admin Panel'],
      ['/admin/theaters', 'Theaters'],
      ['/admin/movies', 'Movies'],
      ['/admin/shows', 'Shows'],
      ['/admin/bookings', 'Bookings'],
      ['/admin/owners', 'Owners'],
      ['/admin/users', 'Users'],
      ['/admin/releases', 'Releases'],
      ['/reports', 'Reports'],
      ['/profile', 'My Profile'],
    ]);
    policies.expectNone();
  },
);
