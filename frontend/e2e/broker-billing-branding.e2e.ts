import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { crc32, deflateSync } from 'node:zlib';

import type { Browser, Locator, Page } from 'playwright-core';

import {
  APP_URL,
  docsScreenshot,
  launchBrowser,
  screenshot,
  seriousAccessibilityViolations,
  signIn,
  testNow,
  uniqueEmail,
  watchErrors,
} from './browser.ts';

/** A small PNG logo (a violet disc with a white cross), built here so the test needs no fixture file. */
function logoPng(size = 64): Buffer {
  const chunk = (type: string, data: Buffer) => {
    const head = Buffer.alloc(8);
    head.writeUInt32BE(data.length, 0);
    head.write(type, 4, 'latin1');
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(crc32(Buffer.concat([head.subarray(4), data])), 0);
    return Buffer.concat([head, data, crc]);
  };
  const header = Buffer.alloc(13);
  header.writeUInt32BE(size, 0);
  header.writeUInt32BE(size, 4);
  header.set([8, 6, 0, 0, 0], 8); // 8-bit RGBA
  const rows: number[] = [];
  const c = size / 2;
  for (let y = 0; y < size; y++) {
    rows.push(0);
    for (let x = 0; x < size; x++) {
      const inDisc = (x - c + 0.5) ** 2 + (y - c + 0.5) ** 2 <= (c - 1) ** 2;
      const inCross = (Math.abs(x - c + 0.5) < size / 10 || Math.abs(y - c + 0.5) < size / 10) && inDisc;
      rows.push(...(inCross ? [255, 255, 255, 255] : inDisc ? [124, 58, 237, 255] : [0, 0, 0, 0]));
    }
  }
  return Buffer.concat([
    Buffer.from([137, 80, 78, 71, 13, 10, 26, 10]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(Buffer.from(rows))),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

/** 'rgb(124, 58, 237)' → [124, 58, 237]. */
function channels(color: string): number[] {
  return (color.match(/\d+(\.\d+)?/g) ?? []).slice(0, 3).map(Number);
}

/** A computed style property in the page (these files compile without the DOM library). */
function cssOf(locator: Locator, property: string): Promise<string> {
  return locator.evaluate((el, prop) => {
    type View = { getComputedStyle(element: unknown): Record<string, string> };
    return (el as unknown as { ownerDocument: { defaultView: View } }).ownerDocument.defaultView.getComputedStyle(el)[prop];
  }, property);
}

/** Signs in a new broker; console errors count from when the dashboard (not under test here) has settled. */
async function signInNewBroker(page: Page, errors: string[], label: string) {
  await signIn(page, { email: uniqueEmail(label) });
  await page.waitForLoadState('networkidle');
  errors.length = 0;
}

async function openFromSidebar(page: Page, title: string, heading: string) {
  await page.getByTestId('sidebar').getByRole('link', { name: title, exact: true }).click();
  await page.getByRole('heading', { level: 1, name: heading }).waitFor();
}

describe('billing and branding in Chromium', () => {
  let browser: Browser;
  before(async () => {
    browser = await launchBrowser();
  });
  after(async () => {
    await browser.close();
  });

  it('a new broker sees the 30-day flat trial, chooses PMPM for after it, then starts paying only after confirming the amount', async () => {
    const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
    const page = await context.newPage();
    const errors = watchErrors(page);
    await signInNewBroker(page, errors, 'billing');
    // Two active clients, so the amounts are not zero.
    const added = await page.evaluate(async () => {
      const statuses: number[] = [];
      for (const [i, phone] of ['+1 (305) 555-0191', '+1 (305) 555-0192'].entries()) {
        const response = await fetch('/api/clients', {
          method: 'POST',
          headers: { 'Content-Type': 'application/json' },
          body: JSON.stringify({ firstName: 'Billing', lastName: `Client ${i + 1}`, phone }),
        });
        statuses.push(response.status);
      }
      return statuses;
    });
    assert.deepEqual(added, [201, 201]);
    await openFromSidebar(page, 'Billing', 'Billing & Subscription');

    const trial = page.getByTestId('trial-upgrade');
    await trial.waitFor();
    assert.equal(await trial.getByTestId('trial-days-left').textContent(), '30');
    assert.ok(await trial.getByText('days left', { exact: true }).isVisible());
    assert.ok(await trial.getByRole('button', { name: 'Start my subscription now' }).isVisible());
    assert.equal(await page.getByTestId('subscription-status').textContent(), 'Trial · 30 days left');
    assert.ok(await page.getByText('Your plan after the trial', { exact: true }).isVisible());
    assert.equal(await page.getByTestId('current-tier').textContent(), 'Flat');
    assert.equal(await page.getByTestId('monthly-amount').textContent(), '$297.00');
    assert.ok(await page.getByText('Telephony costs: about $0.02 per voice call and $0.01 per SMS').isVisible());
    // Thirty days left: no banner yet.
    assert.equal(await page.getByTestId('billing-banner').count(), 0);

    // This month is in the history already (nothing earned on a trial: margin 0 %).
    const rows = page.getByTestId('analytics-row');
    await rows.first().waitFor();
    const now = new Date(testNow());
    const thisMonth = `${now.toLocaleString('en-US', { month: 'short', timeZone: 'UTC' })} ${now.getUTCFullYear()}`;
    assert.equal(await rows.first().locator('th').textContent(), thisMonth);
    assert.equal(await rows.first().getByTestId('margin-badge').textContent(), '0%');

    const update = page.getByRole('button', { name: 'Update Subscription' });
    assert.equal(await update.isDisabled(), true);
    await docsScreenshot(page, 'billing');

    // Choosing a plan during the trial keeps the trial.
    await page.getByRole('radio', { name: /^PMPM/ }).check();
    assert.equal(await update.isEnabled(), true);
    await update.click();
    await page.getByText('Your plan after the trial: PMPM. Your trial continues.').waitFor();
    assert.equal(await page.getByTestId('current-tier').textContent(), 'PMPM');
    assert.equal(await page.getByTestId('subscription-status').textContent(), 'Trial · 30 days left');
    assert.match((await trial.getByTestId('trial-body').textContent()) ?? '', /^Your plan after the trial: PMPM\./);
    await page.getByRole('status').getByRole('button', { name: 'Close' }).click();
    await page.reload();
    await page.getByTestId('current-tier').waitFor();
    assert.equal(await page.getByTestId('current-tier').textContent(), 'PMPM');
    assert.equal(await page.getByTestId('subscription-status').textContent(), 'Trial · 30 days left');

    // Starting now is its own decision, with the amount in the confirmation; Cancel changes nothing.
    await trial.getByRole('button', { name: 'Start my subscription now' }).click();
    const dialog = page.getByRole('dialog', { name: 'Start your subscription now?' });
    await dialog.waitFor();
    assert.equal(
      await dialog.getByTestId('start-subscription-amount').textContent(),
      'Your free trial ends now and the PMPM plan starts at $10.00/month (at your 2 active clients).',
    );
    assert.deepEqual(await seriousAccessibilityViolations(page), []);
    await screenshot(page, 'billing-start-confirm');
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await dialog.waitFor({ state: 'hidden' });
    assert.equal(await page.getByTestId('subscription-status').textContent(), 'Trial · 30 days left');

    await trial.getByRole('button', { name: 'Start my subscription now' }).click();
    await dialog.getByRole('button', { name: 'Start subscription: $10.00/month' }).click();
    await page.getByText('Subscription Started').waitFor();
    assert.equal(await page.getByTestId('subscription-status').textContent(), 'Active');
    assert.equal(await page.getByTestId('trial-upgrade').count(), 0);
    assert.equal(await page.getByTestId('monthly-amount').textContent(), '$10.00');
    assert.equal(await update.isDisabled(), true);
    await screenshot(page, 'billing-pmpm');

    // The server agrees after a reload.
    await page.reload();
    await page.getByTestId('current-tier').waitFor();
    const me = await page.evaluate(
      async () => (await (await fetch('/api/auth/user')).json()) as { subscriptionTier: string; subscriptionStatus: string },
    );
    assert.deepEqual([me.subscriptionTier, me.subscriptionStatus], ['pmpm', 'active']);
    assert.deepEqual(errors, []);
    await context.close();
  });

  it('every page shows the trial’s last week and a past-due payment, with the way out', async () => {
    const context = await browser.newContext({ viewport: { width: 390, height: 844 } });
    const page = await context.newPage();
    const errors = watchErrors(page);
    const email = uniqueEmail('pastdue');
    await signIn(page, { email });
    await page.waitForLoadState('networkidle');
    errors.length = 0;

    // 25 days on in the browser's clock: five days of the trial are left.
    await page.clock.install({ time: new Date(testNow() + 25 * 86_400_000) });
    await page.reload();
    const banner = page.getByRole('region', { name: 'Subscription notice' });
    await banner.waitFor();
    assert.match((await banner.textContent()) ?? '', /^Your free trial ends in 5 days \(.+\)\. Your plan after the trial: Flat\./);
    assert.deepEqual(await seriousAccessibilityViolations(page), []);
    await screenshot(page, 'banner-trial-ending-390');
    await banner.getByRole('button', { name: 'Start my subscription' }).click();
    await page.getByRole('heading', { level: 1, name: 'Billing & Subscription' }).waitFor();
    assert.equal(await page.getByTestId('billing-banner').count(), 0);

    // A platform admin records a failed payment.
    const adminContext = await browser.newContext();
    const admin = await adminContext.newPage();
    await signIn(admin, { admin: true });
    const statuses = await admin.evaluate(async (address) => {
      const body = (await (await fetch(`/api/admin/brokers?search=${encodeURIComponent(address)}`)).json()) as
        { id: string }[] | { data: { id: string }[] };
      const list = Array.isArray(body) ? body : body.data;
      const response = await fetch(`/api/admin/brokers/${list[0].id}/subscription`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify({ subscriptionStatus: 'past_due' }),
      });
      return [list.length, response.status];
    }, email);
    assert.deepEqual(statuses, [1, 200]);
    await adminContext.close();

    await page.clock.setSystemTime(new Date(testNow()));
    await page.goto(`${APP_URL}/clients`);
    await banner.waitFor();
    assert.equal(await banner.textContent(), 'Your payment is past due. Reminders and campaigns are paused until it is paid.Go to Billing');
    await screenshot(page, 'banner-past-due-390');
    await banner.getByRole('button', { name: 'Go to Billing' }).click();
    const alert = page.getByRole('main').getByRole('alert');
    await alert.getByRole('button', { name: 'Mark as paid (local billing)' }).click();
    await page.getByText('Payment Recorded').waitFor();
    assert.equal(await page.getByTestId('subscription-status').textContent(), 'Active');
    await page.goto(`${APP_URL}/clients`);
    await page.getByRole('heading', { level: 1 }).first().waitFor();
    assert.equal(await page.getByTestId('billing-banner').count(), 0);
    assert.deepEqual(errors, []);
    await context.close();
  });

  it('brands the app: live previews while typing, then the saved name, colour and logo in the shell', async () => {
    const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
    const page = await context.newPage();
    const errors = watchErrors(page);
    await signInNewBroker(page, errors, 'branding');
    await openFromSidebar(page, 'Branding', 'White-Label Branding');
    const header = page.getByTestId('sidebar-header');
    assert.equal((await header.textContent())?.trim(), 'CareKeep');
    assert.ok(await page.getByText(/Recommended size: 200x200 px/).isVisible());

    await page.getByLabel('Agency Name').fill('Sunrise Benefits Group');
    await page.getByLabel('Primary Color', { exact: true }).fill('#7c3aed');
    await page
      .getByRole('textbox', { name: 'Sponsor message', exact: true })
      .fill('Sponsored by Main Street Pharmacy, open late every weekday.');
    await page
      .getByRole('textbox', { name: 'Sponsor message in Spanish (optional)' })
      .fill('Le ofrece este servicio Main Street Pharmacy, abierta hasta tarde.');

    // The previews follow the typing; the app itself waits for Save.
    const login = page.getByTestId('login-preview');
    assert.equal(await login.getByTestId('login-preview-agency').textContent(), 'Sunrise Benefits Group');
    const button = await cssOf(login.getByTestId('login-preview-button'), 'backgroundColor');
    assert.equal(button, 'rgb(124, 58, 237)');
    assert.equal(
      await page.getByTestId('email-preview-sponsor').textContent(),
      'Sponsored by Main Street Pharmacy, open late every weekday.',
    );
    const sentences = await page.getByTestId('call-sentence').allTextContents();
    assert.equal(sentences.length, 4);
    assert.match(sentences[0], /Hello, this is a reminder from Sunrise Benefits Group\./);
    assert.match(sentences[2], /Sponsored by Main Street Pharmacy/);
    assert.match(sentences[3], /Press 1 or say yes to confirm you got this message\./);
    assert.equal(await page.getByTestId('sponsor-counter').textContent(), '59/150');
    assert.equal((await header.textContent())?.trim(), 'CareKeep');

    await page.getByRole('button', { name: 'Save', exact: true }).click();
    await page.getByText('Branding saved').waitFor();
    await header.getByText('Sunrise Benefits Group').waitFor();

    await page.reload();
    await page.getByRole('heading', { level: 1, name: 'White-Label Branding' }).waitFor();
    assert.equal((await header.textContent())?.trim(), 'Sunrise Benefits Group');
    assert.equal(await page.getByLabel('Primary Color', { exact: true }).inputValue(), '#7c3aed');
    assert.equal(
      await page.getByRole('textbox', { name: 'Sponsor message in Spanish (optional)' }).inputValue(),
      'Le ofrece este servicio Main Street Pharmacy, abierta hasta tarde.',
    );
    const selected = page.getByTestId('sidebar').getByRole('link', { name: 'Branding', exact: true });
    assert.equal(await selected.getAttribute('aria-current'), 'page');
    const background = channels(await cssOf(selected, 'backgroundColor'));
    // The theme goes through HSL with whole numbers, which may move a channel by one.
    [124, 58, 237].forEach((expected, i) => assert.ok(Math.abs(background[i] - expected) <= 1, `${background} ≈ 124,58,237`));

    await page.getByLabel('Logo file').setInputFiles({ name: 'logo.png', mimeType: 'image/png', buffer: logoPng() });
    await page.getByText('Logo uploaded').waitFor();
    const logo = header.getByRole('img', { name: 'Sunrise Benefits Group logo' });
    await logo.waitFor();
    // Loaded from the server: the stored PNG keeps the 64 px size (only larger logos are scaled to 200).
    // A function, not a string: the app's CSP forbids eval, which a string predicate needs once it has to poll.
    await page.waitForFunction(() => document.querySelector<HTMLImageElement>('[data-testid="sidebar-header"] img')?.naturalWidth === 64);
    assert.match((await logo.getAttribute('src')) ?? '', /^\/api\/public\/logos\/.+\.png$/);
    assert.ok(await page.getByRole('img', { name: 'Current agency logo' }).isVisible());
    await page.getByRole('status').getByRole('button', { name: 'Close' }).click();
    await page.getByText('Logo uploaded').waitFor({ state: 'hidden' });
    await docsScreenshot(page, 'branding');

    await page.reload();
    await header.getByRole('img', { name: 'Sunrise Benefits Group logo' }).waitFor();
    assert.deepEqual(errors, []);
    await context.close();
  });

  it('opens both pages directly at their paths', async () => {
    const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
    const page = await context.newPage();
    await signIn(page, { email: uniqueEmail('paths') });
    await page.goto(`${APP_URL}/billing`);
    await page.getByRole('heading', { level: 1, name: 'Billing & Subscription' }).waitFor();
    await page.getByRole('heading', { name: 'Monthly Cost & Profit' }).waitFor();
    assert.deepEqual(await seriousAccessibilityViolations(page), [], 'billing at 1280 px');
    await page.setViewportSize({ width: 390, height: 844 });
    assert.deepEqual(await seriousAccessibilityViolations(page), [], 'billing at 390 px');
    await page.setViewportSize({ width: 1280, height: 800 });
    await page.goto(`${APP_URL}/branding`);
    await page.getByRole('heading', { level: 1, name: 'White-Label Branding' }).waitFor();
    await context.close();
  });
});
