import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';

import type { Browser, BrowserContext, Page } from 'playwright-core';

import {
  APP_URL,
  call,
  docsScreenshot,
  launchBrowser,
  screenshot,
  seriousAccessibilityViolations,
  signIn,
  testNow,
  uniqueEmail,
  watchErrors,
} from './browser.ts';

const DESKTOP = { width: 1280, height: 800 };
const PHONE = { width: 390, height: 844 };
const REASON = 'Unpaid invoices since September';

/** Today in this machine's calendar as a date input wants it (the browser runs here too). */
function today(): string {
  const d = new Date(testNow());
  return `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}`;
}

/** The signed-in broker's account ID, as the admin's detail page is addressed. */
async function brokerId(page: Page): Promise<string> {
  return ((await call(page, 'GET', '/api/auth/user')) as { id: string }).id;
}

/** The pages this browser asks for from now on (paths only), to see where it was sent. */
function watchNavigation(page: Page): string[] {
  const paths: string[] = [];
  page.on('request', (request) => {
    if (request.isNavigationRequest()) paths.push(new URL(request.url()).pathname);
  });
  return paths;
}

/**
 * Waits while broker sign-in runs until the browser is at `path`. The development provider may
 * remember this browser (then it answers at once); otherwise its form asks for the e-mail.
 */
async function signInLandsOn(page: Page, email: string, path: string): Promise<void> {
  const form = page.locator('input[type="email"][name="email"]');
  const landed = page.waitForURL(`${APP_URL}${path}`, { timeout: 20_000 }).then(
    () => 'landed' as const,
    (error: unknown) => error,
  );
  const asked = form.waitFor({ timeout: 20_000 }).then(
    () => 'asked' as const,
    () => 'not asked' as const,
  );
  const first = await Promise.race([landed, asked]);
  if (first === 'asked') {
    await form.fill(email);
    await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  }
  const result = await landed;
  if (result !== 'landed') throw result;
}

async function assertAccessible(page: Page, where: string) {
  assert.deepEqual(await seriousAccessibilityViolations(page), [], where);
}

