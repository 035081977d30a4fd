import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';

import type { Browser, Page, Route } from 'playwright-core';

import { APP_URL, docsScreenshot, launchBrowser, seriousAccessibilityViolations, signIn, uniqueEmail, watchErrors } from './browser.ts';
import { testNow } from './clock.ts';

/**
 * The text messaging registration (A2P 10DLC) in Chromium. The app the browser tests share runs
 * without Twilio, so a real submission there is simulated (tested first); the review's states —
 * pending, approved, failed with Twilio's reasons — are the server's answers as they come from
 * Twilio (backend/test/a2p-registration.e2e-spec.ts drives them through the Twilio stand-in), given
 * to the page here as the server sends them.
 */
const REGISTRATION = `${APP_URL}/api/messaging-registration`;

type Step = 'profile' | 'brand' | 'campaign' | 'number';
type StepStatus = 'not_started' | 'pending' | 'approved' | 'failed';

function registration(status: string, steps: StepStatus[], extra: Record<string, unknown> = {}) {
  return {
    status,
    steps: (['profile', 'brand', 'campaign', 'number'] as Step[]).map((step, i) => ({ step, status: steps[i] })),
    failures: [],
    brand: {
      legalName: 'Harbor Senior Insurance LLC',
      businessType: 'llc',
      ein: '12-3456789',
      street: '100 Harbor Way',
      city: 'Tampa',
      state: 'FL',
      postalCode: '33602',
      website: 'https://harborsenior.example',
      contactFirstName: 'Dana',
      contactLastName: 'Reyes',
      contactEmail: 'dana@harborsenior.example',
      contactPhone: '+18135550100',
      contactTitle: 'Owner',
    },
    useCase: 'MIXED',
    numbers: [],
    confirmedFeesCents: 5900,
    attempts: 1,
    submittedAt: new Date(testNow()).toISOString(),
    approvedAt: null,
    checkedAt: new Date(testNow()).toISOString(),
    ...extra,
  };
}

/** Answers the registration's reads and writes with `current()` (the review as Twilio reports it). */
async function serveRegistration(page: Page, current: () => unknown): Promise<void> {
  const answer = (route: Route, status: number) =>
    route.fulfill({ status, contentType: 'application/json', body: JSON.stringify(current()) });
  await page.route(REGISTRATION, (route) => answer(route, route.request().method() === 'POST' ? 202 : 200));
  await page.route(`${REGISTRATION}/check`, (route) => answer(route, 200));
}

/** Fills in the company's brand as the owner types it. */
async function fillCompany(page: Page): Promise<void> {
  const main = page.getByRole('main');
  await main.getByLabel('Legal business name').fill('Harbor Senior Insurance LLC');
  await main.getByLabel('EIN').fill('12-3456789');
  await main.getByLabel('Street address').fill('100 Harbor Way');
  await main.getByLabel('City').fill('Tampa');
  await main.getByLabel('State').fill('FL');
  await main.getByLabel('ZIP code').fill('33602');
  await main.getByLabel('Website').fill('https://harborsenior.example');
  await main.getByLabel('First name').fill('Dana');
  await main.getByLabel('Last name').fill('Reyes');
  await main.getByLabel('E-mail').fill('dana@harborsenior.example');
  await main.getByLabel('Mobile phone').fill('+18135550100');
}

