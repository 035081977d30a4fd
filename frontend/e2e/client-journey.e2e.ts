import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';

import type { Browser } from 'playwright-core';

import {
  APP_URL,
  docsScreenshot,
  launchBrowser,
  seriousAccessibilityViolations,
  signIn,
  testNow,
  uniqueEmail,
  watchErrors,
} from './browser.ts';

/** A date a week ahead as the date input takes it (yyyy-mm-dd), in the browser's zone. */
function nextWeek(): string {
  const day = new Date(testNow() + 7 * 86_400_000);
  return `${day.getFullYear()}-${String(day.getMonth() + 1).padStart(2, '0')}-${String(day.getDate()).padStart(2, '0')}`;
}

/**
 * The whole journey through the pages, as people do it: a broker adds and invites a client, finds
 * the invitation in the development outbox, and the client registers with that link, signs out,
 * signs in again and keeps a medication and a weekly reminder in the private portal.
 */
describe('from invitation to the client portal in Chromium', () => {
  let browser: Browser;
  before(async () => {
    browser = await launchBrowser();
  });
  after(async () => {
    await browser.close();
  });

  it('a broker invites a client, who registers, signs in and schedules a weekly reminder', async () => {
    const brokerContext = await browser.newContext({ viewport: { width: 1280, height: 900 } });
    const broker = await brokerContext.newPage();
    await signIn(broker, { email: uniqueEmail('journey') });
    const phone = `(615) 555-${String(2000 + Math.floor(Math.random() * 7000))}`;

    await broker.getByRole('link', { name: 'Clients', exact: true }).click();
    // The cards view: each client is an article with its invitation button.
    await broker.getByRole('button', { name: 'Cards', exact: true }).click();
    await broker.getByRole('button', { name: 'Add Client' }).click();
    const addDialog = broker.getByRole('dialog', { name: 'Add Client' });
    await addDialog.getByLabel(/^First Name/).fill('Evelyn');
    await addDialog.getByLabel(/^Last Name/).fill('Marsh');
    await addDialog.getByLabel(/^Phone/).fill(phone);
    await addDialog.getByRole('checkbox', { name: /receive reminder calls, texts and e-mails/ }).check();
    await addDialog.getByRole('button', { name: 'Add Client' }).click();
    const card = broker.getByRole('article', { name: 'Evelyn Marsh' });
    await card.getByRole('button', { name: /^Send Invite/ }).click();
    await card.getByRole('button', { name: /^Resend Invite/ }).waitFor();

    await broker.getByRole('link', { name: 'Outbox' }).click();
    const sms = broker.getByRole('article').filter({ hasText: 'Client invitation' }).first();
    await sms.waitFor();
    const inviteUrl = await sms.getByRole('link', { name: /\/client\/register\// }).getAttribute('href');
    assert.match(inviteUrl ?? '', new RegExp(`^${APP_URL}/client/register/[^/]+$`));
    await brokerContext.close();

    const clientContext = await browser.newContext({ viewport: { width: 390, height: 844 } });
    const client = await clientContext.newPage();
    const errors = watchErrors(client);
    await client.addInitScript(() => localStorage.setItem('tour_completed_client_welcome', 'true'));
    await client.goto(inviteUrl!);
    await client.getByRole('heading', { level: 1, name: 'Create Your Account' }).waitFor();
    await client.getByText('Welcome, Evelyn!').waitFor();
    const username = `evelyn.${testNow()}`;
    await client.getByLabel('Username').fill(username);
    await client.getByLabel('Password', { exact: true }).fill('harbor-lantern-58');
    await client.getByLabel('Confirm Password', { exact: true }).fill('harbor-lantern-58');
    await client.getByRole('button', { name: 'Create Account' }).click();
    await client.getByText('Registration successful!').waitFor();
    await client.waitForURL(`${APP_URL}/client/portal`);
    await client.getByRole('heading', { level: 1, name: 'Welcome, Evelyn!' }).waitFor();

    // Out, and back in with the new username and password.
    await client.getByRole('link', { name: 'Sign Out' }).click();
    await client.waitForURL(`${APP_URL}/client/login`);
    await client.getByLabel('Username').fill(username);
    await client.getByLabel('Password', { exact: true }).fill('not-the-password');
    await client.getByRole('button', { name: 'Sign In' }).click();
    await client.getByText('Invalid username or password').first().waitFor();
    await client.getByLabel('Password', { exact: true }).fill('harbor-lantern-58');
    await client.getByRole('button', { name: 'Sign In' }).click();
    await client.getByText('Login successful!').waitFor();
    await client.waitForURL(`${APP_URL}/client/portal`);
    await client.getByRole('heading', { level: 1, name: 'Welcome, Evelyn!' }).waitFor();

    await client.getByRole('button', { name: 'Add Medication' }).click();
    const medication = client.getByRole('dialog', { name: 'Add Medication' });
    await medication.getByLabel('Medication name').fill('Metformin');
    await medication.getByLabel('Dosage (optional)').fill('500 mg');
    await medication.getByRole('button', { name: 'Add Medication' }).click();
    await client.getByText('Medication added successfully').first().waitFor();

    await client.getByRole('button', { name: 'Schedule Reminder' }).click();
    const schedule = client.getByRole('dialog', { name: 'Schedule Reminder' });
    await schedule.getByLabel('Date').waitFor();
    await schedule.getByLabel('Medication (optional)').selectOption({ label: 'Metformin (500 mg)' });
    await schedule.getByLabel('Date').fill(nextWeek());
    await schedule.getByLabel('Time').fill('09:15');
    await schedule.getByLabel('Message (optional)').fill('Breakfast pills');
    await schedule.getByLabel('Recurring').check();
    await schedule.getByLabel('Repeats').selectOption('weekly');
    await schedule.getByLabel('Tue').check();
    await schedule.getByLabel('Thu').check();
    await schedule.getByRole('button', { name: 'Schedule Reminder' }).click();
    await client.getByText('Recurring reminder scheduled successfully').first().waitFor();

    const reminders = client.getByRole('region', { name: 'My Reminders' });
    const reminder = reminders.getByRole('listitem').filter({ hasText: 'Breakfast pills' });
    await reminder.getByText('Every week on Tue, Thu · Phone call').waitFor();
    await client.getByRole('region', { name: 'Upcoming Reminders' }).getByText('Breakfast pills').first().waitFor();

    await reminder.getByRole('button', { name: 'Delete Breakfast pills' }).click();
    await client.getByRole('dialog', { name: 'Delete Reminder' }).getByRole('button', { name: 'Delete' }).click();
    await client.getByText('Reminder deleted successfully').first().waitFor();
    await reminders.getByText('Breakfast pills').waitFor({ state: 'detached' });

    await client.getByRole('link', { name: 'Sign Out' }).click();
    await client.waitForURL(`${APP_URL}/client/login`);
    await client.goto(`${APP_URL}/client/portal`);
    await client.waitForURL(`${APP_URL}/client/login`);
    // A wrong password is expected to log a 401 in the console; nothing else may.
    assert.deepEqual(
      errors.filter((e) => !e.includes('401')),
      [],
    );
    await clientContext.close();
  });

  it('a registered client confirms the new phone their broker asked for before anything goes to it', async () => {
    const brokerContext = await browser.newContext({ viewport: { width: 1280, height: 900 } });
    const broker = await brokerContext.newPage();
    await signIn(broker, { email: uniqueEmail('contact') });
    const write = { headers: { Origin: APP_URL } };
    const suffix = String(2000 + Math.floor(Math.random() * 7000));
    const added = await broker.request.post(`${APP_URL}/api/clients`, {
      ...write,
      data: { firstName: 'Harold', lastName: 'Finch', phone: `(615) 555-${suffix}` },
    });
    const { id } = (await added.json()) as { id: string };
    const invited = await broker.request.post(`${APP_URL}/api/clients/${id}/invite`, write);
    const { inviteUrl } = (await invited.json()) as { inviteUrl: string };

    const clientContext = await browser.newContext({ viewport: { width: 390, height: 844 } });
    const client = await clientContext.newPage();
    const errors = watchErrors(client);
    await client.addInitScript(() => localStorage.setItem('tour_completed_client_welcome', 'true'));
    await client.goto(inviteUrl);
    await client.getByLabel('Username').fill(`harold.${testNow()}`);
    await client.getByLabel('Password', { exact: true }).fill('harbor-lantern-58');
    await client.getByLabel('Confirm Password', { exact: true }).fill('harbor-lantern-58');
    await client.getByRole('button', { name: 'Create Account' }).click();
    await client.getByRole('heading', { level: 1, name: 'Welcome, Harold!' }).waitFor();

    // The broker types a new number: it waits for the client.
    const changed = await broker.request.put(`${APP_URL}/api/clients/${id}`, { ...write, data: { phone: '(615) 555-0199' } });
    assert.equal(
      ((await changed.json()) as { notice: { message: string } }).notice.message.split('.')[0],
      'Waiting for the client to confirm the new phone number',
    );
    await broker.getByRole('link', { name: 'Clients', exact: true }).click();
    await broker.getByRole('button', { name: 'Cards', exact: true }).click();
    const card = broker.getByRole('article', { name: 'Harold Finch' });
    await card.getByText('New: (615) 555-0199 · waiting for the client to confirm').waitFor();
    await card.getByText(`(615) 555-${suffix}`).waitFor();
    assert.deepEqual(await seriousAccessibilityViolations(broker), []);
    await docsScreenshot(broker, 'clients-contact-change');

    await client.reload();
    const ask = client.getByRole('region', { name: 'Please confirm a change to your contact details' });
    await ask.getByText(/asked on .* to change your phone number from \*\*\*-\*\*\*-\d{4} to \*\*\*-\*\*\*-0199\./).waitFor();
    assert.deepEqual(await seriousAccessibilityViolations(client), []);
    await docsScreenshot(client, 'client-contact-change');
    await ask.getByRole('button', { name: 'Confirm Change' }).click();
    await client.getByText('Your contact details were updated').first().waitFor();
    await ask.waitFor({ state: 'detached' });
    const history = client.getByRole('region', { name: 'History' });
    await history.getByText(/Your phone number: \*\*\*-\*\*\*-\d{4} → \*\*\*-\*\*\*-0199/).waitFor();
    await history.getByText('You confirmed it').waitFor();
    assert.deepEqual(errors, []);
    await clientContext.close();

    await broker.reload();
    await card.getByText('(615) 555-0199', { exact: true }).waitFor();
    assert.equal(await card.getByText(/waiting for the client to confirm/).count(), 0);
    await brokerContext.close();
  });
});
