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
  watchErrors,
} from './browser.ts';

const PASSWORD = 'violet-tractor-91';
const DESKTOP = { width: 1280, height: 900 };
const PHONE = { width: 390, height: 844 };

const statusToast = (page: Page, text: string) =>
  page
    .getByRole('status')
    .filter({ has: page.locator('.cp-toast-title') })
    .filter({ hasText: text });

/** Closes the toast on screen, so pictures show the page itself. */
async function dismissToast(page: Page): Promise<void> {
  const close = page.locator('.cp-toast-close');
  if (await close.count()) await close.click();
}

describe('a senior edits a medication, pauses and resumes a reminder, and can call their agent', () => {
  let browser: Browser;
  let brokerContext: BrowserContext;
  let clientContext: BrowserContext;
  let page: Page;
  let errors: string[];

  before(async () => {
    browser = await launchBrowser();
    brokerContext = await browser.newContext({ viewport: DESKTOP });
    const broker = await brokerContext.newPage();
    await signIn(broker, { email: uniqueEmail('client-care') });
    await call(broker, 'PUT', '/api/branding', {
      primaryColor: '#0f766e',
      secondaryColor: '#10b981',
      agencyName: 'Sunny Day Insurance',
      agencyPhone: '(615) 555-0142',
    });
    const phone = `+1 (615) 555-${String(1000 + Math.floor(Math.random() * 9000))}`;
    const client = (await call(broker, 'POST', '/api/clients', { firstName: 'Ruth', lastName: 'Alvarez', phone })) as { id: string };
    const { inviteUrl } = (await call(broker, 'POST', `/api/clients/${client.id}/invite`)) as { inviteUrl: string };
    const token = new URL(inviteUrl).pathname.split('/').pop();

    clientContext = await browser.newContext({ viewport: DESKTOP, timezoneId: 'America/Chicago' });
    await clientContext.addInitScript(() => localStorage.setItem('tour_completed_client_welcome', 'true'));
    page = await clientContext.newPage();
    errors = watchErrors(page);
    await page.goto(`${APP_URL}/client/login`);
    await call(page, 'POST', '/api/client/register', { token, username: `ruth.care${testNow()}`, password: PASSWORD });
    // A medication and a daily reminder for it, at 8:30 tomorrow morning (the browser's zone).
    const medication = (await call(page, 'POST', '/api/client/medications', {
      name: 'Lisinopril',
      dosage: '10 mg',
      frequency: 'Once a day',
    })) as { id: string };
    const at = await page.evaluate((time) => {
      const now = new Date(time);
      return new Date(now.getFullYear(), now.getMonth(), now.getDate() + 1, 8, 30).toISOString();
    }, testNow());
    await call(page, 'POST', '/api/client/reminders', {
      medicationId: medication.id,
      scheduledTime: at,
      timeZone: 'America/Chicago',
      message: 'Morning pills',
      isRecurring: true,
      recurrencePattern: 'daily',
    });
    await page.goto(`${APP_URL}/client/portal`);
    await page.getByRole('heading', { level: 1, name: 'Welcome, Ruth!' }).waitFor();
  });

  after(async () => {
    await browser.close();
  });

  it('offers Call my agent with the agency’s number, and names the agency in the footer', async () => {
    const callAgent = page.getByRole('banner').getByRole('link', { name: 'Call my agent' });
    assert.equal(await callAgent.getAttribute('href'), 'tel:+16155550142');
    assert.ok(await callAgent.isVisible());
    // White words on the agency colour (a link's colour must not win over the button's).
    const colours = await callAgent.evaluate((el) => {
      const style = getComputedStyle(el);
      return { text: style.color, background: style.backgroundColor };
    });
    assert.equal(colours.text, 'rgb(255, 255, 255)');
    assert.notEqual(colours.background, colours.text);
    const footer = page.getByRole('contentinfo');
    await footer.getByText('Your agent: Sunny Day Insurance').waitFor();
    assert.equal(await footer.getByRole('link', { name: '(615) 555-0142' }).getAttribute('href'), 'tel:+16155550142');
    // On a phone too, the button is there and whole.
    await page.setViewportSize(PHONE);
    assert.ok(await callAgent.isVisible());
    const box = await callAgent.boundingBox();
    assert.ok(box && box.x >= 0 && box.x + box.width <= PHONE.width, 'Call my agent fits the 390 px screen');
    assert.ok(box.height >= 44, 'a large enough button');
    await page.setViewportSize(DESKTOP);
  });

  it('edits a medication in the same form, filled in', async () => {
    const medications = page.getByRole('region', { name: 'My Medications' });
    await medications.getByRole('button', { name: 'Edit Lisinopril' }).click();
    const dialog = page.getByRole('dialog', { name: 'Edit Medication' });
    assert.equal(await dialog.getByLabel('Medication name').inputValue(), 'Lisinopril');
    assert.equal(await dialog.getByLabel('Dosage (optional)').inputValue(), '10 mg');
    assert.equal(await dialog.getByLabel('How often (optional)').inputValue(), 'Once a day');
    await dialog.getByLabel('Dosage (optional)').fill('20 mg');
    await dialog.getByLabel('Instructions (optional)').fill('With breakfast');
    await dialog.getByRole('button', { name: 'Save Changes' }).click();
    await statusToast(page, 'Medication saved').waitFor();
    await dialog.waitFor({ state: 'detached' });
    const item = medications.getByRole('listitem').filter({ hasText: 'Lisinopril' });
    await item.getByText('· 20 mg').waitFor();
    await item.getByText('With breakfast').waitFor();
    // The reminder still belongs to it.
    await page.getByRole('region', { name: 'My Reminders' }).getByText('For: Lisinopril').waitFor();
    await dismissToast(page);
  });

  it('pauses the reminder: Upcoming Reminders says Paused instead of its time; accessible at 1280 and 390 px', async () => {
    const upcoming = page.getByRole('region', { name: 'Upcoming Reminders' });
    const upcomingRow = upcoming.getByRole('listitem').filter({ hasText: 'Morning pills' });
    assert.match((await upcomingRow.textContent()) ?? '', /8:30 AM/);

    const reminders = page.getByRole('region', { name: 'My Reminders' });
    const card = reminders.getByRole('listitem').filter({ hasText: 'Morning pills' });
    await card.getByRole('button', { name: 'Pause Morning pills' }).click();
    await statusToast(page, 'Reminder paused. You will not get its calls or texts until you resume it.').waitFor();
    await upcomingRow.getByText('Paused', { exact: true }).waitFor();
    assert.doesNotMatch((await upcomingRow.textContent()) ?? '', /8:30 AM/);
    await card.getByText('Paused: you will not get calls or texts for this reminder until you resume it.').waitFor();
    await card.getByRole('button', { name: 'Resume Morning pills' }).waitFor();
    const [stored] = (await call(page, 'GET', '/api/client/reminders')) as { pausedAt: string | null }[];
    assert.ok(stored.pausedAt, 'paused on the server');

    await dismissToast(page);
    await page.setViewportSize(DESKTOP);
    assert.deepEqual(await seriousAccessibilityViolations(page), [], 'the portal with a paused reminder at 1280 px');
    await docsScreenshot(page, 'portal-care-1280');
    await page.setViewportSize(PHONE);
    assert.deepEqual(await seriousAccessibilityViolations(page), [], 'the portal with a paused reminder at 390 px');
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
    assert.equal(overflow, 0, 'nothing wider than the 390 px screen');
    await docsScreenshot(page, 'portal-care-390');
    await page.setViewportSize(DESKTOP);
  });

  it('resumes it: the next time shows again', async () => {
    const reminders = page.getByRole('region', { name: 'My Reminders' });
    const card = reminders.getByRole('listitem').filter({ hasText: 'Morning pills' });
    await card.getByRole('button', { name: 'Resume Morning pills' }).click();
    await statusToast(page, 'Reminder resumed. Next:').waitFor();
    await card.getByRole('button', { name: 'Pause Morning pills' }).waitFor();
    assert.match((await card.getByText(/^Next: /).textContent()) ?? '', /^Next: [A-Z][a-z]{2} \d{2}, \d{4} at 8:30 AM$/);
    const upcomingRow = page.getByRole('region', { name: 'Upcoming Reminders' }).getByRole('listitem').filter({ hasText: 'Morning pills' });
    await upcomingRow.getByText(/8:30 AM/).waitFor();
    assert.equal(await upcomingRow.getByText('Paused', { exact: true }).count(), 0);
    const [stored] = (await call(page, 'GET', '/api/client/reminders')) as { pausedAt: string | null }[];
    assert.equal(stored.pausedAt, null);
    // The login page asked who is signed in before Ruth registered: that 401 is expected.
    assert.deepEqual(
      errors.filter((e) => !/status of 401/.test(e)),
      [],
    );
  });
});
