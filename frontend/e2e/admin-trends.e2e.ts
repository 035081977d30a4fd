import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';

import type { Browser, BrowserContext, Locator, Page } from 'playwright-core';

import {
  APP_URL,
  call,
  docsScreenshot,
  launchBrowser,
  screenshot,
  seriousAccessibilityViolations,
  signIn,
  watchErrors,
} from './browser.ts';

interface PlatformMonth {
  month: string;
  mrrCents: number | null;
  activeBrokers: number | null;
  trialConversions: number | null;
  churnedBrokers: number | null;
}

interface BrokerMonth {
  month: string;
  activeClients: number | null;
  totalClients: number | null;
  revenueCents: number | null;
}

const usd = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' });
const dollars = (cents: number) => usd.format(cents / 100);
/** '2026-11' as the app labels it in English: 'Nov 2026'. */
const monthLabel = (month: string) =>
  new Date(Number(month.slice(0, 4)), Number(month.slice(5, 7)) - 1, 1).toLocaleString('en-US', { month: 'short', year: 'numeric' });

/** The sentence under a chart, from the API's months: the first and the last month with data. */
function expectedChange(what: string, months: { month: string }[], values: (number | null)[], format: (n: number) => string): string {
  const first = values.findIndex((v) => v !== null);
  const last = values.length - 1 - [...values].reverse().findIndex((v) => v !== null);
  const sentence = `${what} went from ${format(values[first]!)} in ${monthLabel(months[first].month)} to ${format(values[last]!)} in ${monthLabel(months[last].month)}.`;
  const missing = values.filter((v) => v === null).length;
  return missing ? `${sentence} No data for ${missing} of the ${values.length} months.` : sentence;
}

/** The summary a chart is described by (aria-describedby), as a screen reader reads it. */
async function description(page: Page, chartName: string): Promise<string | null> {
  const chart = page.getByRole('img', { name: chartName, exact: true });
  const id = await chart.getAttribute('aria-describedby');
  return page.locator(`[id="${id}"]`).textContent();
}

/** Scrolls so the element starts just below the app bar. */
async function scrollToTop(element: Locator): Promise<void> {
  await element.evaluate((node) => {
    node.scrollIntoView({ block: 'start' });
    // At the end of the page it may stop lower; only when it is under the bar is it moved down.
    const top = node.getBoundingClientRect().top;
    if (top < 72) window.scrollBy(0, top - 72);
  });
}

