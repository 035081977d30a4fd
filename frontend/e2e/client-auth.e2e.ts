import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';

import type { Browser, BrowserContext, Page } from 'playwright-core';

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

const INVALID_TEXT = 'This invitation link is invalid or has expired. Please contact your broker for a new invitation.';
const PASSWORD = 'violet-tractor-91';
const DESKTOP = { width: 1280, height: 900 };
const PHONE = { width: 390, height: 844 };

/** A sign-in with no account, an unknown invitation: the browser logs those 4xx answers; they are expected. */
const unexpected = (errors: string[]) => errors.filter((e) => !/status of 4\d\d/.test(e));

const alertToast = (page: Page) => page.getByRole('alert').filter({ has: page.locator('.cp-toast-title') });
const statusToast = (page: Page) => page.getByRole('status').filter({ has: page.locator('.cp-toast-title') });

/** A new broker adds these clients and invites each; answers the invitation tokens, in order. */
async function invite(browser: Browser, clients: { firstName: string; lastName: string; phone: string }[]): Promise<string[]> {
  const context = await browser.newContext();
  const page = await context.newPage();
  await signIn(page, { email: uniqueEmail('client-auth') });
  const urls = await page.evaluate(async (list) => {
    const post = async (url: string, body?: unknown) => {
      const response = await fetch(url, {
        method: 'POST',
        headers: body === undefined ? undefined : { 'Content-Type': 'application/json' },
        body: body === undefined ? undefined : JSON.stringify(body),
      });
      if (!response.ok) throw new Error(`${url} failed: ${response.status} ${await response.text()}`);
      return response.json();
    };
    const links: string[] = [];
    for (const client of list) {
      const created = (await post('/api/clients', client)) as { id: string };
      links.push(((await post(`/api/clients/${created.id}/invite`)) as { inviteUrl: string }).inviteUrl);
    }
    return links;
  }, clients);
  await context.close();
  return urls.map((url) => {
    const token = new URL(url).pathname.match(/^\/client\/register\/([^/]+)$/)?.[1];
    assert.ok(token, `an invitation link of the form /client/register/{token}: ${url}`);
    return token;
  });
}

/** No serious accessibility problem at desktop width nor on a phone; saves the docs pictures of both. */
async function checkAccessibleAndShoot(page: Page, name: string): Promise<void> {
  await page.setViewportSize(DESKTOP);
  assert.deepEqual(await seriousAccessibilityViolations(page), [], `${name} at 1280 px`);
  await docsScreenshot(page, name);
  await page.setViewportSize(PHONE);
  assert.deepEqual(await seriousAccessibilityViolations(page), [], `${name} at 390 px`);
  await docsScreenshot(page, `${name}-phone`);
  await page.setViewportSize(DESKTOP);
}

async function registerThroughPage(context: BrowserContext, path: string, firstName: string, username: string): Promise<Page> {
  const page = await context.newPage();
  await page.goto(`${APP_URL}${path}`);
  await page.getByRole('heading', { level: 1, name: 'Create Your Account' }).waitFor();
  await page.getByText(`Welcome, ${firstName}!`).waitFor();
  await page.getByLabel('Username').fill(username);
  await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
  await page.getByLabel('Confirm Password', { exact: true }).fill(PASSWORD);
  await page.getByRole('button', { name: 'Create Account' }).click();
  await statusToast(page).filter({ hasText: 'Registration successful!' }).waitFor();
  await page.waitForURL(`${APP_URL}/client/portal`);
  return page;
}

