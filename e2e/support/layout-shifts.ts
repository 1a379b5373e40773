import type { Page } from '@playwright/test';

/**
 * Records the page's layout shifts (Chromium's Layout Instability API) from its first frame on, on every document the
 * page loads from now on. Call before the first `goto`. The stylesheet comes in the page (app/lib/stylesheet.tsx), so
 * the browser may paint a page it has not finished parsing, and later pages matter as much as the first.
 */
export async function recordLayoutShifts(page: Page): Promise<void> {
  await page.addInitScript(() => {
    const shifts: number[] = [];
    Object.assign(window, { layoutShifts: shifts });
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries()) shifts.push((entry as PerformanceEntry & { value: number }).value);
    }).observe({ type: 'layout-shift', buffered: true });
  });
}

/** The layout shifts of the current document so far, after two more frames. */
export async function layoutShifts(page: Page): Promise<number[]> {
  await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))));
  return page.evaluate(() => (window as unknown as { layoutShifts: number[] }).layoutShifts);
}

/** The sum of the current document's layout shifts so far (its cumulative layout shift, without session windows). */
export async function layoutShiftTotal(page: Page): Promise<number> {
  return (await layoutShifts(page)).reduce((sum, shift) => sum + shift, 0);
}
