// The accessibility audit's walk: each page at both widths, axe's serious and critical findings
// collected page by page (accessibility-*.e2e.ts).
import type { Page } from 'playwright-core';

import { APP_URL, networkSettled, seriousAccessibilityViolations, trackRequests } from './browser.ts';

const WIDTHS = [1280, 390];

/** Each page with what shows it has loaded: its level-1 heading. */
type PageCheck = [path: string, heading: string | RegExp];

/**
 * Opens a page as the app's own links do: a new entry in the browser's history, which the app's
 * router follows without loading the app again. Its level-1 heading is waited for among headings
 * that were not on the page before (the previous page's may have the same name).
 */
async function followInApp(page: Page, path: string, heading: string | RegExp): Promise<void> {
  await page.evaluate((to) => {
    for (const element of document.querySelectorAll('h1, [role="heading"]')) element.setAttribute('data-left-behind', '');
    window.history.pushState(null, '', to);
    window.dispatchEvent(new PopStateEvent('popstate'));
  }, path);
  await page.getByRole('heading', { level: 1, name: heading }).and(page.locator(':not([data-left-behind])')).first().waitFor();
}

/**
 * Visits each page at both widths and collects axe's serious and critical findings, page by page.
 * The first page at each width is loaded from its address; the others are reached inside the app,
 * as a user moves from page to page (each page's own loading from its address is what the other
 * browser tests do), except the same page with other parameters, which keeps its heading's element.
 */
export async function audit(page: Page, pages: PageCheck[]): Promise<Record<string, string[]>> {
  const found: Record<string, string[]> = {};
  trackRequests(page);
  for (const width of WIDTHS) {
    await page.setViewportSize({ width, height: width > 600 ? 900 : 844 });
    let previous: string | undefined;
    for (const [path, heading] of pages) {
      const { pathname } = new URL(path, APP_URL);
      const fresh = pathname === previous || previous === undefined;
      previous = pathname;
      if (fresh) {
        await page.goto(`${APP_URL}${path}`);
        await page.getByRole('heading', { level: 1, name: heading }).first().waitFor();
      } else {
        await followInApp(page, path, heading);
      }
      // Lists and figures load after the heading: wait for the requests to settle.
      await networkSettled(page);
      const violations = await seriousAccessibilityViolations(page);
      if (violations.length > 0) found[`${path} at ${width} px`] = violations;
    }
  }
  return found;
}