describe('the admin trends in Chromium', () => {
  let browser: Browser;
  let admin: BrowserContext;
  let page: Page;
  let errors: string[];

  before(async () => {
    browser = await launchBrowser();
    admin = await browser.newContext({ viewport: { width: 1280, height: 900 } });
    page = await admin.newPage();
    errors = watchErrors(page);
    await signIn(page, { admin: true });
  });
  after(async () => {
    await admin.close();
    await browser.close();
  });

  it('draws the platform’s last 12 months from the seeded snapshots, described in words, at 1280 and 390 px', async () => {
    await page.goto(`${APP_URL}/admin`);
    const section = page.getByRole('region', { name: 'Trends (last 12 months)' });
    await section.waitFor();
    const months = ((await call(page, 'GET', '/api/admin/trends')) as { months: PlatformMonth[] }).months;
    assert.equal(months.length, 12);
    // The demo data gives every month figures: the charts are alive on a first start.
    assert.ok(
      months.every((m) => m.mrrCents !== null && m.trialConversions !== null),
      JSON.stringify(months),
    );

    const mrr = section.getByRole('img', { name: 'MRR by month, last 12 months', exact: true });
    await mrr.locator('path.MuiLineChart-line').waitFor();
    assert.equal(
      await description(page, 'MRR by month, last 12 months'),
      expectedChange(
        'MRR',
        months,
        months.map((m) => m.mrrCents),
        dollars,
      ),
    );
    assert.equal(
      await description(page, 'Active brokers by month, last 12 months'),
      expectedChange(
        'Active brokers',
        months,
        months.map((m) => m.activeBrokers),
        String,
      ),
    );
    const conversions = months.reduce((sum, m) => sum + m.trialConversions!, 0);
    const churned = months.reduce((sum, m) => sum + m.churnedBrokers!, 0);
    const plural = (n: number, word: string) => `${n} ${word}${n === 1 ? '' : 's'}`;
    assert.equal(
      await description(page, 'Trial conversions and churned brokers by month, last 12 months'),
      `${plural(conversions, 'trial conversion')} and ${plural(churned, 'churned broker')} from ${monthLabel(months[0].month)} to ${monthLabel(months[11].month)}.`,
    );
    // One bar per month and series (a month with 0 has a bar of no height).
    const bars = section
      .getByRole('img', { name: 'Trial conversions and churned brokers by month, last 12 months' })
      .locator('rect.MuiBarChart-element');
    assert.equal(await bars.count(), 24);
    // This month is live: the same MRR as the dashboard's card.
    const analytics = (await call(page, 'GET', '/api/admin/analytics')) as { mrr: number };
    assert.equal(months[11].mrrCents, analytics.mrr);

    assert.deepEqual(await seriousAccessibilityViolations(page), [], 'dashboard with trends at 1280 px');
    await scrollToTop(section.getByRole('heading', { level: 2 }));
    await docsScreenshot(page, 'admin-trends-1280', { viewportOnly: true });

    // On a phone the charts stack in one column, each as wide as the page.
    await page.setViewportSize({ width: 390, height: 1320 });
    const boxes = await Promise.all(
      ['MRR by month', 'Active brokers by month', 'Trial conversions and churned brokers'].map((name) =>
        section.getByRole('region', { name, exact: true }).boundingBox(),
      ),
    );
    assert.ok(
      boxes.every((box) => box && box.x === boxes[0]!.x && box.width > 300 && box.width <= 390),
      JSON.stringify(boxes),
    );
    assert.ok(boxes[0]!.y < boxes[1]!.y && boxes[1]!.y < boxes[2]!.y, 'one under another');
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
    assert.equal(overflow, 0, 'no sideways scrolling at 390 px');
    assert.deepEqual(await seriousAccessibilityViolations(page), [], 'dashboard with trends at 390 px');
    await scrollToTop(section.getByRole('heading', { level: 2 }));
    await docsScreenshot(page, 'admin-trends-390', { viewportOnly: true });
    await page.setViewportSize({ width: 1280, height: 900 });
    assert.deepEqual(errors, []);
  });

  it('shows a broker’s clients and revenue over time on their detail', async () => {
    const rows = (await call(
      page,
      'GET',
      `/api/admin/brokers?filter=${encodeURIComponent(JSON.stringify({ q: 'marcus.reyes@example.com' }))}`,
    )) as {
      id: string;
    }[];
    assert.equal(rows.length, 1);
    const id = rows[0].id;
    const months = ((await call(page, 'GET', `/api/admin/brokers/${id}/trends`)) as { months: BrokerMonth[] }).months;
    assert.ok(
      months.every((m) => m.activeClients !== null),
      'the demo broker with a subscription has a year of history',
    );

    await page.goto(`${APP_URL}/admin/brokers/${id}`);
    const card = page.getByRole('region', { name: 'Clients and revenue over time' });
    await card.waitFor();
    await card
      .getByRole('img', { name: 'Active and total clients by month, last 12 months' })
      .locator('path.MuiLineChart-line')
      .first()
      .waitFor();
    assert.equal(
      await description(page, 'Active and total clients by month, last 12 months'),
      expectedChange(
        'Active clients',
        months,
        months.map((m) => m.activeClients),
        String,
      ),
    );
    assert.equal(
      await description(page, 'Revenue by month, last 12 months'),
      expectedChange(
        'Revenue',
        months,
        months.map((m) => m.revenueCents),
        dollars,
      ),
    );
    assert.deepEqual(await seriousAccessibilityViolations(page), [], 'broker detail with trends at 1280 px');
    await scrollToTop(card);
    await screenshot(page, 'admin-broker-trends-1280');
    await page.setViewportSize({ width: 390, height: 844 });
    assert.deepEqual(await seriousAccessibilityViolations(page), [], 'broker detail with trends at 390 px');
    await scrollToTop(card);
    await screenshot(page, 'admin-broker-trends-390');
    await page.setViewportSize({ width: 1280, height: 900 });
    assert.deepEqual(errors, []);
  });
});
