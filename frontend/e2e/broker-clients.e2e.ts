import assert from 'node:assert/strict';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';

import type { Browser, Page } from 'playwright-core';

import {
  APP_URL,
  docsScreenshot,
  launchBrowser,
  pageAtRest,
  screenshot,
  seriousAccessibilityViolations,
  signIn,
  uniqueEmail,
  watchErrors,
} from './browser.ts';

const EMPTY_TEXT = 'No clients yet. Add your first client to get started.';
const NO_MATCH_TEXT = 'No clients found matching your search';

/** A toast (default or destructive) whose text contains `text`. */
const toast = (page: Page, text: string | RegExp) => page.locator('[data-toast-variant]').filter({ hasText: text });

const card = (page: Page, name: string) => page.getByRole('article', { name });

/** Lets transitions (dialogs, toasts, button colours) finish so a screenshot shows the settled screen. */
async function shot(page: Page, name: string, options: { alsoViewport?: boolean; docsName?: string } = {}): Promise<void> {
  await pageAtRest(page);
  await screenshot(page, name);
  if (options.docsName) await docsScreenshot(page, `${name}-docs`, { docsName: options.docsName, viewportOnly: true });
  // Long lists make tall full-page images; the window as the broker sees it suits the docs better.
  if (options.alsoViewport) {
    await page.screenshot({ path: new URL(`./screenshots/${name}-viewport.png`, import.meta.url).pathname });
  }
}

