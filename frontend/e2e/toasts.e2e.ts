import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';

import type { Browser, Locator, Page } from 'playwright-core';

import {
  animationsSettled,
  APP_URL,
  call,
  launchBrowser,
  screenshot,
  seriousAccessibilityViolations,
  signIn,
  testNow,
  uniqueEmail,
  watchErrors,
} from './browser.ts';

const PHONE = { width: 390, height: 844 };

/** A local date N days from today as a date input wants it (YYYY-MM-DD). */
function dayFromToday(days: number): string {
  const d = new Date(testNow() + days * 86_400_000);
  return `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}`;
}

/** The toast's box once its entrance transition is over (the same in two frames in a row; a loaded machine animates slowly). */
async function settledBox(toast: Locator): Promise<{ x: number; y: number; width: number; height: number } | null> {
  await animationsSettled(toast.page());
  await toast.evaluate(
    (element) =>
      new Promise<void>((resolve) => {
        // Still moving after 2 s, it is measured as it is: the assertions on the box say the rest.
        const deadline = performance.now() + 2000;
        let last = '';
        const frame = () => {
          const box = JSON.stringify(element.getBoundingClientRect());
          if (box === last || performance.now() > deadline) resolve();
          else {
            last = box;
            requestAnimationFrame(frame);
          }
        };
        frame();
      }),
  );
  return toast.boundingBox();
}

/**
 * The dialog's fields (inputs, selects, text areas) whose visible part — clipped by the boxes that
 * scroll them — meets the toast's box, by label. Empty when the toast covers none of them.
 */
async function fieldsUnderToast(dialog: Locator, toast: Locator): Promise<string[]> {
  const box = await settledBox(toast);
  assert.ok(box, 'the toast is on screen');
  return dialog.evaluate((root, t) => {
    type Rect = { left: number; top: number; right: number; bottom: number };
    const clip = (a: Rect, b: Rect): Rect => ({
      left: Math.max(a.left, b.left),
      top: Math.max(a.top, b.top),
      right: Math.min(a.right, b.right),
      bottom: Math.min(a.bottom, b.bottom),
    });
    const toastRect: Rect = { left: t.x, top: t.y, right: t.x + t.width, bottom: t.y + t.height };
    const covered: string[] = [];
    for (const field of Array.from(root.querySelectorAll<HTMLInputElement>('input, select, textarea'))) {
      let visible: Rect = field.getBoundingClientRect();
      for (let box = field.parentElement; box && box !== document.body; box = box.parentElement) {
        const style = getComputedStyle(box);
        if (style.overflowX !== 'visible' || style.overflowY !== 'visible') visible = clip(visible, box.getBoundingClientRect());
      }
      if (visible.right <= visible.left || visible.bottom <= visible.top) continue;
      const overlap = clip(visible, toastRect);
      if (overlap.right > overlap.left && overlap.bottom > overlap.top) {
        covered.push(field.getAttribute('aria-label') ?? field.labels?.[0]?.textContent?.trim() ?? field.outerHTML.slice(0, 80));
      }
    }
    return covered;
  }, box);
}

/** Scrolls an element to the bottom of what its dialog shows — where a toast at the foot of the screen would sit. */
async function scrollToFoot(element: Locator): Promise<void> {
  await element.evaluate((el) => el.scrollIntoView({ block: 'end' }));
}

/** A real mouse click at the middle of the element, wherever the page has it. */
async function clickMiddle(page: Page, element: Locator): Promise<void> {
  const box = await element.boundingBox();
  assert.ok(box);
  await page.mouse.click(box.x + box.width / 2, box.y + box.height / 2);
}

/** A PNG's signature and nothing else: the server cannot read it as an image. */
const BROKEN_PNG = Buffer.from([137, 80, 78, 71, 13, 10, 26, 10, 0, 0, 0, 0]);

/** A valid 1×1 PNG. */
const TINY_PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==', 'base64');

