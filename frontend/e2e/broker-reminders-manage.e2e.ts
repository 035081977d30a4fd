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

const DAY = 24 * 60 * 60 * 1000;

describe('managing reminders in Chromium', () => {
  let browser: Browser;
  let context: BrowserContext;
  let page: Page;
  let errors: string[];

  const cards = () => page.getByRole('list', { name: 'Reminders' }).getByRole('listitem');
  const card = (name: string) => cards().filter({ has: page.getByRole('heading', { name }) });

  before(async () => {
    browser = await launchBrowser();
    context = await browser.newContext({ viewport: { width: 1280, height: 900 }, timezoneId: 'America/Chicago' });
    page = await context.newPage();
    errors = watchErrors(page);
    await signIn(page, { email: uniqueEmail('reminders-manage') });
    const suffix = () => String(2000 + Math.floor(Math.random() * 7000));
    const add = async (firstName: string, lastName: string) =>
      ((await call(page, 'POST', '/api/clients', { firstName, lastName, phone: `(615) 555-${suffix()}` })) as { id: string }).id;
    const rita = await add('Rita', 'Moreno');
    const alvin = await add('Alvin', 'Brooks');
    const nora = await add('Nora', 'Kim');
    const at = (days: number) => new Date(testNow() + days * DAY).toISOString();
    await call(page, 'POST', '/api/reminders', { clientId: rita, scheduledTime: at(2), message: 'Your annual plan review is coming up.' });
    await call(page, 'POST', '/api/reminders', {
      clientId: alvin,
      scheduledTime: at(3),
      deliveryMethod: 'sms',
      message: 'Open enrolment ends December 7.',
    });
    await call(page, 'POST', '/api/reminders', { clientId: nora, scheduledTime: at(10), message: 'Call us back about your new card.' });
  });
  after(async () => {
    await context.close();
    await browser.close();
  });

  it('filters by delivery and client, keeps the filters through a reload, and searches', async () => {
    errors.length = 0;
    await page.goto(`${APP_URL}/reminders`);
    await page.getByRole('heading', { level: 1, name: 'Client Reminders' }).waitFor();
    await card('Nora Kim').waitFor();
    assert.equal(await cards().count(), 3);

    await page.getByRole('combobox', { name: 'Delivery' }).click();
    await page.getByRole('option', { name: 'SMS' }).click();
    await page.waitForFunction(() => document.querySelectorAll('ul[aria-label="Reminders"] > li').length === 1);
    await card('Alvin Brooks').waitFor();
    assert.match(decodeURIComponent(page.url()), /"deliveryMethod":"sms"/);
    await page.reload();
    await card('Alvin Brooks').waitFor();
    assert.equal(await cards().count(), 1);
    assert.equal(await page.getByRole('combobox', { name: 'Delivery' }).textContent(), 'SMS');
    await page.getByRole('button', { name: 'Clear filters' }).click();
    await page.waitForFunction(() => document.querySelectorAll('ul[aria-label="Reminders"] > li').length === 3);

    // The client box asks the server for what is typed.
    const picker = page.getByRole('combobox', { name: 'Client' });
    await picker.fill('Nor');
    await page.getByRole('option', { name: /Nora Kim/ }).click();
    await page.waitForFunction(() => document.querySelectorAll('ul[aria-label="Reminders"] > li').length === 1);
    await card('Nora Kim').waitFor();
    await page.reload();
    await card('Nora Kim').waitFor();
    assert.equal(await page.getByRole('combobox', { name: 'Client' }).inputValue(), 'Nora Kim');
    await page.getByRole('button', { name: 'Clear filters' }).click();

    await page.getByRole('searchbox', { name: 'Search reminders' }).fill('enrolment');
    await page.waitForFunction(() => document.querySelectorAll('ul[aria-label="Reminders"] > li').length === 1);
    await card('Alvin Brooks').waitFor();
    await page.getByRole('searchbox', { name: 'Search reminders' }).fill('no such words');
    await page.getByText('No reminders match these filters.').waitFor();
    await page.getByRole('searchbox', { name: 'Search reminders' }).fill('');
    await page.waitForFunction(() => document.querySelectorAll('ul[aria-label="Reminders"] > li').length === 3);

    await page.getByRole('combobox', { name: 'Status' }).click();
    await page.getByRole('option', { name: 'Pending' }).click();
    await card('Rita Moreno').waitFor();
    assert.deepEqual(await seriousAccessibilityViolations(page), []);
    await docsScreenshot(page, 'reminders-filters');
    await page.setViewportSize({ width: 390, height: 844 });
    await card('Rita Moreno').waitFor();
    assert.deepEqual(await seriousAccessibilityViolations(page), []);
    await docsScreenshot(page, 'reminders-filters-phone');
    await page.setViewportSize({ width: 1280, height: 900 });
    assert.deepEqual(errors, []);
  });

  it('edits a pending reminder, and cancels another after asking', async () => {
    await page.goto(`${APP_URL}/reminders`);
    await card('Rita Moreno').waitFor();
    await card('Rita Moreno').getByRole('button', { name: 'Edit Reminder to Rita Moreno' }).click();
    const dialog = page.getByRole('dialog', { name: 'Edit Reminder' });
    assert.equal(await dialog.getByRole('combobox', { name: /Client/ }).inputValue(), 'Rita Moreno');
    const message = dialog.getByRole('textbox', { name: /Message/ });
    assert.equal(await message.inputValue(), 'Your annual plan review is coming up.');
    await message.fill('Your annual plan review is on Friday at 10 AM.');
    assert.deepEqual(await seriousAccessibilityViolations(page), []);
    await docsScreenshot(page, 'reminder-edit');
    await dialog.getByRole('button', { name: 'Save Changes' }).click();
    await page.getByText('Reminder updated').first().waitFor();
    await dialog.waitFor({ state: 'detached' });
    await card('Rita Moreno').getByText('Your annual plan review is on Friday at 10 AM.').waitFor();

    await card('Alvin Brooks').getByRole('button', { name: 'Cancel Reminder to Alvin Brooks' }).click();
    const confirm = page.getByRole('dialog', { name: 'Cancel this reminder?' });
    await confirm.getByText(/The reminder to Alvin Brooks on .* will not be sent\./).waitFor();
    await confirm.getByRole('button', { name: 'Keep It' }).click();
    await confirm.waitFor({ state: 'detached' });
    assert.equal(await cards().count(), 3);
    await card('Alvin Brooks').getByRole('button', { name: 'Cancel Reminder to Alvin Brooks' }).click();
    await confirm.getByRole('button', { name: 'Cancel Reminder' }).click();
    await page.getByText('Reminder cancelled').first().waitFor();
    await card('Alvin Brooks').waitFor({ state: 'detached' });
    assert.equal(await cards().count(), 2);
    const left = (await call(page, 'GET', '/api/reminders')) as { message: string }[];
    assert.deepEqual(left.map((r) => r.message).sort(), [
      'Call us back about your new card.',
      'Your annual plan review is on Friday at 10 AM.',
    ]);
    assert.deepEqual(errors, []);
  });
});
