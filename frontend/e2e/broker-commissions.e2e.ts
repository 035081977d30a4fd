import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';

import type { Browser, Page } from 'playwright-core';

import {
  APP_URL,
  call,
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

const toast = (page: Page, text: string | RegExp) => page.locator('[data-toast-variant]').filter({ hasText: text });

/** A small Humana statement: one row by the member ID, one by a similar name, one nobody's. */
const STATEMENT = [
  'Member #,Insured,Contract,Commission,Pay Month',
  'HUM100200,"DIAZ, ROSA",H1234-001,$51.00,2026-02',
  ',"Smith, J",H1234-001,25.50,Feb 2026',
  ',Nobody Here,H1234-001,51.00,2026-02',
].join('\n');

describe('commissions in Chromium', () => {
  let browser: Browser;
  before(async () => {
    browser = await launchBrowser();
  });
  after(async () => {
    await browser.close();
  });

  it('enters a schedule, uploads a statement, maps its columns and shows matched and unmatched rows, in English and Spanish, at 1280 and 390 px', async () => {
    const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
    const page = await context.newPage();
    const errors = watchErrors(page);
    await signIn(page, { email: uniqueEmail('commissions') });
    for (const [firstName, lastName, phone, memberId] of [
      ['Rosa', 'Diaz', '(615) 555-0181', 'HUM100200'],
      ['John', 'Smith', '(615) 555-0182', null],
      ['Paul', 'Green', '(615) 555-0183', null],
    ] as const) {
      const client = (await call(page, 'POST', '/api/clients', { firstName, lastName, phone })) as { id: string };
      await call(page, 'POST', `/api/clients/${client.id}/policies`, {
        carrier: 'Humana',
        planName: 'Humana Gold Plus (HMO)',
        planType: 'mapd',
        planId: 'H1234-001-000',
        status: 'active',
        effectiveDate: '2026-01-01',
        carrierMemberId: memberId,
      });
    }
    errors.length = 0;

    await page.goto(`${APP_URL}/commissions`);
    await page.getByRole('heading', { level: 1, name: 'Commissions' }).waitFor();

    // A schedule for every Humana plan type.
    await page.getByRole('button', { name: 'Add schedule' }).click();
    const add = page.getByRole('dialog', { name: 'Add schedule' });
    await add.getByLabel('Carrier').fill('Humana');
    await add.getByLabel('Initial a year ($)').fill('612');
    await add.getByLabel('Renewal a year ($)').fill('306');
    assert.deepEqual(await seriousAccessibilityViolations(page), [], 'the schedule form');
    await add.getByRole('button', { name: 'Save' }).click();
    await toast(page, 'Schedule saved').waitFor();
    await add.waitFor({ state: 'detached' });
    await page.getByRole('table', { name: 'Commission schedules' }).getByText('$612.00').waitFor();

    // The statement: uploaded, its columns mapped (the carrier's names are not the usual ones).
    await page.getByRole('button', { name: 'Upload statement' }).click();
    const upload = page.getByRole('dialog', { name: 'Upload a commission statement' });
    await upload.getByLabel('Carrier').fill('Humana');
    await upload
      .locator('input[type=file]')
      .setInputFiles({ name: 'humana-2026-02.csv', mimeType: 'text/csv', buffer: Buffer.from(STATEMENT) });
    await upload.getByRole('button', { name: 'Upload' }).click();
    const map = page.getByRole('dialog', { name: 'Map the statement’s columns' });
    await map.getByRole('table', { name: 'First rows of the file' }).getByText('DIAZ, ROSA').waitFor();
    await chooseOption(page, 'Member ID', 'Member #');
    await chooseOption(page, 'Member name', 'Insured');
    await chooseOption(page, 'Plan ID', 'Contract');
    await chooseOption(page, 'Amount paid', 'Commission');
    await chooseOption(page, 'Month paid for', 'Pay Month');
    assert.deepEqual(await seriousAccessibilityViolations(page), [], 'the mapping step');
    await docsScreenshot(page, 'commissions-mapping', { viewportOnly: true });
    await map.getByRole('button', { name: 'Import' }).click();
    await map.waitFor({ state: 'detached' });

    // The results: one exact, one by a similar name, one unmatched; Paul's policy was not paid.
    await page.getByText('Matched exactly: 1').waitFor();
    await page.getByText('Matched by a similar name: 1').waitFor();
    const unmatched = page.getByRole('table', { name: 'Unmatched rows' });
    await unmatched.getByText('Nobody Here').waitFor();
    await page.getByRole('table', { name: 'Policies expected and not paid' }).getByText('Paul Green').first().waitFor();
    const matched = page.getByRole('table', { name: 'Matched rows' });
    await matched.getByText('Similar name').waitFor();
    await pageAtRest(page);
    assert.deepEqual(await seriousAccessibilityViolations(page), [], 'the statement’s results');
    await docsScreenshot(page, 'commissions');

    // The unmatched row matched by hand to Paul's policy.
    await unmatched.getByRole('button', { name: 'Match' }).click();
    const match = page.getByRole('dialog', { name: 'Match this row to a policy' });
    await match.getByRole('combobox', { name: 'Policy' }).waitFor();
    await match.getByRole('button', { name: 'Match' }).click();
    await toast(page, 'Row matched').waitFor();
    await match.waitFor({ state: 'detached' });
    await page.getByText('Every row was matched to a policy.').waitFor();

    // At 390 px.
    await page.setViewportSize({ width: 390, height: 844 });
    await pageAtRest(page);
    assert.deepEqual(await seriousAccessibilityViolations(page), [], 'the Commissions page at 390 px');
    await docsScreenshot(page, 'commissions-phone', { viewportOnly: true });

    // In Spanish.
    await call(page, 'PUT', '/api/profile', { language: 'es' });
    await page.reload();
    await page.getByRole('heading', { level: 1, name: 'Comisiones' }).waitFor();
    await page.getByText('Asociadas con exactitud: 2').waitFor();
    await page.getByRole('table', { name: 'Tablas de comisiones' }).getByText('Todos los tipos').waitFor();
    await pageAtRest(page);
    assert.deepEqual(await seriousAccessibilityViolations(page), [], 'the Commissions page in Spanish at 390 px');
    await page.setViewportSize({ width: 1280, height: 900 });
    await pageAtRest(page);
    assert.deepEqual(await seriousAccessibilityViolations(page), [], 'the Commissions page in Spanish');
    await screenshot(page, 'commissions-es');

    assert.deepEqual(errors, []);
    await context.close();
  });
});