describe('the clients page in Chromium', () => {
  let browser: Browser;
  let tempDir: string;
  before(async () => {
    browser = await launchBrowser();
    tempDir = await mkdtemp(join(tmpdir(), 'broker-clients-'));
  });
  after(async () => {
    await browser.close();
    await rm(tempDir, { recursive: true, force: true });
  });

  it('adds, searches, imports, invites and deletes clients of a new broker', async () => {
    const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
    const page = await context.newPage();
    const errors = watchErrors(page);
    await signIn(page, { email: uniqueEmail('clients') });

    // Only this page's console counts (the dashboard signed in to is someone else's).
    errors.length = 0;
    await page.goto(`${APP_URL}/clients`);

    // A new broker on the flat trial: no clients, 0 of 100.
    await page.getByRole('heading', { level: 1, name: 'Client Management' }).waitFor();
    await page.getByText(EMPTY_TEXT).waitFor();
    await page.getByText('0 / 100 active clients').waitFor();
    assert.ok(await page.getByText('Flat plan').isVisible());
    await shot(page, 'clients-empty');
    // The cards view (the table is the default; see the next test).
    await page.getByRole('button', { name: 'Cards', exact: true }).click();

    // Add a client through the dialog.
    await page.getByRole('button', { name: 'Add Client' }).click();
    const addDialog = page.getByRole('dialog', { name: 'Add Client' });
    await addDialog.waitFor();
    await addDialog.getByRole('button', { name: 'Add Client' }).click();
    await addDialog.getByText('First name is required').waitFor();
    assert.ok(await addDialog.getByText('Phone is required').isVisible());
    await addDialog.getByLabel(/^First Name/).fill('Margaret');
    await addDialog.getByLabel(/^Last Name/).fill('Okafor');
    await addDialog.getByLabel(/^Email/).fill('margaret.okafor@example.com');
    await addDialog.getByLabel(/^Phone/).fill('(615) 555-0142');
    await addDialog.getByRole('checkbox', { name: /receive reminder calls, texts and e-mails/ }).check();
    await shot(page, 'clients-add-dialog');
    await addDialog.getByRole('button', { name: 'Add Client' }).click();
    await toast(page, 'Client added').waitFor();
    await addDialog.waitFor({ state: 'hidden' });
    const margaret = card(page, 'Margaret Okafor');
    await margaret.waitFor();
    assert.ok(await margaret.getByText('(615) 555-0142').isVisible());
    assert.ok(await margaret.getByText('margaret.okafor@example.com').isVisible());
    assert.ok(await margaret.getByText('Active', { exact: true }).isVisible());
    assert.match((await margaret.getByText(/^Joined /).textContent()) ?? '', /^Joined \w{3} \d{2}, \d{4} at \d{1,2}:\d{2} (AM|PM)$/);
    await page.getByText('1 / 100 active clients').waitFor();

    // The same phone again is refused with the server's message.
    await page.getByRole('button', { name: 'Add Client' }).click();
    await addDialog.getByLabel(/^First Name/).fill('Maggie');
    await addDialog.getByLabel(/^Last Name/).fill('Okafor');
    await addDialog.getByLabel(/^Phone/).fill('615-555-0142');
    await addDialog.getByRole('button', { name: 'Add Client' }).click();
    await toast(page, 'A client with the phone number +16155550142 already exists.').waitFor();
    await addDialog.getByRole('button', { name: 'Cancel' }).click();
    await addDialog.waitFor({ state: 'hidden' });

    // Search: a match, then no match.
    const search = page.getByRole('searchbox', { name: 'Search clients' });
    await search.fill('okafor');
    await page.waitForURL(/filter=/);
    await margaret.waitFor();
    await search.fill('nobody-by-this-name');
    await page.getByText(NO_MATCH_TEXT).waitFor();
    assert.equal(await card(page, 'Margaret Okafor').count(), 0);
    await search.fill('');
    await margaret.waitFor();

    // Import a CSV with one bad row.
    const csvPath = join(tempDir, 'clients.csv');
    await writeFile(
      csvPath,
      'firstName,lastName,email,phone\nWalter,Briggs,walter@example.com,+16155550177\nRosa,Delgado,,+16155550178\nNo,Phone,nophone@example.com,12\n',
    );
    await page.getByRole('button', { name: 'Upload CSV' }).click();
    const uploadDialog = page.getByRole('dialog', { name: 'Upload CSV' });
    await uploadDialog.waitFor();
    assert.ok(await uploadDialog.getByText(/phone numbers in E\.164 format/).isVisible());
    const uploadButton = uploadDialog.getByRole('button', { name: 'Upload', exact: true });
    assert.ok(await uploadButton.isDisabled());
    await uploadDialog.getByLabel('CSV file').setInputFiles(csvPath);
    await uploadDialog.getByText('clients.csv').waitFor();
    assert.ok(await uploadButton.isDisabled(), 'not before the broker attests the reminders permission');
    await uploadDialog.getByRole('checkbox', { name: /in this file gave my agency their phone numbers/ }).check();
    assert.ok(await uploadButton.isEnabled());
    // A file this short is imported while the upload waits: 200 with the result, which the dialog shows.
    const jobResponse = page.waitForResponse((r) => r.url().endsWith('/api/clients/upload') && r.request().method() === 'POST');
    await uploadButton.click();
    const job = await jobResponse;
    assert.equal(job.status(), 200);
    const { jobId } = (await job.json()) as { jobId: string };
    await uploadDialog.getByText('2 clients imported').waitFor();
    assert.ok(await uploadDialog.getByText('Imported 2 of 3 clients; 1 row skipped').isVisible());
    const problems = uploadDialog.getByRole('table', { name: 'Rows not imported' });
    const cells = await problems.getByRole('cell').allTextContents();
    assert.deepEqual(cells, ['4', 'phone', '"12" is not a valid phone number']);
    const progress = await page.evaluate(async (id) => (await fetch(`/api/import-jobs/${id}`)).json(), jobId);
    assert.deepEqual(
      {
        status: progress.status,
        rowsTotal: progress.rowsTotal,
        rowsRead: progress.rowsRead,
        imported: progress.imported,
        rejected: progress.rejected,
      },
      { status: 'completed', rowsTotal: 3, rowsRead: 3, imported: 2, rejected: 1 },
    );
    await shot(page, 'clients-upload-summary', { docsName: 'clients-upload' });

    // The rows not imported, as a CSV to fix in a spreadsheet.
    const downloading = page.waitForEvent('download');
    await uploadDialog.getByRole('button', { name: 'Download errors (CSV)' }).click();
    const download = await downloading;
    assert.equal(download.suggestedFilename(), 'clients-errors.csv');
    const errorsCsv = await readFile(await download.path(), 'utf8');
    assert.equal(errorsCsv, '\uFEFFline,field,error\r\n4,phone,"""12"" is not a valid phone number"\r\n');
    await uploadDialog.getByRole('button', { name: 'Done' }).click();
    await uploadDialog.waitFor({ state: 'hidden' });
    await card(page, 'Walter Briggs').waitFor();
    await card(page, 'Rosa Delgado').waitFor();
    await page.getByText('3 / 100 active clients').waitFor();
    assert.ok(await page.getByText('Showing 1–3 of 3 clients').isVisible());

    // Invite: the development outbox takes the text, so the invitation goes out.
    await margaret.getByRole('button', { name: /^Send Invite/ }).click();
    await toast(page, 'Invitation sent').waitFor();
    assert.ok(await toast(page, 'Invitation sent to Margaret Okafor by text message.').isVisible());
    await margaret.getByRole('button', { name: /^Resend Invite/ }).waitFor();
    await shot(page, 'clients-list', { docsName: 'clients' });
    const outbox = await page.evaluate(async () => {
      const response = await fetch('/api/dev/outbox?filter={"channel":"sms"}');
      return (await response.json()) as { recipient: string; body: string; purpose: string }[];
    });
    const invitation = outbox.find((message) => message.purpose === 'client-invitation');
    assert.ok(invitation, `no invitation text in ${JSON.stringify(outbox)}`);
    assert.equal(invitation.recipient, '+16155550142');
    assert.match(invitation.body, /\/client\/register\//);

    // Delete a client from the card menu.
    await card(page, 'Walter Briggs').getByRole('button', { name: 'Actions for Walter Briggs' }).click();
    await page.getByRole('menuitem', { name: 'Delete' }).click();
    const confirm = page.getByRole('dialog', { name: 'Delete client?' });
    await confirm.waitFor();
    await confirm.getByRole('button', { name: 'Delete' }).click();
    await toast(page, 'Client deleted').waitFor();
    await card(page, 'Walter Briggs').waitFor({ state: 'detached' });
    await page.getByText('2 / 100 active clients').waitFor();
    assert.equal(await page.getByRole('article').count(), 2);

    // Only the expected 409 of the duplicate phone reached the console.
    assert.deepEqual(
      errors.filter((error) => !/409/.test(error)),
      [],
    );
    await context.close();
  });
  it('works through a book in the table: sort, filters in the URL, bulk actions, export, the view kept; cards at 390 px', async () => {
    const context = await browser.newContext({ viewport: { width: 1280, height: 900 }, acceptDownloads: true });
    const page = await context.newPage();
    const errors = watchErrors(page);
    await signIn(page, { email: uniqueEmail('clients-table') });
    errors.length = 0;
    await page.goto(`${APP_URL}/clients`);
    await page.getByText('0 / 100 active clients').waitFor();
    const rows = Array.from({ length: 30 }, (_, i) => `Client${String(i).padStart(2, '0')},Table,,+1615555${String(2000 + i)}`);
    const csvPath = join(tempDir, 'table.csv');
    await writeFile(csvPath, `firstName,lastName,email,phone\n=cmd(),Formula,,+16155552999\n${rows.join('\n')}\n`);
    await page.getByRole('button', { name: 'Upload CSV' }).click();
    const dialog = page.getByRole('dialog', { name: 'Upload CSV' });
    await dialog.getByLabel('CSV file').setInputFiles(csvPath);
    await dialog.getByRole('checkbox', { name: /in this file gave my agency their phone numbers/ }).check();
    await dialog.getByRole('button', { name: 'Upload', exact: true }).click();
    await dialog.getByText('31 clients imported').waitFor();
    await dialog.getByRole('button', { name: 'Done' }).click();

    const table = page.getByRole('table');
    await table.locator('tbody tr').nth(24).waitFor();
    assert.equal(await table.locator('tbody tr').count(), 25);
    assert.deepEqual(await seriousAccessibilityViolations(page), [], 'the clients table at 1280 px');

    // Sort by name, then page size 50: all 31 on one page.
    await table.getByRole('button', { name: 'Sort by name ascending' }).click();
    await page.waitForURL(/sort=lastName/);
    await page.getByRole('combobox', { name: /Rows per page/ }).click();
    await page.getByRole('option', { name: '50' }).click();
    await table.locator('tbody tr').nth(30).waitFor();
    assert.equal(await table.locator('tbody tr').count(), 31);
    // The sorted page replaces the unsorted one as it arrives: wait for its first row.
    await table.locator('tbody tr').first().getByText('=cmd() Formula').waitFor();

    // Select three, mark them inactive; the Status filter then finds exactly them, and the URL keeps it.
    for (const name of ['Client00 Table', 'Client01 Table', 'Client02 Table'])
      await table.locator('tr', { hasText: name }).getByRole('checkbox').check();
    await page.getByText('3 items selected').waitFor();
    assert.deepEqual(await seriousAccessibilityViolations(page), [], 'the bulk actions toolbar');
    await page.getByRole('button', { name: 'Mark Inactive' }).click();
    // Leaving is asked why (retention counts by reason): they moved.
    const leaving = page.getByRole('dialog', { name: 'Mark 3 clients inactive?' });
    await leaving.getByRole('radio', { name: 'Moved' }).check();
    await leaving.getByRole('button', { name: 'Mark Inactive' }).click();
    await toast(page, 'Marked 3 clients inactive.').waitFor();
    await page.getByRole('combobox', { name: 'Status' }).click();
    await page.getByRole('option', { name: 'Inactive' }).click();
    await page.waitForURL(/isActive/);
    // The filtered page replaces the whole book as it arrives.
    await page.waitForFunction(() => document.querySelectorAll('table tbody tr').length === 3, undefined, { timeout: 10_000 });
    assert.equal(await table.locator('tbody tr').count(), 3);
    await page.reload();
    await table.getByText('Client02 Table').waitFor();
    assert.equal(await table.locator('tbody tr').count(), 3);
    await docsScreenshot(page, 'clients-table', { viewportOnly: true });

    // Export what the filter shows: the three inactive clients, as CSV.
    const downloading = page.waitForEvent('download');
    await page.getByRole('link', { name: 'Export CSV' }).click();
    const download = await downloading;
    assert.match(download.suggestedFilename(), /^clients-\d{4}-\d{2}-\d{2}\.csv$/);
    const exported = (await readFile(await download.path(), 'utf8')).split('\r\n');
    assert.equal(
      exported[0],
      '\uFEFFFirst name,Last name,E-mail,Phone,Status,Invitation,Engagement,Joined,Carrier,Plan name,Plan ID,Plan type,Plan status,Effective date,Medigap plan',
    );
    assert.deepEqual(
      exported.slice(1, -1).map((line) => line.split(',').slice(0, 5).join(',')),
      ['Client00,Table,,(615) 555-2000,Inactive', 'Client01,Table,,(615) 555-2001,Inactive', 'Client02,Table,,(615) 555-2002,Inactive'],
    );

    // Delete two of them after confirming the count.
    await page.getByRole('button', { name: 'Clear filters' }).click();
    await table.getByText('Formula').waitFor();
    for (const name of ['Client00 Table', 'Client01 Table']) await table.locator('tr', { hasText: name }).getByRole('checkbox').check();
    await page.getByRole('button', { name: 'Delete', exact: true }).click();
    const confirm = page.getByRole('dialog', { name: 'Delete 2 clients?' });
    assert.deepEqual(await seriousAccessibilityViolations(page), [], 'the bulk delete confirmation');
    await confirm.getByRole('button', { name: 'Delete 2 clients' }).click();
    await toast(page, 'Deleted 2 clients.').waitFor();
    await table.getByText('Client01 Table').waitFor({ state: 'detached' });

    // Cards chosen stay chosen after a reload; at 390 px the list is the cards.
    await page.getByRole('button', { name: 'Cards', exact: true }).click();
    await card(page, 'Client02 Table').waitFor();
    await page.reload();
    await card(page, 'Client02 Table').waitFor();
    await page.getByRole('button', { name: 'Table', exact: true }).click();
    await table.waitFor();
    await page.setViewportSize({ width: 390, height: 844 });
    await card(page, 'Client02 Table').waitFor();
    assert.equal(await page.getByRole('table').count(), 0);
    assert.deepEqual(await seriousAccessibilityViolations(page), [], 'the clients list at 390 px');
    await docsScreenshot(page, 'clients-phone', { viewportOnly: true });

    assert.deepEqual(errors, []);
    await context.close();
  });

  it('warns as the flat plan fills up: the approaching dialog once, the limit at 105, then overage', async () => {
    const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
    const page = await context.newPage();
    const errors = watchErrors(page);
    await signIn(page, { email: uniqueEmail('clients-usage') });
    errors.length = 0;
    await page.goto(`${APP_URL}/clients`);
    await page.getByText('0 / 100 active clients').waitFor();

    const upload = async (name: string, from: number, count: number) => {
      const rows = Array.from({ length: count }, (_, i) => `Client,Number${from + i},,+1615555${String(1000 + from + i)}`);
      const path = join(tempDir, name);
      await writeFile(path, `firstName,lastName,email,phone\n${rows.join('\n')}\n`);
      await page.getByRole('button', { name: 'Upload CSV' }).click();
      const dialog = page.getByRole('dialog', { name: 'Upload CSV' });
      await dialog.getByLabel('CSV file').setInputFiles(path);
      await dialog.getByRole('checkbox', { name: /in this file gave my agency their phone numbers/ }).check();
      await dialog.getByRole('button', { name: 'Upload', exact: true }).click();
      return dialog;
    };

    // 95 active clients: 'Action Required Soon' opens by itself with the server's options.
    const first = await upload('ninety-five.csv', 0, 95);
    await first.getByText('95 clients imported').waitFor();
    // The warning waits until the import summary is closed, so the two dialogs never stack.
    await first.getByRole('button', { name: 'Done' }).click();
    const approaching = page.getByRole('dialog', { name: 'Action Required Soon' });
    await approaching.waitFor();
    assert.ok(await approaching.getByText('You have 95 of 100 active clients on your flat plan.', { exact: false }).isVisible());
    assert.ok(await approaching.getByText('Switch to Per-Client Pricing').isVisible());
    assert.ok(await approaching.getByText('Estimated: $475.00/mo').isVisible());
    await shot(page, 'clients-approaching-dialog', { alsoViewport: true, docsName: 'clients-usage' });
    await approaching.getByRole('button', { name: 'Not Now' }).click();
    await approaching.waitFor({ state: 'hidden' });
    await page.getByText('95 / 100 active clients').waitFor();

    // Once per session: not again after a reload.
    await page.reload();
    await page.getByText('95 / 100 active clients').waitFor();
    // The dialog would open as the usage arrives: once the page is at rest, it has not.
    await pageAtRest(page);
    assert.equal(await page.getByRole('dialog').count(), 0);

    // 12 more: the import stops at 105 (the limit plus the grace), with the limit toast.
    const second = await upload('twelve-more.csv', 95, 12);
    await second.getByText('10 clients imported').waitFor();
    await toast(page, 'Client limit reached').waitFor();
    assert.ok(await toast(page, /imported 10 clients before the limit/).isVisible());
    await second.getByRole('button', { name: 'Done' }).click();
    // 105 is the most the grace allows: the page says the limit is reached, never that more can be added.
    const blocked = page.getByRole('dialog', { name: 'Client Limit Reached' });
    await blocked.waitFor();
    await page.getByText('105 / 100 active clients').waitFor();
    assert.ok(await page.getByText('5 over limit').isVisible());
    assert.equal(await page.getByText(/grace allowance lets you/).count(), 0);
    await shot(page, 'clients-limit-reached', { alsoViewport: true });

    // Enabling overage asks first, with the amount at today's 105 active clients; Cancel changes nothing.
    await blocked.getByRole('button', { name: 'Enable Overage' }).click();
    const confirm = page.getByRole('dialog', { name: 'Enable overage billing?' });
    await confirm.getByText('about $20.00/month more at 105 active clients', { exact: false }).waitFor();
    await confirm.getByRole('button', { name: 'Cancel' }).click();
    await confirm.waitFor({ state: 'hidden' });
    await page.reload();
    await page.getByText('105 / 100 active clients').waitFor();
    assert.equal(await page.getByText('Overage enabled').count(), 0);

    // Confirmed, overage lifts the warning and the widget says it is on.
    await blocked.getByRole('button', { name: 'Enable Overage' }).click();
    await confirm.getByRole('button', { name: 'Enable Overage Billing' }).click();
    await toast(page, 'Overage billing enabled').waitFor();
    await blocked.waitFor({ state: 'hidden' });
    await page.getByText('Overage enabled').waitFor();
    assert.ok(await page.getByText('Overage billing on: each active client beyond 100 is billed monthly', { exact: false }).isVisible());
    assert.ok(await page.getByText('Overage: 5 clients').isVisible());
    assert.equal(await page.getByText('You are over your plan limit').count(), 0);
    await shot(page, 'clients-overage', { alsoViewport: true });

    assert.deepEqual(errors, []);
    await context.close();
  });
});
