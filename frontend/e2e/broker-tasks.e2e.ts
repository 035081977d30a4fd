import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';

import type { Browser, Page } from 'playwright-core';

import {
  APP_URL,
  call,
  docsScreenshot,
  launchBrowser,
  pageAtRest,
  seriousAccessibilityViolations,
  signIn,
  testNow,
  uniqueEmail,
  watchErrors,
} from './browser.ts';

/** A toast whose text contains `text`. */
const toast = (page: Page, text: string | RegExp) => page.locator('[data-toast-variant]').filter({ hasText: text });

/** A time as a datetime-local input takes it, in the browser's (the machine's) zone. */
/** The member's device is in the agency's time zone (the default, New York): the week's days are the agency's. */
const ZONE = 'America/New_York';

/** A time as the datetime-local input takes it, in the device's zone. */
function localInput(at: number): string {
  const parts = Object.fromEntries(
    new Intl.DateTimeFormat('en-US', {
      timeZone: ZONE,
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      hourCycle: 'h23',
    })
      .formatToParts(new Date(at))
      .map((part) => [part.type, part.value]),
  );
  return `${parts.year}-${parts.month}-${parts.day}T${parts.hour}:${parts.minute}`;
}

describe('tasks in Chromium', () => {
  let browser: Browser;
  before(async () => {
    browser = await launchBrowser();
  });
  after(async () => {
    await browser.close();
  });

  it('adds a task on a client’s page, ticks it done on the Tasks page, shows My tasks and the week, and logs a call, at 1280 and 390 px, in English and Spanish', async () => {
    const context = await browser.newContext({ viewport: { width: 1280, height: 900 }, timezoneId: ZONE });
    const page = await context.newPage();
    const errors = watchErrors(page);
    await signIn(page, { email: uniqueEmail('tasks') });
    const rosa = (await call(page, 'POST', '/api/clients', { firstName: 'Rosa', lastName: 'Diaz', phone: '(615) 555-0181' })) as {
      id: string;
    };
    // One left from yesterday: overdue.
    await call(page, 'POST', '/api/tasks', { title: 'Send the Medigap quote', dueAt: new Date(testNow() - 86_400_000).toISOString() });

    // On Rosa's page: a task about her, due in ten minutes.
    await page.goto(`${APP_URL}/clients/${rosa.id}`);
    await page.getByRole('heading', { level: 1, name: 'Rosa Diaz' }).waitFor();
    const tasksCard = page.getByRole('region', { name: 'Tasks' });
    await tasksCard.getByText('No tasks for this client.').waitFor();
    await tasksCard.getByRole('button', { name: 'Add task' }).click();
    const add = page.getByRole('dialog', { name: 'Add a task' });
    await add.getByLabel('Title').fill('Call Rosa about her Part D plan');
    await add.getByLabel('Due').fill(localInput(testNow() + 10 * 60_000));
    assert.deepEqual(await seriousAccessibilityViolations(page), [], 'the Add task form');
    await add.getByRole('button', { name: 'Save' }).click();
    await toast(page, 'Task saved').waitFor();
    await add.waitFor({ state: 'detached' });
    await tasksCard.getByText('Call Rosa about her Part D plan').waitFor();

    // A call logged with her: reached, 12 minutes.
    const calls = page.getByRole('region', { name: 'Calls and meetings' });
    await calls.getByRole('button', { name: 'Log a call' }).click();
    const log = page.getByRole('dialog', { name: 'Log a call or meeting' });
    await log.getByLabel('Minutes').fill('12');
    await log.getByLabel('Notes').fill('Reviewed her drug list');
    assert.deepEqual(await seriousAccessibilityViolations(page), [], 'the Log a call form');
    await log.getByRole('button', { name: 'Save' }).click();
    await toast(page, 'Logged').waitFor();
    await log.waitFor({ state: 'detached' });
    await calls.getByText('Call · Reached · 12 min').waitFor();
    await calls.getByText('Reviewed her drug list').waitFor();
    await pageAtRest(page);
    assert.deepEqual(await seriousAccessibilityViolations(page), [], 'the client page with tasks and calls');
    await tasksCard.scrollIntoViewIfNeeded();
    await docsScreenshot(page, 'tasks-client', { viewportOnly: true });

    // My tasks on the dashboard: one overdue, the next ones listed.
    await page.goto(`${APP_URL}/`);
    const mine = page.getByRole('region', { name: 'My tasks' });
    await mine.getByText('Call Rosa about her Part D plan').waitFor();
    assert.match((await mine.locator('dl').textContent()) ?? '', /1Overdue/);

    // The Tasks page: Overdue, All open; tick Rosa's done.
    await page.getByTestId('sidebar').getByRole('link', { name: 'Tasks' }).click();
    await page.getByRole('heading', { level: 1, name: 'Tasks' }).waitFor();
    await page.getByRole('tab', { name: 'Overdue' }).click();
    await page.getByRole('list', { name: 'Overdue' }).getByText('Send the Medigap quote').waitFor();
    await page.getByRole('tab', { name: 'All open' }).click();
    const all = page.getByRole('list', { name: 'All open' });
    await all.getByText('Call Rosa about her Part D plan').waitFor();
    await pageAtRest(page);
    assert.deepEqual(await seriousAccessibilityViolations(page), [], 'the Tasks page');
    await docsScreenshot(page, 'tasks', { viewportOnly: true });
    await all.getByRole('checkbox', { name: 'Done: Call Rosa about her Part D plan' }).click();
    await all.getByText('Call Rosa about her Part D plan').waitFor({ state: 'detached' });

    // The week: seven days; Rosa's task, done, on its day.
    await page.getByRole('button', { name: 'Week' }).click();
    const week = page.getByRole('region', { name: /^Week of/ });
    await week.getByRole('checkbox', { name: 'Done: Call Rosa about her Part D plan' }).waitFor();
    assert.equal(await week.getByRole('heading', { level: 3 }).count(), 7);
    assert.ok(await week.getByRole('checkbox', { name: 'Done: Call Rosa about her Part D plan' }).isChecked());
    await pageAtRest(page);
    assert.deepEqual(await seriousAccessibilityViolations(page), [], 'the week');
    await docsScreenshot(page, 'tasks-week', { viewportOnly: true });

    // On a phone: the week is a list of days.
    await page.setViewportSize({ width: 390, height: 844 });
    await pageAtRest(page);
    assert.deepEqual(await seriousAccessibilityViolations(page), [], 'the week at 390 px');
    await docsScreenshot(page, 'tasks-week-phone', { viewportOnly: true });
    await page.getByRole('button', { name: 'List' }).click();
    await page.getByRole('tab', { name: 'Overdue' }).click();
    await page.getByText('Send the Medigap quote').waitFor();
    await page.getByRole('button', { name: 'Add task' }).click();
    await page.getByRole('dialog', { name: 'Add a task' }).getByLabel('Title').waitFor();
    assert.deepEqual(await seriousAccessibilityViolations(page), [], 'the Add task form at 390 px');
    await page.keyboard.press('Escape');
    await page.getByRole('dialog').waitFor({ state: 'detached' });
    assert.deepEqual(await seriousAccessibilityViolations(page), [], 'the Tasks page at 390 px');
    await docsScreenshot(page, 'tasks-phone', { viewportOnly: true });

    // In Spanish.
    await call(page, 'PUT', '/api/profile', { language: 'es' });
    await page.reload();
    await page.getByRole('heading', { level: 1, name: 'Tareas' }).waitFor();
    await page.getByRole('tab', { name: 'Vencidas' }).click();
    await page.getByRole('list', { name: 'Vencidas' }).getByText('Send the Medigap quote').waitFor();
    assert.deepEqual(await seriousAccessibilityViolations(page), [], 'the Tasks page in Spanish at 390 px');
    await page.setViewportSize({ width: 1280, height: 900 });
    await page.getByRole('button', { name: 'Semana' }).click();
    await page.getByRole('region', { name: /^Semana del/ }).waitFor();
    await pageAtRest(page);
    assert.deepEqual(await seriousAccessibilityViolations(page), [], 'the week in Spanish');
    await page.goto(`${APP_URL}/clients/${rosa.id}`);
    await page.getByRole('region', { name: 'Llamadas y reuniones' }).getByText('Llamada · Se habló con el cliente · 12 min').waitFor();
    await pageAtRest(page);
    assert.deepEqual(await seriousAccessibilityViolations(page), [], 'the client page in Spanish');

    assert.deepEqual(errors, []);
    await context.close();
  });

  it('lets an owner switch automatic tasks on, on the Team page', async () => {
    const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
    const page = await context.newPage();
    await signIn(page, { email: uniqueEmail('task-rules') });
    await page.goto(`${APP_URL}/team`);
    const rules = page.getByRole('region', { name: 'Automatic tasks' });
    const welcome = rules.getByRole('switch', { name: 'Welcome call when a policy takes effect within 30 days' });
    await welcome.waitFor();
    assert.equal(await welcome.isChecked(), false);
    await welcome.click();
    await toast(page, 'Automatic tasks saved').waitFor();
    assert.deepEqual(await call(page, 'GET', '/api/tasks/rules'), { welcomeCall: true, reviewCall: false, turning65: false });
    await pageAtRest(page);
    assert.deepEqual(await seriousAccessibilityViolations(page), [], 'the Team page with automatic tasks');
    await context.close();
  });
});
