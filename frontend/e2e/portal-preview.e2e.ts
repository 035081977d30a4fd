import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';

import type { Browser, BrowserContext, Page } from 'playwright-core';

import { APP_URL, call, launchBrowser, seriousAccessibilityViolations, signIn, testNow, uniqueEmail, watchErrors } from './browser.ts';

/** The broker's preview: the broker app's heading and menu, the agency's name, sample data only. */
async function assertPreview(page: Page): Promise<void> {
  await page.getByRole('heading', { level: 1, name: 'Client Portal Preview' }).waitFor();
  const selected = page.getByTestId('sidebar').getByRole('link', { name: 'Client Portal Preview', exact: true });
  assert.equal(await selected.getAttribute('aria-current'), 'page');
  const preview = page.getByRole('region', { name: 'Client portal preview' });
  await preview.getByText('Preview Lane Insurance').first().waitFor();
  assert.ok(await preview.getByText('Welcome, Margaret!').isVisible());
  assert.ok(await preview.getByText(/Lisinopril/).isVisible());
  assert.equal(await page.getByText('Warfarin').count(), 0, 'the client’s own medication never reaches the broker');
  assert.equal(await page.getByText('Welcome, Opal!').count(), 0);
  assert.equal(new URL(page.url()).pathname, '/client/portal');
}

describe('Client Portal Preview at its own address', () => {
  let browser: Browser;
  let brokerContext: BrowserContext;
  let broker: Page;
  let clientContext: BrowserContext;
  let client: Page;

  before(async () => {
    browser = await launchBrowser();
    brokerContext = await browser.newContext({ viewport: { width: 1280, height: 800 } });
    broker = await brokerContext.newPage();
    await signIn(broker, { email: uniqueEmail('portal-preview') });
    await call(broker, 'PUT', '/api/branding', {
      primaryColor: '#2563eb',
      secondaryColor: '#10b981',
      agencyName: 'Preview Lane Insurance',
      agencyPhone: '',
      sponsorMessage: '',
    });
    // The app reads the broker's branding once per load.
    await broker.reload();
    await broker.getByRole('heading', { level: 1, name: 'Dashboard' }).waitFor();
    const phone = `+1 (615) 555-${String(1000 + Math.floor(Math.random() * 9000))}`;
    const created = (await call(broker, 'POST', '/api/clients', { firstName: 'Opal', lastName: 'Reyes', phone })) as { id: string };
    const { inviteUrl } = (await call(broker, 'POST', `/api/clients/${created.id}/invite`)) as { inviteUrl: string };
    const token = new URL(inviteUrl).pathname.split('/').pop();

    // A real client of this broker, with health data of their own.
    clientContext = await browser.newContext({ viewport: { width: 1280, height: 800 } });
    await clientContext.addInitScript(() => localStorage.setItem('tour_completed_client_welcome', 'true'));
    client = await clientContext.newPage();
    await client.goto(`${APP_URL}/client/login`);
    await call(client, 'POST', '/api/client/register', { token, username: `opal${testNow()}`, password: 'amber-orchard-42' });
    await call(client, 'POST', '/api/client/medications', { name: 'Warfarin', dosage: '5 mg', frequency: null, instructions: null });
  });

  after(async () => {
    await browser.close();
  });

  it('survives a reload and opens from a direct link, in the broker app, with sample data only', async () => {
    const errors = watchErrors(broker);
    await broker.getByTestId('sidebar').getByRole('link', { name: 'Client Portal Preview', exact: true }).click();
    await assertPreview(broker);

    await broker.reload();
    await assertPreview(broker);
    assert.equal(await broker.getByRole('heading', { name: 'Client Portal', exact: true }).count(), 0, 'not the client sign-in');

    await broker.goto(`${APP_URL}/client/dashboard`);
    await assertPreview(broker);

    const fresh = await brokerContext.newPage();
    await fresh.goto(`${APP_URL}/client/portal`);
    await assertPreview(fresh);
    assert.deepEqual(await seriousAccessibilityViolations(fresh), [], 'the preview at 1280 px');
    await fresh.setViewportSize({ width: 390, height: 844 });
    assert.deepEqual(await seriousAccessibilityViolations(fresh), [], 'the preview at 390 px');
    await fresh.close();
    // On the portal's paths the app first asks whether a client is signed in: for a broker, no.
    assert.deepEqual(
      errors.filter((e) => !/status of 40[13]/.test(e)),
      [],
    );
  });

  it('keeps a client’s own portal at both paths, and sends a signed-out visitor to the client sign-in', async () => {
    const errors = watchErrors(client);
    for (const path of ['/client/portal', '/client/dashboard']) {
      await client.goto(`${APP_URL}${path}`);
      await client.getByRole('heading', { level: 1, name: 'Welcome, Opal!' }).waitFor();
      await client.getByRole('region', { name: 'My Medications' }).getByText('Warfarin').waitFor();
      assert.equal(await client.getByText('Client Portal Preview').count(), 0);
      await client.reload();
      await client.getByRole('heading', { level: 1, name: 'Welcome, Opal!' }).waitFor();
    }
    // A client's page load makes no failed request on the way.
    assert.deepEqual(errors, []);

    const visitor = await browser.newContext({ viewport: { width: 390, height: 844 } });
    const page = await visitor.newPage();
    for (const path of ['/client/portal', '/client/dashboard']) {
      await page.goto(`${APP_URL}${path}`);
      await page.waitForURL(`${APP_URL}/client/login`);
    }
    await visitor.close();
  });
});
