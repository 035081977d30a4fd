import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';

import type { Browser, BrowserContext, Page } from 'playwright-core';

import {
  APP_URL,
  docsScreenshot,
  launchBrowser,
  pageAtRest,
  screenshot,
  signIn,
  testNow,
  uniqueEmail,
  waitForAnswer,
  watchErrors,
} from './browser.ts';

/** A date and time a few minutes from now in the page's zone: the inputs' values and how the card shows it. */
function minutesAhead(page: Page, minutes: number) {
  return page.evaluate(
    ({ ahead, now }) => {
      const d = new Date(now + ahead * 60_000);
      const pad = (n: number) => String(n).padStart(2, '0');
      const month = d.toLocaleString('en-US', { month: 'short' });
      const hour12 = d.getHours() % 12 || 12;
      return {
        date: `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}`,
        time: `${pad(d.getHours())}:${pad(d.getMinutes())}`,
        shown: `${month} ${pad(d.getDate())}, ${d.getFullYear()} at ${hour12}:${pad(d.getMinutes())} ${d.getHours() < 12 ? 'AM' : 'PM'}`,
      };
    },
    { ahead: minutes, now: testNow() },
  );
}

async function closeToast(page: Page): Promise<void> {
  const toast = page.locator('[data-toast-variant]');
  await toast.getByRole('button', { name: 'Close' }).click();
  await toast.waitFor({ state: 'detached' });
}

