import assert from 'node:assert/strict';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';

import type { Browser, Page } from 'playwright-core';

import {
  APP_URL,
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

/** The owner invites `email` with `role` from the Team page; answers the link the dialog shows once. */
async function invite(page: Page, email: string, role: 'Agent' | 'Assistant'): Promise<string> {
  await page.getByRole('button', { name: 'Invite a member' }).click();
  const dialog = page.getByRole('dialog', { name: 'Invite a member' });
  await dialog.getByLabel('E-mail').fill(email);
  await dialog.getByRole('radio', { name: new RegExp(`^${role}`) }).check();
  await dialog.getByRole('button', { name: 'Send invitation' }).click();
  const sent = page.getByRole('dialog', { name: 'Invitation sent' });
  await sent.getByText(`We e-mailed ${email} a link that works for 7 days.`, { exact: false }).waitFor();
  const link = await sent.getByTestId('invitation-link').inputValue();
  await sent.getByRole('button', { name: 'Done' }).click();
  await sent.waitFor({ state: 'detached' });
  return link;
}

/**
 * A team in one agency: the owner invites an assistant and an agent by e-mail, each joins through
 * their link; the assistant imports clients and is offered no Billing; the owner removes the agent,
 * whose client goes to the owner.
 */
describe('an agency’s team in Chromium', () => {
  let browser: Browser;
  let tempDir: string;
  before(async () => {
    browser = await launchBrowser();
    tempDir = await mkdtemp(join(tmpdir(), 'carekeep-team-'));
  });
  after(async () => {
    await browser.close();
    await rm(tempDir, { recursive: true, force: true });
  });

  it('invites, joins, works by role, and removes a member whose clients go to the owner', async () => {
    const ownerEmail = uniqueEmail('team.owner');
    const assistantEmail = uniqueEmail('team.assistant');
    const agentEmail = uniqueEmail('team.agent');
    const ownerContext = await browser.newContext({ viewport: { width: 1280, height: 900 } });
    const owner = await ownerContext.newPage();
    const errors = watchErrors(owner);
    await signIn(owner, { email: ownerEmail });

    await owner.getByTestId('sidebar').getByRole('link', { name: 'Team', exact: true }).click();
    await owner.waitForURL(`${APP_URL}/team`);
    await owner.getByRole('heading', { level: 1, name: 'Team' }).waitFor();
    await owner.getByText('Seats are free: invite as many people as your agency needs.').waitFor();
    const assistantLink = await invite(owner, assistantEmail, 'Assistant');
    const agentLink = await invite(owner, agentEmail, 'Agent');
    assert.match(assistantLink, /\/api\/join\?token=/);
    await owner.getByText(`Invited, link works until`).first().waitFor();
    assert.deepEqual(await seriousAccessibilityViolations(owner), [], 'axe on the Team page at 1280 px');

    // The assistant joins: no Billing, Branding or API access; Billing's address says so; they import clients.
    const assistantContext = await browser.newContext({ viewport: { width: 1280, height: 900 } });
    const assistant = await joinAgency(assistantContext, assistantLink, assistantEmail, ['Ana', 'Ruiz']);
    const assistantMenu = await menuLinks(assistant);
    for (const hidden of ['Billing', 'Branding', 'API access']) assert.ok(!assistantMenu.includes(hidden), `${hidden} is not offered`);
    assert.ok(assistantMenu.includes('Team'));
    await assistant.goto(`${APP_URL}/billing`);
    await assistant.getByRole('heading', { level: 1, name: 'Not Authorized' }).waitFor();
    await assistant.getByText('Your role in this agency does not include this page.', { exact: false }).waitFor();
    await assistant.getByTestId('sidebar').getByRole('link', { name: 'Clients', exact: true }).click();
    await assistant.getByRole('heading', { level: 1, name: 'Client Management' }).waitFor();
    assert.equal(await assistant.getByRole('link', { name: 'Export CSV' }).count(), 0, 'an assistant does not export');
    const csvPath = join(tempDir, 'team.csv');
    await writeFile(csvPath, 'firstName,lastName,email,phone\nWalter,Briggs,walter@example.com,+16155550177\nRosa,Delgado,,+16155550178\n');
    await assistant.getByRole('button', { name: 'Upload CSV' }).click();
    const upload = assistant.getByRole('dialog', { name: 'Upload CSV' });
    await upload.getByLabel('CSV file').setInputFiles(csvPath);
    await upload.getByRole('checkbox', { name: /in this file gave my agency their phone numbers/ }).check();
    await upload.getByRole('button', { name: 'Upload', exact: true }).click();
    await upload.getByText('2 clients imported').waitFor();
    await assistantContext.close();

    // The agent joins and adds a client of their own.
    const agentContext = await browser.newContext({ viewport: { width: 1280, height: 900 } });
    const agent = await joinAgency(agentContext, agentLink, agentEmail, ['Luis', 'Ortega']);
    const agentMenu = await menuLinks(agent);
    assert.ok(!agentMenu.includes('Billing'));
    await agent.getByTestId('sidebar').getByRole('link', { name: 'Clients', exact: true }).click();
    await agent.getByRole('link', { name: 'Export CSV' }).waitFor();
    await agent.getByRole('button', { name: 'Add Client' }).click();
    const add = agent.getByRole('dialog', { name: 'Add Client' });
    await add.getByLabel(/^First Name/).fill('Margaret');
    await add.getByLabel(/^Last Name/).fill('Okafor');
    await add.getByLabel(/^Phone/).fill('(615) 555-0190');
    await add.getByRole('checkbox', { name: /receive reminder calls, texts and e-mails/ }).check();
    await add.getByRole('button', { name: 'Add Client' }).click();
    await toast(agent, 'Client added').waitFor();

    // The owner sees both on the team, and removes the agent: the agent's client goes to the owner.
    await owner.reload();
    const agentRow = owner.locator('li', { hasText: 'Luis Ortega' });
    await agentRow.getByText('1 client').waitFor();
    await docsScreenshot(owner, 'broker-team-1280', { docsName: 'broker-team' });
    await owner.getByRole('button', { name: 'Remove Luis Ortega' }).click();
    const remove = owner.getByRole('dialog', { name: 'Remove Luis Ortega?' });
    await remove.getByLabel('Their 1 client goes to').waitFor();
    assert.deepEqual(await seriousAccessibilityViolations(owner), [], 'axe on the remove dialog');
    await remove.getByRole('button', { name: 'Remove' }).click();
    await toast(owner, 'Luis Ortega was removed. Their 1 client now belongs to').waitFor();
    await agentRow.waitFor({ state: 'detached' });
    await owner.locator('li', { hasText: 'You' }).getByText('1 client').waitFor();

    // The agent's session ended at once.
    const after = await agent.evaluate(async () => (await fetch('/api/auth/user')).status);
    assert.equal(after, 401);
    await agentContext.close();

    // The Team page at 390 px, in Spanish too.
    await owner.setViewportSize({ width: 390, height: 844 });
    await owner.reload();
    await owner.getByRole('heading', { level: 1, name: 'Team' }).waitFor();
    assert.deepEqual(await seriousAccessibilityViolations(owner), [], 'axe on the Team page at 390 px');
    await docsScreenshot(owner, 'broker-team-390');
    await owner.evaluate(async () => {
      await fetch('/api/profile', {
        method: 'PUT',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify({ language: 'es' }),
      });
    });
    await owner.setViewportSize({ width: 1280, height: 900 });
    await owner.reload();
    await owner.getByRole('heading', { level: 1, name: 'Equipo' }).waitFor();
    await owner.getByText('Los puestos son gratuitos', { exact: false }).waitFor();
    assert.deepEqual(await seriousAccessibilityViolations(owner), [], 'axe on the Spanish Team page');
    await docsScreenshot(owner, 'broker-team-es-1280', { docsName: 'broker-team-es' });
    assert.deepEqual(errors, []);
    await ownerContext.close();
  });

  it('says why an invitation link that no longer works cannot be accepted', async () => {
    const context = await browser.newContext({ viewport: { width: 390, height: 844 } });
    const page = await context.newPage();
    await page.goto(`${APP_URL}/api/join?token=not-a-real-invitation`);
    await page.waitForURL(`${APP_URL}/invitation?problem=expired`);
    await page.getByRole('heading', { level: 1, name: 'This invitation no longer works' }).waitFor();
    assert.deepEqual(await seriousAccessibilityViolations(page), [], 'axe on the invitation page at 390 px');
    await docsScreenshot(page, 'invitation-expired-390');
    await context.close();
  });
});