describe('suspending a broker and ending a trial from the admin detail, in Chromium', () => {
  let browser: Browser;
  let admin: BrowserContext;
  let adminPage: Page;

  before(async () => {
    browser = await launchBrowser();
    admin = await browser.newContext({ viewport: DESKTOP });
    adminPage = await admin.newPage();
    await signIn(adminPage, { admin: true });
  });
  after(async () => {
    await browser.close();
  });

  it('the admin suspends a broker, who is sent to the suspension page, then reactivates them', async () => {
    // The broker works in their own browser, signed in before the suspension.
    const email = uniqueEmail('suspension');
    const brokerContext = await browser.newContext({ viewport: DESKTOP });
    const brokerPage = await brokerContext.newPage();
    await signIn(brokerPage, { email });
    const id = await brokerId(brokerPage);

    const page = adminPage;
    const errors = watchErrors(page);
    await page.goto(`${APP_URL}/admin/brokers/${id}`);
    await page.getByRole('heading', { level: 1, name: 'Test Broker' }).waitFor();
    assert.equal(await page.locator('[data-badge="suspended"]').count(), 0);

    // The dialog says what a suspension does; a reason is required.
    await page.getByRole('button', { name: 'Suspend Broker' }).click();
    const dialog = page.getByRole('dialog', { name: 'Suspend Broker' });
    await dialog
      .getByText('They cannot sign in or use the API, and their reminders and campaigns stop; their clients’ own reminders still go.')
      .waitFor();
    const confirm = dialog.getByRole('button', { name: 'Suspend', exact: true });
    assert.equal(await confirm.isDisabled(), true, 'nothing to send without a reason');
    await assertAccessible(page, 'suspend dialog at 1280 px');
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await dialog.waitFor({ state: 'detached' });

    await page.setViewportSize(PHONE);
    await page.getByRole('button', { name: 'Suspend Broker' }).click();
    await dialog.getByRole('textbox', { name: /^Reason/ }).fill('   ');
    await confirm.click();
    await dialog.getByText('Enter the reason for the suspension').waitFor();
    await dialog.getByRole('textbox', { name: /^Reason/ }).fill(REASON);
    await dialog.getByText(`${REASON.length}/500`).waitFor();
    await assertAccessible(page, 'suspend dialog at 390 px');
    await screenshot(page, 'admin-suspend-dialog-390');
    await confirm.click();
    await page.getByText('Broker Suspended', { exact: true }).waitFor();
    await dialog.waitFor({ state: 'detached' });

    // The detail now says since when and why, with the badge and Reactivate instead of Suspend.
    const alert = page.getByTestId('suspended-alert');
    await alert.getByText(/^Suspended since [A-Z][a-z]{2} \d{2}, \d{4} at \d{1,2}:\d{2} (AM|PM)$/).waitFor();
    await alert.getByText(`Reason: ${REASON}`).waitFor();
    assert.equal(await page.locator('[data-badge="suspended"]').first().textContent(), 'Suspended');
    await page.getByRole('button', { name: 'Reactivate' }).waitFor();
    assert.equal(await page.getByRole('button', { name: 'Suspend Broker' }).count(), 0);
    const timeline = page.getByRole('list', { name: 'Activity Timeline' });
    await timeline.getByText('Broker suspended', { exact: true }).waitFor();
    await timeline.getByText('Account: Active → Suspended').waitFor();
    await page.getByText('Broker Suspended', { exact: true }).waitFor({ state: 'detached' });
    await assertAccessible(page, 'suspended broker detail at 390 px');
    await docsScreenshot(page, 'admin-suspend-390', { viewportOnly: true });
    await page.setViewportSize(DESKTOP);
    await assertAccessible(page, 'suspended broker detail at 1280 px');
    await docsScreenshot(page, 'admin-suspend-1280', { viewportOnly: true });

    // The list marks the broker too.
    await page.getByRole('link', { name: 'Back to Brokers' }).click();
    await page.getByRole('searchbox', { name: 'Search brokers' }).fill(email);
    // Typing searches after a pause: the other brokers leave and this one shows the badge.
    await page.waitForFunction(() => document.querySelectorAll('[data-testid="broker-row"]').length === 1);
    await page.getByTestId('broker-row').filter({ hasText: email }).locator('[data-badge="suspended"]').waitFor();

    // The broker's next request in their open app answers 401 with accountSuspended: the suspension
    // page at once, without a trip through sign-in.
    const visited = watchNavigation(brokerPage);
    await brokerPage.getByTestId('sidebar').getByRole('link', { name: 'Clients', exact: true }).click();
    await brokerPage.waitForURL(`${APP_URL}/account-suspended`, { timeout: 20_000 });
    await brokerPage.getByRole('heading', { level: 1, name: 'Your account is suspended' }).waitFor();
    assert.ok(!visited.includes('/api/login'), `no trip through sign-in (${visited.join(', ')})`);
    // Back later at the app's address, with the same browser: the suspension page, not the landing page.
    await brokerPage.goto(`${APP_URL}/`);
    await brokerPage.getByRole('heading', { level: 1, name: 'Your account is suspended' }).waitFor();
    assert.equal(new URL(brokerPage.url()).pathname, '/account-suspended');
    await brokerPage
      .getByText(
        'Your CareKeep account has been suspended by the platform. Your clients can still use their portal and their own reminders. Contact CareKeep support to restore access.',
      )
      .waitFor();
    assert.equal(await brokerPage.getByRole('link', { name: 'Sign Out' }).getAttribute('href'), '/api/logout');
    assert.equal(await brokerPage.evaluate(async () => (await fetch('/api/auth/user')).status), 401, 'no session works');
    await assertAccessible(brokerPage, 'suspension page at 1280 px');
    await brokerPage.setViewportSize(PHONE);
    await assertAccessible(brokerPage, 'suspension page at 390 px');
    await docsScreenshot(brokerPage, 'account-suspended-390');
    // In Spanish too.
    await brokerPage.getByRole('button', { name: 'Español' }).click();
    await brokerPage.getByRole('heading', { level: 1, name: 'Su cuenta está suspendida' }).waitFor();
    await assertAccessible(brokerPage, 'suspension page in Spanish at 390 px');
    await brokerPage.getByRole('button', { name: 'English' }).click();
    await brokerPage.getByRole('heading', { level: 1, name: 'Your account is suspended' }).waitFor();

    // The admin reactivates, after a confirmation.
    await page.goto(`${APP_URL}/admin/brokers/${id}`);
    await page.getByRole('button', { name: 'Reactivate' }).click();
    const reactivate = page.getByRole('dialog', { name: 'Reactivate Broker' });
    await reactivate.getByText(/What fell due while suspended is not sent\.$/).waitFor();
    await assertAccessible(page, 'reactivate dialog at 1280 px');
    await page.setViewportSize(PHONE);
    await assertAccessible(page, 'reactivate dialog at 390 px');
    await page.setViewportSize(DESKTOP);
    await reactivate.getByRole('button', { name: 'Reactivate' }).click();
    await page.getByText('Broker Reactivated', { exact: true }).waitFor();
    await reactivate.waitFor({ state: 'detached' });
    await page.getByTestId('suspended-alert').waitFor({ state: 'detached' });
    assert.equal(await page.locator('[data-badge="suspended"]').count(), 0);
    await page.getByRole('button', { name: 'Suspend Broker' }).waitFor();
    await timeline.getByText('Broker reactivated', { exact: true }).waitFor();
    await timeline.getByText(`Suspended for: ${REASON}`).waitFor();
    assert.deepEqual(errors, []);

    // The broker signs in again and reaches the dashboard.
    await brokerPage.setViewportSize(DESKTOP);
    await brokerPage.goto(`${APP_URL}/api/login`);
    await signInLandsOn(brokerPage, email, '/');
    await brokerPage.getByRole('heading', { level: 1, name: 'Dashboard' }).waitFor();
    assert.equal(await brokerPage.evaluate(async () => (await fetch('/api/auth/user')).status), 200);
    await brokerContext.close();
  });

  it('the admin ends a trial today; the broker meets Trial Expired on their next action and lands on Billing', async () => {
    const email = uniqueEmail('trial.end');
    const brokerContext = await browser.newContext({ viewport: DESKTOP });
    const brokerPage = await brokerContext.newPage();
    await signIn(brokerPage, { email });
    const id = await brokerId(brokerPage);
    await brokerPage.getByTestId('sidebar').getByRole('link', { name: 'Reminders', exact: true }).click();
    await brokerPage.getByRole('heading', { level: 1, name: 'Client Reminders' }).waitFor();

    const page = adminPage;
    const errors = watchErrors(page);
    await page.goto(`${APP_URL}/admin/brokers/${id}`);
    await page.getByRole('heading', { level: 1, name: 'Test Broker' }).waitFor();
    const management = page.getByRole('region', { name: 'Subscription Management' });
    await management.getByRole('button', { name: 'Set Trial End Date' }).click();
    const dialog = page.getByRole('dialog', { name: 'Set Trial End Date' });
    await dialog.getByText(/^Current end: [A-Z][a-z]{2} \d{2}, \d{4}$/).waitFor();
    const confirm = dialog.getByRole('button', { name: 'Set End Date' });
    assert.equal(await confirm.isDisabled(), true, 'nothing to send without a date');
    await dialog.getByLabel('Last day of the trial').fill(today());
    await dialog.getByTestId('new-trial-end').getByText('New end date: now').waitFor();
    await dialog.getByText('This ends the trial now: Test Broker will be asked to choose a plan.').waitFor();
    await assertAccessible(page, 'set trial end dialog at 1280 px');
    await screenshot(page, 'admin-trial-end-dialog');
    await page.setViewportSize(PHONE);
    await assertAccessible(page, 'set trial end dialog at 390 px');
    await page.setViewportSize(DESKTOP);
    await confirm.click();
    await page.getByText('Trial End Date Set', { exact: true }).waitFor();
    await page.getByText("Test Broker's trial has ended: they will be asked to choose a plan.").waitFor();
    await dialog.waitFor({ state: 'detached' });
    await page.getByRole('region', { name: 'Trial Status' }).getByText('The trial has ended').waitFor();
    const timeline = page.getByRole('list', { name: 'Activity Timeline' });
    await timeline.getByText('Trial end date set', { exact: true }).waitFor();
    await timeline.getByText('The trial was ended at once').waitFor();
    assert.deepEqual(errors, []);

    // The broker's next action behind the subscription: the spec's toast, then Billing.
    await brokerPage.getByRole('button', { name: 'Execute Pending' }).click();
    const toast = brokerPage.locator('[data-toast-variant="destructive"]').filter({ hasText: 'Trial Expired' });
    await toast.waitFor();
    await toast.getByText('Your trial has expired. Please upgrade to continue.').waitFor();
    await brokerPage.waitForURL(`${APP_URL}/billing`);
    await brokerPage.getByRole('heading', { level: 1, name: 'Billing & Subscription' }).waitFor();
    await brokerContext.close();
  });
});