describe('client sign-in and registration in Chromium', () => {
  let browser: Browser;
  before(async () => {
    browser = await launchBrowser();
  });
  after(async () => {
    await browser.close();
  });

  it('passes the accessibility check on the landing page, desktop and phone', async () => {
    const page = await browser.newPage({ viewport: DESKTOP });
    await page.goto(`${APP_URL}/`);
    await page.getByRole('heading', { level: 1 }).waitFor();
    assert.deepEqual(await seriousAccessibilityViolations(page), [], 'landing at 1280 px');
    await page.setViewportSize(PHONE);
    assert.deepEqual(await seriousAccessibilityViolations(page), [], 'landing at 390 px');
    await page.close();
  });

  it('shows Invalid Invitation for an unknown link, with a way to the sign-in page', async () => {
    const page = await browser.newPage({ viewport: DESKTOP });
    const errors = watchErrors(page);
    await page.goto(`${APP_URL}/client/register/no-such-invitation`);
    await page.getByRole('heading', { level: 1, name: 'Invalid Invitation' }).waitFor();
    assert.ok(await page.getByText(INVALID_TEXT, { exact: true }).isVisible());
    await alertToast(page).filter({ hasText: 'Invalid or expired invitation' }).waitFor();
    assert.equal(await page.getByLabel('Username').count(), 0);
    await page.getByRole('button', { name: 'Close' }).click();
    await checkAccessibleAndShoot(page, 'client-invalid-invitation');

    await page.getByRole('button', { name: 'Go to Login' }).click();
    await page.waitForURL(`${APP_URL}/client/login`);
    await page.getByRole('heading', { level: 1, name: 'Client Sign In' }).waitFor();
    assert.deepEqual(unexpected(errors), []);
    await page.close();
  });

  it('registers two invited clients (both link forms), then signs one in', async () => {
    const suffix = `${testNow() % 1e6}`;
    const [ruthToken, walterToken] = await invite(browser, [
      { firstName: 'Ruth', lastName: 'Alvarez', phone: '+1 (615) 555-0161' },
      { firstName: 'Walter', lastName: 'Nguyen', phone: '+1 (615) 555-0162' },
    ]);

    // Ruth: the /client/register/{token} link. The form is checked for accessibility, then she
    // trips the checks once before creating her account.
    const ruth = await browser.newContext({ viewport: DESKTOP });
    const page = await ruth.newPage();
    const errors = watchErrors(page);
    await page.goto(`${APP_URL}/client/register/${ruthToken}`);
    await page.getByRole('heading', { level: 1, name: 'Create Your Account' }).waitFor();
    await page.getByText('Welcome, Ruth!').waitFor();
    await checkAccessibleAndShoot(page, 'client-register');
    await page.getByLabel('Username').fill(`ruth.${suffix}`);
    await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
    await page.getByLabel('Confirm Password', { exact: true }).fill('violet-tractor-19');
    await page.getByRole('button', { name: 'Create Account' }).click();
    await alertToast(page).filter({ hasText: "Passwords don't match" }).waitFor();
    assert.equal(await page.getByLabel('Confirm Password', { exact: true }).getAttribute('aria-invalid'), 'true');
    await screenshot(page, 'client-register-mismatch');
    await page.getByLabel('Confirm Password', { exact: true }).fill(PASSWORD);
    await page.getByRole('button', { name: 'Create Account' }).click();
    await statusToast(page).filter({ hasText: 'Registration successful!' }).waitFor();
    assert.equal(page.url(), `${APP_URL}/client/register/${ruthToken}`, 'still on the page until the 1 s delay is over');
    assert.deepEqual(unexpected(errors), []);
    await page.waitForURL(`${APP_URL}/client/portal`);

    // Registered means signed in: the sign-in page sends her on. Her link, tapped again, says she
    // has an account and offers to sign in (which, signed in, opens her portal).
    await page.goto(`${APP_URL}/client/login`);
    await page.waitForURL(`${APP_URL}/client/portal`);
    await page.goto(`${APP_URL}/client/register/${ruthToken}`);
    await page.getByRole('heading', { level: 1, name: 'You already have an account' }).waitFor();
    assert.equal(await page.getByText('Invalid Invitation').count(), 0);
    assert.deepEqual(await seriousAccessibilityViolations(page), [], 'the already-registered screen');
    await page.getByRole('button', { name: 'Sign In' }).click();
    await page.waitForURL(`${APP_URL}/client/portal`);
    await ruth.close();

    // Walter: the /client/invite/{token} link.
    const walter = await browser.newContext({ viewport: DESKTOP });
    await registerThroughPage(walter, `/client/invite/${walterToken}`, 'Walter', `walter.${suffix}`);
    await walter.close();

    // Signed out, Ruth comes back to the sign-in page.
    const later = await browser.newContext({ viewport: DESKTOP });
    const login = await later.newPage();
    const loginErrors = watchErrors(login);
    await login.goto(`${APP_URL}/client/login`);
    await login.getByRole('heading', { level: 1, name: 'Client Sign In' }).waitFor();
    assert.ok(await login.getByText('New here? Ask your insurance agent for an invitation to create your account.').isVisible());
    await checkAccessibleAndShoot(login, 'client-login');

    await login.getByRole('button', { name: 'Sign In' }).click();
    await alertToast(login).filter({ hasText: 'Missing fields' }).filter({ hasText: 'Please enter your username and password' }).waitFor();

    await login.getByLabel('Username').fill(`Ruth.${suffix}`);
    await login.getByLabel('Password', { exact: true }).fill('not-her-password-7');
    await login.getByRole('button', { name: 'Sign In' }).click();
    await alertToast(login).filter({ hasText: 'Invalid username or password' }).waitFor();
    assert.equal(login.url(), `${APP_URL}/client/login`);

    await login.getByLabel('Password', { exact: true }).fill(PASSWORD);
    await login.getByRole('button', { name: 'Show password' }).click();
    assert.equal(await login.getByLabel('Password', { exact: true }).getAttribute('type'), 'text');
    await login.getByRole('button', { name: 'Sign In' }).click();
    await statusToast(login).filter({ hasText: 'Login successful!' }).waitFor();
    await screenshot(login, 'client-login-success');
    assert.deepEqual(unexpected(loginErrors), []);
    await login.waitForURL(`${APP_URL}/client/portal`);
    await later.close();
  });
});
