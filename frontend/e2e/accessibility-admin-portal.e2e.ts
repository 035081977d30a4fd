import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';

import type { Browser } from 'playwright-core';

import { audit } from './a11y.ts';
import { call, launchBrowser, signIn, testNow, uniqueEmail } from './browser.ts';

/** Issues 25 and 29: axe (WCAG 2.1 AA) finds nothing serious or critical on any admin, public or portal page (the broker pages: accessibility-broker.e2e.ts). */
describe('every admin, public and portal page in Chromium, with axe', () => {
  let browser: Browser;
  before(async () => {
    browser = await launchBrowser();
  });
  after(async () => {
    await browser.close();
  });

  it('has no serious or critical violation on any admin page, at 1280 and 390 px', async () => {
    const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
    const page = await context.newPage();
    await signIn(page, { admin: true });
    const brokers = (await call(page, 'GET', '/api/admin/brokers?range=[0,0]')) as { id: string }[];
    const found = await audit(page, [
      ['/admin', 'Admin Dashboard'],
      ['/admin/brokers', 'Broker Management'],
      [`/admin/brokers/${brokers[0].id}`, /./],
      ['/admin/resources', 'Resource Management'],
      ['/admin/audit', 'Audit Log'],
      ['/admin/admins', 'Admins'],
      ['/admin/help', 'Admin Guide'],
    ]);
    assert.deepEqual(found, {});
    await context.close();
  });

  it('has no serious or critical violation on any admin page in Spanish, at 1280 and 390 px', async () => {
    const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
    const page = await context.newPage();
    await signIn(page, { admin: true });
    await call(page, 'PUT', '/api/profile', { language: 'es' });
    try {
      const brokers = (await call(page, 'GET', '/api/admin/brokers?range=[0,0]')) as { id: string }[];
      const found = await audit(page, [
        ['/admin', 'Panel de administración'],
        ['/admin/brokers', 'Gestión de agentes'],
        [`/admin/brokers/${brokers[0].id}`, /./],
        ['/admin/resources', 'Gestión de recursos'],
        ['/admin/audit', 'Registro de auditoría'],
        ['/admin/admins', 'Administradores'],
        ['/admin/help', 'Guía del administrador'],
      ]);
      assert.deepEqual(found, {});
      assert.equal(await page.evaluate(() => document.documentElement.lang), 'es');
    } finally {
      // The demo admin is shared with the other browser tests, which read the pages in English.
      await call(page, 'PUT', '/api/profile', { language: 'en' });
      await context.close();
    }
  });

  it('has no serious or critical violation on any public or client portal page, signed out and signed in, with a pale yellow agency colour, at 1280 and 390 px', async () => {
    const brokerContext = await browser.newContext();
    const broker = await brokerContext.newPage();
    await signIn(broker, { email: uniqueEmail('a11y.portal') });
    // A pale yellow agency colour (1.3:1 on white): the portal draws a readable shade of it.
    await call(broker, 'PUT', '/api/branding', { agencyName: 'Sunrise Benefits', agencyPhone: '(615) 555-0142', primaryColor: '#fde047' });
    const { slug } = (await call(broker, 'GET', '/api/branding/portal-link')) as { slug: string };
    const phone = `+1 (615) 555-${String(1000 + Math.floor(Math.random() * 9000))}`;
    const invite = async () => {
      const client = (await call(broker, 'POST', '/api/clients', { firstName: 'Ruth', lastName: 'Alvarez', phone })) as { id: string };
      const { inviteUrl } = (await call(broker, 'POST', `/api/clients/${client.id}/invite`)) as { inviteUrl: string };
      return new URL(inviteUrl).pathname.split('/').pop()!;
    };
    const token = await invite();
    await brokerContext.close();

    const context = await browser.newContext();
    await context.addInitScript(() => localStorage.setItem('tour_completed_client_welcome', 'true'));
    const page = await context.newPage();
    const signedOut = await audit(page, [
      ['/', /Stop AEP Churn/],
      ['/client/login', 'Client Sign In'],
      [`/client/login?agency=${slug}`, /Sign in/i],
      ['/client/forgot-password', 'Reset Your Password'],
      [`/client/register/${token}`, 'Create Your Account'],
      ['/client/register/not-a-real-invitation', 'Invalid Invitation'],
      ['/account-suspended', 'Your account is suspended'],
    ]);
    assert.deepEqual(signedOut, {});

    await call(page, 'POST', '/api/client/register', { token, username: `ruth.a11y.${testNow()}`, password: 'violet-tractor-91' });
    const signedInPages = await audit(page, [
      ['/client/portal', 'Welcome, Ruth!'],
      ['/client/help', /./],
    ]);
    assert.deepEqual(signedInPages, {});
    await context.close();
  });
});
