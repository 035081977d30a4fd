import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';

import { type Browser, type Page, request } from 'playwright-core';

import {
  APP_URL,
  call,
  docsScreenshot,
  launchBrowser,
  seriousAccessibilityViolations,
  signIn,
  uniqueEmail,
  watchErrors,
} from './browser.ts';

/** Whether the page still holds a secret anywhere: in its markup or in a field's value. */
async function pageHolds(page: Page, secret: string): Promise<boolean> {
  return page.evaluate((secret) => {
    const doc = (globalThis as unknown as { document: Document }).document;
    const fields = [...doc.querySelectorAll('input, textarea')] as (HTMLInputElement | HTMLTextAreaElement)[];
    return doc.documentElement.outerHTML.includes(secret) || fields.some((field) => field.value.includes(secret));
  }, secret);
}

/** Waits two frames after a scroll: the page has had its scroll event and drawn what came into view. */
async function scrollHandled(page: Page): Promise<void> {
  await page.evaluate(() => new Promise<void>((resolve) => requestAnimationFrame(() => requestAnimationFrame(() => resolve()))));
}

/**
 * API access: a broker makes a personal access token, sees its secret once, copies it, uses it
 * against the API as themselves, and revokes it, after which it no longer works.
 */
describe('API access in Chromium', () => {
  let browser: Browser;
  before(async () => {
    browser = await launchBrowser();
  });
  after(async () => {
    await browser.close();
  });

  it('creates a token, shows it once, copies it; it works until it is revoked', async () => {
    const email = uniqueEmail('api.tokens');
    const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
    await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: APP_URL });
    const page = await context.newPage();
    const errors = watchErrors(page);
    await signIn(page, { email });

    await page.getByTestId('sidebar').getByRole('link', { name: 'API access', exact: true }).click();
    await page.waitForURL(`${APP_URL}/api-access`);
    await page.getByRole('heading', { level: 1, name: 'API access' }).waitFor();
    await page.getByText('No tokens yet').waitFor();
    assert.equal(await page.getByRole('link', { name: 'Read the API documentation' }).getAttribute('href'), '/api/docs');
    assert.deepEqual(await seriousAccessibilityViolations(page), [], 'axe on the empty page at 1280 px');

    // Create: a name, clients:read, and no expiry.
    await page.getByRole('button', { name: 'Create token' }).first().click();
    const form = page.getByRole('dialog', { name: 'Create a token' });
    await form.getByRole('checkbox', { name: /^clients:read/ }).waitFor();
    // A broker may not grant the admin scopes: they are not offered.
    assert.equal(await form.getByRole('checkbox', { name: /^admin:/ }).count(), 0);
    assert.deepEqual(await seriousAccessibilityViolations(page), [], 'axe on the create dialog at 1280 px');
    await form.getByRole('button', { name: 'Create' }).click();
    await form.getByText('Choose at least one scope').waitFor();
    await form.getByRole('textbox', { name: 'Name' }).fill('Spreadsheet');
    await form.getByRole('checkbox', { name: /^clients:read/ }).check();
    await form.getByRole('radio', { name: 'No expiry' }).check();
    await form.getByRole('button', { name: 'Create' }).click();

    // Shown once, read-only, with Copy.
    const shown = page.getByRole('dialog', { name: 'Your new token' });
    await shown.waitFor();
    await shown.getByText('Copy this token now. You will not be able to see it again.').waitFor();
    const field = shown.getByRole('textbox', { name: 'Token' });
    const token = await field.inputValue();
    assert.match(token, /^ck_pat_\S{20,}$/);
    assert.equal(await field.getAttribute('readonly'), '');
    assert.deepEqual(await seriousAccessibilityViolations(page), [], 'axe on the new token dialog at 1280 px');
    await shown.getByRole('button', { name: 'Copy' }).click();
    await page.getByText('Copied', { exact: true }).waitFor();
    assert.equal(await page.evaluate(() => navigator.clipboard.readText()), token);

    // The token works on its own (no session) and as the only credential that counts.
    const bearer = { Authorization: `Bearer ${token}` };
    const bare = await request.newContext({ baseURL: APP_URL });
    assert.equal((await page.request.get(`${APP_URL}/api/clients`, { headers: bearer })).status(), 200);
    assert.equal((await bare.get('/api/clients', { headers: bearer })).status(), 200);

    // Closing forgets it: nowhere on the page any more.
    await shown.getByRole('button', { name: 'Done' }).click();
    await shown.waitFor({ state: 'detached' });
    assert.equal(await pageHolds(page, token), false, 'the secret is gone from the page');

    // Listed by name and prefix only.
    const table = page.getByRole('table', { name: 'Your tokens' });
    const row = table.getByRole('row').filter({ hasText: 'Spreadsheet' });
    await row.waitFor();
    const prefix = (await row.getByText(/^ck_pat_\S+…$/).textContent())?.replace(/…$/, '') ?? '';
    assert.ok(prefix.length > 'ck_pat_'.length && token.startsWith(prefix), `the prefix ${prefix} starts the token`);
    await row.getByText('clients:read', { exact: true }).waitFor();
    assert.deepEqual(await seriousAccessibilityViolations(page), [], 'axe on the list at 1280 px');
    await docsScreenshot(page, 'api-access-1280');

    // Revoke, after confirming.
    await row.getByRole('button', { name: 'Revoke “Spreadsheet”' }).click();
    const confirm = page.getByRole('dialog', { name: 'Revoke token' });
    await confirm.getByText('Revoke “Spreadsheet”? Anything using it stops working at once.').waitFor();
    await confirm.getByRole('button', { name: 'Revoke', exact: true }).click();
    await page.getByText('Token revoked', { exact: true }).waitFor();
    await confirm.waitFor({ state: 'detached' });
    await page.getByText('No tokens yet').waitFor();

    assert.equal((await page.request.get(`${APP_URL}/api/clients`, { headers: bearer })).status(), 401);
    assert.equal((await bare.get('/api/clients', { headers: bearer })).status(), 401);
    await bare.dispose();

    // The activity tells the story, newest first.
    const activity = page.getByRole('list', { name: 'Recent activity' });
    await activity.getByText('Revoked', { exact: true }).waitFor();
    const kinds = await activity.getByRole('listitem').evaluateAll((items) => items.map((item) => item.textContent ?? ''));
    assert.ok(kinds[0].startsWith('Revoked'), kinds[0]);
    assert.ok(
      kinds.some((text) => text.startsWith('First used')),
      kinds.join(' | '),
    );
    assert.ok(kinds.at(-1)?.startsWith('Created'), kinds.join(' | '));

    assert.deepEqual(errors, []);
    await context.close();
  });

  it('lists the tokens as cards on a phone (390 px), with no serious accessibility problem', async () => {
    const context = await browser.newContext({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });
    const page = await context.newPage();
    const errors = watchErrors(page);
    await signIn(page, { email: uniqueEmail('api.tokens.phone') });
    await call(page, 'POST', '/api/tokens', { name: 'My CRM', scopes: ['clients:read', 'reminders:read'], expiresInDays: 90 });
    await page.goto(`${APP_URL}/api-access`);
    await page.getByRole('heading', { level: 1, name: 'API access' }).waitFor();
    const card = page.getByRole('article', { name: 'Token “My CRM”' });
    await card.waitFor();
    assert.equal(await page.getByRole('table').count(), 0);
    await card.getByRole('button', { name: 'Revoke “My CRM”' }).waitFor();
    assert.deepEqual(await seriousAccessibilityViolations(page), [], 'axe on the list at 390 px');
    await docsScreenshot(page, 'api-access-390');

    await page.getByRole('button', { name: 'Create token' }).first().click();
    const form = page.getByRole('dialog', { name: 'Create a token' });
    await form.getByRole('checkbox', { name: /^clients:read/ }).waitFor();
    assert.deepEqual(await seriousAccessibilityViolations(page), [], 'axe on the create dialog at 390 px');
    await form.getByRole('button', { name: 'Cancel' }).click();
    await form.waitFor({ state: 'detached' });
    assert.deepEqual(errors, []);
    await context.close();
  });

  it('lets a developer authorize Swagger UI with a token and try an operation; the authorization survives a reload', async () => {
    const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
    const owner = await context.newPage();
    await signIn(owner, { email: uniqueEmail('api.tokens.swagger') });
    await call(owner, 'POST', '/api/clients', { firstName: 'Rosa', lastName: 'Swagger', phone: '(615) 555-0142' });
    const { token } = (await call(owner, 'POST', '/api/tokens', { name: 'Swagger UI', scopes: ['clients:read'], expiresInDays: 30 })) as {
      token: string;
    };
    await context.close();

    // A fresh browser with no session: the token is the only credential.
    const docsContext = await browser.newContext({ viewport: { width: 1280, height: 900 } });
    const page = await docsContext.newPage();
    await page.goto(`${APP_URL}/api/docs`);
    await page.getByRole('button', { name: 'Authorize' }).first().click();
    // Each scheme has its own form; the bearer one is the token.
    const bearer = page.locator('.modal-ux .auth-container').filter({ hasText: 'Bearer' });
    await bearer.locator('#auth-bearer-value').fill(token);
    await bearer.getByRole('button', { name: 'Apply credentials' }).click();
    await bearer.getByRole('button', { name: 'Remove authorization' }).waitFor();
    assert.match((await bearer.textContent()) ?? '', /Authorized/);
    await bearer.getByRole('button', { name: 'Close' }).click();

    // Every operation of the contract is drawn. Above a hundred or so operations Swagger UI draws
    // only those near the viewport (".operations-virtual"), so the page is scrolled to the end and
    // every operation block met on the way is counted.
    const contract = (await (await docsContext.request.get(`${APP_URL}/api/docs/openapi.json`)).json()) as {
      paths: Record<string, Record<string, unknown>>;
    };
    const operations = Object.values(contract.paths).flatMap((item) => Object.keys(item)).length;
    await page.locator('.opblock').first().waitFor();
    const drawn = new Set<string>();
    for (let step = 0; step < 1000; step += 1) {
      for (const id of await page.evaluate(() => [...document.querySelectorAll('.opblock')].map((block) => block.id))) drawn.add(id);
      const atEnd = await page.evaluate(() => {
        window.scrollBy(0, window.innerHeight / 2);
        return window.scrollY + window.innerHeight >= document.body.scrollHeight - 2;
      });
      await scrollHandled(page);
      if (atEnd && step > 0) break;
    }
    for (const id of await page.evaluate(() => [...document.querySelectorAll('.opblock')].map((block) => block.id))) drawn.add(id);
    assert.equal(drawn.size, operations, 'every operation is drawn');
    // The page draws what is near the viewport: scroll from the top until the operation is drawn.
    const operation = page.locator('#operations-clients-ClientsController_list');
    await page.evaluate(() => window.scrollTo(0, 0));
    for (let step = 0; step < 1000 && (await operation.count()) === 0; step += 1) {
      await page.evaluate(() => window.scrollBy(0, window.innerHeight / 2));
      await scrollHandled(page);
    }
    await operation.locator('.opblock-summary-control').click();
    await operation.getByRole('button', { name: 'Try it out' }).click();
    // The filter comes filled with its example (a search for someone else): this broker lists everyone.
    await operation.locator('tr[data-param-name="filter"] input').fill('');
    await operation.getByRole('button', { name: 'Execute' }).click();
    const answer = operation.locator('.live-responses-table .response');
    await answer.first().waitFor();
    assert.equal((await answer.locator('.response-col_status').first().textContent())?.trim(), '200');
    assert.match((await operation.locator('.curl').textContent()) ?? '', /Authorization: Bearer ck_pat_/);
    assert.match((await operation.locator('.live-responses-table .microlight').first().textContent()) ?? '', /Swagger/);

    // persistAuthorization: a reload keeps the token.
    await page.reload();
    await page.getByRole('button', { name: 'Authorize' }).first().click();
    await page
      .locator('.modal-ux .auth-container')
      .filter({ hasText: 'token (http, Bearer)' })
      .getByRole('button', { name: 'Remove authorization' })
      .waitFor();
    await docsContext.close();
  });

  it('speaks Spanish to a broker who works in Spanish, with no serious accessibility problem', async () => {
    const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
    const page = await context.newPage();
    const errors = watchErrors(page);
    await signIn(page, { email: uniqueEmail('api.tokens.es') });
    await call(page, 'PUT', '/api/profile', { language: 'es' });
    await call(page, 'POST', '/api/tokens', { name: 'Mi CRM', scopes: ['clients:read', 'clients:write'], expiresInDays: 365 });
    await page.goto(`${APP_URL}/api-access`);
    await page.getByRole('heading', { level: 1, name: 'Acceso a la API' }).waitFor();
    await page.getByRole('table', { name: 'Sus tokens de acceso' }).getByRole('button', { name: 'Revocar “Mi CRM”' }).waitFor();
    assert.deepEqual(await seriousAccessibilityViolations(page), [], 'axe on the Spanish page at 1280 px');
    await docsScreenshot(page, 'api-access-es-1280');

    await page.getByRole('button', { name: 'Crear token' }).first().click();
    const form = page.getByRole('dialog', { name: /token/i });
    await form.getByRole('checkbox', { name: /^clients:read/ }).waitFor();
    assert.deepEqual(await seriousAccessibilityViolations(page), [], 'axe on the Spanish create dialog');
    await page.keyboard.press('Escape');
    await form.waitFor({ state: 'detached' });

    await page.setViewportSize({ width: 390, height: 844 });
    await page.getByRole('article', { name: 'Token “Mi CRM”' }).waitFor();
    assert.deepEqual(await seriousAccessibilityViolations(page), [], 'axe on the Spanish page at 390 px');
    await docsScreenshot(page, 'api-access-es-390');
    assert.deepEqual(errors, []);
    await context.close();
  });
});
