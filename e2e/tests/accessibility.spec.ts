import AxeBuilder from '@axe-core/playwright';
import { expect, test } from '../support/fixtures';
import { openScreen, ROLES, SCREENS, WIDTHS } from '../support/routes';

// WCAG 2.2 A and AA, plus axe's best practices that a screen-reader user notices (unique
// landmarks, one main, page has a heading).
const TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa', 'best-practice'];

/** '[serious] color-contrast: Elements must meet ... (3): .a, .b' for one axe violation. */
function describeViolation(violation: {
  id: string;
  impact?: string | null;
  help: string;
  nodes: { target: unknown[] }[];
}): string {
  const targets = violation.nodes.slice(0, 4).map((node) => node.target.join(' '));
  return `[${violation.impact}] ${violation.id}: ${violation.help} (${violation.nodes.length}): ${targets.join(', ')}`;
}

// The roles' walks are independent and long (one to three minutes each): workers share them.
test.describe.configure({ mode: 'parallel' });

for (const role of ROLES) {
  test(`${role}: every screen at 1280 and 360 px has no axe violation, a page title and <html lang="en">`, {
    tag: ['@shell', '@auth', '@user', '@owner', '@admin'],
  }, async ({ pageAs }) => {
    // About 5 s a screen state alone; up to 20 under CI's load (three suites on two cores).
    test.setTimeout(SCREENS[role].length * WIDTHS.length * 20_000 + 30_000);
    const page = await pageAs(role, { toastGone: true });
    const problems: string[] = [];
    for (const width of WIDTHS) {
      await page.setViewportSize({ width, height: width > 600 ? 800 : 740 });
      for (const screen of SCREENS[role]) {
        const where = `${screen.name} at ${width} px`;
        await openScreen(page, screen);
        const heading = (await page.getByRole('heading', { level: 1 }).innerText()).trim();
        const title = await page.title();
        if (title !== `${heading} · CineBook`)
          problems.push(`${where}: document.title is '${title}', not '${heading} · CineBook'`);
        const lang = await page.locator('html').getAttribute('lang');
        if (lang !== 'en') problems.push(`${where}: <html lang> is ${JSON.stringify(lang)}`);
        const results = await new AxeBuilder({ page }).withTags(TAGS).analyze();
        for (const violation of results.violations)
          problems.push(`${where}: ${describeViolation(violation)}`);
        await screen.cleanUp?.(page);
      }
    }
    expect(problems, problems.join('\n')).toEqual([]);
  });
}
