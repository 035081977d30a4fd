import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';

import type { Browser, Page } from 'playwright-core';

import {
  APP_URL,
  docsScreenshot,
  launchBrowser,
  seriousAccessibilityViolations,
  signIn,
  testNow,
  uniqueEmail,
  waitForAnswer,
  watchErrors,
} from './browser.ts';

/** A date a week ahead as the date input takes it (yyyy-mm-dd), in the browser's zone. */
function nextWeek(): string {
  const day = new Date(testNow() + 7 * 86_400_000);
  return `${day.getFullYear()}-${String(day.getMonth() + 1).padStart(2, '0')}-${String(day.getDate()).padStart(2, '0')}`;
}

async function accessible(page: Page, where: string): Promise<void> {
  assert.deepEqual(await seriousAccessibilityViolations(page), [], `axe on ${where}`);
}

/**
 * A Spanish-speaking client, as the broker set them up: the invitation opens in Spanish, and the
 * whole portal — registration, medications, a recurring reminder, history, dates — is in Spanish
 * on a phone, with a switch to English that is saved as the client's own choice.
 */
describe('the client portal in Spanish, in Chromium at 390 px', () => {
  let browser: Browser;
  before(async () => {
    browser = await launchBrowser();
  });
  after(async () => {
    await browser.close();
  });

  it('registers, adds a medication, schedules a recurring reminder and reads the history in Spanish', async () => {
    const brokerContext = await browser.newContext({ viewport: { width: 1280, height: 900 } });
    const broker = await brokerContext.newPage();
    await signIn(broker, { email: uniqueEmail('spanish') });
    const write = { headers: { Origin: APP_URL } };
    const suffix = String(2000 + Math.floor(Math.random() * 7000));
    const added = await broker.request.post(`${APP_URL}/api/clients`, {
      ...write,
      data: { firstName: 'Rosa', lastName: 'Alvarez', phone: `(615) 555-${suffix}`, language: 'es' },
    });
    const { id } = (await added.json()) as { id: string };
    const invited = await broker.request.post(`${APP_URL}/api/clients/${id}/invite`, write);
    const { inviteUrl } = (await invited.json()) as { inviteUrl: string };
    assert.match(inviteUrl, /\?lang=es$/);
    await brokerContext.close();

    // The phone's browser says English: the link and the agent's choice say Spanish.
    const context = await browser.newContext({ viewport: { width: 390, height: 844 }, locale: 'en-US' });
    const client = await context.newPage();
    const errors = watchErrors(client);
    await client.addInitScript(() => localStorage.setItem('tour_completed_client_welcome', 'true'));
    await client.goto(inviteUrl);
    await client.getByRole('heading', { level: 1, name: 'Cree su cuenta' }).waitFor();
    await client.getByText('¡Bienvenido, Rosa!').waitFor();
    assert.equal(await client.evaluate(() => document.documentElement.lang), 'es');
    await accessible(client, 'the registration page in Spanish');
    await docsScreenshot(client, 'client-register-es-390');

    const username = `rosa.${testNow()}`;
    await client.getByLabel('Nombre de usuario').fill(username);
    await client.getByLabel('Contraseña', { exact: true }).fill('linterna-puerto-58');
    await client.getByLabel('Confirme la contraseña', { exact: true }).fill('linterna-puerto-58');
    await client.getByRole('button', { name: 'Crear cuenta' }).click();
    await client.waitForURL(`${APP_URL}/client/portal`);
    await client.getByRole('heading', { level: 1, name: '¡Bienvenido, Rosa!' }).waitFor();

    await client.getByRole('button', { name: 'Agregar medicamento' }).click();
    const medication = client.getByRole('dialog', { name: 'Agregar medicamento' });
    await medication.getByLabel('Nombre del medicamento').fill('Metformina');
    await medication.getByLabel('Dosis (opcional)').fill('500 mg');
    await accessible(client, 'the Add Medication dialog in Spanish');
    await medication.getByRole('button', { name: 'Agregar medicamento' }).click();
    await client.getByText('El medicamento se agregó correctamente').first().waitFor();

    await client.getByRole('button', { name: 'Programar recordatorio' }).click();
    const schedule = client.getByRole('dialog', { name: 'Programar recordatorio' });
    await schedule.getByLabel('Fecha').waitFor();
    await schedule.getByLabel('Fecha').fill(nextWeek());
    await schedule.getByLabel('Hora').fill('09:15');
    await schedule.getByLabel('Mensaje (opcional)').fill('Pastillas del desayuno');
    await schedule.getByLabel('Repetir', { exact: true }).check();
    await schedule.getByLabel('Se repite').selectOption('weekly');
    await schedule.getByLabel('mar', { exact: true }).check();
    await schedule.getByLabel('jue', { exact: true }).check();
    await accessible(client, 'the Schedule Reminder dialog in Spanish');
    await schedule.getByRole('button', { name: 'Programar recordatorio' }).click();
    await client.getByText('El recordatorio recurrente se programó correctamente').first().waitFor();

    const reminders = client.getByRole('region', { name: 'Mis recordatorios' });
    const reminder = reminders.getByRole('listitem').filter({ hasText: 'Pastillas del desayuno' });
    await reminder.getByText(/^Cada semana, los mar, jue · Llamada telefónica/).waitFor();
    // Dates and times as Spanish speakers read them: "2 de diciembre de 2026, 9:15 a. m."
    const upcoming = client.getByRole('region', { name: 'Próximos recordatorios' });
    await upcoming
      .getByText(/\d{1,2} de [a-z]+ de \d{4}, 9:15 a\.\s?m\./)
      .first()
      .waitFor();
    await client.getByRole('region', { name: 'Historial' }).waitFor();
    await accessible(client, 'the portal in Spanish');
    await docsScreenshot(client, 'client-portal-es-390');

    // The switch says "English" in English; the choice is the client's own, kept by the server.
    await client.getByRole('button', { name: 'English', exact: true }).click();
    await client.getByRole('heading', { level: 1, name: 'Welcome, Rosa!' }).waitFor();
    assert.equal(await client.evaluate(() => document.documentElement.lang), 'en');
    const saved = async () =>
      ((await (await client.request.get(`${APP_URL}/api/client/settings`)).json()) as { language: string }).language;
    await waitForAnswer(client, '/api/client/settings', (settings: { language: string }) => settings.language === 'en', null, 5000);
    assert.equal(await saved(), 'en');
    await client.getByRole('button', { name: 'Español', exact: true }).click();
    await client.getByRole('heading', { level: 1, name: '¡Bienvenido, Rosa!' }).waitFor();
    await waitForAnswer(client, '/api/client/settings', (settings: { language: string }) => settings.language === 'es', null, 5000);
    assert.equal(await saved(), 'es');
    assert.deepEqual(errors, []);
    await context.close();
  });

  it('opens the sign-in page in Spanish from ?lang=es or a Spanish browser, and remembers a switch', async () => {
    const context = await browser.newContext({ viewport: { width: 390, height: 844 }, locale: 'es-US' });
    const page = await context.newPage();
    await page.goto(`${APP_URL}/client/login`);
    await page.getByRole('heading', { level: 1, name: 'Iniciar sesión' }).waitFor();
    await accessible(page, 'the sign-in page in Spanish');
    await docsScreenshot(page, 'client-login-es-390');
    await page.getByRole('button', { name: 'English', exact: true }).click();
    await page.getByRole('heading', { level: 1, name: 'Client Sign In' }).waitFor();
    await page.reload();
    await page.getByRole('heading', { level: 1, name: 'Client Sign In' }).waitFor();
    await context.close();

    const english = await browser.newContext({ viewport: { width: 1280, height: 900 }, locale: 'en-US' });
    const landing = await english.newPage();
    await landing.goto(`${APP_URL}/?lang=es`);
    await landing.getByRole('heading', { level: 1, name: 'Evite perder clientes en el AEP. Haga crecer su cartera.' }).waitFor();
    await accessible(landing, 'the landing page in Spanish');
    await docsScreenshot(landing, 'landing-es-1280');
    await english.close();
  });
});
