import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';

import type { Browser, BrowserContext, Page } from 'playwright-core';

import {
  APP_URL,
  call,
  docsScreenshot,
  launchBrowser,
  seriousAccessibilityViolations,
  signIn,
  testNow,
  uniqueEmail,
  waitForAnswer,
  watchErrors,
} from './browser.ts';

describe('managing campaigns in Chromium', () => {
  let browser: Browser;
  let context: BrowserContext;
  let page: Page;
  let errors: string[];
  const stamp = testNow();

  const card = (name: string) => page.getByRole('listitem', { name, exact: true });

  before(async () => {
    browser = await launchBrowser();
    context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
    page = await context.newPage();
    errors = watchErrors(page);
    await signIn(page, { email: uniqueEmail('campaigns-manage') });
    const suffix = () => String(2000 + Math.floor(Math.random() * 7000));
    for (const [firstName, lastName, email] of [
      ['Rita', 'Moreno', `rita.${stamp}@client.test`],
      ['Alvin', 'Brooks', `alvin.${stamp}@client.test`],
      ['Nora', 'Kim', null],
    ] as const) {
      // Added with the broker's attestation of written marketing permission, as Add Client's box records it.
      await call(page, 'POST', '/api/clients', { firstName, lastName, email, phone: `(615) 555-${suffix()}`, marketingConsent: true });
    }
    await call(page, 'POST', '/api/campaigns', {
      name: 'AEP kickoff',
      type: 'email',
      subject: 'Open enrollment is here',
      message: 'Book your plan review with us this month.',
    });
  });
  after(async () => {
    await context.close();
    await browser.close();
  });

  it('asks a new agency for its postal address and its TPMO answer before its first campaign goes out', async () => {
    errors.length = 0;
    await page.goto(`${APP_URL}/campaigns`);
    await card('AEP kickoff').waitFor();
    const notice = page.getByRole('alert').filter({ hasText: 'Campaigns cannot go out yet' });
    await notice.getByText('Add your agency’s postal address and say whether it sells Medicare plans.', { exact: false }).waitFor();
    await card('AEP kickoff').getByRole('button', { name: 'Send AEP kickoff' }).click();
    const confirm = page.getByRole('dialog', { name: 'Send this campaign?' });
    await confirm.getByText('It goes to 2 clients.').waitFor();
    await confirm.getByRole('alert').filter({ hasText: 'Campaigns cannot go out yet' }).waitFor();
    assert.equal(await confirm.getByRole('button', { name: 'Send now' }).isDisabled(), true);
    await confirm.getByRole('button', { name: 'Cancel' }).click();

    // The dashboard asks both; neither is answered for the agency.
    await page.goto(`${APP_URL}/`);
    const setup = page.getByRole('region', { name: 'Before your first campaign' });
    await setup.waitFor();
    assert.equal(await setup.getByRole('radio', { name: 'Yes' }).isChecked(), false);
    assert.equal(await setup.getByRole('radio', { name: 'No' }).isChecked(), false);
    await setup.getByRole('button', { name: 'Save' }).click();
    await setup.getByText('Enter your agency’s postal address').waitFor();
    await setup.getByText('Choose yes or no').waitFor();
    await setup.getByText('Enter your agency’s name').waitFor();
    assert.equal(await page.evaluate(() => document.activeElement?.id), 'onboarding-name');
    assert.deepEqual(await seriousAccessibilityViolations(page), []);
    await docsScreenshot(page, 'dashboard-onboarding');
    await setup.getByRole('textbox', { name: 'Agency name' }).fill('Church Street Medicare');
    await setup.getByRole('textbox', { name: 'Agency postal address' }).fill('410 Church Street, Suite 200, Nashville, TN 37219');
    await setup.getByRole('radio', { name: 'Yes' }).check();
    await setup.getByText('The disclaimer’s numbers and wording are in Branding.').waitFor();
    await setup.getByRole('button', { name: 'Save' }).click();
    await page.getByText('Your agency is ready for campaigns').first().waitFor();
    await setup.waitFor({ state: 'detached' });

    // Branding shows what was answered.
    await page.goto(`${APP_URL}/branding`);
    assert.equal(
      await page.getByRole('textbox', { name: 'Postal Address' }).inputValue(),
      '410 Church Street, Suite 200, Nashville, TN 37219',
    );
    assert.equal(await page.getByRole('radio', { name: 'Yes' }).isChecked(), true);
    assert.deepEqual(errors, []);
  });

  it('edits a draft, duplicates it, deletes the copy, and sends it after showing to how many', async () => {
    errors.length = 0;
    await page.goto(`${APP_URL}/campaigns`);
    await card('AEP kickoff').waitFor();
    assert.equal(await page.getByText('Campaigns cannot go out yet').count(), 0);

    await card('AEP kickoff').getByRole('button', { name: 'Edit AEP kickoff' }).click();
    const dialog = page.getByRole('dialog', { name: 'Edit Campaign' });
    await dialog.getByRole('textbox', { name: /Campaign name/ }).fill('AEP kickoff 2027');
    await dialog.getByRole('button', { name: 'Save Changes' }).click();
    await page.getByText('Campaign saved').first().waitFor();
    await card('AEP kickoff 2027').waitFor();

    await card('AEP kickoff 2027').getByRole('button', { name: 'Duplicate AEP kickoff 2027' }).click();
    await page.getByText('Saved “Copy of AEP kickoff 2027” as a draft').first().waitFor();
    await card('Copy of AEP kickoff 2027').waitFor();
    assert.deepEqual(await seriousAccessibilityViolations(page), []);
    await docsScreenshot(page, 'campaigns-drafts');

    await card('Copy of AEP kickoff 2027').getByRole('button', { name: 'Delete Copy of AEP kickoff 2027' }).click();
    const deleting = page.getByRole('dialog', { name: 'Delete this draft?' });
    await deleting.getByRole('button', { name: 'Delete' }).click();
    await page.getByText('Draft deleted').first().waitFor();
    await card('Copy of AEP kickoff 2027').waitFor({ state: 'detached' });

    // A test goes to the broker's own e-mail address.
    await card('AEP kickoff 2027').getByRole('button', { name: 'Send Test of AEP kickoff 2027 to yourself' }).click();
    await page
      .getByText(/^A test was sent to campaigns-manage\./)
      .first()
      .waitFor();
    // On a phone the toast wraps the long address instead of scrolling it inside the toast (a
    // scrollable region with nothing in it to focus cannot be scrolled from a keyboard).
    await page.setViewportSize({ width: 390, height: 844 });
    const overflow = await page
      .locator('.MuiAlert-message')
      .filter({ hasText: /^A test was sent to/ })
      .evaluate((message) => message.scrollWidth - message.clientWidth);
    assert.equal(overflow, 0, 'the toast’s address wraps');
    await page.setViewportSize({ width: 1280, height: 900 });
    const outbox = (await call(page, 'GET', '/api/dev/outbox')) as { purpose: string; subject: string | null }[];
    assert.ok(outbox.some((message) => message.purpose === 'campaign-test' && message.subject === '[Test] Open enrollment is here'));

    await card('AEP kickoff 2027').getByRole('button', { name: 'Send AEP kickoff 2027' }).click();
    const confirm = page.getByRole('dialog', { name: 'Send this campaign?' });
    await confirm.getByText('It goes to 2 clients.').waitFor();
    assert.deepEqual(await seriousAccessibilityViolations(page), []);
    await confirm.getByRole('button', { name: 'Send now' }).click();
    await page.getByText('Going out to 2 clients.').first().waitFor();
    assert.deepEqual(errors, []);
  });

  it('shows who a sent campaign went to, with each delivery’s status, at 1280 and 390 px', async () => {
    await page.goto(`${APP_URL}/campaigns`);
    await card('AEP kickoff 2027').getByRole('link', { name: 'Recipients of AEP kickoff 2027' }).click();
    await page.getByRole('heading', { level: 1, name: 'AEP kickoff 2027' }).waitFor();
    const table = page.getByRole('table', { name: 'Recipients' });
    await table.getByRole('row', { name: /Alvin Brooks/ }).waitFor();
    // By last name; Nora has no e-mail address, so it did not go to her.
    const names = await table.locator('tbody tr td:first-child').allTextContents();
    assert.deepEqual(names, ['Alvin Brooks', 'Rita Moreno']);
    // The delivery runs in the background, through the development outbox: each row ends sent or
    // delivered. Until the page shows it, the server is asked, then the page reloaded.
    const done = (statuses: string[]) => statuses.every((status) => status === 'Sent' || status === 'Delivered');
    if (!done(await table.locator('tbody tr td:nth-child(3) .MuiChip-label').allTextContents())) {
      const id = new URL(page.url()).pathname.split('/')[2];
      await waitForAnswer(page, `/api/campaigns/${id}/recipients`, (rows: { status: string }[]) =>
        rows.every((row) => row.status === 'sent' || row.status === 'delivered'),
      );
      await page.reload();
      await table.getByRole('row', { name: /Alvin Brooks/ }).waitFor();
    }
    for (const status of await table.locator('tbody tr td:nth-child(3) .MuiChip-label').allTextContents()) {
      assert.ok(['Sent', 'Delivered'].includes(status), status);
    }
    assert.ok(await table.getByText(`rita.${stamp}@client.test`).isVisible());
    assert.deepEqual(await seriousAccessibilityViolations(page), []);
    await docsScreenshot(page, 'campaign-recipients');
    await page.setViewportSize({ width: 390, height: 844 });
    await page.getByRole('heading', { level: 1, name: 'AEP kickoff 2027' }).waitFor();
    assert.deepEqual(await seriousAccessibilityViolations(page), []);
    await docsScreenshot(page, 'campaign-recipients-phone');
    await page.setViewportSize({ width: 1280, height: 900 });

    assert.deepEqual(errors, []);

    // A link to another broker's campaign, or none at all, says so (the browser logs the 404).
    await page.goto(`${APP_URL}/campaigns/00000000-0000-4000-8000-000000000000/show`);
    await page.getByText('This campaign was not found. It may have been deleted.').waitFor();
  });

  it('makes campaigns from the Clients page: for the clients under a search, and for the rows selected', async () => {
    errors.length = 0;
    await page.goto(`${APP_URL}/clients`);
    await page.getByRole('button', { name: 'Table', exact: true }).click();
    await page.getByRole('searchbox', { name: /Search/ }).fill('Rita');
    await page.waitForFunction(() => document.querySelectorAll('table tbody tr').length === 1);
    await page.getByRole('button', { name: 'Campaign to These Clients' }).click();
    let dialog = page.getByRole('dialog', { name: 'Create Campaign' });
    await dialog.getByRole('radio', { name: 'Clients matching: “Rita”' }).waitFor();
    assert.ok(await dialog.getByRole('radio', { name: 'Clients matching: “Rita”' }).isChecked());
    await dialog.getByRole('textbox', { name: /Campaign name/ }).fill('Just Rita');
    await dialog.getByRole('textbox', { name: /Subject/ }).fill('A note for you');
    await dialog.getByRole('textbox', { name: /Message/ }).fill('Your plan review is ready.');
    assert.deepEqual(await seriousAccessibilityViolations(page), []);
    await docsScreenshot(page, 'campaign-from-filter');
    await dialog.getByRole('button', { name: 'Create Campaign' }).click();
    await page.getByText('Campaign created').first().waitFor();

    await page.getByRole('searchbox', { name: /Search/ }).fill('');
    const table = page.getByRole('table');
    await table.locator('tr', { hasText: 'Nora Kim' }).waitFor();
    for (const name of ['Alvin Brooks', 'Nora Kim']) await table.locator('tr', { hasText: name }).getByRole('checkbox').check();
    await page.getByRole('button', { name: 'Add to Campaign' }).click();
    const adding = page.getByRole('dialog', { name: 'Add 2 clients to a campaign' });
    await adding.getByRole('radio', { name: 'A new campaign' }).check();
    assert.deepEqual(await seriousAccessibilityViolations(page), []);
    await adding.getByRole('button', { name: 'Continue' }).click();
    dialog = page.getByRole('dialog', { name: 'Create Campaign' });
    assert.ok(await dialog.getByRole('radio', { name: '2 chosen clients' }).isChecked());
    await dialog.getByRole('textbox', { name: /Campaign name/ }).fill('Chosen two');
    await dialog.getByRole('button', { name: 'SMS' }).click();
    await dialog.getByRole('textbox', { name: /Message/ }).fill('Call us about your plan.');
    await dialog.getByRole('button', { name: 'Create Campaign' }).click();
    await page.getByText('Campaign created').first().waitFor();

    // Rita is added to that draft too, from the table.
    await table.locator('tr', { hasText: 'Rita Moreno' }).getByRole('checkbox').check();
    await page.getByRole('button', { name: 'Add to Campaign' }).click();
    const addOne = page.getByRole('dialog', { name: 'Add 1 client to a campaign' });
    await addOne.getByRole('combobox', { name: 'Draft campaign' }).click();
    await page.getByRole('option', { name: 'Chosen two' }).click();
    await addOne.getByRole('button', { name: 'Add', exact: true }).click();
    await page.getByText('Added 1 client to “Chosen two”').first().waitFor();

    await page.goto(`${APP_URL}/campaigns`);
    await card('Just Rita').getByText('For clients matching: “Rita”').waitFor();
    await card('Chosen two').getByText('For 3 chosen clients').waitFor();
    await card('Chosen two').getByRole('button', { name: 'Send Chosen two' }).click();
    const confirm = page.getByRole('dialog', { name: 'Send this campaign?' });
    // Three chosen, each with a phone: the text goes to all three.
    await confirm.getByText('It goes to 3 clients.').waitFor();
    await confirm.getByRole('button', { name: 'Cancel' }).click();
    await card('Just Rita').getByRole('button', { name: 'Send Just Rita' }).click();
    await confirm.getByText('It goes to 1 client.').waitFor();
    await confirm.getByRole('button', { name: 'Cancel' }).click();
    assert.deepEqual(errors, []);
  });
});
