import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';

import type { Browser, Page } from 'playwright-core';

import {
  APP_URL,
  call,
  launchBrowser,
  networkSettled,
  seriousAccessibilityViolations,
  signIn,
  testNow,
  trackRequests,
  uniqueEmail,
} from './browser.ts';

const WIDTHS = [1280, 390];

/** Each page with what shows it has loaded: its level-1 heading. */
type PageCheck = [path: string, heading: string | RegExp];

/**
 * Opens a page as the app's own links do: a new entry in the browser's history, which the app's
 * router follows without loading the app again. Its level-1 heading is waited for among headings
 * that were not on the page before (the previous page's may have the same name).
 */
async function followInApp(page: Page, path: string, heading: string | RegExp): Promise<void> {
  await page.evaluate((to) => {
    for (const element of document.querySelectorAll('h1, [role="heading"]')) element.setAttribute('data-left-behind', '');
    window.history.pushState(null, '', to);
    window.dispatchEvent(new PopStateEvent('popstate'));
  }, path);
  await page.getByRole('heading', { level: 1, name: heading }).and(page.locator(':not([data-left-behind])')).first().waitFor();
}

/**
 * Visits each page at both widths and collects axe's serious and critical findings, page by page.
 * The first page at each width is loaded from its address; the others are reached inside the app,
 * as a user moves from page to page (each page's own loading from its address is what the other
 * browser tests do), except the same page with other parameters, which keeps its heading's element.
 */
async function audit(page: Page, pages: PageCheck[]): Promise<Record<string, string[]>> {
  const found: Record<string, string[]> = {};
  trackRequests(page);
  for (const width of WIDTHS) {
    await page.setViewportSize({ width, height: width > 600 ? 900 : 844 });
    let previous: string | undefined;
    for (const [path, heading] of pages) {
      const { pathname } = new URL(path, APP_URL);
      const fresh = pathname === previous || previous === undefined;
      previous = pathname;
      if (fresh) {
        await page.goto(`${APP_URL}${path}`);
        await page.getByRole('heading', { level: 1, name: heading }).first().waitFor();
      } else {
        await followInApp(page, path, heading);
      }
      // Lists and figures load after the heading: wait for the requests to settle.
      await networkSettled(page);
      const violations = await seriousAccessibilityViolations(page);
      if (violations.length > 0) found[`${path} at ${width} px`] = violations;
    }
  }
  return found;
}

/** Issues 25 and 29: axe (WCAG 2.1 AA) finds nothing serious or critical on any broker, admin or portal page. */
describe('every broker, admin and portal page in Chromium, with axe', () => {
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
      ['/compliance', 'Compliance'],
      ['/resources', /Resource/],
      ['/billing', /Billing|Subscription/],
      ['/branding', /Branding/],
      ['/settings', 'Settings'],
      ['/api-access', 'API access'],
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
        ['/compliance', 'Cumplimiento'],
        ['/resources', 'Recursos'],
        ['/billing', 'Facturación y suscripción'],
        ['/branding', 'Personalización de marca'],
        ['/settings', 'Configuración'],
        ['/api-access', 'Acceso a la API'],
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

  it('has no serious or critical violation on any public or client portal page, signed out and signed in, at 1280 and 390 px', async () => {
    const brokerContext = await browser.newContext();
    const broker = await brokerContext.newPage();
    await signIn(broker, { email: uniqueEmail('a11y.portal') });
    await call(broker, 'PUT', '/api/branding', { agencyName: 'Sunrise Benefits', agencyPhone: '(615) 555-0142' });
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
