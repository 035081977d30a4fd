import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { crc32, deflateSync } from 'node:zlib';

import type { Browser, BrowserContext, Page } from 'playwright-core';

import {
  APP_URL,
  call,
  docsScreenshot,
  launchBrowser,
  screenshot,
  sentInFull,
  seriousAccessibilityViolations,
  signIn,
  testNow,
  uniqueEmail,
  watchErrors,
} from './browser.ts';

const OLD_PASSWORD = 'violet-tractor-91';
const NEW_PASSWORD = 'orange-bicycle-47';
const DESKTOP = { width: 1280, height: 900 };
const PHONE = { width: 390, height: 844 };
/** A light amber: white text does not read on it, so the pages darken it. */
const AMBER = '#f59e0b';

/** An unknown agency and a used link answer 4xx, which the browser logs: expected here. */
const unexpected = (errors: string[]) => errors.filter((e) => !/status of 4\d\d/.test(e));

/** A small PNG logo (an amber disc with a white cross), built here so the test needs no fixture file. */
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
  header.set([8, 6, 0, 0, 0], 8);
  const rows: number[] = [];
  const c = size / 2;
  for (let y = 0; y < size; y++) {
    rows.push(0);
    for (let x = 0; x < size; x++) {
      const inDisc = (x - c + 0.5) ** 2 + (y - c + 0.5) ** 2 <= (c - 1) ** 2;
      const inCross = (Math.abs(x - c + 0.5) < size / 10 || Math.abs(y - c + 0.5) < size / 10) && inDisc;
      rows.push(...(inCross ? [255, 255, 255, 255] : inDisc ? [217, 119, 6, 255] : [0, 0, 0, 0]));
    }
  }
  return Buffer.concat([
    Buffer.from([137, 80, 78, 71, 13, 10, 26, 10]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(Buffer.from(rows))),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

interface Agency {
  /** The broker's page, kept open to read the development outbox (the agency's own messages). */
  broker: Page;
  context: BrowserContext;
  slug: string;
  ruth: { id: string; username: string; phone: string };
  walter: { id: string; username: string; email: string };
}

/** A new agency (Sunrise Benefits, amber, a logo) with two registered clients: Ruth (phone) and Walter (phone and e-mail). */
async function setUpAgency(browser: Browser): Promise<Agency> {
  const context = await browser.newContext({ viewport: DESKTOP });
  const broker = await context.newPage();
  await signIn(broker, { email: uniqueEmail('password-reset') });
  await call(broker, 'PUT', '/api/branding', { agencyName: 'Sunrise Benefits', primaryColor: AMBER, agencyPhone: '(615) 555-0100' });
  const logo = logoPng().toString('base64');
  await broker.evaluate(async (base64) => {
    const bytes = Uint8Array.from(atob(base64), (ch) => ch.charCodeAt(0));
    const form = new FormData();
    form.append('logo', new Blob([bytes], { type: 'image/png' }), 'logo.png');
    const response = await fetch('/api/branding/logo', { method: 'POST', body: form });
    if (!response.ok) throw new Error(`logo upload failed: ${response.status}`);
  }, logo);
  const { slug } = (await call(broker, 'GET', '/api/branding/portal-link')) as { slug: string };

  const suffix = `${testNow() % 1e6}`;
  const register = async (client: { firstName: string; lastName: string; phone: string; email?: string }, username: string) => {
    const created = (await call(broker, 'POST', '/api/clients', client)) as { id: string; phone: string };
    const { inviteUrl } = (await call(broker, 'POST', `/api/clients/${created.id}/invite`)) as { inviteUrl: string };
    const token = new URL(inviteUrl).pathname.split('/').pop()!;
    const guest = await browser.newContext();
    const page = await guest.newPage();
    await page.goto(`${APP_URL}/client/login`);
    await call(page, 'POST', '/api/client/register', { token, username, password: OLD_PASSWORD });
    await guest.close();
    return created;
  };
  const ruth = await register({ firstName: 'Ruth', lastName: 'Alvarez', phone: '(615) 555-0171' }, `ruth.reset.${suffix}`);
  const walterEmail = `walter.${suffix}@example.com`;
  const walter = await register(
    { firstName: 'Walter', lastName: 'Nguyen', phone: '(615) 555-0172', email: walterEmail },
    `walter.reset.${suffix}`,
  );
  return {
    broker,
    context,
    slug,
    ruth: { id: ruth.id, username: `ruth.reset.${suffix}`, phone: ruth.phone },
    walter: { id: walter.id, username: `walter.reset.${suffix}`, email: walterEmail },
  };
}

/** The newest password reset the development outbox holds for this phone or address (see `sentInFull`). */
const resetSentTo = (broker: Page, recipient: string, channel: 'sms' | 'email', after = '') =>
  sentInFull(broker, { purpose: 'client-password-reset', recipient, channel, after });

/** No serious accessibility problem at 1280 px nor at 390 px; the page is left at `end` width. */
async function accessibleAtBothWidths(page: Page, what: string, end = DESKTOP): Promise<void> {
  await page.setViewportSize(DESKTOP);
  assert.deepEqual(await seriousAccessibilityViolations(page), [], `${what} at 1280 px`);
  await page.setViewportSize(PHONE);
  assert.deepEqual(await seriousAccessibilityViolations(page), [], `${what} at 390 px`);
  await page.setViewportSize(end);
}

describe('client password reset and branded sign-in in Chromium', () => {
  let browser: Browser;
  let agency: Agency;
  before(async () => {
    browser = await launchBrowser();
    agency = await setUpAgency(browser);
  });
  after(async () => {
    await agency?.context.close();
    await browser.close();
  });

  it('shows the agency’s logo, name and colour on its branded sign-in link, and the neutral page for an unknown one', async () => {
    const context = await browser.newContext({ viewport: DESKTOP });
    const page = await context.newPage();
    const errors = watchErrors(page);
    await page.goto(`${APP_URL}/client/login?agency=${agency.slug}`);
    await page.getByText('Sign in to see your reminders from Sunrise Benefits.').waitFor();
    const band = page.getByTestId('agency-band');
    await band.getByRole('img', { name: 'Sunrise Benefits' }).waitFor();
    // The amber is darkened until white reads on it: the band and the button use the darker colour.
    const background = await band.evaluate((el) => getComputedStyle(el).backgroundColor);
    assert.notEqual(background, 'rgb(245, 158, 11)');
    assert.equal(await page.getByRole('button', { name: 'Sign In' }).evaluate((el) => getComputedStyle(el).backgroundColor), background);
    await accessibleAtBothWidths(page, 'branded sign-in');
    await docsScreenshot(page, 'portal-branded-login-1280');
    await page.setViewportSize(PHONE);
    await docsScreenshot(page, 'portal-branded-login-390');

    // In Spanish too.
    await page.getByRole('button', { name: 'Español' }).click();
    await page.waitForFunction(() => document.documentElement.lang === 'es');
    await page.getByText('Inicie sesión para ver sus recordatorios de Sunrise Benefits.').waitFor();
    await page.getByRole('button', { name: 'English' }).click();
    await page.getByRole('link', { name: 'Forgot your password?' }).waitFor();

    await page.goto(`${APP_URL}/client/login?agency=no-such-agency-here`);
    await page.getByRole('heading', { level: 1, name: 'Client Sign In' }).waitFor();
    await page.getByText('Welcome back. Sign in to see your medications and reminders.').waitFor();
    assert.equal(await page.getByTestId('agency-band').count(), 0);
    assert.equal(await page.getByRole('alert').count(), 0);
    assert.deepEqual(unexpected(errors), []);
    await context.close();
  });

  it('a senior who forgot their password gets a code by text, sets a new password and lands in the portal', async () => {
    const context = await browser.newContext({ viewport: PHONE });
    const page = await context.newPage();
    const errors = watchErrors(page);
    await page.goto(`${APP_URL}/client/login?agency=${agency.slug}`);
    await page.getByTestId('agency-band').waitFor();
    await page.getByRole('link', { name: 'Forgot your password?' }).click();
    await page.waitForURL(`${APP_URL}/client/forgot-password?agency=${agency.slug}`);
    await page.getByRole('heading', { level: 1, name: 'Reset Your Password' }).waitFor();
    await page.getByTestId('agency-band').getByText('Sunrise Benefits').waitFor();
    await accessibleAtBothWidths(page, 'forgot password', PHONE);
    await docsScreenshot(page, 'portal-forgot-password-390');

    await page.getByLabel('Username, phone number or e-mail').fill(agency.ruth.username);
    await page.getByRole('button', { name: 'Send Me a Code' }).click();
    await page.getByRole('heading', { level: 1, name: 'Check your phone or e-mail' }).waitFor();
    await page.getByLabel('6-digit code').waitFor();
    await accessibleAtBothWidths(page, 'the code form', PHONE);
    await screenshot(page, 'portal-reset-code-390');

    const { body: text, shown } = await resetSentTo(agency.broker, agency.ruth.phone, 'sms');
    assert.match(text, /^Sunrise Benefits: Your code to reset your portal password is \d{6}\./);
    // The agency's outbox shows the message, not the code.
    assert.match(shown, /^Sunrise Benefits: Your code to reset your portal password is \[code hidden\]\./);
    const code = /\b(\d{6})\b/.exec(text)![1];
    await page.getByLabel('6-digit code').fill(code);
    await page.getByLabel('New Password', { exact: true }).fill(NEW_PASSWORD);
    await page.getByLabel('Confirm New Password', { exact: true }).fill(NEW_PASSWORD);
    await page.getByRole('button', { name: 'Set New Password' }).click();
    await page.getByRole('status').filter({ hasText: 'Password changed!' }).waitFor();
    await page.waitForURL(`${APP_URL}/client/portal`);
    assert.deepEqual(unexpected(errors), []);

    // The new password signs in; the old one no longer does.
    const later = await browser.newContext();
    const login = await later.newPage();
    await login.goto(`${APP_URL}/client/login`);
    const status = (password: string) =>
      login.evaluate(
        async ({ username, password }) =>
          (
            await fetch('/api/client/login', {
              method: 'POST',
              headers: { 'Content-Type': 'application/json' },
              body: JSON.stringify({ username, password }),
            })
          ).status,
        { username: agency.ruth.username, password },
      );
    assert.equal(await status(OLD_PASSWORD), 401);
    assert.equal(await status(NEW_PASSWORD), 200);
    await later.close();
    await context.close();
  });

  it('a senior who typed their e-mail address opens the e-mailed link and chooses a new password', async () => {
    const context = await browser.newContext({ viewport: DESKTOP });
    const page = await context.newPage();
    const errors = watchErrors(page);
    await page.goto(`${APP_URL}/client/forgot-password`);
    await page.getByLabel('Username, phone number or e-mail').fill(agency.walter.email);
    await page.getByRole('button', { name: 'Send Me a Code' }).click();
    await page.getByText('Open the link in the e-mail we sent you to choose a new password.').waitFor();

    const { body: mail } = await resetSentTo(agency.broker, agency.walter.email, 'email');
    const link = new URL(/https?:\/\/\S+\/client\/reset-password\?\S+/.exec(mail)![0]);
    assert.equal(link.searchParams.get('agency'), agency.slug);
    await page.goto(`${APP_URL}${link.pathname}${link.search}`);
    await page.getByRole('heading', { level: 1, name: 'Choose a New Password' }).waitFor();
    await page.getByTestId('agency-band').getByText('Sunrise Benefits').waitFor();
    await accessibleAtBothWidths(page, 'choose a new password');
    await page.getByLabel('New Password', { exact: true }).fill(NEW_PASSWORD);
    await page.getByLabel('Confirm New Password', { exact: true }).fill(NEW_PASSWORD);
    await page.getByRole('button', { name: 'Set New Password' }).click();
    await page.waitForURL(`${APP_URL}/client/portal`);

    // The link works once.
    const again = await browser.newContext({ viewport: DESKTOP });
    const second = await again.newPage();
    await second.goto(`${APP_URL}${link.pathname}${link.search}`);
    await second.getByLabel('New Password', { exact: true }).fill('another-password-58');
    await second.getByLabel('Confirm New Password', { exact: true }).fill('another-password-58');
    await second.getByRole('button', { name: 'Set New Password' }).click();
    await second.getByRole('alert').filter({ hasText: 'This code or link is no longer valid. Ask for a new one.' }).waitFor();
    assert.deepEqual(unexpected(errors), []);
    await again.close();
    await context.close();
  });

  it('the broker sends a registered client a reset from the client page, without seeing the code', async () => {
    const page = agency.broker;
    await page.goto(`${APP_URL}/clients/${agency.ruth.id}`);
    await page.getByRole('heading', { level: 1, name: 'Ruth Alvarez' }).waitFor();
    const before = await resetSentTo(page, agency.ruth.phone, 'sms');
    await page.getByRole('button', { name: 'Send password reset' }).click();
    const dialog = page.getByRole('dialog', { name: 'Send Ruth Alvarez a password reset?' });
    await dialog.getByRole('button', { name: 'Send reset' }).click();
    await page.getByText('Ruth Alvarez gets a code by text message. It works for 30 minutes.').waitFor();
    const sent = await resetSentTo(page, agency.ruth.phone, 'sms', before.id);
    const code = /\b(\d{6})\b/.exec(sent.body)![1];
    assert.equal(await page.getByText(code).count(), 0);
    assert.ok(!sent.shown.includes(code), 'the outbox hides the code');
    assert.ok(sent.shown.includes('[code hidden]'));
  });
});