describe('the text messaging registration (A2P 10DLC) in Chromium', () => {
  let browser: Browser;
  before(async () => {
    browser = await launchBrowser();
  });
  after(async () => {
    await browser.close();
  });

  it('an owner finds it under Settings, is told what is wrong in the form, sees the campaign and the costs, and submits (simulated without Twilio)', async () => {
    const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
    const page = await context.newPage();
    const errors = watchErrors(page);
    await signIn(page, { email: uniqueEmail('a2p.simulated') });
    await page.goto(`${APP_URL}/settings`);
    await page.getByRole('link', { name: 'Open the registration' }).click();
    await page.waitForURL(`${APP_URL}/settings/texting`);
    await page.getByRole('heading', { level: 1, name: 'Text messaging registration' }).waitFor();
    const main = page.getByRole('main');
    await main.getByText('This server has no Twilio account').waitFor();

    await main.getByRole('button', { name: 'Submit the registration' }).click();
    await main.getByText('Some fields need a correction').waitFor();
    await main.getByText('Confirm the amounts to submit.').waitFor();
    await main.getByLabel('EIN').fill('123');
    await main.getByRole('button', { name: 'Submit the registration' }).click();
    await main.getByText('The EIN has 9 digits, written 12-3456789.').waitFor();

    await fillCompany(page);
    // The campaign is the agency's own texts; the costs are dated, with their sources.
    await main.getByText('Use case: MIXED').waitFor();
    await main.getByText('Reply STOP to opt out.').first().waitFor();
    assert.equal(await main.getByTestId('texting-one-time').textContent(), '$59.00');
    assert.equal(await main.getByTestId('texting-monthly').textContent(), '$11.15');
    assert.deepEqual(await seriousAccessibilityViolations(page), []);
    await main.getByRole('checkbox', { name: /I agree to pay \$59\.00 now and \$11\.15 a month/ }).check();
    await main.getByRole('button', { name: 'Submit the registration' }).click();
    await page.getByText('Registration submitted.').waitFor();
    const status = main.getByTestId('texting-status');
    await status.waitFor();
    assert.equal(await status.getAttribute('data-status'), 'simulated');
    assert.deepEqual(
      errors.filter((e) => !/status of 404/.test(e)),
      [],
    );
    await context.close();
  });

  it('shows the review pending, then approved once Twilio approves it, at 1280 px; the banner while texts wait', async () => {
    const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
    const page = await context.newPage();
    await signIn(page, { email: uniqueEmail('a2p.review') });
    let current: unknown = null;
    await page.route(REGISTRATION, (route) =>
      current || route.request().method() === 'POST'
        ? route.fulfill({
            status: route.request().method() === 'POST' ? 202 : 200,
            contentType: 'application/json',
            body: JSON.stringify((current ??= registration('pending', ['pending', 'pending', 'not_started', 'not_started']))),
          })
        : route.fulfill({
            status: 404,
            contentType: 'application/json',
            body: '{"message":"The agency has not registered for texting yet"}',
          }),
    );
    await page.route(`${REGISTRATION}/check`, (route) =>
      route.fulfill({ status: 200, contentType: 'application/json', body: JSON.stringify(current) }),
    );
    await page.route(`${REGISTRATION}/status`, (route) =>
      route.fulfill({
        status: 200,
        contentType: 'application/json',
        body: JSON.stringify({ holding: true, status: 'none', heldTexts: 3 }),
      }),
    );
    await page.goto(`${APP_URL}/`);
    const banner = page.getByTestId('texting-banner');
    await banner.getByText('Texts wait for your agency’s carrier registration (A2P 10DLC): 3 waiting').waitFor();
    assert.deepEqual(await seriousAccessibilityViolations(page), []);
    await docsScreenshot(page, 'texting-banner-1280', { viewportOnly: true });
    await banner.getByRole('button', { name: 'Register' }).click();
    await page.waitForURL(`${APP_URL}/settings/texting`);
    const main = page.getByRole('main');
    await fillCompany(page);
    await main.getByRole('checkbox', { name: /I agree to pay/ }).check();
    await docsScreenshot(page, 'texting-registration-form-1280');
    await main.getByRole('button', { name: 'Submit the registration' }).click();

    const status = main.getByTestId('texting-status');
    await status.getByText('Under review').waitFor();
    assert.equal(await main.locator('[data-step="brand"]').getAttribute('data-step-status'), 'pending');
    assert.deepEqual(await seriousAccessibilityViolations(page), []);
    await docsScreenshot(page, 'texting-registration-pending-1280');

    // Twilio approves the brand, then the campaign; the number is bought.
    current = registration('approved', ['approved', 'approved', 'approved', 'approved'], {
      numbers: ['+18135550142'],
      approvedAt: new Date(testNow()).toISOString(),
    });
    await main.getByRole('button', { name: 'Check now' }).click();
    await status.getByText('Approved').waitFor();
    await main.getByText('Texts come from +18135550142.').waitFor();
    assert.equal(await main.locator('[data-step-status="approved"]').count(), 4);
    assert.deepEqual(await seriousAccessibilityViolations(page), []);
    await docsScreenshot(page, 'texting-registration-approved-1280');
    await context.close();
  });

  it('says why Twilio did not approve it, plainly, in Spanish, and offers to fix and resubmit, at 1280 and 390 px', async () => {
    for (const [width, height, name] of [
      [1280, 800, 'texting-registration-failed-es-1280'],
      [390, 844, 'texting-registration-failed-es-390'],
    ] as const) {
      const context = await browser.newContext({ viewport: { width, height }, ...(width < 500 ? { isMobile: true, hasTouch: true } : {}) });
      const page = await context.newPage();
      await signIn(page, { email: uniqueEmail('a2p.failed') });
      await serveRegistration(page, () =>
        registration('failed', ['approved', 'failed', 'not_started', 'not_started'], {
          failures: [
            {
              step: 'brand',
              code: null,
              raw: 'TAX_ID_MISMATCH: the Tax ID does not match the legal company name',
              plainEn: 'The EIN does not match the legal business name the IRS has for it.',
              plainEs:
                'El EIN no coincide con el nombre legal que el IRS tiene registrado. Escriba el nombre exactamente como en la carta del IRS (CP 575) y vuelva a enviarlo.',
            },
          ],
        }),
      );
      await page.goto(`${APP_URL}/`);
      await page.getByRole('button', { name: 'Language: English' }).click();
      await page.getByRole('menuitem', { name: 'Español' }).click();
      await page.getByRole('heading', { level: 1, name: 'Panel' }).waitFor();
      await page.goto(`${APP_URL}/settings/texting`);
      await page.getByRole('heading', { level: 1, name: 'Registro para mensajes de texto' }).waitFor();
      const main = page.getByRole('main');
      await main.getByText('No aprobado').first().waitFor();
      await main.getByText('El EIN no coincide con el nombre legal').waitFor();
      await main.getByText('Palabras de Twilio: TAX_ID_MISMATCH').waitFor();
      assert.deepEqual(await seriousAccessibilityViolations(page), []);
      await main.getByRole('button', { name: 'Corregir y volver a enviar' }).click();
      assert.equal(await main.getByLabel('Nombre legal del negocio').inputValue(), 'Harbor Senior Insurance LLC');
      await main.getByText('Costos').waitFor();
      assert.deepEqual(await seriousAccessibilityViolations(page), []);
      await docsScreenshot(page, name);
      await context.close();
    }
  });

  it('has the form at 390 px in English with no serious accessibility problem', async () => {
    const context = await browser.newContext({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });
    const page = await context.newPage();
    await signIn(page, { email: uniqueEmail('a2p.phone') });
    await page.goto(`${APP_URL}/settings/texting`);
    await page.getByRole('heading', { level: 1, name: 'Text messaging registration' }).waitFor();
    await page.getByRole('main').getByTestId('texting-one-time').waitFor();
    assert.deepEqual(await seriousAccessibilityViolations(page), []);
    await docsScreenshot(page, 'texting-registration-form-390');
    await context.close();
  });
});
