import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';

import type { Browser } from 'playwright-core';

import { APP_URL, docsScreenshot, launchBrowser, seriousAccessibilityViolations, signIn, uniqueEmail, watchErrors } from './browser.ts';

/** An admin gives a colleague admin access from the Admins page, and takes it away again. */
describe('platform admins in Chromium', () => {
  let browser: Browser;
  before(async () => {
    browser = await launchBrowser();
  });
  after(async () => {
    await browser.close();
  });

  it('adds an admin by e-mail, who sees the back office at once, and removes their access after asking', async () => {
    const colleague = uniqueEmail('admins.colleague');
    const theirs = await browser.newContext({ viewport: { width: 1280, height: 800 } });
    const colleaguePage = await theirs.newPage();
    await signIn(colleaguePage, { email: colleague });
    assert.equal((await colleaguePage.request.get(`${APP_URL}/api/admin/analytics`)).status(), 403);

    const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
    const page = await context.newPage();
    const errors = watchErrors(page);
    await signIn(page, { admin: true });
    await page.getByTestId('sidebar').getByRole('link', { name: 'Admins', exact: true }).click();
    await page.waitForURL(`${APP_URL}/admin/admins`);
    await page.getByRole('heading', { level: 1, name: 'Admins' }).waitFor();
    const list = page.getByRole('list', { name: 'Platform admins' });
    await list.getByText('You', { exact: true }).waitFor();
    assert.equal(await list.getByRole('listitem').filter({ hasText: 'admin@example.com' }).getByRole('button').count(), 0);

    await page.getByRole('textbox', { name: 'E-mail' }).fill('never.signed.in@agency.test');
    await page.getByRole('button', { name: 'Add Admin' }).click();
    await page.getByText('No one has signed in with this e-mail yet. They must sign in once before they can be made an admin.').waitFor();

    await page.getByRole('textbox', { name: 'E-mail' }).fill(colleague);
    await page.getByRole('button', { name: 'Add Admin' }).click();
    await page.getByText(`${colleague} is now a platform admin.`).waitFor();
    const row = list.getByRole('listitem').filter({ hasText: colleague });
    await row.waitFor();
    assert.equal((await colleaguePage.request.get(`${APP_URL}/api/admin/analytics`)).status(), 200);
    // The toast has gone before the page is checked (a toast sliding in is a scrollable region for a moment).
    await page.getByText('Admin Added', { exact: true }).waitFor({ state: 'detached' });
    assert.deepEqual(await seriousAccessibilityViolations(page), [], 'axe on the Admins page at 1280 px');
    await docsScreenshot(page, 'admin-admins-1280');

    await row.getByRole('button', { name: /^Remove admin access for / }).click();
    const dialog = page.getByRole('dialog', { name: 'Remove admin access?' });
    await dialog.waitFor();
    assert.deepEqual(await seriousAccessibilityViolations(page), [], 'axe on the confirmation');
    await dialog.getByRole('button', { name: 'Remove Access' }).click();
    await page.getByText('Admin Access Removed', { exact: true }).waitFor();
    await row.waitFor({ state: 'detached' });
    assert.equal((await colleaguePage.request.get(`${APP_URL}/api/admin/analytics`)).status(), 403);

    await page.getByText('Admin Access Removed', { exact: true }).waitFor({ state: 'detached' });
    await page.setViewportSize({ width: 390, height: 844 });
    await page.getByRole('heading', { level: 1, name: 'Admins' }).waitFor();
    assert.deepEqual(await seriousAccessibilityViolations(page), [], 'axe on the Admins page at 390 px');
    await docsScreenshot(page, 'admin-admins-390');
    // The one failed request is the refused e-mail's (404, shown to the admin as the server's reason).
    assert.deepEqual(errors, ['Failed to load resource: the server responded with a status of 404 (Not Found)']);
    await context.close();
    await theirs.close();
  });
});
