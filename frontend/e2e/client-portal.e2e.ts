import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';

import type { Browser, BrowserContext, Page } from 'playwright-core';

import {
  APP_URL,
  call,
  docsScreenshot,
  launchBrowser,
  pageAtRest,
  screenshot,
  seriousAccessibilityViolations,
  signIn,
  testNow,
  uniqueEmail,
  watchErrors,
} from './browser.ts';

const PASSWORD = 'violet-tractor-91';
const DESKTOP = { width: 1280, height: 900 };
const PHONE = { width: 390, height: 844 };
const TOUR_FLAG = 'tour_completed_client_welcome';

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

/** A picture of the viewport for a person to look at (not for the docs), once motion has settled. */
async function look(page: Page, name: string): Promise<void> {
  await pageAtRest(page);
  await page.screenshot({ path: new URL(`./screenshots/${name}.png`, import.meta.url).pathname });
}

/**
 * No serious accessibility problem at desktop width nor on a phone. With docs names, the pictures
 * at each width go to the docs; without, the phone one is kept for a look only.
 */
async function assertAccessible(page: Page, what: string, docs?: { desktop: string; phone?: string }): Promise<void> {
  if (docs) await dismissToast(page);
  await page.setViewportSize(DESKTOP);
  assert.deepEqual(await seriousAccessibilityViolations(page), [], `${what} at 1280 px`);
  if (docs) await docsScreenshot(page, docs.desktop);
  await page.setViewportSize(PHONE);
  assert.deepEqual(await seriousAccessibilityViolations(page), [], `${what} at 390 px`);
  if (docs?.phone) await docsScreenshot(page, docs.phone);
  else if (docs) await screenshot(page, `${docs.desktop}-phone`);
  await page.setViewportSize(DESKTOP);
}

/** Tomorrow's date as the date input wants it (YYYY-MM-DD, local). */
function tomorrow(): string {
  const d = new Date(testNow() + 86_400_000);
  return `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}`;
}

