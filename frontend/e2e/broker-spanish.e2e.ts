import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';

import type { Browser } from 'playwright-core';

import {
  APP_URL,
  docsScreenshot,
  launchBrowser,
  seriousAccessibilityViolations,
  signIn,
  uniqueEmail,
  waitForAnswer,
  watchErrors,
} from './browser.ts';

/**
 * A broker who works in Spanish: the header's language menu switches the whole app (its pages,
 * the menu, react-admin's own words), the choice is saved to their profile, and a new sign-in in
 * another browser opens in Spanish.
 */
describe('the broker app in Spanish, in Chromium', () => {
  let browser: Browser;
  before(async () => {
    browser = await launchBrowser();
  });
  after(async () => {
    await browser.close();
  });

  it('switches the dashboard and the menu to Spanish, keeps it for the broker, and switches back', async () => {
    const email = uniqueEmail('espanol');
    const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
    const page = await context.newPage();
    const errors = watchErrors(page);
    await signIn(page, { email });

    await page.getByRole('button', { name: 'Language: English' }).click();
    await page.getByRole('menuitem', { name: 'Español' }).click();
    await page.getByRole('heading', { level: 1, name: 'Panel' }).waitFor();
    const nav = page.getByRole('navigation', { name: 'Principal' });
    for (const item of ['Clientes', 'Recordatorios', 'Campañas', 'Facturación', 'Marca', 'Ayuda', 'Configuración'])
      await nav.getByRole('link', { name: item, exact: true }).waitFor();
    await page.getByText('Total de clientes').waitFor();
    await page.getByRole('button', { name: 'Idioma: Español' }).waitFor();
    // A screen reader reads the page in Spanish.
    assert.equal(await page.evaluate(() => document.documentElement.lang), 'es');
    assert.deepEqual(await seriousAccessibilityViolations(page), [], 'axe on the Spanish dashboard');
    await docsScreenshot(page, 'broker-dashboard-es-1280');

    // The Clients list: the app's words and react-admin's own (pagination) in Spanish.
    await nav.getByRole('link', { name: 'Clientes', exact: true }).click();
    await page.getByRole('heading', { level: 1, name: 'Gestión de clientes' }).waitFor();
    assert.deepEqual(await seriousAccessibilityViolations(page), [], 'axe on the Spanish clients page');

    // The dashboard tour again from Help, in Spanish: its steps and Joyride's buttons.
    await page.goto(`${APP_URL}/help?tab=settings`);
    await page.getByRole('button', { name: 'Reiniciar recorrido' }).click();
    await page.getByText(/^¡Le damos la bienvenida a .+!$/).waitFor();
    await page.getByText('Este recorrido rápido le muestra las herramientas').waitFor();
    await page.getByRole('button', { name: /^Siguiente \(paso 1 de 8\)$/ }).click();
    await page.getByText('Su cartera de un vistazo').waitFor();
    await page.getByRole('button', { name: 'Omitir' }).click();
    await page.getByText('Su cartera de un vistazo').waitFor({ state: 'detached' });

    // Saved to the profile: another browser opens in Spanish after signing in.
    const saved = async () => ((await (await page.request.get(`${APP_URL}/api/profile`)).json()) as { language: string }).language;
    await waitForAnswer(page, '/api/profile', (profile: { language: string }) => profile.language === 'es', null, 5000);
    assert.equal(await saved(), 'es');
    const other = await browser.newContext({ viewport: { width: 390, height: 844 } });
    const phone = await other.newPage();
    await phone.addInitScript(() => localStorage.setItem('tour_completed_broker_welcome', 'true'));
    await phone.goto(`${APP_URL}/api/login`);
    await phone.locator('input[type="email"][name="email"]').fill(email);
    await phone.getByRole('button', { name: 'Sign in', exact: true }).click();
    await phone.getByRole('heading', { level: 1, name: 'Panel' }).waitFor();
    await phone.waitForFunction(() => document.documentElement.lang === 'es');
    assert.deepEqual(await seriousAccessibilityViolations(phone), [], 'axe on the Spanish dashboard at 390 px');
    await docsScreenshot(phone, 'broker-dashboard-es-390');
    await other.close();

    await page.getByRole('button', { name: 'Idioma: Español' }).click();
    await page.getByRole('menuitem', { name: 'English' }).click();
    await page.getByRole('heading', { level: 1, name: 'Dashboard' }).waitFor();
    assert.equal(await page.evaluate(() => document.documentElement.lang), 'en');
    assert.deepEqual(errors, []);
    await context.close();
  });
});
