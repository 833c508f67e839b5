import { type BrowserContext, test as base, type Page } from '@playwright/test';
import {
  type Account,
  createAccount,
  HOME,
  logIn,
  type NewAccount,
  settleSignIn,
} from './accounts';
import { fetchApi } from './api';
import { ACCOUNTS, type Role, WIDTHS } from './routes';

/**
 * Who a page is signed in as: a demo role of the seeded database ('customer' is the demo guest,
 * who holds tickets; 'owner' the demo owner, with theaters and shows; 'admin' the admin made at
 * start; 'anonymous' nobody), or an account of the test's own.
 */
export type Who = Role | Account;

export interface PageOptions {
  /**
   * Wait until the sign-in toast has gone, so it is not part of the screen: for tests of layout,
   * focus or accessibility. Off by default (the toast lasts 5 s).
   */
  toastGone?: boolean;
  /** A touch screen: taps and pinches (page.touchscreen, Input.dispatchTouchEvent) reach it. */
  touch?: boolean;
  /** Runs on the new context before its first page opens (e.g. to watch its console). */
  setUp?: (context: BrowserContext) => Promise<void>;
}

export type PageAs = (who: Who, options?: PageOptions) => Promise<Page>;

interface Fixtures {
  /**
   * A page in a browser context of its own, signed in through the login screen as `who` and
   * landed on that role's home. After the test each such context is closed, and its session is
   * cleaned up through the API: the holds it left are released and the session is ended.
   */
  pageAs: PageAs;
  /** A new customer account, made through the API (email code, verify, signup). */
  customerAccount: NewAccount;
  /** A second new customer account, for tests of two customers on one show. */
  secondCustomerAccount: NewAccount;
  /** A new owner account, made through the API. */
  ownerAccount: NewAccount;
  /** A page signed in as `customerAccount`, on /user/theaters. */
  customerPage: Page;
  /** A page signed in as `ownerAccount`, on /owner/theaters. */
  ownerPage: Page;
  /** A page signed in as the admin made at start, on /admin/adminpanel. */
  adminPage: Page;
}

const DEMO: Record<Exclude<Role, 'anonymous'>, Account['role']> = {
  customer: 'user',
  owner: 'owner',
  admin: 'admin',
};

function accountOf(who: Exclude<Who, 'anonymous'>): Account {
  return typeof who === 'string' ? { ...ACCOUNTS[who], role: DEMO[who] } : who;
}

export const test = base.extend<Fixtures>({
  pageAs: async ({ browser }, use) => {
    const contexts: BrowserContext[] = [];
    await use(async (who, options = {}) => {
      const context = await browser.newContext({
        viewport: { width: WIDTHS[0], height: 800 },
        hasTouch: options.touch ?? false,
      });
      contexts.push(context);
      await options.setUp?.(context);
      const page = await context.newPage();
      if (who !== 'anonymous') {
        const account = accountOf(who);
        await logIn(page, account.email, account.password);
        await settleSignIn(page, HOME[account.role], options.toastGone);
      }
      return page;
    });
    // Every context is ended even when one cleanup fails; the first failure fails the test.
    const ends = await Promise.allSettled(contexts.map(endContext));
    const failed = ends.find((end) => end.status === 'rejected');
    if (failed) throw failed.reason;
  },
  // biome-ignore lint/correctness/noEmptyPattern: Playwright reads a fixture's needs from it.
  customerAccount: async ({}, use) => {
    await use(await createAccount('user', 'cust'));
  },
  // biome-ignore lint/correctness/noEmptyPattern: Playwright reads a fixture's needs from it.
  secondCustomerAccount: async ({}, use) => {
    await use(await createAccount('user', 'cust'));
  },
  // biome-ignore lint/correctness/noEmptyPattern: Playwright reads a fixture's needs from it.
  ownerAccount: async ({}, use) => {
    await use(await createAccount('owner', 'own'));
  },
  customerPage: async ({ pageAs, customerAccount }, use) => {
    await use(await pageAs(customerAccount));
  },
  ownerPage: async ({ pageAs, ownerAccount }, use) => {
    await use(await pageAs(ownerAccount));
  },
  adminPage: async ({ pageAs }, use) => {
    await use(await pageAs('admin'));
  },
});

export { expect } from '@playwright/test';

async function call(method: string, path: string, body?: unknown, access?: string) {
  const response = await fetchApi(method, path, body, access);
  // A 4xx is an answer (already released, already logged out); a 5xx is a fault worth a failure.
  if (response.status >= 500) throw new Error(`${method} ${path} answered ${response.status}`);
  return response;
}

/**
 * Closes `context` and ends what it left on the server: its customer's holds in force are
 * released (their seats free for the next test) and its session is ended. The tokens are read
 * from the context's storage before it closes; a test that logged out itself leaves none.
 */
async function endContext(context: BrowserContext) {
  let refresh: string | undefined;
  try {
    // The refresh token is in the HttpOnly cookie login set (docs/decisions/0028-...), which
    // Playwright, unlike the page's scripts, can read.
    const state = await context.storageState();
    refresh = state.cookies.find((cookie) => cookie.name === 'cinebook_refresh')?.value;
  } catch {
    // The test closed the context itself: nothing to read.
  }
  await context.close();
  if (typeof refresh !== 'string' || refresh === '') return;
  // A fresh pair: the stored access token may be stale. A refusal means the session has ended.
  const refreshed = await call('POST', 'token/refresh/', { refresh });
  if (!refreshed.ok) return;
  const tokens = (await refreshed.json()) as { access: string; refresh: string };
  const holds = await call('GET', 'holds/', undefined, tokens.access);
  if (holds.ok) {
    for (const hold of (await holds.json()) as { id: number }[])
      await call('DELETE', `holds/${hold.id}/`, undefined, tokens.access);
  }
  await call('POST', 'logout/', { refresh: tokens.refresh });
}