describe('client portal in Chromium', () => {
  let browser: Browser;
  let brokerContext: BrowserContext;
  let broker: Page;
  let clientContext: BrowserContext;
  let page: Page;
  let errors: string[];

  before(async () => {
    browser = await launchBrowser();
    brokerContext = await browser.newContext({ viewport: DESKTOP });
    broker = await brokerContext.newPage();
    await signIn(broker, { email: uniqueEmail('client-portal') });
    const phone = `+1 (615) 555-${String(1000 + Math.floor(Math.random() * 9000))}`;
    const client = (await call(broker, 'POST', '/api/clients', { firstName: 'Ruth', lastName: 'Alvarez', phone })) as { id: string };
    const { inviteUrl } = (await call(broker, 'POST', `/api/clients/${client.id}/invite`)) as { inviteUrl: string };
    const token = new URL(inviteUrl).pathname.split('/').pop();

    // The client, in a browser of their own, with their time zone.
    clientContext = await browser.newContext({ viewport: DESKTOP, timezoneId: 'America/Chicago' });
    page = await clientContext.newPage();
    errors = watchErrors(page);
    await page.goto(`${APP_URL}/client/login`);
    await call(page, 'POST', '/api/client/register', { token, username: `ruth${testNow()}`, password: PASSWORD });
  });

  after(async () => {
    await browser.close();
  });

  it('shows the welcome with the agency name and runs the 5-step tour once', async () => {
    await page.goto(`${APP_URL}/client/portal`);
    await page.getByRole('heading', { level: 1, name: 'Welcome, Ruth!' }).waitFor();
    assert.ok(await page.locator('.cp-header').getByText('Your Healthcare Team').isVisible());
    assert.equal(await page.getByRole('link', { name: 'Help' }).getAttribute('href'), '/client/help');

    await page.getByText('Welcome to your portal!').waitFor();
    await look(page, 'client-portal-tour');
    // The portal tour does not show its progress: a plain Next, no "Step 1 of 5".
    for (const next of [
      'Add the medicines you take.',
      'Choose Schedule Reminder to get a phone call',
      'Your next reminders show near the top of the page.',
      'Easy step-by-step guides, and this tour again whenever you want it.',
    ]) {
      assert.equal(await page.getByText(/Step \d+ of \d+/).count(), 0, 'no step progress');
      await page.getByRole('button', { name: 'Next', exact: true }).click();
      await page.getByText(next).waitFor();
    }
    await page.getByRole('button', { name: 'Last' }).click();
    await page.waitForFunction((flag) => localStorage.getItem(flag) === 'true', TOUR_FLAG);

    // The tour starts 500 ms after the portal has loaded. With the page's clock in hand (it goes on
    // running as before): once the reloaded portal has every answer, the clock is run a second on
    // and the page let come to rest.
    await page.clock.install();
    await page.reload();
    await page.getByRole('heading', { level: 1, name: 'Welcome, Ruth!' }).waitFor();
    await page.waitForLoadState('networkidle');
    await page.clock.runFor(1000);
    await pageAtRest(page);
    assert.equal(await page.getByText('Welcome to your portal!').count(), 0, 'the tour does not start again');
    await assertAccessible(page, 'the portal, default colour');
  });

  it('shows the agency branding, its message, and a too-light colour made readable', async () => {
    await call(broker, 'PUT', '/api/branding', {
      primaryColor: '#fde047',
      secondaryColor: '#10b981',
      agencyName: 'Sunny Day Insurance',
      agencyPhone: '',
      sponsorMessage: 'Call us with any plan questions.',
    });
    await page.reload();
    await page.getByRole('heading', { level: 1, name: 'Welcome, Ruth!' }).waitFor();
    assert.ok(await page.locator('.cp-header').getByText('Sunny Day Insurance').isVisible());
    await page.getByRole('heading', { name: 'A message from Sunny Day Insurance' }).waitFor();
    assert.ok(await page.getByText('Call us with any plan questions.').isVisible());
    const brand = (await page.locator('.cp-page').getAttribute('style'))?.match(/--cp-brand:\s*(#[0-9a-f]{6})/)?.[1];
    assert.ok(brand, 'the agency colour is set on the page');
    assert.notEqual(brand, '#fde047', 'the too-light yellow is darkened');
    await assertAccessible(page, 'the portal, light agency colour');
  });

  it('adds a medication, schedules a weekly reminder, and deletes both', async () => {
    await page.getByRole('button', { name: 'Add Medication' }).click();
    const medDialog = page.getByRole('dialog', { name: 'Add Medication' });
    await medDialog.getByRole('button', { name: 'Add Medication' }).click();
    await medDialog.getByText('Please enter the medication name').waitFor();
    await medDialog.getByLabel('Medication name').fill('Lisinopril');
    await medDialog.getByLabel('Dosage (optional)').fill('10 mg');
    await medDialog.getByLabel('How often (optional)').fill('Once a day');
    await assertAccessible(page, 'the Add Medication dialog');
    await medDialog.getByRole('button', { name: 'Add Medication' }).click();
    await statusToast(page, 'Medication added successfully').waitFor();
    const medications = page.getByRole('region', { name: 'My Medications' });
    await medications.getByText('Lisinopril').waitFor();
    await dismissToast(page);

    await page.getByRole('button', { name: 'Schedule Reminder' }).click();
    const dialog = page.getByRole('dialog', { name: 'Schedule Reminder' });
    await dialog.getByLabel('Date').waitFor();
    await dialog.getByLabel('Medication (optional)').selectOption({ label: 'Lisinopril (10 mg)' });
    assert.equal(await dialog.getByLabel('Say the medication’s name on the call').isChecked(), false);
    await dialog.getByLabel('Date').fill(tomorrow());
    await dialog.getByLabel('Time').fill('08:30');
    await dialog.getByLabel('Message (optional)').fill('Morning pills');
    await dialog.getByLabel('Recurring').check();
    await dialog.getByLabel('Repeats').selectOption('weekly');
    await dialog.getByLabel('Mon').check();
    await dialog.getByLabel('Wed').check();
    await dialog.getByLabel('Repeat every').fill('1');
    // If Ruth does not press 1: two more tries, the next ones by text.
    await dialog.getByLabel('Tries in all').selectOption('3');
    await dialog.getByLabel('Try again by').selectOption({ label: 'A text instead' });
    await dialog.getByText('Leave empty to keep it going until you stop it').waitFor();
    await assertAccessible(page, 'the Schedule Reminder dialog');
    // Tall enough for the whole form, scrolled to its top.
    await page.setViewportSize({ width: DESKTOP.width, height: 1900 });
    await dialog.evaluate((el) => el.scrollTo(0, 0));
    await docsScreenshot(page, 'client-reminder-dialog', { viewportOnly: true });
    await page.setViewportSize(DESKTOP);
    await dialog.getByRole('button', { name: 'Schedule Reminder' }).click();
    await statusToast(page, 'Recurring reminder scheduled successfully').waitFor();

    const reminders = page.getByRole('region', { name: 'My Reminders' });
    const card = reminders.getByRole('listitem').filter({ hasText: 'Morning pills' });
    await card.getByText('Every week on Mon, Wed · Phone call').waitFor();
    await card.getByText('For: Lisinopril').waitFor();
    await card.getByText('If not confirmed: tried again as a text after 10 min, 3 tries in all').waitFor();
    assert.ok(await card.getByText('Pending').isVisible());
    assert.match((await card.getByText(/^Next: /).textContent()) ?? '', /^Next: [A-Z][a-z]{2} \d{2}, \d{4} at 8:30 AM$/);
    const upcoming = page.getByRole('region', { name: 'Upcoming Reminders' });
    await upcoming.getByText('Morning pills').first().waitFor();
    assert.match((await upcoming.locator('li').first().textContent()) ?? '', /8:30 AM/);
    await page.getByRole('region', { name: 'History' }).getByText('No reminders have been sent yet.').waitFor();
    await assertAccessible(page, 'the portal with a medication and a reminder', { desktop: 'client-portal', phone: 'client-portal-phone' });

    await card.getByRole('button', { name: 'Delete Morning pills' }).click();
    await page.getByRole('dialog', { name: 'Delete Reminder' }).getByRole('button', { name: 'Delete' }).click();
    await statusToast(page, 'Reminder deleted successfully').waitFor();
    await reminders.getByText('You have no reminders yet. Choose Schedule Reminder to set one up.').waitFor();
    await upcoming.waitFor({ state: 'detached' });

    await medications.getByRole('button', { name: 'Delete Lisinopril' }).click();
    const confirm = page.getByRole('dialog', { name: 'Delete Medication' });
    await confirm.getByText(/will be canceled too/).waitFor();
    await confirm.getByRole('button', { name: 'Delete' }).click();
    await statusToast(page, 'Medication deleted successfully').waitFor();
    await medications.getByText('You have not added any medications yet.').waitFor();
  });

  it('opens the guide with its tabs, and restarts the tour from it', async () => {
    await page.getByRole('link', { name: 'Help' }).click();
    await page.getByRole('heading', { level: 1, name: 'Help & Guide' }).waitFor();
    await page.locator('.cp-header').getByText('Sunny Day Insurance').waitFor();
    const tab = (name: string) => page.getByRole('tab', { name });
    assert.equal(await tab('Getting Started').getAttribute('aria-selected'), 'true');
    await tab('Getting Started').focus();
    await page.keyboard.press('ArrowRight');
    await page.keyboard.press('ArrowRight');
    await page.getByRole('tab', { name: 'Reminders', selected: true }).waitFor();
    assert.equal(
      await page.evaluate(
        () => (globalThis as unknown as { document: { activeElement: { textContent: string } } }).document.activeElement.textContent,
      ),
      'Reminders',
    );
    await page.waitForURL(`${APP_URL}/client/help?tab=reminders`);
    await page.getByRole('tabpanel').getByText('On a phone call, press 1 to confirm you heard it.').waitFor();
    await tab('Help').click();
    await page.getByRole('tabpanel').getByText('For help with your portal or your plan, contact Sunny Day Insurance.').waitFor();
    await tab('Reminders').click();
    await assertAccessible(page, 'the client guide', { desktop: 'client-help' });

    await page.reload();
    await page.getByRole('tab', { name: 'Reminders', selected: true }).waitFor();
    await page.setViewportSize(PHONE);
    await page.getByRole('button', { name: 'Restart tour' }).click();
    await page.waitForURL(`${APP_URL}/client/portal`);
    await page.getByText('Welcome to your portal!').waitFor();
    await look(page, 'client-portal-tour-phone');
    await page.getByRole('button', { name: 'Next', exact: true }).click();
    await page.getByText('Add the medicines you take.').waitFor();
    await look(page, 'client-portal-tour-phone-2');
    await page.getByRole('button', { name: 'Skip' }).click();
    await page.waitForFunction((flag) => localStorage.getItem(flag) === 'true', TOUR_FLAG);
    await page.getByText('Add the medicines you take.').waitFor({ state: 'detached' });
    await page.setViewportSize(DESKTOP);
  });

  it('makes the text extra large and the colours high contrast, kept after a reload, readable on a phone in English and Spanish', async () => {
    await page.goto(`${APP_URL}/client/portal`);
    const settings = page.getByRole('region', { name: 'Your settings' });
    await settings.getByRole('group', { name: 'Text size' }).getByRole('radio', { name: 'Extra large' }).check();
    await settings.getByRole('checkbox', { name: /High contrast/ }).check();
    await settings.getByRole('button', { name: 'Save settings' }).click();
    await page.getByText('Settings saved').first().waitFor();
    await page.reload();
    await page.waitForFunction(
      () => document.documentElement.dataset.cpText === 'extra_large' && document.documentElement.dataset.cpContrast === 'high',
    );
    // The root text a quarter larger (16 px → 20 px) once the portal's styles are in.
    await page.waitForFunction(() => getComputedStyle(document.documentElement).fontSize === '20px');

    await page.setViewportSize(PHONE);
    await page
      .getByRole('region', { name: 'Your settings' })
      .getByRole('checkbox', { name: /High contrast/ })
      .scrollIntoViewIfNeeded();
    await pageAtRest(page);
    assert.deepEqual(await seriousAccessibilityViolations(page), [], 'extra large, high contrast, at 390 px');
    await docsScreenshot(page, 'client-settings-large-contrast-phone', { viewportOnly: true });

    await call(page, 'PUT', '/api/client/settings', { language: 'es' });
    await page.reload();
    const ajustes = page.getByRole('region', { name: 'Su configuración' });
    await ajustes.getByRole('checkbox', { name: /Alto contraste/ }).scrollIntoViewIfNeeded();
    await pageAtRest(page);
    assert.deepEqual(await seriousAccessibilityViolations(page), [], 'extra large, high contrast, in Spanish at 390 px');
    await docsScreenshot(page, 'client-settings-large-contrast-es-phone', { viewportOnly: true });

    await call(page, 'PUT', '/api/client/settings', { language: 'en', textSize: 'normal', highContrast: false });
    await page.setViewportSize(DESKTOP);
    await page.reload();
    await page.waitForFunction(() => document.documentElement.dataset.cpText === 'normal');
  });

  it('signs out; the portal then goes to the login page', async () => {
    await page.getByRole('link', { name: 'Sign Out' }).click();
    await page.waitForURL(`${APP_URL}/client/login`);
    await page.goto(`${APP_URL}/client/portal`);
    await page.waitForURL(`${APP_URL}/client/login`);
    assert.deepEqual(
      errors.filter((e) => !/status of 401/.test(e)),
      [],
    );
  });
});
