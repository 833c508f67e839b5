import type { Page } from '@playwright/test';
import { createAccount } from '../support/accounts';
import { expect, test } from '../support/fixtures';
import {
  axeProblems,
  moveOpening,
  ownShow,
  saleOf,
  sidewaysOverflow,
  tabTo,
  unreachableByTab,
} from '../support/onsale';

// A blockbuster's on-sale as its people meet it (docs/decisions/0031-on-sale-waiting-room.md): the
// owner sets the opening and high demand in the Sale settings dialog by keyboard; fans who come
// before the opening wait in line with a countdown and their place said in a live region, keep it
// across a reload, may leave by keyboard, and are admitted to the seat map when sales open.

// The opening time's field is typed segment by segment, in the order of this locale.
test.use({ locale: 'en-US' });

const PHONE = { width: 360, height: 740 };

/**
 * A whole minute (what a datetime-local field can say) 3 to 4 minutes from now: inside the line's
 * 10 minutes before the opening, and far enough that a slow machine gets through the steps
 * before it; the test then brings the opening closer.
 */
function openingAhead(): Date {
  const at = new Date(Date.now() + 3 * 60_000);
  at.setSeconds(0, 0);
  return new Date(at.getTime() + 60_000);
}

/**
 * Types `at` into the focused datetime-local field as a keyboard user does in en-US: month, day,
 * year; Tab to the time; hour, minute, AM/PM. Returns the value the field should then hold.
 */
async function typeDateTime(page: Page, at: Date): Promise<string> {
  const parts = await page.evaluate((iso) => {
    const d = new Date(iso);
    const two = (n: number) => String(n).padStart(2, '0');
    const hour12 = d.getHours() % 12 === 0 ? 12 : d.getHours() % 12;
    return {
      date: `${two(d.getMonth() + 1)}${two(d.getDate())}${d.getFullYear()}`,
      time: `${two(hour12)}${two(d.getMinutes())}${d.getHours() < 12 ? 'A' : 'P'}`,
      value: `${d.getFullYear()}-${two(d.getMonth() + 1)}-${two(d.getDate())}T${two(d.getHours())}:${two(d.getMinutes())}`,
    };
  }, at.toISOString());
  await page.keyboard.type(parts.date);
  await page.keyboard.press('Tab');
  await page.keyboard.type(parts.time);
  return parts.value;
}

