import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';

import type { Browser, Page } from 'playwright-core';

import {
  APP_URL,
  call,
  docsScreenshot,
  joinAgency,
  launchBrowser,
  pageAtRest,
  screenshot,
  seriousAccessibilityViolations,
  signIn,
  uniqueEmail,
  watchErrors,
} from './browser.ts';

const toast = (page: Page, title: string) => page.locator('.MuiAlertTitle-root', { hasText: title });

/** Closes the toast, for a picture without it. */
async function closeToast(page: Page): Promise<void> {
  const shown = page.locator('[data-toast-variant]');
  await shown.getByRole('button', { name: 'Close' }).click();
  await shown.waitFor({ state: 'detached' });
}
const SETTING = 'Agents see only the clients assigned to them';
const NOTE = 'You see the clients assigned to you.';

/** The names in the clients table, top to bottom. */
async function tableNames(page: Page): Promise<string[]> {
  return page.locator('tbody tr td.column-lastName a').allTextContents();
}

/** The person speaks `language` from now on (their profile), and sees the page again in it. */
async function speak(page: Page, language: 'en' | 'es'): Promise<void> {
  await call(page, 'PUT', '/api/profile', { language });
  await page.reload();
}

/**
 * An agency that keeps each agent to their own clients: the owner assigns a client to an agent and
 * turns the setting on from the Team page; the agent then sees only that client, with a note, and
 * another client's address is not found; the owner still sees the whole book; turned off again,
 * the agent sees it all. axe on the Team card and the clients note at 1280 and 390 px, in English
 * and Spanish.
 */
