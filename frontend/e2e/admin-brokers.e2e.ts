import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { after, before, describe, it } from 'node:test';

import type { Browser, BrowserContext, Page } from 'playwright-core';

import {
  APP_URL,
  chooseOption,
  docsScreenshot,
  launchBrowser,
  pageAtRest,
  screenshot,
  seriousAccessibilityViolations,
  signIn,
  uniqueEmail,
  watchErrors,
} from './browser.ts';

const CLIENTS = [
  { firstName: 'Margaret', lastName: 'Okafor', email: 'margaret.okafor@example.net', phone: '+16155550142' },
  { firstName: 'Walter', lastName: 'Briggs', email: null, phone: '+16155550143' },
  { firstName: 'Rosa', lastName: 'Delgado', email: 'rosa.delgado@example.net', phone: '+16155550144' },
];

/** The broker's own clients, added through the broker's API as the Clients page does; the last one inactive. */
async function addClients(page: Page) {
  await page.evaluate(async (clients) => {
    const send = async (url: string, method: string, body: unknown) => {
      const response = await fetch(url, { method, headers: { 'Content-Type': 'application/json' }, body: JSON.stringify(body) });
      if (!response.ok) throw new Error(`${method} ${url}: ${response.status} ${await response.text()}`);
      return (await response.json()) as { id: string };
    };
    let last = { id: '' };
    for (const client of clients) last = await send('/api/clients', 'POST', client);
    await send(`/api/clients/${last.id}`, 'PUT', { isActive: false });
  }, CLIENTS);
}

/** The broker table's rows (without the header), once the table has settled. */
function brokerRows(page: Page) {
  return page.getByTestId('broker-row');
}

