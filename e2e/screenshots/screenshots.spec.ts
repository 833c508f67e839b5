import path from 'node:path';
import { test } from '@playwright/test';
import { contextFor, openScreen, ROLES, SCREENS, WIDTHS } from '../support/routes';

// Where `npm run screenshots` asked for them (scripts/screenshots.mjs sets it).
const OUT = process.env.SCREENSHOTS_DIR ?? path.resolve(import.meta.dirname, '../../screenshots');

for (const role of ROLES) {
  test(`${role}: every screen at ${WIDTHS.join(' and ')} px`, async ({ browser }) => {
    const { context, page } = await contextFor(browser, role);
    for (const width of WIDTHS) {
      await page.setViewportSize({ width, height: width > 600 ? 800 : 740 });
      for (const screen of SCREENS[role]) {
        await openScreen(page, screen);
        // From the top, so the sticky header is drawn where it belongs on the full page.
        await page.evaluate(() => window.scrollTo(0, 0));
        await page.screenshot({
          path: path.join(OUT, `${width}`, `${role}-${screen.name}.png`),
          fullPage: true,
        });
        await screen.cleanUp?.(page);
      }
    }
    await context.close();
  });
}
