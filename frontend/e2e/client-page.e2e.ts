import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';

import type { Browser, Page } from 'playwright-core';

import {
  APP_URL,
  call,
  docsScreenshot,
  launchBrowser,
  seriousAccessibilityViolations,
  signIn,
  uniqueEmail,
  watchErrors,
} from './browser.ts';

/** A toast (default or destructive) whose text contains `text`. */
const toast = (page: Page, text: string | RegExp) => page.locator('[data-toast-variant]').filter({ hasText: text });

describe('a client’s page and edit form in Chromium', () => {
  let browser: Browser;
  before(async () => {
    browser = await launchBrowser();
  });
  after(async () => {
    await browser.close();
  });

  it('opens a client from the table, copies an invitation link, edits with the server’s field errors, and shows the timeline', async () => {
    const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
    await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: APP_URL });
    const page = await context.newPage();
    const errors = watchErrors(page);
    await signIn(page, { email: uniqueEmail('client-page') });
    const ruth = (await call(page, 'POST', '/api/clients', {
      firstName: 'Ruth',
      lastName: 'Alvarez',
      email: 'ruth.alvarez@example.com',
      phone: '(615) 555-0188',
    })) as { id: string };
    errors.length = 0;

    // From the table, the name opens the client's page.
    await page.goto(`${APP_URL}/clients`);
    await page.getByRole('table').getByRole('link', { name: 'Ruth Alvarez' }).click();
    await page.waitForURL(new RegExp(`/clients/${ruth.id}$`));
    await page.getByRole('heading', { level: 1, name: 'Ruth Alvarez' }).waitFor();
    const contact = page.getByRole('region', { name: 'Contact' });
    assert.ok(await contact.getByText('(615) 555-0188').isVisible());
    assert.ok(await contact.getByText('No notes yet.').isVisible());
    const timeline = page.getByRole('list', { name: 'Timeline' });
    await timeline.getByText('Client added').waitFor();
    await page.getByText('No reminders scheduled for this client.').waitFor();
    // A new client's score has no history yet.
    await page.getByRole('region', { name: 'Engagement' }).getByText('Engagement has not changed in the last 90 days.').waitFor();
    assert.deepEqual(await seriousAccessibilityViolations(page), [], 'the client page');

    // Copy invite link: nothing is out yet, so the link is made and copied at once.
    const invitation = page.getByRole('region', { name: 'Portal invitation' });
    await invitation.getByText('Not invited yet.').waitFor();
    await invitation.getByRole('button', { name: 'Copy invite link' }).click();
    await toast(page, 'Invitation link copied').waitFor();
    const first = await page.evaluate(() => navigator.clipboard.readText());
    assert.match(first, /\/client\/register\/[\w-]{40,}$/);
    await invitation.getByText('Invitation sent; waiting for the client to register.').waitFor();
    // With a link out, a new one replaces it: the broker confirms first.
    await invitation.getByRole('button', { name: 'Copy invite link' }).click();
    const replace = page.getByRole('dialog', { name: 'Make a new invitation link?' });
    assert.deepEqual(await seriousAccessibilityViolations(page), [], 'the replace-link confirmation');
    await replace.getByRole('button', { name: 'Make and copy link' }).click();
    await replace.waitFor({ state: 'hidden' });
    await page.waitForFunction((before) => navigator.clipboard.readText().then((now) => now !== before), first);
    await page.reload();
    await timeline.getByText('Invitation sent').waitFor();
    await docsScreenshot(page, 'client-page', { viewportOnly: true });

    // Edit: react-admin's form; the server's field error lands under its field.
    await page.getByRole('link', { name: 'Edit' }).click();
    await page.waitForURL(new RegExp(`/clients/${ruth.id}/edit$`));
    await page.getByRole('heading', { level: 1, name: 'Edit Ruth Alvarez' }).waitFor();
    assert.equal(await page.getByLabel('Phone').inputValue(), '(615) 555-0188');
    assert.deepEqual(await seriousAccessibilityViolations(page), [], 'the client edit form');
    await page.getByLabel('First name').fill('');
    await page.getByRole('button', { name: 'Save' }).click();
    await page.getByText('Required').waitFor();
    await page.getByLabel('First name').fill('Ruthie');
    await page.getByLabel('Phone').fill('555-01');
    await page.getByRole('button', { name: 'Save' }).click();
    await page.getByText('phone is not a valid phone number').waitFor();
    assert.equal(await page.getByLabel('Phone').getAttribute('aria-invalid'), 'true');
    await page.getByLabel('Phone').fill('(615) 555-0189');
    await page.getByLabel('Notes').fill('Prefers calls after lunch.\nDaughter: Ann.');
    await docsScreenshot(page, 'client-edit', { viewportOnly: true });
    await page.getByRole('button', { name: 'Save' }).click();
    await toast(page, 'Client saved').waitFor();
    await page.waitForURL(new RegExp(`/clients/${ruth.id}$`));
    await page.getByRole('heading', { level: 1, name: 'Ruthie Alvarez' }).waitFor();
    assert.ok(await contact.getByText('(615) 555-0189').isVisible());
    assert.ok(await contact.getByText(/Prefers calls after lunch\./).isVisible());

    // At 390 px the page is one column and still passes.
    await page.setViewportSize({ width: 390, height: 844 });
    await page.getByRole('heading', { level: 1, name: 'Ruthie Alvarez' }).waitFor();
    assert.deepEqual(await seriousAccessibilityViolations(page), [], 'the client page at 390 px');
    await docsScreenshot(page, 'client-page-phone', { viewportOnly: true });

    // Another broker's client, or none, is not found.
    await page.goto(`${APP_URL}/clients/00000000-0000-4000-8000-000000000000`);
    await page.getByText('This client was not found. They may have been deleted.').waitFor();

    // The only console errors are the expected 400 of the bad phone and the 404 of the missing client.
    assert.deepEqual(
      errors.filter((error) => !/\b(400|404)\b/.test(error)),
      [],
    );
    await context.close();
  });
});