/** RFC 4180 rows of the export (quoted cells may hold commas and quotes). */
function csvRows(text: string): string[][] {
  return text
    .replace(/^\uFEFF/, '')
    .split('\r\n')
    .filter(Boolean)
    .map((line) =>
      [...line.matchAll(/("(?:[^"]|"")*"|[^,]*)(?:,|$)/g)].map((m) => m[1].replace(/^"|"$/g, '').replace(/""/g, '"')).slice(0, 12),
    );
}

describe('admin broker management in Chromium', () => {
  let browser: Browser;
  let brokerContext: BrowserContext;
  let otherBrokerContext: BrowserContext;
  let otherBrokerPage: Page;
  const trialEmail = uniqueEmail('brokers.trial');
  const otherEmail = uniqueEmail('brokers.other');

  before(async () => {
    browser = await launchBrowser();
    // Two brand-new brokers of this test (30-day flat trials), signed in on their own so they exist.
    brokerContext = await browser.newContext();
    const brokerPage = await brokerContext.newPage();
    await signIn(brokerPage, { email: trialEmail });
    await addClients(brokerPage);
    otherBrokerContext = await browser.newContext({ viewport: { width: 1280, height: 800 } });
    otherBrokerPage = await otherBrokerContext.newPage();
    await signIn(otherBrokerPage, { email: otherEmail });
  });
  after(async () => {
    await browser.close();
  });

  it('the admin finds a broker, extends the trial and changes the subscription', async () => {
    const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
    const page = await context.newPage();
    const errors = watchErrors(page);
    await signIn(page, { admin: true });
    await page.getByTestId('sidebar').getByRole('link', { name: 'Brokers', exact: true }).click();
    await page.getByRole('heading', { level: 1, name: 'Broker Management' }).waitFor();
    await page.getByRole('link', { name: otherEmail }).waitFor();
    assert.ok((await brokerRows(page).count()) >= 4, 'the demo brokers and this test’s two are listed');
    await docsScreenshot(page, 'admin-brokers');

    // Typing searches once the admin pauses: only the matching broker stays.
    await page.getByRole('searchbox', { name: 'Search brokers' }).fill(trialEmail);
    await page.getByRole('link', { name: otherEmail }).waitFor({ state: 'detached' });
    assert.equal(await brokerRows(page).count(), 1);
    const row = brokerRows(page).first();
    assert.equal(await row.getByRole('link').textContent(), trialEmail);
    assert.equal(await row.locator('[data-badge="tier"]').textContent(), 'Flat');
    assert.equal(await row.locator('[data-badge="status"]').textContent(), 'Trial');
    assert.ok(await row.getByText('$0.00', { exact: true }).isVisible(), 'a trial brings no revenue until it converts');

    // Status Trial and tier Flat keep it; Canceled leaves nothing.
    await chooseOption(page, 'Status', 'Trial');
    await chooseOption(page, 'Tier', 'Flat');
    await page.getByRole('link', { name: trialEmail }).waitFor();
    assert.deepEqual(await seriousAccessibilityViolations(page), [], 'broker list at 1280 px');

    // Export CSV downloads the brokers under these filters: this one broker, every column.
    const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('link', { name: 'Export CSV' }).click()]);
    assert.match(download.suggestedFilename(), /^brokers-\d{4}-\d{2}-\d{2}\.csv$/);
    const exportUrl = new URL(download.url());
    assert.deepEqual(JSON.parse(exportUrl.searchParams.get('filter') ?? '{}'), { search: trialEmail, status: 'trial', tier: 'flat' });
    const csv = csvRows(await readFile((await download.path())!, 'utf8'));
    assert.deepEqual(csv[0], [
      'Name',
      'Email',
      'Agency',
      'Tier',
      'Status',
      'Suspended',
      'Clients',
      'Active Clients',
      'Monthly Revenue (USD)',
      'Trial Ends',
      'Last Activity',
      'Created',
    ]);
    assert.equal(csv.length, 2, 'the header and the one broker under the filters');
    const [name, email, , tier, status, suspended, clients, active, dollars, trialEnds, lastActivity, created] = csv[1];
    assert.deepEqual(
      [name, email, tier, status, suspended, clients, active, dollars],
      ['Test Broker', trialEmail, 'flat', 'trial', 'no', '3', '2', '0.00'],
    );
    for (const time of [trialEnds, lastActivity, created]) assert.match(time, /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/);
    await chooseOption(page, 'Status', 'Canceled');
    await page.getByText('No brokers found').waitFor();
    assert.equal(await page.getByRole('link', { name: trialEmail }).count(), 0);
    await screenshot(page, 'admin-brokers-filtered-empty');
    await chooseOption(page, 'Status', 'All');
    await page.getByRole('link', { name: trialEmail }).waitFor();

    // The row menu: a broker on trial can be extended; View Details opens the detail.
    await page.getByRole('button', { name: `Actions for ${trialEmail}` }).click();
    const menu = page.getByRole('menu');
    assert.deepEqual(await menu.getByRole('menuitem').allTextContents(), ['View Details', 'Extend Trial', 'Change Subscription']);
    await menu.getByRole('menuitem', { name: 'View Details' }).click();
    await page.waitForURL(/\/admin\/brokers\/[0-9a-f-]{36}$/);
    // The detail page loads on demand: wait for its heading rather than reading the list's.
    // Test brokers give the profile step the name 'Test Broker' (e2e/browser.ts signIn).
    await page.getByRole('heading', { level: 1, name: 'Test Broker' }).waitFor();
    await page.getByText(trialEmail, { exact: true }).waitFor();
    await page.getByText('No recent activity').waitFor();
    await page.getByRole('region', { name: 'Total Clients' }).getByText('2 active / 3 total').waitFor();
    const revenue = page.getByRole('region', { name: 'Monthly Revenue' });
    await revenue.getByText('$0.00', { exact: true }).waitFor();
    await revenue.getByText('Trial: no revenue until it converts').waitFor();
    const clientTable = page.getByRole('table', { name: 'Clients' });
    await clientTable
      .getByRole('row', { name: /Margaret Okafor/ })
      .getByText('Active', { exact: true })
      .waitFor();
    await clientTable
      .getByRole('row', { name: /Rosa Delgado/ })
      .getByText('Inactive', { exact: true })
      .waitFor();
    await clientTable.getByText('(615) 555-0143').waitFor();

    // Extend the trial by 14 days.
    const management = page.getByRole('region', { name: 'Subscription Management' });
    await management.getByRole('button', { name: 'Extend Trial' }).click();
    const extend = page.getByRole('dialog', { name: 'Extend Trial Period' });
    await extend.getByRole('button', { name: '14 days' }).click();
    const preview = (await extend.getByTestId('new-trial-end').textContent()) ?? '';
    const newEnd = preview.replace('New end date: ', '');
    assert.match(newEnd, /^[A-Z][a-z]{2} \d{2}, \d{4}$/);
    await pageAtRest(page); // let the preset's ripple settle for the picture
    await screenshot(page, 'admin-broker-extend-dialog');
    await extend.getByRole('button', { name: 'Extend Trial' }).click();
    await page.getByText('Trial Extended', { exact: true }).waitFor();
    await extend.waitFor({ state: 'detached' });
    const timeline = page.getByRole('list', { name: 'Activity Timeline' });
    await timeline.getByText('Trial extended', { exact: true }).waitFor();
    await timeline.getByText('by admin@example.com').first().waitFor();
    await timeline.getByText('Extended by 14 days').waitFor();
    await page.getByRole('region', { name: 'Trial Status' }).getByText(`Ends ${newEnd}`).waitFor();

    // Change the subscription to PMPM, Active.
    await management.getByRole('button', { name: 'Change Subscription' }).click();
    const update = page.getByRole('dialog', { name: 'Update Subscription' });
    assert.equal(await update.getByRole('button', { name: 'Update Subscription' }).isDisabled(), true);
    await chooseOption(page, 'Subscription Tier', 'PMPM');
    await chooseOption(page, 'Subscription Status', 'Active');
    await screenshot(page, 'admin-broker-update-dialog');
    await update.getByRole('button', { name: 'Update Subscription' }).click();
    await page.getByText('Subscription Updated', { exact: true }).waitFor();
    await update.waitFor({ state: 'detached' });
    await timeline.getByText('Subscription updated', { exact: true }).waitFor();
    assert.equal(await timeline.getByTestId('timeline-entry').count(), 2);
    assert.equal(await timeline.getByTestId('timeline-entry').first().getByText('Subscription updated').count(), 1);
    await timeline.getByText('Flat → PMPM').waitFor();
    await timeline.getByText('Trial → Active').waitFor();
    assert.equal(await page.locator('[data-badge="tier"]').first().textContent(), 'PMPM');
    assert.equal(await page.locator('[data-badge="status"]').first().textContent(), 'Active');
    assert.equal(await management.getByRole('button', { name: 'Extend Trial' }).count(), 0);
    await page.getByRole('region', { name: 'Trial Status' }).getByText('Active', { exact: true }).waitFor();
    // Converted, the broker brings in the plan at today's active clients.
    await revenue.getByText('$10.00', { exact: true }).waitFor();
    await revenue.getByText('$5 per active client × 2 active clients').waitFor();
    await page.getByText('Subscription Updated', { exact: true }).waitFor({ state: 'detached' });
    // A full-page picture draws the fixed sidebar where the page is scrolled to.
    await page.evaluate(() => window.scrollTo(0, 0));
    await docsScreenshot(page, 'admin-broker-detail');
    assert.deepEqual(errors, []);

    // Back in the list, the broker now shows the new plan and no Extend Trial. The list kept its
    // search and filters (tier Flat, which the broker has just left).
    await page.getByRole('link', { name: 'Back to Brokers' }).click();
    assert.equal(await page.getByRole('searchbox', { name: 'Search brokers' }).inputValue(), trialEmail);
    assert.equal(await page.getByRole('combobox', { name: 'Tier' }).textContent(), 'Flat');
    await chooseOption(page, 'Tier', 'All');
    await page.getByRole('link', { name: otherEmail }).waitFor({ state: 'detached' });
    await brokerRows(page).first().locator('[data-badge="status"]', { hasText: 'Active' }).waitFor();
    await page.getByRole('button', { name: `Actions for ${trialEmail}` }).click();
    assert.deepEqual(await page.getByRole('menu').getByRole('menuitem').allTextContents(), ['View Details', 'Change Subscription']);
    await page.keyboard.press('Escape');
    await page.getByRole('menu').waitFor({ state: 'detached' });

    // A click anywhere on the row opens the detail.
    await brokerRows(page).first().getByText('PMPM', { exact: true }).click();
    await page.waitForURL(/\/admin\/brokers\/[0-9a-f-]{36}$/);
    await page.getByRole('heading', { level: 1, name: 'Test Broker' }).waitFor();
    await page.getByRole('link', { name: 'Back to Brokers' }).click();

    // On a phone: a card per broker, the same search, nothing wider than the screen.
    await page.setViewportSize({ width: 390, height: 844 });
    const cards = page.getByRole('list', { name: 'Brokers' }).getByTestId('broker-card');
    await cards.first().waitFor();
    await page.getByRole('searchbox', { name: 'Search brokers' }).fill(trialEmail);
    await page.getByRole('link', { name: otherEmail }).waitFor({ state: 'detached' });
    assert.equal(await cards.count(), 1);
    await cards.first().getByRole('link', { name: trialEmail }).waitFor();
    assert.equal(await page.getByRole('table').count(), 0);
    assert.deepEqual(await seriousAccessibilityViolations(page), [], 'broker list at 390 px');
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
    assert.ok(overflow <= 0, `no sideways scrolling at 390 px (${overflow} px too wide)`);
    await screenshot(page, 'admin-brokers-390');
    await page.setViewportSize({ width: 1280, height: 800 });

    // An unknown account.
    await page.goto(`${APP_URL}/admin/brokers/${randomUUID()}`);
    await page.getByRole('heading', { level: 1, name: 'Broker Not Found' }).waitFor();
    await screenshot(page, 'admin-broker-not-found');
    await page.getByRole('link', { name: 'Back to Brokers' }).click();
    await page.getByRole('heading', { level: 1, name: 'Broker Management' }).waitFor();
    await context.close();
  });

  it('a broker is not authorized and has no Admin group in the sidebar', async () => {
    const errors = watchErrors(otherBrokerPage);
    await otherBrokerPage.goto(`${APP_URL}/admin/brokers`);
    await otherBrokerPage.getByRole('heading', { level: 1, name: 'Not Authorized' }).waitFor();
    const sidebar = otherBrokerPage.getByTestId('sidebar');
    await sidebar.getByRole('link', { name: 'Clients', exact: true }).waitFor();
    assert.equal(await sidebar.getByRole('list', { name: 'Admin' }).count(), 0);
    assert.equal(await sidebar.getByRole('link', { name: 'Admin Dashboard' }).count(), 0);
    assert.equal(await otherBrokerPage.getByText(trialEmail).count(), 0);
    await screenshot(otherBrokerPage, 'admin-brokers-not-authorized');
    assert.deepEqual(errors, []);
  });
});
