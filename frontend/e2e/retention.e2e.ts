import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';

import type { Browser, Page } from 'playwright-core';

import {
  APP_URL,
  call,
  docsScreenshot,
  launchBrowser,
  pageAtRest,
  screenshot,
  seriousAccessibilityViolations,
  signIn,
  uniqueEmail,
  watchErrors,
} from './browser.ts';

const WIDTHS = [1280, 390];

interface RetentionAnswer {
  months: { month: string; rate: number | null }[];
  aep: { season: number; rate: number | null }[];
  basis: 'policies' | 'clients';
}

interface ClientRow {
  id: string;
  firstName: string;
  lastName: string;
  riskLevel: string;
  riskReasons: string[];
}

/** A few of the reasons as the client page words them (clients/pageTexts.ts). */
const REASON_WORDS: Record<string, string> = {
  unanswered_messages: 'Calls or texts went unanswered',
  engagement_falling: 'Engagement is falling',
  low_engagement: 'Engagement is low',
  unopened_campaigns: 'Recent campaigns went unopened',
};

async function noSeriousViolations(page: Page, where: string): Promise<void> {
  const violations = await seriousAccessibilityViolations(page);
  assert.deepEqual(violations, [], `${where}: ${violations.join('\n')}`);
}

describe('retention: clients at risk and the retention chart, in Chromium', () => {
  let browser: Browser;
  before(async () => {
    browser = await launchBrowser();
  });
  after(async () => {
    await browser.close();
  });

  for (const width of WIDTHS) {
    it(`filters the demo broker's clients by High risk, shows why, and the dashboard's at-risk list and chart at ${width} px`, async () => {
      const context = await browser.newContext({ viewport: { width, height: 900 } });
      const page = await context.newPage();
      const errors = watchErrors(page);
      await signIn(page);
      const suffix = width === 1280 ? 'desktop' : 'phone';

      // What the server says, to check the page against.
      const highRisk = (await call(
        page,
        'GET',
        `/api/clients?${new URLSearchParams({ filter: JSON.stringify({ riskLevel: 'high', isActive: true }), sort: JSON.stringify(['riskScore', 'DESC']), range: '[0,4]' })}`,
      )) as ClientRow[];
      assert.ok(highRisk.length > 0, 'the demo broker has clients at high risk');
      assert.ok(highRisk.every((c) => c.riskLevel === 'high'));
      const retention = (await call(page, 'GET', '/api/stats/retention')) as RetentionAnswer;
      assert.equal(retention.months.length, 12);

      // Clients filtered by High risk: the filter and the order stay in the address.
      await page.goto(`${APP_URL}/clients`);
      await page.getByRole('heading', { level: 1, name: 'Client Management' }).waitFor();
      await page.getByRole('combobox', { name: 'Risk' }).click();
      await page.getByRole('option', { name: 'High', exact: true }).click();
      // react-admin writes the filter into the address (history, no page load) after a short debounce.
      await page.waitForFunction(() => decodeURIComponent(window.location.search).includes('riskLevel'));
      await page.getByRole('combobox', { name: 'Sort' }).click();
      await page.getByRole('option', { name: 'Highest risk first' }).click();
      await page.waitForFunction(() => decodeURIComponent(window.location.search).includes('riskScore'));
      const url = new URL(page.url());
      assert.deepEqual(JSON.parse(url.searchParams.get('filter')!), { riskLevel: 'high' });
      assert.equal(url.searchParams.get('sort'), 'riskScore');
      const first = highRisk[0];
      const name = `${first.firstName} ${first.lastName}`;
      await page.getByRole('link', { name, exact: true }).first().waitFor();
      assert.ok((await page.getByText('High risk', { exact: true }).count()) > 0);
      // The sorted list replaces the one before as it arrives; the menus close.
      await pageAtRest(page);
      await noSeriousViolations(page, `clients filtered by risk at ${width} px`);
      await docsScreenshot(page, `clients-risk-${suffix}`, { viewportOnly: true });

      // The client's page says why, in words.
      await page.getByRole('link', { name, exact: true }).first().click();
      await page.getByRole('heading', { level: 1, name }).waitFor();
      const risk = page.getByRole('region', { name: 'Risk of leaving' });
      await risk.waitFor();
      await risk.getByText('High risk', { exact: true }).waitFor();
      for (const code of first.riskReasons.filter((c) => c in REASON_WORDS)) await risk.getByText(REASON_WORDS[code]).waitFor();
      assert.ok((await risk.getByRole('listitem').count()) > 0, 'the reasons are listed');
      await page.getByRole('region', { name: 'Plan and birthday' }).waitFor();
      await noSeriousViolations(page, `client page at ${width} px`);
      await screenshot(page, `clients-risk-page-${suffix}`);

      // The dashboard: the at-risk list (highest first) with its actions, and the retention chart.
      await page.goto(`${APP_URL}/`);
      const atRisk = page.getByRole('list', { name: 'At risk this week' });
      await atRisk.waitFor();
      await atRisk.getByRole('link', { name, exact: true }).waitFor();
      const callLink = atRisk.getByRole('link', { name: `Call ${name}` });
      assert.match((await callLink.getAttribute('href')) ?? '', /^tel:\+1\d{10}$/);
      assert.match((await atRisk.getByRole('link', { name: `Text ${name}` }).getAttribute('href')) ?? '', /^sms:\+1\d{10}$/);
      await atRisk.getByRole('button', { name: `Add to campaign: ${name}` }).waitFor();
      assert.equal(
        await page.getByRole('link', { name: 'See all clients at high risk' }).getAttribute('href'),
        `/clients?${new URLSearchParams({ filter: JSON.stringify({ riskLevel: 'high' }), sort: 'riskScore', order: 'DESC' })}`,
      );

      const chart = page.getByRole('img', { name: 'Retention by month, last 12 months' });
      await chart.waitFor();
      const summaryId = await chart.getAttribute('aria-describedby');
      const summary = await page.locator(`[id="${summaryId}"]`).textContent();
      assert.ok(
        summary &&
          // The demo agency has policies: its retention is measured on them (docs/clients.md "Retention on policies").
          (summary.startsWith('Policies kept each month went from') || summary.startsWith('No retention figures yet')),
        summary ?? '',
      );
      if (retention.aep.length > 0)
        await page
          .getByTestId('retention-aep')
          .getByText(/^AEP \d{4}/)
          .waitFor();
      // The card says what it counts, and on policies what was kept through the AEP and lost to another agent.
      assert.equal(retention.basis, 'policies');
      await page
        .getByTestId('retention-basis')
        .getByText(/^Measured on your policies: /)
        .waitFor();
      await page
        .getByTestId('retention-policies')
        .getByText(/lost to another agent in the last 12 months$/)
        .waitFor();
      await page.getByRole('region', { name: 'Retention', exact: true }).getByText('Policies ended in the last 12 months').waitFor();
      await pageAtRest(page);
      await noSeriousViolations(page, `dashboard at ${width} px`);
      await page.getByRole('region', { name: 'Retention', exact: true }).scrollIntoViewIfNeeded();
      await docsScreenshot(page, `dashboard-retention-${suffix}`, { viewportOnly: true });

      assert.deepEqual(errors, []);
      await context.close();
    });
  }
  it('keeps a filter picked a moment before the order, on a slow computer', async () => {
    const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
    const page = await context.newPage();
    const errors = watchErrors(page);
    await signIn(page);
    await page.goto(`${APP_URL}/clients`);
    await page.getByRole('heading', { level: 1, name: 'Client Management' }).waitFor();
    // A slow computer: the page takes a while to draw the filtered list, and the broker does not wait.
    const cdp = await context.newCDPSession(page);
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: 8 });
    for (const [level, order] of [
      ['High', 'Highest risk first'],
      ['Medium', 'Newest first'],
      ['Low', 'Highest risk first'],
    ]) {
      await page.getByRole('combobox', { name: 'Risk' }).click();
      await page.getByRole('option', { name: level, exact: true }).click();
      await page.getByRole('combobox', { name: 'Sort' }).click();
      await page.getByRole('option', { name: order }).click();
      const sort = order === 'Newest first' ? 'createdAt' : 'riskScore';
      await page.waitForFunction((field) => new URLSearchParams(window.location.search).get('sort') === field, sort);
      const filter = new URL(page.url()).searchParams.get('filter');
      assert.deepEqual(JSON.parse(filter ?? '{}'), { riskLevel: level.toLowerCase() }, `${level} then ${order}`);
      await page.getByRole('combobox', { name: 'Risk' }).filter({ hasText: level }).waitFor();
    }
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: 1 });
    assert.deepEqual(errors, []);
    await context.close();
  });

  it('speaks Spanish: the at-risk list, the retention card and the campaign builder, with no serious accessibility problem', async () => {
    const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
    const page = await context.newPage();
    const errors = watchErrors(page);
    await signIn(page, { email: uniqueEmail('retention.es') });
    await call(page, 'PUT', '/api/profile', { language: 'es' });
    await page.goto(`${APP_URL}/`);
    await page.getByRole('heading', { name: 'En riesgo esta semana' }).waitFor();
    await page.getByText('Ningún cliente está en riesgo alto esta semana.').waitFor();
    // The retention card once its figures have come (its chart loads on its own).
    await page
      .getByRole('region', { name: 'Retención', exact: true })
      .getByRole('img', { name: 'Retención por mes, últimos 12 meses' })
      .waitFor();
    await pageAtRest(page);
    await noSeriousViolations(page, 'Spanish dashboard');
    await page.getByRole('region', { name: 'Retención', exact: true }).scrollIntoViewIfNeeded();
    await docsScreenshot(page, 'dashboard-retention-es', { viewportOnly: true });

    await page.goto(`${APP_URL}/campaigns`);
    await page.getByRole('button', { name: 'Crear campaña' }).first().click();
    const dialog = page.getByRole('dialog');
    await dialog.getByText('Empezar con una plantilla').first().waitFor();
    await noSeriousViolations(page, 'Spanish campaign builder');
    await docsScreenshot(page, 'campaign-builder-es');
    assert.deepEqual(errors, []);
    await context.close();
  });
});
