import assert from 'node:assert/strict';
import { createHash } from 'node:crypto';
import { after, before, describe, it } from 'node:test';

import type { Browser, Page } from 'playwright-core';

import {
  APP_URL,
  call,
  docsScreenshot,
  launchBrowser,
  pageAtRest,
  screenshot,
  sentInFull,
  seriousAccessibilityViolations,
  signIn,
  uniqueEmail,
  watchErrors,
} from './browser.ts';

const DESKTOP = { width: 1280, height: 900 };
const PHONE = { width: 390, height: 844 };

const toast = (page: Page, text: string | RegExp) => page.locator('[data-toast-variant]').filter({ hasText: text });

/** No serious accessibility problem at 1280 px nor at 390 px; the page is left at `end` width. */
async function accessibleAtBothWidths(page: Page, what: string, end = DESKTOP): Promise<void> {
  for (const size of [DESKTOP, PHONE]) {
    await page.setViewportSize(size);
    await pageAtRest(page);
    assert.deepEqual(await seriousAccessibilityViolations(page), [], `${what} at ${size.width} px`);
  }
  await page.setViewportSize(end);
  await pageAtRest(page);
}

/** Draws a signature in the box with the mouse: three strokes across it. */
async function draw(page: Page): Promise<void> {
  const pad = page.getByRole('img', { name: /^(Draw your signature in the box|Dibuje su firma en el recuadro)$/ });
  await pad.scrollIntoViewIfNeeded();
  const box = (await pad.boundingBox())!;
  for (const [from, to] of [
    [0.1, 0.4],
    [0.4, 0.7],
    [0.7, 0.9],
  ]) {
    await page.mouse.move(box.x + box.width * from, box.y + box.height * 0.7);
    await page.mouse.down();
    await page.mouse.move(box.x + box.width * ((from + to) / 2), box.y + box.height * 0.2, { steps: 5 });
    await page.mouse.move(box.x + box.width * to, box.y + box.height * 0.75, { steps: 5 });
    await page.mouse.up();
  }
}

