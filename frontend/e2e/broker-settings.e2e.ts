import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';

import type { Browser } from 'playwright-core';

import { APP_URL, launchBrowser, screenshot, seriousAccessibilityViolations, signIn, uniqueEmail, watchErrors } from './browser.ts';

describe('the profile step and Settings in Chromium', () => {
  let browser: Browser;
  before(async () => {
    browser = await launchBrowser();
  });
  after(async () => {
    await browser.close();
  });

  it('a new broker whose provider gives no name is asked for it once; the sidebar shows it; it does not come back', async () => {
    const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
    const page = await context.newPage();
    const errors = watchErrors(page);
    const email = uniqueEmail('qa.broker');
    await signIn(page, { email, keepProfileStep: true });

    const dialog = page.getByRole('dialog', { name: 'Welcome! What is your name?' });
    await dialog.waitFor();
    // Meanwhile the sidebar shows the e-mail: no name made up from it.
    const userName = page.getByTestId('sidebar-user-name');
    assert.equal(await userName.textContent(), email);
    assert.deepEqual(await seriousAccessibilityViolations(page), []);

    // Escape does not dismiss it; empty names are refused.
    await page.keyboard.press('Escape');
    await dialog.getByRole('button', { name: 'Save and continue' }).click();
    await dialog.getByText('First name is required').waitFor();
    assert.ok(await dialog.getByText('Last name is required').isVisible());

    await dialog.getByLabel('First name').fill('  Quinn ');
    await dialog.getByLabel('Last name').fill('Avery');
    await dialog.getByRole('button', { name: 'Save and continue' }).click();
    await dialog.waitFor({ state: 'detached' });
    assert.equal(await userName.textContent(), 'Quinn Avery');

    await page.reload();
    await page.getByRole('heading', { level: 1, name: 'Dashboard' }).waitFor();
    await page.waitForLoadState('networkidle');
    assert.equal(await page.getByRole('dialog').count(), 0, 'the profile step does not return');
    assert.equal(await page.getByTestId('sidebar-user-name').textContent(), 'Quinn Avery');
    assert.deepEqual(errors, []);
    await context.close();
  });

  it('edits name, agency phone and e-mail notifications on /settings, and they persist', async () => {
    const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
    const page = await context.newPage();
    const errors = watchErrors(page);
    await signIn(page, { email: uniqueEmail('settings') });
    await page.waitForLoadState('networkidle');
    errors.length = 0;

    const main = page.getByRole('main');
    await page.getByTestId('sidebar').getByRole('link', { name: 'Settings', exact: true }).click();
    await page.waitForURL(`${APP_URL}/settings`);
    await page.getByRole('heading', { level: 1, name: 'Settings' }).waitFor();
    const first = main.getByLabel('First name');
    await first.waitFor();
    assert.equal(await first.inputValue(), 'Test');
    assert.deepEqual(await seriousAccessibilityViolations(page), []);

    await first.fill('Morgan');
    await main.getByLabel('Last name').fill('Reyes');
    await main.getByLabel('Agency Phone').fill('555-01');
    const notifications = main.getByRole('switch', { name: 'E-mail me about my clients' });
    assert.equal(await notifications.isChecked(), true);
    await notifications.click();
    await main.getByRole('button', { name: 'Save' }).click();
    // The server's reason, under the field.
    await main.getByText('agencyPhone is not a valid phone number').waitFor();

    await main.getByLabel('Agency Phone').fill('(615) 555-0100');
    await main.getByRole('button', { name: 'Save' }).click();
    await page.getByText('Settings saved').waitFor();
    assert.equal(await page.getByTestId('sidebar-user-name').textContent(), 'Morgan Reyes');
    assert.equal(await main.getByLabel('Agency Phone').inputValue(), '+16155550100');

    await page.reload();
    await main.getByLabel('First name').waitFor();
    assert.equal(await main.getByLabel('First name').inputValue(), 'Morgan');
    assert.equal(await main.getByLabel('Last name').inputValue(), 'Reyes');
    assert.equal(await main.getByLabel('Agency Phone').inputValue(), '+16155550100');
    assert.equal(await main.getByRole('switch', { name: 'E-mail me about my clients' }).isChecked(), false);
    await screenshot(page, 'settings');

    // Branding edits the same agency phone.
    await page.getByTestId('sidebar').getByRole('link', { name: 'Branding', exact: true }).click();
    await page.getByRole('heading', { level: 1, name: 'White-Label Branding' }).waitFor();
    assert.equal(await page.getByLabel('Agency Phone').inputValue(), '+16155550100');
    // The server's answer to a 400 is logged by the browser as a failed request: not an app error.
    assert.deepEqual(
      errors.filter((e) => !/status of 400/.test(e)),
      [],
    );
    await context.close();
  });

  it('has no serious accessibility problems on a phone (390 px)', async () => {
    const context = await browser.newContext({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });
    const page = await context.newPage();
    await signIn(page, { email: uniqueEmail('settings.phone') });
    await page.goto(`${APP_URL}/settings`);
    await page.getByRole('main').getByLabel('First name').waitFor();
    assert.deepEqual(await seriousAccessibilityViolations(page), []);
    await screenshot(page, 'settings-phone');
    await context.close();
  });
});
