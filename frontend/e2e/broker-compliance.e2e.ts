import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';

import type { Browser, Page } from 'playwright-core';

import {
  APP_URL,
  call,
  docsScreenshot,
  launchBrowser,
  seriousAccessibilityViolations,
  signIn,
  uniqueEmail,
  watchErrors,
} from './browser.ts';

const toast = (page: Page, text: string | RegExp) => page.locator('[data-toast-variant]').filter({ hasText: text });
const suffix = () => String(1000 + Math.floor(Math.random() * 9000));

describe('consent and compliance in Chromium', () => {
  let browser: Browser;
  before(async () => {
    browser = await launchBrowser();
  });
  after(async () => {
    await browser.close();
  });

  it('adds a client with the marketing box ticked, records and revokes permission on their page, and sends only to the permitted', async () => {
    const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
    const page = await context.newPage();
    const errors = watchErrors(page);
    await signIn(page, { email: uniqueEmail('consent'), readyForCampaigns: true });
    errors.length = 0;

    // Add Client: where they live, and the attestations as boxes.
    await page.goto(`${APP_URL}/clients`);
    await page.getByRole('button', { name: 'Add Client' }).first().click();
    const dialog = page.getByRole('dialog', { name: 'Add Client' });
    await dialog.getByLabel('First Name').fill('Ana');
    await dialog.getByLabel('Last Name').fill('Ruiz');
    await dialog.getByLabel('Email').fill(`ana.${suffix()}@example.com`);
    await dialog.getByRole('textbox', { name: 'Phone' }).fill(`(615) 555-${suffix()}`);
    await dialog.getByLabel('ZIP code').fill('33602');
    // Both boxes start unticked and in view: the broker ticks what the client gave.
    const remindersBox = dialog.getByRole('checkbox', { name: /receive reminder calls, texts and e-mails/ });
    assert.equal(await remindersBox.isChecked(), false);
    assert.ok(await remindersBox.isVisible());
    await remindersBox.check();
    await dialog.getByRole('checkbox', { name: /written permission to contact them about Medicare plans/ }).check();
    assert.deepEqual(await seriousAccessibilityViolations(page), [], 'Add Client with the permission boxes');
    await docsScreenshot(page, 'add-client-permission', { viewportOnly: true });
    await dialog.getByRole('button', { name: 'Add Client' }).click();
    await toast(page, 'Client added').waitFor();
    const without = (await call(page, 'POST', '/api/clients', {
      firstName: 'Ben',
      lastName: 'Cole',
      email: `ben.${suffix()}@example.com`,
      phone: `(615) 555-${suffix()}`,
    })) as { id: string };

    // Ana's page: given everywhere, lives in FL; the history keeps the attestation.
    await page.getByRole('table').getByRole('link', { name: 'Ana Ruiz' }).click();
    await page.getByRole('heading', { level: 1, name: 'Ana Ruiz' }).waitFor();
    await page.getByRole('region', { name: 'Contact' }).getByText('33602, FL').waitFor();
    const permission = page.getByRole('region', { name: 'Permission to contact' });
    await permission.getByRole('table').getByText('Given').first().waitFor();
    assert.equal(await permission.getByRole('table').getByText('Given').count(), 6);
    await permission
      .getByText(/written permission to contact them about Medicare plans/)
      .first()
      .waitFor();
    assert.deepEqual(await seriousAccessibilityViolations(page), [], 'the client page with permissions');
    await docsScreenshot(page, 'client-permission', { viewportOnly: true });

    // Ben never gave marketing permission: the broker records it, attesting, then his revocation.
    await page.goto(`${APP_URL}/clients/${without.id}`);
    const benPermission = page.getByRole('region', { name: 'Permission to contact' });
    await benPermission.getByRole('table').getByText('Not given').first().waitFor();
    await benPermission.getByRole('button', { name: 'Record marketing permission' }).click();
    const record = page.getByRole('dialog', { name: 'Record marketing permission' });
    assert.equal(await record.getByRole('button', { name: 'Record permission' }).isDisabled(), true);
    await record.getByRole('checkbox').check();
    assert.deepEqual(await seriousAccessibilityViolations(page), [], 'the attestation dialog');
    await record.getByRole('button', { name: 'Record permission' }).click();
    await toast(page, 'Permission recorded').waitFor();
    await benPermission.getByRole('button', { name: 'Record a revocation' }).click();
    await page
      .getByRole('dialog', { name: 'Record that the client took back permission?' })
      .getByRole('button', { name: 'Record revocation' })
      .click();
    await toast(page, 'Revocation recorded').waitFor();
    await benPermission.getByText('Took back marketing permission for e-mails').waitFor();

    // A campaign to both: the send dialog says one of two may receive it; the page says why the other was not sent.
    const campaign = (await call(page, 'POST', '/api/campaigns', {
      name: 'Plan review',
      type: 'email',
      subject: 'Time for your plan review',
      message: 'Open enrollment ends December 7.',
    })) as { id: string };
    await page.goto(`${APP_URL}/campaigns`);
    await page.getByRole('button', { name: 'Send Plan review' }).click();
    const send = page.getByRole('dialog', { name: 'Send this campaign?' });
    await send.getByText('It goes to 1 of 2 clients.', { exact: false }).waitFor();
    await send.getByRole('button', { name: 'Send now' }).click();
    await toast(page, 'Campaign sent').waitFor();
    await page.goto(`${APP_URL}/campaigns/${campaign.id}/show`);
    await page.getByText('1 message was not sent:').waitFor();
    await page.getByText('Permission for marketing e-mails revoked: 1').waitFor();
    assert.deepEqual(errors, []);
    await context.close();
  });

  it('shows the compliance report at 1280 and 390 px, downloads it, and sets the TPMO disclaimer in Branding', async () => {
    const context = await browser.newContext({ viewport: { width: 1280, height: 900 }, acceptDownloads: true });
    const page = await context.newPage();
    const errors = watchErrors(page);
    await signIn(page, { email: uniqueEmail('compliance') });
    for (const [firstName, zip, marketingConsent] of [
      ['Ruth', '33602', true],
      ['Leo', '37203', true],
      ['Mia', '37203', false],
    ] as const) {
      await call(page, 'POST', '/api/clients', { firstName, lastName: 'Park', phone: `(615) 555-${suffix()}`, zip, marketingConsent });
    }
    errors.length = 0;

    await page.goto(`${APP_URL}/compliance`);
    await page.getByRole('heading', { level: 1, name: 'Compliance' }).waitFor();
    const byState = page.getByRole('table', { name: 'Marketing permission by state' });
    await byState.getByRole('row', { name: /^FL 1 0 0 0$/ }).waitFor();
    await byState.getByRole('row', { name: /^TN 1 0 0 1$/ }).waitFor();
    await page.getByRole('table', { name: 'How permission was given and taken back' }).getByText('Recorded by you (attested)').waitFor();
    await page.getByText('No client’s marketing permission lapses in the next 30 days.').waitFor();
    assert.deepEqual(await seriousAccessibilityViolations(page), [], 'the compliance page');
    await docsScreenshot(page, 'compliance');

    const [csv] = await Promise.all([page.waitForEvent('download'), page.getByRole('link', { name: 'Download CSV' }).click()]);
    assert.match(csv.suggestedFilename(), /^compliance-\d{4}-\d{2}-\d{2}-\d{4}-\d{2}-\d{2}\.csv$/);
    const [pdf] = await Promise.all([page.waitForEvent('download'), page.getByRole('link', { name: 'Download PDF' }).click()]);
    assert.match(pdf.suggestedFilename(), /\.pdf$/);

    await page.setViewportSize({ width: 390, height: 844 });
    await page.getByRole('heading', { level: 1, name: 'Compliance' }).waitFor();
    assert.deepEqual(await seriousAccessibilityViolations(page), [], 'the compliance page at 390 px');
    await docsScreenshot(page, 'compliance-phone', { viewportOnly: true });

    // Branding: the agency sells plans; the disclaimer follows the numbers.
    await page.setViewportSize({ width: 1280, height: 900 });
    await page.goto(`${APP_URL}/branding`);
    const tpmo = page.getByRole('region', { name: 'Medicare marketing disclaimer (TPMO)' });
    await tpmo.getByRole('radio', { name: 'Yes' }).check();
    await tpmo.getByLabel('Organizations you represent').fill('3');
    await tpmo.getByLabel('Plans they offer in your area').fill('18');
    assert.match(
      await tpmo.getByLabel('Disclaimer (generated)').inputValue(),
      /Currently we represent 3 organizations which offer 18 products in your area\./,
    );
    assert.deepEqual(await seriousAccessibilityViolations(page), [], 'Branding with the disclaimer');
    await tpmo.getByRole('button', { name: 'Save disclaimer' }).click();
    await toast(page, 'Disclaimer saved').waitFor();
    await tpmo.scrollIntoViewIfNeeded();
    await docsScreenshot(page, 'branding-tpmo', { viewportOnly: true });
    const me = (await call(page, 'GET', '/api/auth/user')) as { sellsPlans: boolean; tpmoPlans: number };
    assert.deepEqual([me.sellsPlans, me.tpmoPlans], [true, 18]);
    assert.deepEqual(errors, []);
    await context.close();
  });
});