describe('Scope of Appointment in Chromium', () => {
  let browser: Browser;
  before(async () => {
    browser = await launchBrowser();
  });
  after(async () => {
    await browser.close();
  });

  it('the broker prepares one on the client’s page; the client signs it on a phone in Spanish; the broker sees it signed, with its PDF', async () => {
    const brokerContext = await browser.newContext({ viewport: DESKTOP });
    const broker = await brokerContext.newPage();
    const errors = watchErrors(broker);
    await signIn(broker, { email: uniqueEmail('soa') });
    await call(broker, 'PUT', '/api/branding', { agencyName: 'Sunrise Benefits' });
    const elena = (await call(broker, 'POST', '/api/clients', {
      firstName: 'Elena',
      lastName: 'Ruiz',
      phone: '(615) 555-0193',
      language: 'es',
    })) as { id: string; phone: string };

    await broker.goto(`${APP_URL}/clients/${elena.id}`);
    await broker.getByRole('heading', { level: 1, name: 'Elena Ruiz' }).waitFor();
    const card = broker.getByRole('region', { name: 'Scope of Appointment' });
    await card.getByText(/^No Scope of Appointment yet/).waitFor();
    await card.getByRole('button', { name: 'Prepare SOA' }).click();
    const dialog = broker.getByRole('dialog', { name: 'Prepare a Scope of Appointment' });
    await dialog.getByRole('checkbox', { name: 'Medicare Advantage (Part C) and cost plans, with or without drugs' }).check();
    await dialog.getByRole('checkbox', { name: 'Stand-alone prescription drug plans (Part D)' }).check();
    await accessibleAtBothWidths(broker, 'the Prepare dialog');
    await docsScreenshot(broker, 'soa-prepare', { viewportOnly: true });
    await dialog.getByRole('button', { name: 'Send to sign' }).click();
    await toast(broker, 'Sent to sign').waitFor();
    await dialog.waitFor({ state: 'detached' });
    const item = card.getByRole('listitem').first();
    await item.getByText('MA/MAPD, Part D').waitFor();
    assert.ok(await item.getByText('Sent', { exact: true }).isVisible());

    // The dashboard lists it until it is signed.
    await broker.goto(`${APP_URL}/`);
    const waiting = broker.getByRole('region', { name: 'Waiting for a signature' });
    await waiting.getByRole('link', { name: 'Elena Ruiz' }).waitFor();
    assert.ok(await waiting.getByText('1 Scope of Appointment not signed yet').isVisible());
    assert.deepEqual(await seriousAccessibilityViolations(broker), [], 'the dashboard with an unsigned SOA');

    // The client's text, in Spanish, with the link.
    const { body, shown } = await sentInFull(broker, { purpose: 'scope-of-appointment', recipient: '+16155550193', channel: 'sms' });
    assert.match(body, /^Sunrise Benefits: Revise y firme el Alcance de la Cita para su cita del /);
    assert.doesNotMatch(shown, /\/soa\/[\w-]+\.[\w-]+/, 'the agency’s outbox hides the link');
    const link = /(https?:\/\/\S+\/soa\/[\w-]+\.[\w-]+)/.exec(body)![1];

    // The client, on a phone.
    const phoneContext = await browser.newContext({ viewport: PHONE, hasTouch: true, isMobile: true });
    const phone = await phoneContext.newPage();
    const phoneErrors = watchErrors(phone);
    await phone.goto(link.replace(/^https?:\/\/[^/]+/, APP_URL));
    await phone.getByRole('heading', { level: 1, name: 'Elena Ruiz' }).waitFor();
    await phone.getByText('Planes independientes de medicamentos recetados de Medicare (Parte D)').waitFor();
    await accessibleAtBothWidths(phone, 'the signing page in Spanish', PHONE);
    await docsScreenshot(phone, 'soa-signing-es-phone');

    // Sign pressed too soon: each missing answer says so.
    await phone.getByRole('button', { name: 'Firmar' }).click();
    await phone.getByRole('alert').filter({ hasText: 'Escriba su nombre completo' }).waitFor();
    await phone.getByRole('alert').filter({ hasText: 'Marque la casilla para aceptar' }).waitFor();
    assert.deepEqual(await seriousAccessibilityViolations(phone), [], 'the signing page with its errors');

    await phone.getByLabel('Su nombre completo').fill('Elena Ruiz');
    await phone.getByRole('radio', { name: 'Dibujar con el dedo' }).check();
    await draw(phone);
    await phone.getByRole('checkbox', { name: /acepto hablar solo de los temas de arriba/ }).check();
    await screenshot(phone, 'soa-signing-drawn-es-390');
    await phone.getByRole('button', { name: 'Firmar' }).click();
    await phone.getByRole('heading', { name: 'Gracias, ya está firmado' }).waitFor();
    assert.deepEqual(await seriousAccessibilityViolations(phone), [], 'the thank-you page');
    await docsScreenshot(phone, 'soa-signed-es-phone');
    assert.deepEqual(phoneErrors, []);
    await phoneContext.close();

    // The broker sees it signed, and its PDF is the one kept (its SHA-256 as recorded).
    await broker.goto(`${APP_URL}/clients/${elena.id}`);
    await item.getByText('Signed', { exact: true }).waitFor();
    await item.getByText(/^Signed by Elena Ruiz on /).waitFor();
    const soas = (await call(broker, 'GET', `/api/clients/${elena.id}/soas`)) as { id: string; pdfSha256: string }[];
    const pdf = await broker.request.get(`${APP_URL}/api/soas/${soas[0].id}/pdf`);
    assert.equal(pdf.headers()['content-type'], 'application/pdf');
    assert.equal(
      createHash('sha256')
        .update(await pdf.body())
        .digest('hex'),
      soas[0].pdfSha256,
    );
    assert.equal(await item.getByRole('link', { name: 'Download PDF' }).getAttribute('href'), `/api/soas/${soas[0].id}/pdf`);
    await accessibleAtBothWidths(broker, 'the client page with a signed SOA');
    await card.scrollIntoViewIfNeeded();
    await docsScreenshot(broker, 'client-soa', { viewportOnly: true });

    // In Spanish.
    await call(broker, 'PUT', '/api/profile', { language: 'es' });
    await broker.reload();
    const tarjeta = broker.getByRole('region', { name: 'Alcance de la Cita' });
    await tarjeta.getByText(/^Firmado por Elena Ruiz el /).waitFor();
    await accessibleAtBothWidths(broker, 'the client page in Spanish');
    await tarjeta.getByRole('button', { name: 'Preparar SOA' }).click();
    await broker.getByRole('dialog', { name: 'Preparar un Alcance de la Cita' }).waitFor();
    await accessibleAtBothWidths(broker, 'the Prepare dialog in Spanish');
    await screenshot(broker, 'soa-prepare-es');
    assert.deepEqual(errors, []);
    await brokerContext.close();
  });
});