test('an owner opens sales by keyboard; fans wait in a fair, accessible line and are admitted to choose seats at the opening', {
  tag: ['@user', '@owner'],
}, async ({ pageAs }) => {
  // About 40 s here; the margin is for a loaded machine.
  test.setTimeout(90_000);
  // Three people at once, not one after another as the fixtures would make them.
  const [ownerAccount, fanAccount, otherAccount] = await Promise.all([
    createAccount('owner', 'own'),
    createAccount('user', 'fan'),
    createAccount('user', 'fan'),
  ]);
  const show = await ownShow(ownerAccount);
  const seatsUrl = `/user/seat-layout?show=${show.id}`;
  // All three sign in at once: each waits out its sign-in toast.
  const [owner, fan, other] = await Promise.all([
    pageAs(ownerAccount, { toastGone: true }),
    pageAs(fanAccount, { toastGone: true }),
    pageAs(otherAccount, { toastGone: true }),
  ]);

  await test.step('the owner sets the opening and high demand in Sale settings, by keyboard, on a phone', async () => {
    await owner.setViewportSize(PHONE);
    await owner.goto('/owner/shows');
    const card = owner.getByRole('listitem').filter({ hasText: show.movie });
    const settings = card.getByRole('button', { name: 'Sale settings' });
    await expect(settings).toBeVisible();
    await tabTo(owner, settings);
    await owner.keyboard.press('Enter');
    const dialog = owner.getByRole('dialog', { name: `Sale settings: ${show.movie}` });
    const opening = dialog.getByLabel('Sales open at');
    await expect(opening).toBeVisible();
    await tabTo(owner, opening, 5);
    const opensAt = openingAhead();
    const typed = await typeDateTime(owner, opensAt);
    await expect(opening).toHaveValue(typed);
    // Past the field's calendar button, the next stop is the checkbox.
    const highDemand = dialog.getByRole('checkbox', { name: /^High demand/ });
    await tabTo(owner, highDemand, 3);
    await owner.keyboard.press('Space');
    await expect(highDemand).toBeChecked();
    expect(await axeProblems(owner, '[role="dialog"]')).toEqual([]);
    const box = await dialog.boundingBox();
    expect((box?.x ?? -1) >= 0 && (box?.x ?? 0) + (box?.width ?? 0) <= PHONE.width).toBe(true);
    expect(await sidewaysOverflow(owner), 'the page is wider than the screen').toBeLessThanOrEqual(
      0,
    );

    await owner.keyboard.press('Tab');
    await expect(dialog.getByRole('button', { name: 'Save' })).toBeFocused();
    await owner.keyboard.press('Enter');
    await expect(owner.getByText('Sale settings saved.')).toBeVisible();
    await expect(dialog).toBeHidden();
    // Focus goes back to where the owner was.
    await expect(settings).toBeFocused();
    expect(await saleOf(show)).toMatchObject({
      sales_open_at: opensAt.toISOString(),
      high_demand: true,
    });
  });

  const place = fan.locator('[aria-live="polite"]', { hasText: 'Your place in line' });
  await test.step('fans who come before the opening get a place, a wait and a countdown, kept across a reload', async () => {
    await other.goto(seatsUrl);
    await expect(other.getByRole('heading', { name: 'You are in the waiting line' })).toBeVisible();

    await fan.goto(seatsUrl);
    await expect(fan.getByRole('heading', { name: 'You are in the waiting line' })).toBeVisible();
    // Both came before the opening: their order is drawn at random, so either may be first.
    await expect(place).toHaveText(/^Your place in line: [12]$/);
    await expect(place).toHaveAttribute('aria-atomic', 'true');
    const before = await place.innerText();
    await expect(fan.getByText(/^Estimated wait: about \d+ (seconds?|minutes?)\.$/)).toBeVisible();
    await expect(fan.getByRole('timer')).toHaveText(/^0[0-4]:[0-5]\d$/);
    // No seats to take before the turn comes.
    await expect(fan.getByRole('button', { name: /^Seat A1/ })).toHaveCount(0);

    await fan.reload();
    await expect(place).toHaveText(before);
  });

  await test.step('the waiting line passes axe, fits 360 px and every control is reached by Tab', async () => {
    expect(await axeProblems(fan)).toEqual([]);
    await fan.setViewportSize(PHONE);
    await expect(place).toBeVisible();
    expect(await sidewaysOverflow(fan), 'the page is wider than the screen').toBeLessThanOrEqual(0);
    expect(await axeProblems(fan)).toEqual([]);
    expect(await unreachableByTab(fan)).toEqual([]);
  });

  await test.step('a fan leaves the line by keyboard, and the one behind moves up', async () => {
    const leave = other.getByRole('button', { name: 'Leave the line' });
    await tabTo(other, leave);
    await other.keyboard.press('Enter');
    await expect(other.getByRole('heading', { name: 'You left the line' })).toBeFocused();
    await expect(other.getByRole('button', { name: 'Join the line again' })).toBeVisible();
    // The live region follows within a poll (every 5 s at most before the opening).
    await expect(place).toHaveText('Your place in line: 1');
  });

  await test.step('at the opening the fan is admitted and holds a seat with the admission', async () => {
    // The test's clock: the owner brings the opening to a few seconds from now; the waiting
    // page asks again every 5 s at most, and the first ask after the opening admits the fan.
    await moveOpening(show, new Date(Date.now() + 5_000));
    const turn = fan.getByText(/^It is your turn\. Choose your seats within \d\d:\d\d\.$/);
    await expect(turn).toBeVisible({ timeout: 15_000 });
    await expect(place).toHaveCount(0);
    // Said, not only shown: the page's status region tells a screen reader the turn has come.
    await expect(
      fan.getByRole('status').filter({ hasText: /^It is your turn: choose your seats within/ }),
    ).toHaveText(/^It is your turn: choose your seats within [45] minutes\.$/);

    await fan.getByLabel('Number of Tickets').fill('1');
    await fan.getByRole('button', { name: 'Seat A1, available' }).click();
    const hold = fan.waitForResponse(
      (response) =>
        response.request().method() === 'POST' && /\/api\/holds\/?$/.test(response.url()),
    );
    await fan.getByRole('button', { name: 'Proceed to Pay' }).click();
    const answer = await hold;
    expect(answer.status()).toBe(201);
    expect(answer.request().postDataJSON()).toMatchObject({
      admission_token: expect.stringMatching(/^[\w-]+\.[\w-]+\.[\w-]+$/),
    });
    await expect(fan.getByRole('heading', { level: 1 })).toHaveText('Payment');
  });
});
