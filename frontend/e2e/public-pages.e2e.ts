import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';

import type { Browser } from 'playwright-core';

import { APP_URL, launchBrowser, screenshot, watchErrors } from './browser.ts';

describe('public pages in Chromium', () => {
  let browser: Browser;
  before(async () => {
    browser = await launchBrowser();
  });
  after(async () => {
    await browser.close();
  });

  it('shows the landing page to a signed-out visitor, without loading the broker app', async () => {
    const page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
    const errors = watchErrors(page);
    const scripts: string[] = [];
    page.on('request', (req) => {
      if (req.resourceType() === 'script') scripts.push(req.url());
    });
    // /api/auth/user answers "not signed in" before sign-in exists; that is not a page error.
    await page.goto(`${APP_URL}/`);
    await page.getByRole('heading', { level: 1, name: 'Stop AEP Churn. Grow Your Book of Business.' }).waitFor();
    assert.equal(await page.getByRole('link', { name: 'Start Your Free 30-Day Trial' }).count(), 2);
    assert.equal(await page.getByRole('link', { name: 'Sign In', exact: true }).getAttribute('href'), '/api/login');
    // A senior who lands here finds their portal.
    assert.equal(await page.getByRole('link', { name: 'Sign in to your portal' }).getAttribute('href'), '/client/login');
    assert.ok(await page.getByText('© 2025').isVisible());
    await screenshot(page, 'landing');
    assert.ok(!scripts.some((url) => /BrokerApp/.test(url)), `the broker app was loaded: ${scripts.join(', ')}`);
    assert.deepEqual(
      errors.filter((e) => !/status of 40[14]/.test(e)),
      [],
    );
    await page.close();
  });

  it('shows the not-found page for an unknown path', async () => {
    const page = await browser.newPage();
    const response = await page.goto(`${APP_URL}/this/page/does/not/exist`);
    assert.equal(response?.status(), 200, 'the SPA shell is served for every page path');
    await page.getByRole('heading', { name: '404 Page Not Found' }).waitFor();
    assert.ok(await page.getByText('Did you forget to add the page to the router?').isVisible());
    assert.equal(await page.getByRole('link', { name: 'Go to the home page' }).getAttribute('href'), '/');
    await screenshot(page, 'not-found');
    await page.close();
  });

  it('keeps unknown API paths as JSON 404s', async () => {
    const page = await browser.newPage();
    const response = await page.goto(`${APP_URL}/api/no-such-endpoint`);
    assert.equal(response?.status(), 404);
    assert.deepEqual(await response?.json(), { statusCode: 404, message: 'Cannot GET /api/no-such-endpoint' });
    await page.close();
  });
});
