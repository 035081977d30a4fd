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

/** A toast (default or destructive) whose text contains `text`. */
const toast = (page: Page, text: string | RegExp) => page.locator('[data-toast-variant]').filter({ hasText: text });

/** The Policies card's entry whose text contains `text`. */
const entry = (page: Page, text: string) =>
  page
    .getByRole('region', { name: /^(Policies|Pólizas)$/ })
    .getByRole('listitem')
    .filter({ hasText: text });

describe('a client’s policies in Chromium', () => {
  let browser: Browser;
  before(async () => {
    browser = await launchBrowser();
  });
  after(async () => {
    await browser.close();
  });

  it('adds, corrects, terminates and deletes a client’s policies on their page, in English and Spanish, at 1280 and 390 px', async () => {
    const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
    const page = await context.newPage();
    const errors = watchErrors(page);
    await signIn(page, { email: uniqueEmail('policies') });
    const ruth = (await call(page, 'POST', '/api/clients', {
      firstName: 'Ruth',
      lastName: 'Alvarez',
      phone: '(615) 555-0177',
    })) as { id: string };
    // One entered by mistake, to delete.
    await call(page, 'POST', `/api/clients/${ruth.id}/policies`, {
      carrier: 'Aetna',
      planName: 'Aetna Medicare Supplement',
      planType: 'medigap',
      medigapPlan: 'G',
      status: 'active',
    });
    errors.length = 0;

    await page.goto(`${APP_URL}/clients/${ruth.id}`);
    await page.getByRole('heading', { level: 1, name: 'Ruth Alvarez' }).waitFor();
    const policies = page.getByRole('region', { name: 'Policies' });
    await entry(page, 'Aetna').getByText('Medigap · Plan G').waitFor();

    // An MAPD plan whose ID is typed the way people do: CMS's form comes back.
    await policies.getByRole('button', { name: 'Add policy' }).click();
    const add = page.getByRole('dialog', { name: 'Add policy' });
    await add.getByLabel('Carrier').fill('Humana');
    await add.getByLabel('Plan name').fill('Humana Gold Plus (HMO)');
    await chooseOption(page, 'Type', 'Medicare Advantage with drugs (MAPD)');
    await add.getByLabel('Plan ID').fill('h1234-001');
    await chooseOption(page, 'Status', 'Active');
    await add.getByLabel('Application date').fill('2025-11-20');
    await add.getByLabel('Effective date').fill('2026-01-01');
    await add.getByLabel('Monthly premium').fill('174.5');
    assert.deepEqual(await seriousAccessibilityViolations(page), [], 'the Add policy form');
    await screenshot(page, 'policy-add');
    await add.getByRole('button', { name: 'Save' }).click();
    await toast(page, 'Policy added').waitFor();
    await add.waitFor({ state: 'hidden' });
    const humana = entry(page, 'Humana');
    await humana.getByText('Medicare Advantage with drugs (MAPD) · H1234-001-000').waitFor();
    assert.match((await humana.textContent()) ?? '', /Effective Jan 01, 2026 · \$174\.50 a month · Written by /);

    // A Part D plan with a Medicare Advantage contract: the server's reason at the plan ID, nothing typed lost.
    await policies.getByRole('button', { name: 'Add policy' }).click();
    const partD = page.getByRole('dialog', { name: 'Add policy' });
    await partD.getByLabel('Carrier').fill('WellCare');
    await partD.getByLabel('Plan name').fill('WellCare Value Script (PDP)');
    await chooseOption(page, 'Type', 'Part D');
    await partD.getByLabel('Plan ID').fill('H5678-001');
    await partD.getByLabel('Monthly premium').fill('0.40');
    await partD.getByRole('button', { name: 'Save' }).click();
    await toast(page, 'Failed to save the policy').waitFor();
    const planId = partD.getByLabel('Plan ID');
    // The reason is the plan ID's description, under it.
    await page.waitForFunction(() => document.querySelector('#policy-planId')?.getAttribute('aria-invalid') === 'true');
    const described = await planId.getAttribute('aria-describedby');
    assert.equal(
      await page.locator(`[id="${described}"]`).textContent(),
      'A Part D plan’s contract starts with S (or E for an employer plan), not H',
    );
    assert.equal(await planId.inputValue(), 'H5678-001');
    assert.equal(await partD.getByLabel('Carrier').inputValue(), 'WellCare');
    assert.equal(await partD.getByLabel('Monthly premium').inputValue(), '0.40');
    await screenshot(page, 'policy-server-error');
    await planId.fill('S5678-001');
    await partD.getByRole('button', { name: 'Save' }).click();
    await toast(page, 'Policy added').waitFor();
    await partD.waitFor({ state: 'hidden' });
    await entry(page, 'WellCare').getByText('Part D · S5678-001-000').waitFor();

    // Humana ends: terminated, with its date and why; it goes below the current ones.
    await humana.getByRole('button', { name: 'Edit' }).click();
    const edit = page.getByRole('dialog', { name: 'Edit policy' });
    assert.equal(await edit.getByLabel('Plan ID').inputValue(), 'H1234-001-000');
    assert.equal(await edit.getByLabel('Termination date').count(), 0);
    await chooseOption(page, 'Status', 'Terminated');
    await edit.getByLabel('Termination date').fill('2026-06-30');
    await chooseOption(page, 'Why it ended', 'Moved');
    await edit.getByRole('button', { name: 'Save' }).click();
    await toast(page, 'Policy saved').waitFor();
    await edit.waitFor({ state: 'hidden' });
    await humana.getByText('Ended Jun 30, 2026: Moved').waitFor();
    assert.ok(await humana.getByText('Terminated', { exact: true }).isVisible());
    assert.match((await policies.getByRole('listitem').last().textContent()) ?? '', /^Humana/);

    // The Medigap policy was entered by mistake: deleted, after a confirmation that says what deleting is for.
    await entry(page, 'Aetna').getByRole('button', { name: 'Delete' }).click();
    const confirm = page.getByRole('dialog', { name: 'Delete this policy?' });
    await confirm.getByText(/only if it was entered by mistake\. A policy that ended should be marked terminated instead/).waitFor();
    assert.deepEqual(await seriousAccessibilityViolations(page), [], 'the delete confirmation');
    await confirm.getByRole('button', { name: 'Delete' }).click();
    await toast(page, 'Policy deleted').waitFor();
    // While the confirmation fades out the page behind it is hidden from the accessibility tree, where
    // every entry would seem gone: the list is read once it has closed.
    await confirm.waitFor({ state: 'detached' });
    await entry(page, 'Aetna').waitFor({ state: 'detached' });
    assert.equal(await policies.getByRole('listitem').count(), 2);

    // The card at rest, at both widths.
    await page.reload();
    await entry(page, 'WellCare').waitFor();
    assert.deepEqual(await seriousAccessibilityViolations(page), [], 'the client page with policies');
    await policies.scrollIntoViewIfNeeded();
    await docsScreenshot(page, 'client-policies', { viewportOnly: true });
    await page.setViewportSize({ width: 390, height: 844 });
    await pageAtRest(page);
    assert.deepEqual(await seriousAccessibilityViolations(page), [], 'the client page with policies at 390 px');
    await policies.scrollIntoViewIfNeeded();
    await docsScreenshot(page, 'client-policies-phone', { viewportOnly: true });
    await policies.getByRole('button', { name: 'Add policy' }).click();
    await page.getByRole('dialog', { name: 'Add policy' }).waitFor();
    assert.deepEqual(await seriousAccessibilityViolations(page), [], 'the Add policy form at 390 px');
    await page.keyboard.press('Escape');
    await page.getByRole('dialog').waitFor({ state: 'detached' });

    // In Spanish.
    await call(page, 'PUT', '/api/profile', { language: 'es' });
    await page.reload();
    const polizas = page.getByRole('region', { name: 'Pólizas' });
    await entry(page, 'Humana').getByText('Terminó el 30 jun 2026: Se mudó').waitFor();
    assert.ok(await entry(page, 'WellCare').getByText('Parte D · S5678-001-000').isVisible());
    assert.deepEqual(await seriousAccessibilityViolations(page), [], 'the client page in Spanish at 390 px');
    await polizas.getByRole('button', { name: 'Agregar póliza' }).click();
    await page.getByRole('dialog', { name: 'Agregar póliza' }).getByLabel('Prima mensual ($)').waitFor();
    assert.deepEqual(await seriousAccessibilityViolations(page), [], 'the Add policy form in Spanish at 390 px');
    await page.keyboard.press('Escape');
    await page.getByRole('dialog').waitFor({ state: 'detached' });
    await page.setViewportSize({ width: 1280, height: 900 });
    await pageAtRest(page);
    assert.deepEqual(await seriousAccessibilityViolations(page), [], 'the client page in Spanish');
    await polizas.scrollIntoViewIfNeeded();
    await screenshot(page, 'client-policies-es');

    // The only console error is the expected 400 of the Part D plan's H contract.
    assert.deepEqual(
      errors.filter((error) => !/\b400\b/.test(error)),
      [],
    );
    await context.close();
  });

  it('filters the client table by carrier, with each client’s current plan, at 1280 and 390 px, in English and Spanish', async () => {
    const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
    const page = await context.newPage();
    const errors = watchErrors(page);
    await signIn(page, { email: uniqueEmail('policy-filters') });
    const add = async (firstName: string, lastName: string, phone: string, policies: Record<string, unknown>[]) => {
      const client = (await call(page, 'POST', '/api/clients', { firstName, lastName, phone })) as { id: string };
      for (const policy of policies) await call(page, 'POST', `/api/clients/${client.id}/policies`, policy);
    };
    const MAPD = { carrier: 'Humana', planName: 'Humana Gold Plus (HMO)', planType: 'mapd', planId: 'H1234-001', status: 'active' };
    await add('Ruth', 'Alvarez', '(615) 555-0181', [{ ...MAPD, effectiveDate: '2026-01-01' }]);
    await add('Walter', 'Briggs', '(615) 555-0182', [
      { carrier: 'Aetna', planName: 'Aetna Medicare Rx Saver (PDP)', planType: 'pdp', planId: 'S5601-042', effectiveDate: '2027-01-01' },
    ]);
    await add('Margaret', 'Hughes', '(615) 555-0183', [
      { carrier: 'HUMANA', planName: 'Humana Dental Extend', planType: 'dental', status: 'active', effectiveDate: '2025-01-01' },
      {
        carrier: 'Mutual of Omaha',
        planName: 'Plan G',
        planType: 'medigap',
        medigapPlan: 'G',
        status: 'active',
        effectiveDate: '2025-01-01',
      },
    ]);
    await add('Nell', 'Ortiz', '(615) 555-0184', []);
    errors.length = 0;

    await page.goto(`${APP_URL}/clients`);
    const table = page.getByRole('table');
    await table.getByRole('link', { name: 'Nell Ortiz' }).waitFor();
    const row = (name: string) => table.getByRole('row').filter({ has: page.getByRole('link', { name }) });
    // At 1280 px the plan's carrier and type are under the name (the column is shown from 1536 px),
    // and the table still fits the window: its actions are on screen.
    const line = (name: string) => row(name).getByTestId('plan-line');
    assert.equal(await line('Ruth Alvarez').textContent(), 'Humana · MAPD');
    assert.equal(await line('Walter Briggs').textContent(), 'Aetna · Part D · Pending');
    assert.equal(await line('Nell Ortiz').count(), 0);
    assert.equal(await table.getByRole('columnheader', { name: 'Current plan' }).count(), 0);
    const actions = await row('Ruth Alvarez').getByRole('button', { name: 'Actions for Ruth Alvarez' }).boundingBox();
    assert.ok(actions && actions.x + actions.width <= 1280, `the row's actions at ${JSON.stringify(actions)}`);

    // Humana whatever its case: Ruth's MAPD and Margaret's dental plan.
    await chooseOption(page, 'Carrier', 'Humana');
    await table.getByRole('link', { name: 'Nell Ortiz' }).waitFor({ state: 'detached' });
    const names = async () => (await table.getByRole('link').allTextContents()).sort();
    assert.deepEqual(await names(), ['Margaret Hughes', 'Ruth Alvarez']);
    assert.deepEqual(JSON.parse(new URL(page.url()).searchParams.get('filter') ?? '{}'), { carrier: 'Humana' });
    assert.deepEqual(await seriousAccessibilityViolations(page), [], 'the client table filtered by carrier');
    await screenshot(page, 'clients-policy-filter-1280');

    // From 1536 px, the Current plan column: the carrier, the type as a short label, the plan's name.
    await page.setViewportSize({ width: 1600, height: 900 });
    await pageAtRest(page);
    await table.getByRole('columnheader', { name: 'Current plan' }).waitFor();
    assert.match((await row('Ruth Alvarez').textContent()) ?? '', /HumanaMAPDHumana Gold Plus \(HMO\)/);
    assert.match((await row('Margaret Hughes').textContent()) ?? '', /Mutual of OmahaMedigapPlan G/);
    assert.equal(await line('Ruth Alvarez').isVisible(), false);
    const wide = await row('Ruth Alvarez').getByRole('button', { name: 'Actions for Ruth Alvarez' }).boundingBox();
    assert.ok(wide && wide.x + wide.width <= 1600, `the row's actions at ${JSON.stringify(wide)}`);
    assert.deepEqual(await seriousAccessibilityViolations(page), [], 'the client table with its Current plan column');
    await docsScreenshot(page, 'clients-policy-filter', { viewportOnly: true });

    // On a phone the cards, under the same filter (it is in the address), each with its current plan.
    await page.setViewportSize({ width: 390, height: 844 });
    await pageAtRest(page);
    const card = (name: string) => page.getByRole('article', { name });
    await card('Ruth Alvarez').getByText('Humana: Humana Gold Plus (HMO) (MAPD)').waitFor();
    await card('Margaret Hughes').getByText('Mutual of Omaha: Plan G (Medigap)').waitFor();
    assert.equal(await page.getByRole('article').count(), 2);
    assert.deepEqual(await seriousAccessibilityViolations(page), [], 'the client cards filtered by carrier at 390 px');
    await page.getByRole('combobox', { name: 'Carrier' }).scrollIntoViewIfNeeded();
    await page.evaluate(() => window.scrollBy(0, 200));
    await pageAtRest(page);
    await docsScreenshot(page, 'clients-policy-filter-phone', { viewportOnly: true });

    // In Spanish, the filter kept.
    await call(page, 'PUT', '/api/profile', { language: 'es' });
    await page.reload();
    await card('Ruth Alvarez').getByText('Humana: Humana Gold Plus (HMO) (MAPD)').waitFor();
    await page.getByRole('combobox', { name: 'Aseguradora' }).waitFor();
    assert.equal(await page.getByRole('article').count(), 2);
    assert.deepEqual(await seriousAccessibilityViolations(page), [], 'the client cards in Spanish at 390 px');
    await page.setViewportSize({ width: 1280, height: 900 });
    await pageAtRest(page);
    await chooseOption(page, 'Aseguradora', 'Aetna');
    await table.getByRole('link', { name: 'Walter Briggs' }).waitFor();
    assert.deepEqual(await names(), ['Walter Briggs']);
    assert.equal(await line('Walter Briggs').textContent(), 'Aetna · Parte D · Pendiente');
    assert.deepEqual(await seriousAccessibilityViolations(page), [], 'the client table filtered by carrier in Spanish');
    await page.setViewportSize({ width: 1600, height: 900 });
    await pageAtRest(page);
    await table.getByRole('columnheader', { name: 'Plan actual' }).waitFor();
    assert.match((await row('Walter Briggs').textContent()) ?? '', /AetnaParte DPendiente · Aetna Medicare Rx Saver \(PDP\)/);
    assert.deepEqual(await seriousAccessibilityViolations(page), [], 'the client table with its Current plan column in Spanish');
    await screenshot(page, 'clients-policy-filter-es');

    assert.deepEqual(errors, []);
    await context.close();
  });
});
