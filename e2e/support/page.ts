import { expect, type Page } from '@playwright/test';

/**
 * Fails the test on any console error the page logs (warnings are allowed): call the function
 * it returns at the end. React reports a failed hydration as one.
 */
export function failOnConsoleErrors(page: Page) {
  const errors: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(message.text());
  });
  page.on('pageerror', (error) => errors.push(error.message));
  return () => expect(errors, 'console errors').toEqual([]);
}

/**
 * When the page's largest paint so far happened (null before any), and every file it has
 * fetched with when it asked for it, in milliseconds since the navigation began.
 */
export function paintAndFetches(
  page: Page,
): Promise<{ lcp: number | null; fetched: { url: string; at: number }[] }> {
  return page.evaluate(async () => {
    const paints = await new Promise<PerformanceEntryList>((resolve) => {
      new PerformanceObserver((list) => resolve(list.getEntries())).observe({
        type: 'largest-contentful-paint',
        buffered: true,
      });
    });
    const fetched = performance
      .getEntriesByType('resource')
      .map((entry) => ({ url: entry.name, at: entry.startTime }));
    return { lcp: paints.at(-1)?.startTime ?? null, fetched };
  });
}

/** The page's layout shift so far (CLS without the session windows: every shift counts). */
export function layoutShift(page: Page) {
  return page.evaluate(
    () =>
      new Promise<number>((resolve) => {
        let total = 0;
        new PerformanceObserver((list) => {
          for (const entry of list.getEntries())
            total += (entry as unknown as { value: number }).value;
        }).observe({ type: 'layout-shift', buffered: true });
        setTimeout(() => resolve(total), 200);
      }),
  );
}
