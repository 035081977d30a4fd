import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';

import type { Browser } from 'playwright-core';

import { APP_URL, launchBrowser, screenshot, signIn, watchErrors } from './browser.ts';

describe('broker sign-in in Chromium', () => {
  let browser: Browser;
  before(async () => {
    browser = await launchBrowser();
  });
  after(async () => {
    await browser.close();
  });

  it('signs in as the demo broker through the development provider and lands on the dashboard', async () => {
    const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
    const page = await context.newPage();
    const errors = watchErrors(page);
    await page.goto(`${APP_URL}/`);
    await page.getByRole('link', { name: 'Sign In', exact: true }).click();

    await page.getByRole('heading', { name: 'Sign in to CareKeep' }).waitFor();
    assert.ok(await page.locator('input[type="email"][name="email"]').isVisible());
    assert.ok(await page.getByRole('button', { name: 'Sign in', exact: true }).isVisible());
    await screenshot(page, 'dev-provider-sign-in');
    // The landing page's "is anyone signed in?" check answered 401, as it should; count errors from here.
    errors.length = 0;
    await page.getByRole('button', { name: /Sign in as demo broker/ }).click();

    await page.waitForURL(`${APP_URL}/`);
    await page.getByRole('heading', { level: 1, name: 'Dashboard' }).waitFor();
    assert.ok(await page.getByText('Track your client retention and engagement metrics').isVisible());
    const me = await page.evaluate(
      async () => (await (await fetch('/api/auth/user')).json()) as { email: string; subscriptionStatus: string },
    );
    assert.equal(me.email, 'dana.whitfield@example.com');
    await screenshot(page, 'signed-in-dashboard');
    assert.deepEqual(errors, []);

    await page.goto(`${APP_URL}/api/logout`);
    await page.getByRole('heading', { level: 1, name: 'Stop AEP Churn. Grow Your Book of Business.' }).waitFor();
    const status = await page.evaluate(async () => (await fetch('/api/auth/user')).status);
    assert.equal(status, 401);
    await context.close();
  });

  it("follows the system's Reduce motion setting: the app's transitions end at once", async () => {
    const transitions = async (reducedMotion: 'reduce' | 'no-preference') => {
      const context = await browser.newContext({ reducedMotion });
      const page = await context.newPage();
      await signIn(page);
      const button = page.locator('main button.MuiButton-root').first();
      await button.waitFor();
      const duration = await button.evaluate((element) => getComputedStyle(element).transitionDuration);
      await context.close();
      return duration.split(', ');
    };
    const moving = await transitions('no-preference');
    assert.ok(
      moving.some((duration) => parseFloat(duration) >= 0.1),
      `a button's colour changes over a moment by default: ${moving.join(', ')}`,
    );
    assert.deepEqual(new Set(await transitions('reduce')), new Set(['0.001s']));
  });

  it('signs in with any e-mail typed into the form, creating a new broker', async () => {
    const context = await browser.newContext();
    const page = await context.newPage();
    await page.goto(`${APP_URL}/api/login`);
    await page.locator('input[type="email"][name="email"]').fill('new.broker@agency.test');
    await page.getByRole('button', { name: 'Sign in', exact: true }).click();
    await page.waitForURL(`${APP_URL}/`);
    // The development provider gives a new address no name: the app asks for it instead of making one up.
    await page.getByRole('dialog', { name: 'Welcome! What is your name?' }).waitFor();
    const me = await page.evaluate(
      async () => (await (await fetch('/api/auth/user')).json()) as { email: string; subscriptionStatus: string; firstName: string | null },
    );
    assert.equal(me.email, 'new.broker@agency.test');
    assert.equal(me.subscriptionStatus, 'trial');
    assert.equal(me.firstName, null);
    await context.close();
  });
});
