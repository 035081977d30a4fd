import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';

import type { Browser, BrowserContext, Page } from 'playwright-core';

import { APP_URL, call, docsScreenshot, launchBrowser, seriousAccessibilityViolations, signIn, testNow, watchErrors } from './browser.ts';

interface Template {
  key: string;
  language: 'en' | 'es';
  name: string;
}

/** A day from today as the date field takes it (YYYY-MM-DD), in the browser's own time zone. */
function dayFromToday(days: number): string {
  const date = new Date(testNow());
  date.setDate(date.getDate() + days);
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;
}

describe('building campaigns: a sequence from a template, and a scheduled campaign, in Chromium', () => {
  let browser: Browser;
  let context: BrowserContext;
  let page: Page;
  let errors: string[];
  const stamp = testNow().toString(36);
  const sequenceName = `Turning 65 series ${stamp}`;
  const scheduledName = `Holiday hours ${stamp}`;

  const card = (name: string) => page.getByRole('listitem', { name, exact: true });

  before(async () => {
    browser = await launchBrowser();
    context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
    page = await context.newPage();
    errors = watchErrors(page);
    await signIn(page);
  });
  after(async () => {
    await context.close();
    await browser.close();
  });

  it('creates a sequence from the turning-65 template with a follow-up step, starts it, and sees it Active', async () => {
    errors.length = 0;
    const templates = (await call(page, 'GET', '/api/campaigns/templates')) as Template[];
    const t65 = templates.find((template) => template.key === 't65_welcome' && template.language === 'en');
    assert.ok(t65, 'the turning-65 template in English');

    await page.goto(`${APP_URL}/campaigns`);
    await page.getByRole('heading', { level: 1, name: 'Messaging Campaigns' }).waitFor();
    await page.getByRole('button', { name: 'Create Campaign' }).first().click();
    const dialog = page.getByRole('dialog', { name: 'Create Campaign' });
    await dialog.getByRole('combobox', { name: /Start from a template/ }).click();
    await page.getByRole('option', { name: t65.name, exact: true }).click();
    assert.equal(await dialog.getByRole('textbox', { name: /Campaign name/ }).inputValue(), t65.name);
    assert.notEqual(await dialog.getByRole('textbox', { name: /^Message/ }).inputValue(), '');

    await dialog.getByRole('textbox', { name: /Campaign name/ }).fill(sequenceName);
    await dialog.getByRole('radio', { name: 'Sequence' }).check();
    assert.equal(await dialog.getByRole('combobox', { name: /Trigger/ }).textContent(), 'Days before turning 65');
    await dialog.getByRole('button', { name: 'Add a follow-up step' }).click();
    const step2 = dialog.getByRole('group', { name: 'Step 2' });
    await step2.getByRole('spinbutton', { name: /Wait \(days\)/ }).fill('10');
    await step2.getByRole('textbox', { name: /Subject/ }).fill('Any questions about Medicare?');
    await step2.getByRole('textbox', { name: /Message/ }).fill('Call us to go over your choices before your birthday.');
    assert.ok(await step2.getByRole('checkbox', { name: 'Skip if the client clicked or replied' }).isChecked());
    assert.deepEqual(await seriousAccessibilityViolations(page), []);
    await docsScreenshot(page, 'campaign-builder-sequence');

    await dialog.getByRole('button', { name: 'Create Campaign' }).click();
    await page.getByText('Sequence saved as a draft').first().waitFor();
    await card(sequenceName).getByText('Draft', { exact: true }).waitFor();
    await card(sequenceName)
      .getByRole('button', { name: `Start ${sequenceName}` })
      .click();
    await page.getByText('Sequence started').first().waitFor();
    await card(sequenceName).getByText('Active', { exact: true }).waitFor();
    assert.ok(
      await card(sequenceName)
        .getByText(/days? before turning 65 · 2 steps/)
        .isVisible(),
    );
    assert.ok(
      await card(sequenceName)
        .getByRole('button', { name: `Pause ${sequenceName}` })
        .isVisible(),
    );

    await card(sequenceName)
      .getByRole('link', { name: `Steps of ${sequenceName}` })
      .click();
    await page.getByRole('heading', { level: 1, name: sequenceName }).waitFor();
    const table = page.getByRole('table', { name: 'Steps' });
    assert.equal(await table.locator('tbody tr').count(), 2);
    assert.deepEqual(await seriousAccessibilityViolations(page), []);
    await docsScreenshot(page, 'campaign-builder-steps');
    await page.setViewportSize({ width: 390, height: 844 });
    await page.getByRole('list', { name: 'Steps' }).waitFor();
    assert.equal(await page.getByRole('table').count(), 0);
    assert.deepEqual(await seriousAccessibilityViolations(page), []);
    await docsScreenshot(page, 'campaign-builder-steps-phone');
    await page.setViewportSize({ width: 1280, height: 900 });
    assert.deepEqual(errors, []);
  });

  it('schedules a campaign for tomorrow at 10:00 AM and sees it Scheduled, at 1280 and 390 px', async () => {
    errors.length = 0;
    await page.goto(`${APP_URL}/campaigns`);
    await page.getByRole('button', { name: 'Create Campaign' }).first().click();
    const dialog = page.getByRole('dialog', { name: 'Create Campaign' });
    await dialog.getByRole('textbox', { name: /Campaign name/ }).fill(scheduledName);
    await dialog.getByRole('textbox', { name: /^Subject/ }).fill('Our holiday office hours');
    await dialog.getByRole('textbox', { name: /^Message/ }).fill('Our office closes at noon on December 24.');
    await dialog.getByRole('radio', { name: 'Informational' }).check();
    await dialog.getByRole('radio', { name: 'Schedule' }).check();
    await dialog.getByText("Sent at this time in each client's own time zone, between 8:00 AM and 9:00 PM").waitFor();

    // A time outside 8:00 AM–8:59 PM is refused before anything is saved.
    await dialog.getByLabel(/^Time/).fill('21:30');
    await dialog.getByRole('button', { name: 'Create Campaign' }).click();
    await dialog.getByText('Choose a time between 8:00 AM and 8:59 PM').waitFor();

    await dialog.getByLabel(/^Date/).fill(dayFromToday(1));
    await dialog.getByLabel(/^Time/).fill('10:00');
    assert.deepEqual(await seriousAccessibilityViolations(page), []);
    await docsScreenshot(page, 'campaign-builder-schedule');
    await dialog.getByRole('button', { name: 'Create Campaign' }).click();
    await dialog.waitFor({ state: 'detached' });
    await card(scheduledName).getByText('Scheduled', { exact: true }).waitFor();
    assert.ok(
      await card(scheduledName)
        .getByText(/^Scheduled for .* at 10:00 AM \(each client's time\)$/)
        .isVisible(),
    );
    assert.ok(
      await card(scheduledName)
        .getByRole('button', { name: `Cancel Schedule: ${scheduledName}` })
        .isVisible(),
    );
    assert.equal(
      await card(scheduledName)
        .getByRole('button', { name: `Send ${scheduledName}` })
        .count(),
      0,
    );

    // The status filter shows it among the scheduled ones, and the sequence among the active ones.
    await page.getByRole('group', { name: 'Show campaigns' }).getByRole('button', { name: 'Scheduled' }).click();
    await card(sequenceName).waitFor({ state: 'detached' });
    await card(scheduledName).waitFor();
    await page.getByRole('group', { name: 'Show campaigns' }).getByRole('button', { name: 'All' }).click();
    await card(sequenceName).waitFor();

    assert.deepEqual(await seriousAccessibilityViolations(page), []);
    await docsScreenshot(page, 'campaign-builder-list');
    await page.setViewportSize({ width: 390, height: 844 });
    await card(scheduledName).waitFor();
    assert.deepEqual(await seriousAccessibilityViolations(page), []);
    await docsScreenshot(page, 'campaign-builder-list-phone');
    await page.getByRole('button', { name: 'Create Campaign' }).first().click();
    await page.getByRole('dialog', { name: 'Create Campaign' }).getByRole('radio', { name: 'Sequence' }).check();
    assert.deepEqual(await seriousAccessibilityViolations(page), []);
    await docsScreenshot(page, 'campaign-builder-sequence-phone');
    await page.setViewportSize({ width: 1280, height: 900 });
    assert.deepEqual(errors, []);
  });
});