describe('broker reminders and campaigns in Chromium', () => {
  let browser: Browser;
  let context: BrowserContext;
  let page: Page;
  let errors: string[];
  const email = uniqueEmail('reminders-campaigns');
  const clientEmail = `rita.${testNow()}@client.test`;

  before(async () => {
    browser = await launchBrowser();
    context = await browser.newContext({ viewport: { width: 1280, height: 800 }, timezoneId: 'America/Chicago' });
    page = await context.newPage();
    errors = watchErrors(page);
    await signIn(page, { email, readyForCampaigns: true });
    const status = await page.evaluate(async (address) => {
      const response = await fetch('/api/clients', {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify({ firstName: 'Rita', lastName: 'Moreno', phone: '+1 (305) 555-0142', email: address, marketingConsent: true }),
      });
      return response.status;
    }, clientEmail);
    assert.equal(status, 201);
  });
  after(async () => {
    await context.close();
    await browser.close();
  });

  it('schedules reminders, refuses health information, and executes the pending ones', async () => {
    errors.length = 0; // count from these pages on, not the dashboard where sign-in lands
    await page.goto(`${APP_URL}/reminders`);
    await page.getByRole('heading', { level: 1, name: 'Client Reminders' }).waitFor();
    await page.getByText('No reminders scheduled yet').waitFor();
    assert.ok(await page.getByText(/Reminders go out automatically within a minute/).isVisible());
    await screenshot(page, 'reminders-empty');

    const soon = await minutesAhead(page, 5);
    await page.getByRole('button', { name: 'Schedule Reminder' }).first().click();
    const dialog = page.getByRole('dialog', { name: 'Schedule Reminder' });
    await dialog.getByRole('combobox', { name: /Client/ }).click();
    await page.getByRole('option', { name: /Rita Moreno/ }).click();
    await dialog.getByLabel(/^Date/).fill(soon.date);
    await dialog.getByLabel(/^Time/).fill(soon.time);
    await dialog.getByRole('radio', { name: /SMS/ }).check();
    await dialog.getByRole('textbox', { name: /Message/ }).fill('Friendly reminder: your annual plan review with us is coming up.');
    assert.ok(await dialog.getByText(/generic, with no health information/).isVisible());
    await pageAtRest(page); // let the labels finish moving
    await screenshot(page, 'reminders-dialog');
    await dialog.getByRole('button', { name: 'Schedule Reminder' }).click();

    await page.getByText('Reminder scheduled successfully').waitFor();
    await dialog.waitFor({ state: 'detached' });
    const card = page.getByRole('listitem').filter({ hasText: 'Friendly reminder: your annual plan review' });
    await card.waitFor();
    assert.ok(await card.getByText('Rita Moreno').isVisible());
    assert.ok(await card.getByText(soon.shown, { exact: true }).isVisible());
    assert.ok(await card.getByText('SMS').isVisible());
    assert.ok(await card.getByText('Pending').isVisible());
    await closeToast(page);

    // A message naming a medication is refused by the server, and the dialog says why.
    await page.getByRole('button', { name: 'Schedule Reminder' }).click();
    await dialog.getByRole('combobox', { name: /Client/ }).click();
    await page.getByRole('option', { name: /Rita Moreno/ }).click();
    await dialog.getByRole('textbox', { name: /Message/ }).fill('Take your insulin');
    await dialog.getByRole('button', { name: 'Schedule Reminder' }).click();
    // Beside the field (the toast, shown inside the open dialog, says it too).
    await dialog
      .locator('.MuiFormHelperText-root', { hasText: /Reminders from brokers must be generic and carry no health information/ })
      .waitFor();
    assert.ok(
      await page
        .locator('[data-toast-variant="destructive"]')
        .getByText(/no health information/)
        .isVisible(),
    );
    await dialog.getByRole('textbox', { name: /Message/ }).fill('Please call our office about your plan options.');
    await dialog.getByRole('button', { name: 'Schedule Reminder' }).click();
    await dialog.waitFor({ state: 'detached' });
    await page.getByRole('listitem').filter({ hasText: 'Please call our office' }).getByText('Voice call').waitFor();
    assert.equal(await page.getByRole('main').getByRole('listitem').count(), 2);
    await closeToast(page);

    await page.getByRole('button', { name: 'Execute Pending' }).click();
    const executed = page.locator('[data-toast-variant="default"]').getByText(/^\d+ reminders? executed$/);
    await executed.waitFor();
    // Both are still minutes away, so nothing was due.
    assert.equal(await executed.textContent(), '0 reminders executed');
    assert.equal(await page.getByText('Pending', { exact: true }).count(), 2);
    await closeToast(page);
    await docsScreenshot(page, 'reminders');
    await page.setViewportSize({ width: 390, height: 844 });
    await screenshot(page, 'reminders-mobile');
    await page.setViewportSize({ width: 1280, height: 800 });

    // The only console errors are the browser's note of the refused (400) request.
    assert.deepEqual(
      errors.filter((e) => !/status of 400/.test(e)),
      [],
    );
  });

  it('creates an SMS and an e-mail campaign, sends the e-mail one, and the outbox receives it', async () => {
    errors.length = 0;
    await page.goto(`${APP_URL}/campaigns`);
    await page.getByRole('heading', { level: 1, name: 'Messaging Campaigns' }).waitFor();
    await page.getByText('No campaigns yet').waitFor();

    const dialog = page.getByRole('dialog', { name: 'Create Campaign' });
    await page.getByRole('button', { name: 'Create Campaign' }).first().click();
    await dialog.getByRole('textbox', { name: /Campaign name/ }).fill('Community event');
    await dialog.getByRole('button', { name: 'SMS' }).click();
    assert.equal(await dialog.getByRole('textbox', { name: /Subject/ }).count(), 0);
    await dialog.getByRole('textbox', { name: /Message/ }).fill('Join us Friday at 10 AM for coffee and a Medicare Q&A at our office.');
    await dialog.getByRole('button', { name: 'Create Campaign' }).click();
    await dialog.waitFor({ state: 'detached' });
    await page.getByRole('listitem').filter({ hasText: 'Community event' }).waitFor();
    await closeToast(page);

    await page.getByRole('button', { name: 'Create Campaign' }).click();
    await dialog.getByRole('textbox', { name: /Campaign name/ }).fill('AEP kickoff');
    await dialog.getByRole('button', { name: 'Create Campaign' }).click();
    await dialog.getByText('Subject is required for an email campaign').waitFor();
    await dialog.getByRole('textbox', { name: /Subject/ }).fill('Open enrollment starts October 15');
    await dialog.getByRole('textbox', { name: /Message/ }).fill('Annual enrollment opens soon. Reply to book your plan review with us.');
    await dialog.getByRole('button', { name: 'Create Campaign' }).click();
    await dialog.waitFor({ state: 'detached' });
    await closeToast(page);

    const emailCard = page.getByRole('listitem').filter({ hasText: 'AEP kickoff' });
    const smsCard = page.getByRole('listitem').filter({ hasText: 'Community event' });
    assert.ok(await emailCard.getByText('Open enrollment starts October 15').isVisible());
    assert.ok(await emailCard.getByText('Draft').isVisible());
    assert.ok(await smsCard.getByText('Draft').isVisible());

    await emailCard.getByRole('button', { name: 'Send AEP kickoff' }).click();
    const confirm = page.getByRole('dialog', { name: 'Send this campaign?' });
    await confirm.getByRole('button', { name: 'Send now' }).click();
    await page.getByText('Campaign sent').waitFor();
    assert.ok(await page.getByText('Going out to 1 client.').isVisible());
    await emailCard.getByText('Sent', { exact: true }).waitFor();
    assert.equal(await emailCard.getByRole('button', { name: 'Send AEP kickoff' }).count(), 0);
    assert.equal(await emailCard.locator('dt:text-is("Recipients") + dd').textContent(), '1');
    assert.equal(await emailCard.locator('dt:text-is("Opened") + dd').textContent(), '0');
    assert.equal(await emailCard.locator('dt:text-is("Clicked") + dd').textContent(), '0');
    assert.ok(await smsCard.getByRole('button', { name: 'Send Community event' }).isVisible());
    await closeToast(page);
    await docsScreenshot(page, 'campaigns');
    await page.setViewportSize({ width: 390, height: 844 });
    await screenshot(page, 'campaigns-mobile');
    await page.setViewportSize({ width: 1280, height: 800 });

    // Delivery runs in the background: wait for the e-mail to reach the development outbox.
    type Sent = { channel: string; recipient: string; subject: string | null; body: string };
    const delivered = await waitForAnswer(page, '/api/dev/outbox', (outbox: Sent[]) =>
      outbox.find((m) => m.channel === 'email' && m.subject === 'Open enrollment starts October 15'),
    );
    assert.ok(delivered, 'the campaign e-mail reached the outbox');
    assert.equal(delivered.recipient, clientEmail);
    assert.match(delivered.body, /Annual enrollment opens soon\. Reply to book your plan review with us\./);
    assert.deepEqual(errors, []);
  });
});