describe('toasts in Chromium', () => {
  let browser: Browser;

  before(async () => {
    // About motion itself (a toast over a dialog that slides away; the tour's moving tooltip).
    browser = await launchBrowser({ motion: true });
  });

  after(async () => {
    await browser.close();
  });

  it('on the Branding page, each action shows its own toast: a failed upload’s does not linger', async () => {
    const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
    const page = await context.newPage();
    await signIn(page, { email: uniqueEmail('toasts-branding') });
    await page.goto(`${APP_URL}/branding`);
    await page.getByRole('heading', { level: 1, name: 'White-Label Branding' }).waitFor();
    const toasts = page.locator('[data-toast-variant]');

    await page.getByLabel('Logo file').setInputFiles({ name: 'logo.png', mimeType: 'image/png', buffer: BROKEN_PNG });
    await toasts.filter({ hasText: 'Failed to upload logo' }).waitFor();

    // The next action's answer replaces it at once (well inside the failed toast's 5 s).
    await page.getByLabel('Agency Name').fill('Harbor Light Benefits');
    await page.getByRole('button', { name: 'Save', exact: true }).click();
    await toasts.filter({ hasText: 'Branding saved' }).waitFor({ timeout: 2000 });
    assert.ok(await toasts.getByText('Your clients now see the new look.').isVisible());
    assert.deepEqual(await toasts.allTextContents().then((all) => all.filter((t) => /upload/i.test(t))), []);

    // Failed, then uploaded, then saved: each shows its own, never the one before.
    await page.getByLabel('Logo file').setInputFiles({ name: 'logo.png', mimeType: 'image/png', buffer: BROKEN_PNG });
    await toasts.filter({ hasText: 'Failed to upload logo' }).waitFor({ timeout: 2000 });
    await page.getByLabel('Logo file').setInputFiles({ name: 'logo.png', mimeType: 'image/png', buffer: TINY_PNG });
    await toasts.filter({ hasText: 'Logo uploaded' }).waitFor({ timeout: 2000 });
    await toasts.filter({ hasText: 'Failed to upload logo' }).waitFor({ state: 'detached', timeout: 2000 });
    await page.getByLabel('Agency Name').fill('Harbor Light Benefits Group');
    await page.getByRole('button', { name: 'Save', exact: true }).click();
    await toasts.filter({ hasText: 'Branding saved' }).waitFor({ timeout: 2000 });
    await toasts.filter({ hasText: 'Logo uploaded' }).waitFor({ state: 'detached', timeout: 2000 });
    assert.equal(await toasts.count(), 1, 'one toast at a time');
    await context.close();
  });

  it('on a phone, a toast in the client portal’s reminder dialog covers none of its fields', async () => {
    const brokerContext = await browser.newContext({ viewport: { width: 1280, height: 800 } });
    const broker = await brokerContext.newPage();
    await signIn(broker, { email: uniqueEmail('toasts-portal') });
    const phone = `+1 (615) 555-${String(1000 + Math.floor(Math.random() * 9000))}`;
    const created = (await call(broker, 'POST', '/api/clients', { firstName: 'Ida', lastName: 'Blake', phone })) as { id: string };
    const { inviteUrl } = (await call(broker, 'POST', `/api/clients/${created.id}/invite`)) as { inviteUrl: string };
    await brokerContext.close();

    const context = await browser.newContext({ viewport: PHONE });
    await context.addInitScript(() => localStorage.setItem('tour_completed_client_welcome', 'true'));
    const page = await context.newPage();
    const errors = watchErrors(page);
    await page.goto(`${APP_URL}/client/login`);
    await call(page, 'POST', '/api/client/register', {
      token: new URL(inviteUrl).pathname.split('/').pop(),
      username: `ida${testNow()}`,
      password: 'copper-meadow-73',
    });
    await page.goto(`${APP_URL}/client/portal`);
    await page.getByRole('heading', { level: 1, name: 'Welcome, Ida!' }).waitFor();

    await page.getByRole('button', { name: 'Schedule Reminder' }).click();
    const dialog = page.getByRole('dialog', { name: 'Schedule Reminder' });
    await dialog.getByLabel('Date').fill(dayFromToday(2));
    await dialog.getByLabel('Time').fill('09:00');
    const recurring = dialog.getByLabel('Recurring');
    await recurring.check();
    // An end before the first reminder: the server refuses it, and the dialog stays open.
    await dialog.getByLabel(/End date/).fill(dayFromToday(1));
    await dialog.getByRole('button', { name: 'Schedule Reminder' }).click();
    const toast = dialog.getByRole('alert').filter({ hasText: 'Failed to schedule reminder' }).and(page.locator('.cp-toast'));
    await toast.waitFor();

    // Seen and read aloud inside the dialog, on screen, over none of its fields.
    const shown = await settledBox(toast);
    assert.ok(shown && shown.y >= 0 && shown.y + shown.height <= PHONE.height, `the toast is on screen (${JSON.stringify(shown)})`);
    assert.deepEqual(await fieldsUnderToast(dialog, toast), []);
    await scrollToFoot(recurring);
    await screenshot(page, 'toast-portal-dialog-phone');
    assert.deepEqual(await fieldsUnderToast(dialog, toast), []);
    await clickMiddle(page, recurring);
    assert.equal(await recurring.isChecked(), false, 'the click landed on the Recurring checkbox');
    await clickMiddle(page, recurring);
    assert.equal(await recurring.isChecked(), true);
    assert.deepEqual(await seriousAccessibilityViolations(page), [], 'the dialog with its toast at 390 px');
    assert.deepEqual(
      // The sign-in page's check before registering, and the refused reminder.
      errors.filter((e) => !/status of 40[01]/.test(e)),
      [],
    );
    await context.close();
  });

  it('on a phone, a toast in a broker dialog is read aloud and covers none of its fields', async () => {
    const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
    const page = await context.newPage();
    await signIn(page, { email: uniqueEmail('toasts-broker') });
    await page.setViewportSize(PHONE);
    const phone = `+1 (615) 555-${String(1000 + Math.floor(Math.random() * 9000))}`;
    await call(page, 'POST', '/api/clients', { firstName: 'Walter', lastName: 'Quinn', phone });
    await page.goto(`${APP_URL}/reminders`);
    await page.getByRole('heading', { level: 1, name: 'Client Reminders' }).waitFor();

    await page.getByRole('button', { name: 'Schedule Reminder' }).first().click();
    const dialog = page.getByRole('dialog', { name: 'Schedule Reminder' });
    await dialog.getByRole('combobox', { name: /Client/ }).click();
    await page.getByRole('option', { name: /Walter Quinn/ }).click();
    await dialog.getByLabel(/^Date/).fill(dayFromToday(2));
    await dialog.getByLabel(/^Time/).fill('09:00');
    const message = dialog.getByRole('textbox', { name: /Message/ });
    // A health word: the server refuses it, and the dialog stays open.
    await message.fill('Take your insulin');
    await dialog.getByRole('button', { name: 'Schedule Reminder' }).click();
    // Found by its role: not hidden from screen readers behind the open dialog.
    const toast = page.getByRole('alert').filter({ hasText: 'Failed to schedule reminder' });
    await toast.waitFor();
    const shown = await settledBox(toast);
    assert.ok(shown && shown.y >= 0 && shown.y + shown.height <= PHONE.height, `the toast is on screen (${JSON.stringify(shown)})`);
    assert.deepEqual(await fieldsUnderToast(dialog, toast), []);

    await scrollToFoot(message);
    await screenshot(page, 'toast-broker-dialog-phone');
    assert.deepEqual(await fieldsUnderToast(dialog, toast), []);
    await clickMiddle(page, message);
    await page.keyboard.press('End');
    await page.keyboard.type(' today');
    assert.equal(await message.inputValue(), 'Take your insulin today', 'the click landed in the message');
    assert.deepEqual(await seriousAccessibilityViolations(page), [], 'the dialog with its toast at 390 px');
    await context.close();
  });
});
