import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';

import type { Browser, Page } from 'playwright-core';

import { APP_URL, call, docsScreenshot, launchBrowser, seriousAccessibilityViolations, watchErrors } from './browser.ts';

const DESKTOP = { width: 1280, height: 900 };
const PHONE = { width: 390, height: 844 };

interface AdherenceBody {
  confirmed: number;
  missed: number;
  percent: number | null;
  reminders: { confirmed: number; missed: number; skipped: number; percent: number | null }[];
}

/** The demo client with a month of reminders (seeded on a first start) sees and prints their history, and manages caregivers. */
describe('client history and caregivers in Chromium', () => {
  let browser: Browser;
  let page: Page;
  let errors: string[];

  before(async () => {
    browser = await launchBrowser();
    const context = await browser.newContext({ viewport: DESKTOP, timezoneId: 'America/Chicago' });
    page = await context.newPage();
    errors = watchErrors(page);
    await page.addInitScript(() => localStorage.setItem('tour_completed_client_welcome', 'true'));
    await page.goto(`${APP_URL}/client/login`);
    await call(page, 'POST', '/api/client/login', { username: 'margaret.hughes', password: 'demo-client-password' });
    await page.goto(`${APP_URL}/client/portal`);
    await page.getByRole('heading', { level: 1, name: 'Welcome, Margaret!' }).waitFor();
    // The sign-in page asks whether a client is already signed in; its 401 (before signing in) is expected.
    errors.splice(0, errors.length, ...errors.filter((e) => !e.includes('401')));
  });

  after(async () => {
    await browser.close();
  });

  it('shows the 30-day share confirmed, a strip read out in words, each reminder’s outcome, at 1280 and 390 px', async () => {
    const figures = (await call(page, 'GET', '/api/client/adherence')) as AdherenceBody;
    assert.ok(figures.missed >= 2 && figures.percent !== null && figures.percent >= 80, JSON.stringify(figures));
    const history = page.getByRole('region', { name: 'History' });
    const all = `${figures.percent}% confirmed (${figures.confirmed} of ${figures.confirmed + figures.missed})`;
    await history.getByText(all, { exact: true }).waitFor();
    await history.getByText('Lisinopril — Morning pills').waitFor();
    const [reminder] = figures.reminders;
    const strip = history.getByRole('img', { name: `Last 30 days: ${reminder.confirmed} confirmed, ${reminder.missed} not confirmed` });
    await strip.waitFor();
    assert.equal(await strip.locator('[data-state]').count(), 30);
    assert.equal(await strip.locator('[data-state="missed"]').count(), reminder.missed);
    assert.ok(await history.getByText('Not confirmed').first().isVisible());
    assert.ok(
      await history
        .getByText(/^Confirmed at \d{1,2}:\d{2} AM$/)
        .first()
        .isVisible(),
    );
    assert.ok(
      await history
        .getByText(/· 2 tries$/)
        .first()
        .isVisible(),
    );

    for (const [viewport, name] of [
      [DESKTOP, 'client-history'],
      [PHONE, 'client-history-phone'],
    ] as const) {
      await page.setViewportSize(viewport);
      assert.deepEqual(await seriousAccessibilityViolations(page), [], `the history at ${viewport.width} px`);
      await history.scrollIntoViewIfNeeded();
      await page.evaluate(() => document.getElementById('cp-history-title')?.scrollIntoView({ block: 'start' }));
      await docsScreenshot(page, name, { viewportOnly: true });
      // The strip fits the width: no sideways scrolling on a phone.
      const overflow = await page.evaluate(() =>
        document.documentElement.scrollWidth <= window.innerWidth
          ? []
          : [...document.querySelectorAll('body *')]
              .filter((el) => el.getBoundingClientRect().right > window.innerWidth + 1)
              // The innermost ones: what makes the page wide.
              .filter((el) => ![...el.children].some((child) => child.getBoundingClientRect().right > window.innerWidth + 1))
              .slice(0, 5)
              .map((el) => `${el.tagName}.${el.className} ${Math.round(el.getBoundingClientRect().right)}`),
      );
      assert.deepEqual(overflow, [], `no horizontal scroll at ${viewport.width} px`);
    }
    await page.setViewportSize(DESKTOP);
  });

  it('downloads the history as a PDF', async () => {
    const link = page.getByRole('link', { name: 'Download PDF' });
    assert.equal(await link.getAttribute('href'), '/api/client/adherence.pdf');
    const pdf = await page.evaluate(async () => {
      const response = await fetch('/api/client/adherence.pdf');
      const bytes = new Uint8Array(await response.arrayBuffer());
      return {
        status: response.status,
        type: response.headers.get('content-type'),
        head: String.fromCharCode(...bytes.slice(0, 5)),
        size: bytes.length,
      };
    });
    assert.deepEqual({ status: pdf.status, type: pdf.type, head: pdf.head }, { status: 200, type: 'application/pdf', head: '%PDF-' });
    assert.ok(pdf.size > 2000);
  });

  it('warns that the pills are running low and sets a refill reminder in one click', async () => {
    const medications = page.getByRole('region', { name: 'My Medications' });
    const lisinopril = medications.getByRole('listitem').filter({ hasText: 'Lisinopril' });
    await lisinopril.getByText(/^About 5 days of pills left \(until [A-Z][a-z]{2} \d{2}, \d{4}\)$/).waitFor();
    const note = lisinopril.getByRole('note');
    await note.getByText('Running low: about 5 days left. Time to refill.').waitFor();
    for (const viewport of [DESKTOP, PHONE]) {
      await page.setViewportSize(viewport);
      assert.deepEqual(await seriousAccessibilityViolations(page), [], `the refill warning at ${viewport.width} px`);
    }
    await page.setViewportSize(DESKTOP);
    await lisinopril.scrollIntoViewIfNeeded();
    await docsScreenshot(page, 'client-refill', { viewportOnly: true });
    await note.getByRole('button', { name: 'Remind me to refill' }).click();
    await page
      .getByRole('status')
      .filter({ hasText: /^Refill reminder set for / })
      .waitFor();
    await page.getByRole('region', { name: 'My Reminders' }).getByText('Time to refill your Lisinopril').waitFor();
  });

  it('lists the caregiver who agreed, adds one who is invited by text, and removes them', async () => {
    const caregivers = page.getByRole('region', { name: 'My Caregivers' });
    const susan = caregivers.getByRole('listitem').filter({ hasText: 'Susan Hughes' });
    await susan.getByText('Gets a text if you miss a reminder').waitFor();
    await caregivers.getByRole('button', { name: 'Add Caregiver' }).click();
    const dialog = page.getByRole('dialog', { name: 'Add Caregiver' });
    await dialog.getByLabel('Name').fill('Tom Hughes');
    await dialog.getByLabel('Mobile phone number').fill('(615) 555-2288');
    await dialog.getByLabel('Relationship (optional)').fill('Son');
    for (const viewport of [DESKTOP, PHONE]) {
      await page.setViewportSize(viewport);
      assert.deepEqual(await seriousAccessibilityViolations(page), [], `the Add Caregiver dialog at ${viewport.width} px`);
    }
    await page.setViewportSize(DESKTOP);
    await docsScreenshot(page, 'client-caregiver-dialog', { viewportOnly: true });
    await dialog.getByRole('button', { name: 'Add Caregiver' }).click();
    await page.getByRole('status').filter({ hasText: 'Caregiver added: we texted them an invitation' }).waitFor();
    const tom = caregivers.getByRole('listitem').filter({ hasText: 'Tom Hughes' });
    await tom.getByText('Invited — waiting for their YES').waitFor();
    // The number as people read it, not as it is stored.
    await tom.getByText('(615) 555-2288').waitFor();

    await tom.getByRole('button', { name: 'Remove Tom Hughes' }).click();
    await page.getByRole('dialog', { name: 'Remove Caregiver' }).getByRole('button', { name: 'Remove' }).click();
    await tom.waitFor({ state: 'detached' });
    assert.deepEqual(errors, []);
  });

  it('adds a caregiver who is invited by e-mail instead', async () => {
    const caregivers = page.getByRole('region', { name: 'My Caregivers' });
    await caregivers.getByRole('button', { name: 'Add Caregiver' }).click();
    const dialog = page.getByRole('dialog', { name: 'Add Caregiver' });
    await dialog.getByLabel('Name').fill('Anne Hughes');
    await dialog.getByRole('radio', { name: 'By e-mail' }).check();
    assert.equal(await dialog.getByLabel('Mobile phone number').count(), 0);
    await dialog.getByLabel('E-mail address').fill('Anne.Hughes@example.com');
    for (const viewport of [DESKTOP, PHONE]) {
      await page.setViewportSize(viewport);
      assert.deepEqual(await seriousAccessibilityViolations(page), [], `the Add Caregiver dialog by e-mail at ${viewport.width} px`);
    }
    await page.setViewportSize(DESKTOP);
    await dialog.getByRole('button', { name: 'Add Caregiver' }).click();
    await page.getByRole('status').filter({ hasText: 'Caregiver added: we e-mailed them an invitation' }).waitFor();
    const anne = caregivers.getByRole('listitem').filter({ hasText: 'Anne Hughes' });
    await anne.getByText('Invited — waiting for their answer').waitFor();
    await anne.getByText('anne.hughes@example.com').waitFor();
    await anne.getByRole('button', { name: 'Remove Anne Hughes' }).click();
    await page.getByRole('dialog', { name: 'Remove Caregiver' }).getByRole('button', { name: 'Remove' }).click();
    await anne.waitFor({ state: 'detached' });
    assert.deepEqual(errors, []);
  });
});
