import AxeBuilder from '@axe-core/playwright';
import type { Locator, Page } from '@playwright/test';
import type { NewAccount } from './accounts';
import { fetchApi } from './api';

// What the on-sale's browser test needs beyond the screens: a show of its own, made through the
// API, the opening moved as the owner would, and checks of accessibility, width and Tab order.

/** Calls the API as `access`; anything but a 2xx fails the test with the answer. */
export async function callApi<T>(
  method: string,
  path: string,
  body?: unknown,
  access?: string,
): Promise<T> {
  const response = await fetchApi(method, path, body, access);
  const text = await response.text();
  if (!response.ok) throw new Error(`${method} ${path} answered ${response.status}: ${text}`);
  return (text === '' ? undefined : JSON.parse(text)) as T;
}

/** 'YYYY-MM-DD' of `at` in the API's time zone (APP_TIMEZONE, Asia/Kolkata). */
function localDate(at: Date): string {
  return new Intl.DateTimeFormat('en-CA', {
    timeZone: process.env.APP_TIMEZONE || 'Asia/Kolkata',
  }).format(at);
}

export interface OwnShow {
  id: number;
  movie: string;
  /** The owner's access token, for the API calls the test makes as them. */
  access: string;
}

/**
 * The owner's own theater (2 rows of 5 seats unless said), movie and a show the day after
 * tomorrow, made through the API: on sale at once and not high-demand until the owner says
 * otherwise.
 */
export async function ownShow(
  owner: NewAccount,
  { rows = 2, seatsPerRow = 5 }: { rows?: number; seatsPerRow?: number } = {},
): Promise<OwnShow> {
  const { access } = await callApi<{ access: string }>('POST', 'login/', {
    email_or_username: owner.email,
    password: owner.password,
  });
  const theater = await callApi<{ id: number }>(
    'POST',
    'theaters/',
    { name: `Rush ${owner.username}`, location: 'Pune', rows, seats_per_row: seatsPerRow },
    access,
  );
  const movie = `Blockbuster ${owner.username}`;
  const { id: movieId } = await callApi<{ id: number }>(
    'POST',
    'movies/',
    {
      title: movie,
      description: 'Everyone wants a seat on the first night.',
      duration_minutes: 120,
      language: 'English',
      release_date: '2026-01-01',
      theater: theater.id,
    },
    access,
  );
  const { id } = await callApi<{ id: number }>(
    'POST',
    'shows/',
    {
      movie: movieId,
      theater: theater.id,
      date: localDate(new Date(Date.now() + 2 * 24 * 3600_000)),
      start_time: '18:00',
      end_time: '20:00',
    },
    access,
  );
  return { id, movie, access };
}

/** The sale as GET onsale/{id}/ answers it. */
export function saleOf(
  show: OwnShow,
): Promise<{ sales_open_at: string | null; high_demand: boolean }> {
  return callApi('GET', `onsale/${show.id}/`, undefined, show.access);
}

/** The owner moves the opening to `at` (PATCH onsale/{id}/, as the dialog does). */
export async function moveOpening(show: OwnShow, at: Date) {
  await callApi('PATCH', `onsale/${show.id}/`, { sales_open_at: at.toISOString() }, show.access);
}

// WCAG 2.2 A and AA plus axe's best practices: the tags of accessibility.spec.ts.
const AXE_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa', 'best-practice'];

/** axe's violations on the page (or inside `include`, a CSS selector), one line each. */
export async function axeProblems(page: Page, include?: string): Promise<string[]> {
  let builder = new AxeBuilder({ page }).withTags(AXE_TAGS);
  if (include) builder = builder.include(include);
  const { violations } = await builder.analyze();
  return violations.map((violation) => {
    const targets = violation.nodes.slice(0, 4).map((node) => node.target.join(' '));
    return `[${violation.impact}] ${violation.id}: ${violation.help} (${violation.nodes.length}): ${targets.join(', ')}`;
  });
}

/** How far the page is wider than the screen (0 or less: it never scrolls sideways). */
export function sidewaysOverflow(page: Page): Promise<number> {
  return page.evaluate(
    () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
  );
}

/** Presses Tab until `target` has the focus; fails after `limit` presses. */
export async function tabTo(page: Page, target: Locator, limit = 40) {
  for (let presses = 0; presses < limit; presses++) {
    if (await target.evaluate((element) => element === document.activeElement)) return;
    await page.keyboard.press('Tab');
  }
  if (!(await target.evaluate((element) => element === document.activeElement)))
    throw new Error(`${limit} Tab presses never reached ${target}`);
}

/**
 * The visible controls of the page that Tab, pressed from the top of the page, never reaches
 * (their names); empty when every one is.
 */
export async function unreachableByTab(page: Page): Promise<string[]> {
  const count = await page.evaluate(() => {
    const selector =
      'a[href], button:not([disabled]), input:not([disabled]), select:not([disabled]), textarea:not([disabled]), [tabindex]:not([tabindex="-1"])';
    const controls = [...document.querySelectorAll<HTMLElement>(selector)].filter(
      (element) =>
        // A closed slide-in menu is hidden with `visibility`, which Tab skips too.
        element.checkVisibility({ visibilityProperty: true }) &&
        element.closest('[inert], [aria-hidden="true"]') === null,
    );
    controls.forEach((element, index) => {
      element.dataset.tabCheck = String(index);
    });
    (document.activeElement as HTMLElement | null)?.blur();
    return controls.length;
  });
  const reached = new Set<string>();
  for (let presses = 0; presses < count + 3 && reached.size < count; presses++) {
    await page.keyboard.press('Tab');
    const mark = await page.evaluate(
      () => (document.activeElement as HTMLElement | null)?.dataset.tabCheck,
    );
    if (mark !== undefined) reached.add(mark);
  }
  return page.evaluate(
    (seen) =>
      [...document.querySelectorAll<HTMLElement>('[data-tab-check]')]
        .filter((element) => !seen.includes(element.dataset.tabCheck ?? ''))
        .map((element) => element.getAttribute('aria-label') ?? element.textContent?.trim() ?? ''),
    [...reached],
  );
}