describe('agents who see only their own clients, in Chromium', () => {
  let browser: Browser;
  before(async () => {
    browser = await launchBrowser();
  });
  after(async () => {
    await browser.close();
  });

  it('keeps an agent to the clients assigned to them while the owner has it so, and not after', async () => {
    const ownerEmail = uniqueEmail('books.owner');
    const agentEmail = uniqueEmail('books.agent');
    const ownerContext = await browser.newContext({ viewport: { width: 1280, height: 900 } });
    const owner = await ownerContext.newPage();
    const ownerErrors = watchErrors(owner);
    await signIn(owner, { email: ownerEmail });
    const { invitationUrl } = (await call(owner, 'POST', '/api/members', { email: agentEmail, role: 'agent' })) as {
      invitationUrl: string;
    };
    const agentContext = await browser.newContext({ viewport: { width: 1280, height: 900 } });
    const agent = await joinAgency(agentContext, invitationUrl, agentEmail, ['Luis', 'Ortega']);
    const agentErrors = watchErrors(agent);
    const add = async (firstName: string, lastName: string, phone: string) =>
      ((await call(owner, 'POST', '/api/clients', { firstName, lastName, phone })) as { id: string }).id;
    await add('Margaret', 'Okafor', '(615) 555-0141');
    const walter = await add('Walter', 'Briggs', '(615) 555-0142');
    await add('Rosa', 'Delgado', '(615) 555-0143');

    // Until the owner says otherwise, the agent works the whole book.
    await agent.getByTestId('sidebar').getByRole('link', { name: 'Clients', exact: true }).click();
    await agent.getByRole('link', { name: 'Rosa Delgado' }).waitFor();
    assert.equal((await tableNames(agent)).length, 3);
    await agent.getByTestId('sidebar').getByRole('link', { name: 'Dashboard', exact: true }).click();

    // The owner hands Margaret to the agent from the list; the Member column says who has whom (a
    // new client is theirs who added them).
    await owner.getByTestId('sidebar').getByRole('link', { name: 'Clients', exact: true }).click();
    const margaretRow = owner.getByRole('row').filter({ hasText: 'Margaret Okafor' });
    await margaretRow.getByRole('cell', { name: 'Test Broker' }).waitFor();
    await margaretRow.getByRole('checkbox', { name: 'Select this row' }).check();
    await owner.getByRole('button', { name: 'Assign' }).click();
    const assign = owner.getByRole('dialog', { name: 'Who looks after this client?' });
    await pageAtRest(owner);
    await assign.getByRole('combobox', { name: 'Member' }).click();
    await owner.getByRole('option', { name: 'Luis Ortega', exact: true }).click();
    await assign.getByRole('button', { name: 'Assign 1 client' }).click();
    await toast(owner, 'Assigned 1 client to Luis Ortega.').waitFor();
    await margaretRow.getByRole('cell', { name: 'Luis Ortega' }).waitFor();
    await owner.getByRole('row').filter({ hasText: 'Walter Briggs' }).getByRole('cell', { name: 'Test Broker' }).waitFor();
    await closeToast(owner);
    await docsScreenshot(owner, 'clients-members-1280', { docsName: 'clients-members' });

    // The dashboard, now that the agency has two people, shows the owner's clients or the agency's
    // (opened afresh: the clients were added through the API, behind the page's back).
    await owner.goto(`${APP_URL}/`);
    const shown = owner.getByRole('group', { name: 'Clients shown' });
    const total = owner.getByRole('region', { name: 'Total Clients' });
    await total.getByText('3', { exact: true }).waitFor();
    await shown.getByRole('button', { name: 'My clients' }).click();
    await total.getByText('2', { exact: true }).waitFor();
    assert.equal(await shown.getByRole('button', { name: 'My clients' }).getAttribute('aria-pressed'), 'true');
    await pageAtRest(owner);
    assert.deepEqual(await seriousAccessibilityViolations(owner), [], 'axe on the dashboard with its choice at 1280 px');
    await docsScreenshot(owner, 'dashboard-my-clients-1280', { docsName: 'dashboard-my-clients' });
    await shown.getByRole('button', { name: 'The agency’s' }).click();
    await total.getByText('3', { exact: true }).waitFor();

    // The owner turns the setting on from the Team page.
    await owner.getByTestId('sidebar').getByRole('link', { name: 'Team', exact: true }).click();
    const card = owner.getByRole('region', { name: 'How the team works' });
    const setting = card.getByRole('switch', { name: SETTING });
    assert.equal(await setting.isChecked(), false, 'the whole book until the owner says otherwise');
    await card.getByText('Owners, assistants and read-only members always see the whole book;', { exact: false }).waitFor();
    assert.deepEqual(await seriousAccessibilityViolations(owner), [], 'axe on the Team page with its setting at 1280 px');
    await setting.check();
    await toast(owner, 'Agents now see only the clients assigned to them.').waitFor();
    assert.equal(await setting.isChecked(), true);
    await closeToast(owner);
    await docsScreenshot(owner, 'broker-team-settings-1280', { docsName: 'broker-team-settings' });

    // The agent, at their next click, sees Margaret alone (not the list read before), and is told why.
    await agent.getByTestId('sidebar').getByRole('link', { name: 'Clients', exact: true }).click();
    await agent.getByRole('note').filter({ hasText: NOTE }).waitFor();
    await agent.getByRole('link', { name: 'Margaret Okafor' }).waitFor();
    assert.deepEqual(await tableNames(agent), ['Margaret Okafor']);
    assert.equal(await agent.getByRole('combobox', { name: 'Member' }).count(), 0, 'no Member filter for an agent kept to their own');
    assert.equal(await agent.getByRole('columnheader', { name: 'Member' }).count(), 0, 'no Member column either');
    assert.deepEqual(await seriousAccessibilityViolations(agent), [], 'axe on the agent’s clients at 1280 px');
    await docsScreenshot(agent, 'clients-assigned-only-1280', { docsName: 'clients-assigned-only' });

    // Another client's page is not found for the agent; the Team page tells them where the setting stands.
    await agent.goto(`${APP_URL}/clients/${walter}`);
    await agent.getByText('This client was not found. They may have been deleted.').waitFor();
    await agent.getByTestId('sidebar').getByRole('link', { name: 'Team', exact: true }).click();
    const agentCard = agent.getByRole('region', { name: 'How the team works' });
    await agentCard.getByText('Agents see only the clients assigned to them: On').waitFor();
    assert.equal(await agentCard.getByRole('switch').count(), 0, 'only an owner changes it');
    await screenshot(agent, 'broker-team-settings-agent-1280');

    // The owner still sees the whole book.
    await owner.getByTestId('sidebar').getByRole('link', { name: 'Clients', exact: true }).click();
    await owner.getByRole('link', { name: 'Rosa Delgado' }).waitFor();
    assert.deepEqual((await tableNames(owner)).sort(), ['Margaret Okafor', 'Rosa Delgado', 'Walter Briggs']);
    assert.equal(await owner.getByRole('note').filter({ hasText: NOTE }).count(), 0);

    // At 390 px: the Team card and the agent's cards with the note.
    await owner.setViewportSize({ width: 390, height: 844 });
    await owner.getByRole('article', { name: 'Margaret Okafor' }).getByText('Assigned to Luis Ortega').waitFor();
    await owner.getByRole('article', { name: 'Walter Briggs' }).getByText('Assigned to Test Broker').waitFor();
    await screenshot(owner, 'clients-members-390');
    await owner.goto(`${APP_URL}/team`);
    await owner.getByRole('region', { name: 'How the team works' }).getByRole('switch', { name: SETTING }).waitFor();
    assert.deepEqual(await seriousAccessibilityViolations(owner), [], 'axe on the Team page with its setting at 390 px');
    await docsScreenshot(owner, 'broker-team-settings-390');
    await agent.setViewportSize({ width: 390, height: 844 });
    await agent.goto(`${APP_URL}/clients`);
    await agent.getByRole('note').filter({ hasText: NOTE }).waitFor();
    await agent.getByRole('article', { name: 'Margaret Okafor' }).waitFor();
    assert.equal(await agent.getByRole('article').count(), 1);
    assert.deepEqual(await seriousAccessibilityViolations(agent), [], 'axe on the agent’s clients at 390 px');
    await docsScreenshot(agent, 'clients-assigned-only-390');

    // In Spanish, at both widths.
    await speak(owner, 'es');
    const spanishCard = owner.getByRole('region', { name: 'Cómo trabaja el equipo' });
    await spanishCard.getByRole('switch', { name: 'Los agentes ven solo los clientes que tienen asignados' }).waitFor();
    assert.deepEqual(await seriousAccessibilityViolations(owner), [], 'axe on the Spanish Team page at 390 px');
    await speak(agent, 'es');
    const spanishNote = agent.getByRole('note').filter({ hasText: 'Usted ve los clientes que tiene asignados.' });
    await spanishNote.waitFor();
    await agent.getByRole('article', { name: 'Margaret Okafor' }).waitFor();
    assert.deepEqual(await seriousAccessibilityViolations(agent), [], 'axe on the agent’s Spanish clients at 390 px');
    await agent.setViewportSize({ width: 1280, height: 900 });
    await agent.getByRole('link', { name: 'Margaret Okafor' }).waitFor();
    await spanishNote.waitFor();
    assert.deepEqual(await seriousAccessibilityViolations(agent), [], 'axe on the agent’s Spanish clients at 1280 px');
    await owner.setViewportSize({ width: 1280, height: 900 });
    await pageAtRest(owner);
    assert.deepEqual(await seriousAccessibilityViolations(owner), [], 'axe on the Spanish Team page at 1280 px');
    await docsScreenshot(owner, 'broker-team-settings-es-1280', { docsName: 'broker-team-settings-es' });

    // Turned off, the agent sees the whole book again at their next click.
    await spanishCard.getByRole('switch', { name: 'Los agentes ven solo los clientes que tienen asignados' }).uncheck();
    await toast(owner, 'Ahora los agentes ven todos los clientes de la agencia.').waitFor();
    await agent.reload();
    await agent.getByRole('link', { name: 'Rosa Delgado' }).waitFor();
    assert.deepEqual((await tableNames(agent)).sort(), ['Margaret Okafor', 'Rosa Delgado', 'Walter Briggs']);
    assert.equal(await spanishNote.count(), 0, 'no note once the agent sees the whole book');

    // The agent's only console errors are the not-found client's answers.
    assert.deepEqual(ownerErrors, []);
    assert.deepEqual(
      agentErrors.filter((error) => !error.startsWith('Failed to load resource: the server responded with a status of 404')),
      [],
    );
    await agentContext.close();
    await ownerContext.close();
  });
});
