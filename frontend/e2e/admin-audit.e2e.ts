import assert from 'node:assert/strict';
import { readFile } from 'node:fs/promises';
import { after, before, describe, it } from 'node:test';

import type { Browser, Page } from 'playwright-core';

import {
  APP_URL,
  call,
  chooseOption,
  docsScreenshot,
  launchBrowser,
  seriousAccessibilityViolations,
  signIn,
  uniqueEmail,
  watchErrors,
} from './browser.ts';

interface BrokerRow {
  id: string;
  broker: { email: string | null };
}

/** The broker with this e-mail, as Broker Management finds them. */
async function brokerId(page: Page, email: string): Promise<string> {
  const rows = (await call(page, 'GET', `/api/admin/brokers?filter=${encodeURIComponent(JSON.stringify({ q: email }))}`)) as BrokerRow[];
  const row = rows.find((r) => r.broker.email === email);
  assert.ok(row, `${email} is listed`);
  return row.id;
}

/** RFC 4180 rows of the export (quoted cells may hold commas and quotes). */
function csvRows(text: string): string[][] {
  return text
    .replace(/^\uFEFF/, '')
    .split('\r\n')
    .filter(Boolean)
    .map((line) =>
      [...line.matchAll(/("(?:[^"]|"")*"|[^,]*)(?:,|$)/g)].map((m) => m[1].replace(/^"|"$/g, '').replace(/""/g, '"')).slice(0, 8),
    );
}

describe('the admin audit log in Chromium', () => {
  let browser: Browser;
  const trialEmail = uniqueEmail('audit.trial');
  const otherEmail = uniqueEmail('audit.other');

  before(async () => {
    browser = await launchBrowser();
    // Two brand-new brokers (30-day flat trials), signed in once so they exist.
    for (const email of [trialEmail, otherEmail]) {
      const context = await browser.newContext();
      await signIn(await context.newPage(), { email });
      await context.close();
    }
  });
  after(async () => {
    await browser.close();
  });

  it('an admin extends a trial, finds it in the Audit log with before → after, filters it and downloads the CSV', async () => {
    const context = await browser.newContext({ viewport: { width: 1280, height: 800 }, acceptDownloads: true });
    const page = await context.newPage();
    const errors = watchErrors(page);
    await signIn(page, { admin: true });

    // The admin's changes, through the same API calls as Broker Management's dialogs.
    const trialId = await brokerId(page, trialEmail);
    const otherId = await brokerId(page, otherEmail);
    const extended = (await call(page, 'POST', `/api/admin/brokers/${trialId}/trial`, { days: 14 })) as { trialEndsAt: string };
    await call(page, 'POST', `/api/admin/brokers/${trialId}/subscription`, { subscriptionTier: 'pmpm' });
    await call(page, 'POST', `/api/admin/brokers/${otherId}/subscription`, { subscriptionStatus: 'active' });
    const newEnd = new Date(extended.trialEndsAt).toLocaleDateString('en-US', { month: 'short', day: '2-digit', year: 'numeric' });
    const oldEnd = new Date(new Date(extended.trialEndsAt).getTime() - 14 * 86_400_000).toLocaleDateString('en-US', {
      month: 'short',
      day: '2-digit',
      year: 'numeric',
    });

    await page.getByTestId('sidebar').getByRole('link', { name: 'Audit log', exact: true }).click();
    await page.waitForURL(/\/admin\/audit/);
    await page.getByRole('heading', { level: 1, name: 'Audit Log' }).waitFor();
    const table = page.getByRole('table');
    const trialRow = table.getByRole('row').filter({ hasText: trialEmail }).filter({ hasText: 'Trial extended' });
    await trialRow.waitFor();
    await trialRow.getByText('Extended by 14 days').waitFor();
    assert.equal(
      (await trialRow.getByRole('listitem').first().textContent())?.trim(),
      `Trial ends: ${oldEnd} → ${newEnd}`,
      'the change in words, as on the broker timeline',
    );
    await trialRow.getByText('admin@example.com').waitFor();
    assert.equal(await trialRow.getByRole('link', { name: 'Test Broker' }).getAttribute('href'), `/admin/brokers/${trialId}`);
    await table.getByRole('row').filter({ hasText: otherEmail }).getByText('Trial → Active').waitFor();

    // Filter by broker: only that broker's two entries, newest first.
    await page.getByRole('combobox', { name: 'Broker' }).fill(trialEmail);
    await page.getByRole('option', { name: trialEmail }).click();
    await page.waitForURL(/brokerId/);
    await table.getByRole('row').filter({ hasText: otherEmail }).waitFor({ state: 'detached' });
    const rows = table.locator('tbody tr');
    await page.waitForFunction(() => document.querySelectorAll('tbody tr').length === 2);
    assert.deepEqual(
      await rows.locator('td:nth-child(3) p').allTextContents(),
      ['Subscription updated', 'Trial extended'],
      'the broker’s entries, newest first',
    );
    assert.deepEqual(await seriousAccessibilityViolations(page), [], 'audit log at 1280 px');
    await docsScreenshot(page, 'admin-audit-1280');

    // And by action.
    await chooseOption(page, 'Action', 'Trial extended');
    await page.waitForFunction(() => document.querySelectorAll('tbody tr').length === 1);
    assert.deepEqual(await rows.locator('td:nth-child(3) p').allTextContents(), ['Trial extended']);
    const filter = JSON.parse(new URL(page.url()).searchParams.get('filter') ?? '{}') as Record<string, string>;
    assert.deepEqual(filter, { brokerId: trialId, action: 'trial_extended' });

    // The export carries the filters: this broker's trial extension only.
    const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('link', { name: 'Export CSV' }).click()]);
    assert.match(download.suggestedFilename(), /^audit-log-\d{4}-\d{2}-\d{2}\.csv$/);
    const csv = csvRows(await readFile((await download.path())!, 'utf8'));
    assert.deepEqual(csv[0], ['Time', 'Admin', 'Action', 'Broker', 'Target', 'Before', 'After', 'Notes']);
    assert.equal(csv.length, 2, 'the header and the one entry under the filters');
    const [time, admin, action, broker, target, beforeJson, afterJson, notes] = csv[1];
    assert.match(time, /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/);
    assert.deepEqual(
      [admin, action, broker, target, notes],
      ['admin@example.com', 'trial_extended', trialEmail, `broker ${trialId}`, 'Extended by 14 days'],
    );
    assert.equal((JSON.parse(afterJson) as { trialEndsAt: string }).trialEndsAt, extended.trialEndsAt);
    assert.ok((JSON.parse(beforeJson) as { trialEndsAt: string }).trialEndsAt < extended.trialEndsAt);

    // On a phone: each entry is a card; the filters stay in the address.
    await page.setViewportSize({ width: 390, height: 844 });
    const cards = page.getByRole('list', { name: 'Audit log' }).getByTestId('audit-entry');
    await cards.first().waitFor();
    assert.equal(await cards.count(), 1);
    await cards.first().getByText('Trial extended').waitFor();
    await cards.first().getByText(`${oldEnd} → ${newEnd}`).waitFor();
    assert.equal(await page.getByRole('table').count(), 0);
    assert.deepEqual(await seriousAccessibilityViolations(page), [], 'audit log at 390 px');
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
    assert.ok(overflow <= 0, `no sideways scrolling at 390 px (${overflow} px too wide)`);
    await docsScreenshot(page, 'admin-audit-390');
    assert.deepEqual(errors, []);
    await context.close();
  });

  it('a broker is not authorized', async () => {
    const context = await browser.newContext();
    const page = await context.newPage();
    await signIn(page, { email: otherEmail });
    await page.goto(`${APP_URL}/admin/audit`);
    await page.getByRole('heading', { level: 1, name: 'Not Authorized' }).waitFor();
    assert.equal(await page.getByTestId('sidebar').getByRole('link', { name: 'Audit log' }).count(), 0);
    await context.close();
  });
});
