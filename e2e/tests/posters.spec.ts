import type { Page } from '@playwright/test';
import { createAccount } from '../support/accounts';
import { expect, test } from '../support/fixtures';
import { axeProblems, ownShow, sidewaysOverflow, tabTo } from '../support/onsale';
import { settle } from '../support/routes';

const PHONE = { width: 360, height: 740 };

/** A 900 × 600 PNG drawn by the browser: wider than a poster, so the API has to cut it. */
async function drawnPicture(page: Page): Promise<Buffer> {
  const url = await page.evaluate(() => {
    const canvas = document.createElement('canvas');
    canvas.width = 900;
    canvas.height = 600;
    const g = canvas.getContext('2d') as CanvasRenderingContext2D;
    const sky = g.createLinearGradient(0, 0, 0, 600);
    sky.addColorStop(0, '#1e1b4b');
    sky.addColorStop(1, '#f59e0b');
    g.fillStyle = sky;
    g.fillRect(0, 0, 900, 600);
    g.fillStyle = '#fde68a';
    g.beginPath();
    g.arc(450, 360, 120, 0, Math.PI * 2);
    g.fill();
    return canvas.toDataURL('image/png');
  });
  return Buffer.from(url.split(',')[1] ?? '', 'base64');
}

/** The image has arrived and been decoded: one of the poster's widths, at 2:3. */
async function expectLoaded(image: ReturnType<Page['locator']>) {
  await image.scrollIntoViewIfNeeded();
  await expect
    .poll(() => image.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth))
    .toBeGreaterThan(0);
  const { chosen, ratio } = await image.evaluate((img: HTMLImageElement) => ({
    chosen: img.currentSrc,
    ratio: img.naturalHeight / img.naturalWidth,
  }));
  expect(chosen).toMatch(/\/api\/posters\/\d+\/[0-9a-f]{16}\/(160|320|640)\.webp$/);
  expect(ratio).toBeCloseTo(1.5, 1);
}

test('an owner uploads a poster; it is cut to 2:3, resized, cached for good, and customers see it on the movies and the seat page', {
  tag: ['@owner', '@user'],
}, async ({ pageAs }) => {
  const owner = await createAccount('owner', 'poster');
  const show = await ownShow(owner, { rows: 6, seatsPerRow: 8 });

  const ownerPage = await pageAs(owner, { toastGone: true });
  await ownerPage.goto('/owner/movies');
  const card = ownerPage.getByRole('listitem').filter({ hasText: show.movie });
  const field = card.getByLabel('Add poster');
  await expect(card.getByText('Add poster')).toBeVisible();
  // By keyboard: the hidden file field takes the focus, and its label (the button) shows it.
  await tabTo(ownerPage, field);
  await expect(field).toBeFocused();
  expect(
    await card
      .locator('label', { hasText: 'Add poster' })
      .evaluate((l) => getComputedStyle(l).outlineStyle),
  ).not.toBe('none');
  // A text file is refused in the browser, with the server's words.
  await field.setInputFiles({
    name: 'notes.txt',
    mimeType: 'text/plain',
    buffer: Buffer.from('hi'),
  });
  await expect(card.getByText('The poster must be a JPEG, PNG or WebP image.')).toBeVisible();

  await field.setInputFiles({
    name: 'premiere.png',
    mimeType: 'image/png',
    buffer: await drawnPicture(ownerPage),
  });
  await expect(ownerPage.getByText(`Poster of ${show.movie} saved.`)).toBeVisible();
  const ownerImage = card.locator('img');
  await expectLoaded(ownerImage);
  const srcset = (await ownerImage.getAttribute('srcset')) ?? '';
  expect(srcset.split(', ').map((entry) => entry.split(' ')[1])).toEqual(['160w', '320w', '640w']);

  // Each width is a WebP the browser may keep for a year, for anyone (no sign-in).
  const largest = srcset.split(', ').at(-1)?.split(' ')[0] ?? '';
  const answer = await ownerPage.request.get(largest);
  expect(answer.status()).toBe(200);
  expect(answer.headers()['content-type']).toBe('image/webp');
  expect(answer.headers()['cache-control']).toBe('public, max-age=31536000, immutable');

  // A customer on a phone: the poster on the movie's card and on its seat page.
  const customer = await pageAs('customer', { toastGone: true });
  await customer.setViewportSize(PHONE);
  await customer.goto('/user/movies');
  const movieCard = customer.getByRole('listitem').filter({ hasText: show.movie });
  await expectLoaded(movieCard.locator('img'));
  expect(await sidewaysOverflow(customer)).toBeLessThanOrEqual(0);
  expect(await axeProblems(customer)).toEqual([]);

  await customer.goto(`/user/seat-layout?show=${show.id}`);
  await expect(customer.getByRole('button', { name: /^Seat A1,/ })).toBeVisible();
  await settle(customer);
  const summaryImage = customer
    .getByRole('heading', { level: 2, name: show.movie })
    .locator('..')
    .locator('img');
  await expectLoaded(summaryImage);
  // Still the map's first rows on the first screen, above the pay bar.
  await customer.evaluate(() => window.scrollTo(0, 0));
  const bar = await customer
    .getByRole('button', { name: 'Proceed to Pay' })
    .locator('..')
    .boundingBox();
  const a1 = await customer.getByRole('button', { name: /^Seat A1,/ }).boundingBox();
  expect((a1?.y ?? 0) + (a1?.height ?? 0)).toBeLessThanOrEqual(bar?.y ?? 0);
  expect(await axeProblems(customer)).toEqual([]);

  // Removed: the title alone again.
  await card.getByRole('button', { name: 'Remove poster' }).click();
  await expect(ownerPage.getByText(`Poster of ${show.movie} removed.`)).toBeVisible();
  await expect(card.locator('img')).toHaveCount(0);
  expect((await ownerPage.request.get(largest)).status()).toBe(404);
});
