import assert from 'node:assert/strict';
import { readFile } from 'node:fs/promises';
import { after, before, describe, it } from 'node:test';

import type { Browser, Page } from 'playwright-core';

import {
  APP_URL,
  call,
  chooseOption,
  docsScreenshot,
  joinAgency,
  launchBrowser,
  menuLinks,
  seriousAccessibilityViolations,
  signIn,
  uniqueEmail,
  watchErrors,
} from './browser.ts';

const toast = (page: Page, title: string) => page.locator('.MuiAlertTitle-root', { hasText: title });

/** The log's rows as 'Action | Member | About', top to bottom. */
async function logRows(page: Page): Promise<string[]> {
  return page
    .locator('tbody tr')
    .evaluateAll((rows) =>
      rows.map((row) => [3, 2, 4].map((n) => row.querySelector(`td:nth-child(${n}) p`)?.textContent?.trim() ?? '').join(' | ')),
    );
}

/** RFC 4180 rows of the export (quoted cells may hold commas and quotes). */
function csvRows(text: string): string[][] {
  return text
    .replace(/^\uFEFF/, '')
    .split('\r\n')
    .filter(Boolean)
    .map((line) =>
      [...line.matchAll(/("(?:[^"]|"")*"|[^,]*)(?:,|$)/g)].map((m) => m[1].replace(/^"|"$/g, '').replace(/""/g, '"')).slice(0, 9),
    );
}

/**
 * An agency's activity log: the owner invites a read-only member (a compliance reviewer) and an
 * agent; the agent joins and adds a client; the owner reads who did what, filters by the agent and
 * exports; the read-only member reads it too, the agent has no such page; an admin sees the
 * agency's activity on the broker's detail page.
 */
describe('the agency activity log in Chromium', () => {
  let browser: Browser;
  before(async () => {
    browser = await launchBrowser();
  });
  after(async () => {
    await browser.close();
  });

  it('records who did what, for the owner and the read-only member to read, filter and export', async () => {
    const ownerEmail = uniqueEmail('log.owner');
    const reviewerEmail = uniqueEmail('log.reviewer');
    const agentEmail = uniqueEmail('log.agent');
    const ownerContext = await browser.newContext({ viewport: { width: 1280, height: 900 }, acceptDownloads: true });
    const owner = await ownerContext.newPage();
    const errors = watchErrors(owner);
    await signIn(owner, { email: ownerEmail });
    const agency = (await call(owner, 'GET', '/api/auth/user')) as { id: string };

    // The owner invites them from the page, as the Team page's dialog does.
    const invite = async (email: string, role: 'agent' | 'read_only') =>
      ((await call(owner, 'POST', '/api/members', { email, role })) as { invitationUrl: string }).invitationUrl;
    const agentLink = await invite(agentEmail, 'agent');
    const reviewerLink = await invite(reviewerEmail, 'read_only');

    // The agent joins, adds a client and corrects her phone; the log is not theirs to read.
    const agentContext = await browser.newContext({ viewport: { width: 1280, height: 900 } });
    const agent = await joinAgency(agentContext, agentLink, agentEmail, ['Luis', 'Ortega']);
    assert.ok(!(await menuLinks(agent)).includes('Activity log'), 'an agent is not offered the Activity log');
    await agent.getByTestId('sidebar').getByRole('link', { name: 'Clients', exact: true }).click();
    await agent.getByRole('button', { name: 'Add Client' }).click();
    const add = agent.getByRole('dialog', { name: 'Add Client' });
    await add.getByLabel(/^First Name/).fill('Margaret');
    await add.getByLabel(/^Last Name/).fill('Okafor');
    await add.getByLabel(/^Phone/).fill('(615) 555-0101');
    await add.getByRole('checkbox', { name: /receive reminder calls, texts and e-mails/ }).check();
    await add.getByRole('button', { name: 'Add Client' }).click();
    await toast(agent, 'Client added').waitFor();
    const [client] = (await call(agent, 'GET', `/api/clients?filter=${encodeURIComponent('{"q":"Okafor"}')}`)) as { id: string }[];
    await call(agent, 'PUT', `/api/clients/${client.id}`, { phone: '(615) 555-0199' });
    await agent.goto(`${APP_URL}/activity-log`);
    await agent.getByRole('heading', { level: 1, name: 'Not Authorized' }).waitFor();
    await agent.getByText('Your role in this agency does not include this page.', { exact: false }).waitFor();
    await agentContext.close();

    // The owner reads who did what, newest first: the invitations, the agent joining and the client.
    await owner.reload();
    await owner.getByTestId('sidebar').getByRole('link', { name: 'Activity log', exact: true }).click();
    await owner.waitForURL(`${APP_URL}/activity-log`);
    await owner.getByRole('heading', { level: 1, name: 'Activity log' }).waitFor();
    const table = owner.getByRole('table');
    const edited = table.getByRole('row').filter({ hasText: 'Client edited' });
    await edited.waitFor();
    await edited.getByText('Phone: (615) 555-0101 → (615) 555-0199').waitFor();
    const rows = await logRows(owner);
    for (const expected of [
      'Client edited | Luis Ortega | Edited the client Margaret Okafor',
      'Client added | Luis Ortega | Added the client Margaret Okafor',
      // Joined before giving a name: the sentence names the e-mail, the member column the name now.
      `Member joined | Luis Ortega | ${agentEmail} joined the agency as an agent`,
      `Member invited | Test Broker | Invited ${reviewerEmail} to join as a read-only member`,
      `Member invited | Test Broker | Invited ${agentEmail} to join as an agent`,
    ]) {
      assert.ok(rows.includes(expected), `${expected} is listed (rows: ${rows.join('; ')})`);
    }
    assert.ok(
      rows.indexOf(rows.find((row) => row.startsWith('Client edited'))!) <
        rows.indexOf(rows.find((row) => row.startsWith('Member joined'))!),
    );
    assert.deepEqual(await seriousAccessibilityViolations(owner), [], 'axe on the Activity log at 1280 px');
    await docsScreenshot(owner, 'broker-activity-log-1280', { docsName: 'broker-activity-log' });

    // Filtered by the agent: only what the agent did, in the address and in the export.
    await chooseOption(owner, 'Member', 'Luis Ortega');
    await owner.waitForURL(/memberId/);
    await table.getByRole('row').filter({ hasText: 'Member invited' }).first().waitFor({ state: 'detached' });
    const agentRows = await logRows(owner);
    assert.ok(agentRows.length >= 3, 'the agent joined, added and edited');
    assert.ok(
      agentRows.every((row) => row.split(' | ')[1] === 'Luis Ortega'),
      `only the agent’s entries: ${agentRows.join('; ')}`,
    );
    const [download] = await Promise.all([owner.waitForEvent('download'), owner.getByRole('link', { name: 'Export CSV' }).click()]);
    assert.match(download.suggestedFilename(), /^activity-log-\d{4}-\d{2}-\d{2}\.csv$/);
    const csv = csvRows(await readFile((await download.path())!, 'utf8'));
    assert.deepEqual(csv[0], ['Time', 'Member', 'Action', 'Summary', 'Target', 'Before', 'After', 'API token', 'Address']);
    assert.equal(csv.length - 1, agentRows.length, 'the export holds the entries under the filter');
    assert.ok(csv.slice(1).every((row) => row[1] === agentEmail));
    assert.ok(csv.slice(1).some((row) => row[2] === 'client_created'));

    // At 390 px: a card per entry, still readable and accessible.
    await owner.setViewportSize({ width: 390, height: 844 });
    await owner.reload();
    await owner.getByRole('heading', { level: 1, name: 'Activity log' }).waitFor();
    await owner.getByRole('list', { name: 'Activity log' }).getByText('Client edited').waitFor();
    assert.equal(await owner.getByRole('table').count(), 0);
    assert.deepEqual(await seriousAccessibilityViolations(owner), [], 'axe on the Activity log at 390 px');
    await docsScreenshot(owner, 'broker-activity-log-390');

    // The read-only member (a compliance reviewer) reads it too.
    const reviewerContext = await browser.newContext({ viewport: { width: 1280, height: 900 } });
    const reviewer = await joinAgency(reviewerContext, reviewerLink, reviewerEmail, ['Rita', 'Review']);
    await reviewer.getByTestId('sidebar').getByRole('link', { name: 'Activity log', exact: true }).click();
    await reviewer.getByRole('heading', { level: 1, name: 'Activity log' }).waitFor();
    await reviewer.getByRole('table').getByRole('row').filter({ hasText: 'Client added' }).getByText('Luis Ortega').waitFor();
    await reviewerContext.close();

    // In Spanish: the actions and fields in the app's language.
    await call(owner, 'PUT', '/api/profile', { language: 'es' });
    await owner.setViewportSize({ width: 1280, height: 900 });
    await owner.goto(`${APP_URL}/activity-log`);
    await owner.getByRole('heading', { level: 1, name: 'Registro de actividad' }).waitFor();
    await owner.getByRole('table').getByText('Teléfono: (615) 555-0101 → (615) 555-0199').waitFor();
    await owner.getByRole('table').getByText('Miembro incorporado').first().waitFor();
    assert.deepEqual(await seriousAccessibilityViolations(owner), [], 'axe on the Spanish Activity log at 1280 px');
    await docsScreenshot(owner, 'broker-activity-log-es-1280', { docsName: 'broker-activity-log-es' });
    await owner.setViewportSize({ width: 390, height: 844 });
    await owner.reload();
    await owner.getByRole('list', { name: 'Registro de actividad' }).getByText('Cliente editado').waitFor();
    assert.deepEqual(await seriousAccessibilityViolations(owner), [], 'axe on the Spanish Activity log at 390 px');
    await docsScreenshot(owner, 'broker-activity-log-es-390');
    assert.deepEqual(errors, []);
    await ownerContext.close();

    // An admin sees the agency's activity on the broker's detail page, after the admins' timeline.
    const adminContext = await browser.newContext({ viewport: { width: 1280, height: 900 } });
    const admin = await adminContext.newPage();
    const adminErrors = watchErrors(admin);
    await signIn(admin, { admin: true });
    await admin.goto(`${APP_URL}/admin/brokers/${agency.id}`);
    const card = admin.getByRole('region', { name: 'Agency activity' });
    await card.getByText(`${agentEmail} joined the agency as an agent`).waitFor();
    await card.getByText('Phone: (615) 555-0101 → (615) 555-0199').waitFor();
    assert.deepEqual(await seriousAccessibilityViolations(admin), [], 'axe on the broker detail with the agency’s activity');
    // The card at the top of the window, below the app's header.
    await card.evaluate((element) => window.scrollBy(0, element.getBoundingClientRect().top - 72));
    await docsScreenshot(admin, 'admin-agency-activity-1280', { docsName: 'admin-agency-activity', viewportOnly: true });
    assert.deepEqual(adminErrors, []);
    await adminContext.close();
  });
});
