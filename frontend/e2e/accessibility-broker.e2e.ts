import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';

import type { Browser } from 'playwright-core';

import { audit } from './a11y.ts';
import { APP_URL, call, docsScreenshot, launchBrowser, signIn, uniqueEmail } from './browser.ts';

/** Issues 25 and 29: axe (WCAG 2.1 AA) finds nothing serious or critical on any broker page (the admin and portal pages: accessibility-admin-portal.e2e.ts). */
describe('every broker page in Chromium, with axe', () => {
  let browser: Browser;
  before(async () => {
    browser = await launchBrowser();
  });
  after(async () => {
    await browser.close();
  });

  it('has no serious or critical violation on any broker page, with data, at 1280 and 390 px', async () => {
    const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
    const page = await context.newPage();
    await signIn(page);
    const [client] = (await call(page, 'GET', '/api/clients?range=[0,0]')) as { id: string }[];
    const campaign = (await call(page, 'POST', '/api/campaigns', {
      name: 'Accessibility check',
      type: 'sms',
      message: 'Our office is closed on Thursday.',
    })) as { id: string };
    const found = await audit(page, [
      ['/', 'Dashboard'],
      ['/clients', 'Client Management'],
      [`/clients/${client.id}`, /./],
      [`/clients/${client.id}/edit`, /^Edit /],
      ['/reminders', 'Client Reminders'],
      ['/campaigns', 'Messaging Campaigns'],
      [`/campaigns/${campaign.id}/show`, 'Accessibility check'],
      ['/tasks', 'Tasks'],
      ['/inbox', 'Inbox'],
      ['/compliance', 'Compliance'],
      ['/resources', /Resource/],
      ['/billing', /Billing|Subscription/],
      ['/branding', /Branding/],
      ['/settings', 'Settings'],
      ['/api-access', 'API access'],
      ['/activity-log', 'Activity log'],
      ['/help', /Help/],
      ['/client/portal', /Client Portal Preview/],
      ['/dev/outbox', /Outbox/],
    ]);
    assert.deepEqual(found, {});
    await context.close();
  });

  it('has no serious or critical violation on any broker page in Spanish, with data, at 1280 and 390 px', async () => {
    const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
    const page = await context.newPage();
    await signIn(page);
    await call(page, 'PUT', '/api/profile', { language: 'es' });
    try {
      const [client] = (await call(page, 'GET', '/api/clients?range=[0,0]')) as { id: string }[];
      const found = await audit(page, [
        ['/', 'Panel'],
        ['/clients', 'Gestión de clientes'],
        [`/clients/${client.id}`, /./],
        [`/clients/${client.id}/edit`, /./],
        ['/reminders', 'Recordatorios para clientes'],
        ['/campaigns', 'Campañas de mensajes'],
        ['/tasks', 'Tareas'],
        ['/inbox', 'Bandeja de entrada'],
        ['/compliance', 'Cumplimiento'],
        ['/resources', 'Recursos'],
        ['/billing', 'Facturación y suscripción'],
        ['/branding', 'Personalización de marca'],
        ['/settings', 'Configuración'],
        ['/api-access', 'Acceso a la API'],
        ['/activity-log', 'Registro de actividad'],
        ['/help', 'Ayuda y guía'],
        ['/client/portal', 'Vista previa del portal del cliente'],
        ['/dev/outbox', 'Bandeja de salida'],
      ]);
      assert.deepEqual(found, {});
      assert.equal(await page.evaluate(() => document.documentElement.lang), 'es');
    } finally {
      // The demo broker is shared with the other browser tests, which read the pages in English.
      await call(page, 'PUT', '/api/profile', { language: 'en' });
      await context.close();
    }
  });

  it('has no serious or critical violation with a pale yellow agency colour, at 1280 and 390 px', async () => {
    const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
    const page = await context.newPage();
    // A new agency (its dashboard shows the onboarding card) whose colours read 1.3:1 and 1.6:1 on white.
    await signIn(page, { email: uniqueEmail('a11y.yellow') });
    await call(page, 'PUT', '/api/branding', { primaryColor: '#fde047', secondaryColor: '#86efac', agencyName: 'Sunny Day Insurance' });
    await call(page, 'POST', '/api/clients', { firstName: 'Iris', lastName: 'Lane', phone: '(615) 555-0188', email: 'iris@client.test' });
    await call(page, 'POST', '/api/campaigns', { name: 'Yellow news', type: 'sms', message: 'Our office is open Saturday.' });
    const found = await audit(page, [
      ['/', 'Dashboard'],
      ['/clients', 'Client Management'],
      ['/campaigns', 'Messaging Campaigns'],
      ['/branding', /Branding/],
      ['/settings', 'Settings'],
      ['/client/portal', /Client Portal Preview/],
    ]);
    assert.deepEqual(found, {});
    // Branding says the colour is hard to read and shows the shade used instead.
    await page.setViewportSize({ width: 1280, height: 900 });
    await page.goto(`${APP_URL}/branding`);
    await page.getByRole('alert').filter({ hasText: 'This color is hard to read on white' }).waitFor();
    await docsScreenshot(page, 'branding-pale-color');
    await context.close();
  });
});
