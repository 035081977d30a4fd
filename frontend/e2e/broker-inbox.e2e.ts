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
  uniqueEmail,
  waitForAnswer,
  watchErrors,
} from './browser.ts';

/** A toast whose text contains `text`. */
const toast = (page: Page, text: string | RegExp) => page.locator('[data-toast-variant]').filter({ hasText: text });

type Sent = { id: string; channel: string; recipient: string; body: string; purpose: string };

/**
 * The text inbox (docs/messaging.md "Inbox"): a client answers the agency's text from the
 * development outbox's phone (the same signed webhook as Twilio's), the menu counts it, and the
 * broker answers from the thread, at 1280 and 390 px, in English and Spanish.
 */
describe('the text inbox in Chromium', () => {
  let browser: Browser;
  before(async () => {
    browser = await launchBrowser();
  });
  after(async () => {
    await browser.close();
  });

  it('shows a client’s text in the Inbox with the unread count, and the broker answers it, at 1280 and 390 px, in English and Spanish', async () => {
    const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
    const page = await context.newPage();
    const errors = watchErrors(page);
    await signIn(page, { email: uniqueEmail('inbox') });
    const rosa = (await call(page, 'POST', '/api/clients', { firstName: 'Rosa', lastName: 'Diaz', phone: '(615) 555-0191' })) as {
      id: string;
    };
    // The agency's text: her portal invitation, in the development outbox; she answers it from its phone.
    await call(page, 'POST', `/api/clients/${rosa.id}/invite`);
    const invitation = await waitForAnswer(page, '/api/dev/outbox', (outbox: Sent[]) =>
      outbox.find((message) => message.channel === 'sms' && message.recipient === '+16155550191'),
    );
    assert.ok(invitation, 'the invitation text reached the outbox');
    await call(page, 'POST', `/api/dev/outbox/${invitation.id}/answer`, { action: 'reply', text: 'Can you call me about my plan?' });

    await page.goto(`${APP_URL}/`);
    const inboxLink = page.getByTestId('sidebar').getByRole('link', { name: 'Inbox 1 unread' });
    await inboxLink.waitFor();
    await inboxLink.click();
    await page.getByRole('heading', { level: 1, name: 'Inbox' }).waitFor();
    const list = page.getByRole('region', { name: 'Conversations' });
    await list.getByText('Can you call me about my plan?').waitFor();
    await pageAtRest(page);
    assert.deepEqual(await seriousAccessibilityViolations(page), [], 'the Inbox');
    await list.getByRole('link', { name: /Rosa Diaz/ }).click();
    const thread = page.getByRole('region', { name: 'Rosa Diaz' });
    await thread.getByRole('list', { name: 'Messages, newest first' }).getByText('Portal invitation sent').waitFor();
    // Opening it reads it: the menu's count goes.
    await page.getByTestId('sidebar').getByRole('link', { name: 'Inbox', exact: true }).waitFor();

    // A health word is refused, as in a broker's reminder.
    await thread.getByLabel('Reply').fill('Did you take your insulin?');
    await thread.getByRole('button', { name: 'Send' }).click();
    await thread.getByRole('alert').filter({ hasText: 'generic' }).waitFor();
    await thread.getByLabel('Reply').fill('Hi {firstName}, I will call you at 3 pm today.');
    await thread.getByRole('button', { name: 'Send' }).click();
    await toast(page, 'Reply sent').waitFor();
    await thread.getByText('Hi Rosa, I will call you at 3 pm today.').waitFor();
    await pageAtRest(page);
    assert.deepEqual(await seriousAccessibilityViolations(page), [], 'a thread with the reply');
    await docsScreenshot(page, 'inbox', { viewportOnly: true });

    // Live: her next text shows in the open conversation at once, without a reload (the fallback poll is a minute).
    await call(page, 'POST', `/api/dev/outbox/${invitation.id}/answer`, { action: 'reply', text: 'Thank you, 3 pm works.' });
    await thread.getByText('Thank you, 3 pm works.').waitFor({ timeout: 10_000 });

    // Done: it leaves the open conversations.
    await thread.getByRole('button', { name: 'Mark done' }).click();
    await toast(page, 'Marked done').waitFor();
    await thread.getByRole('button', { name: 'Reopen' }).waitFor();

    // On a phone: the list, then the conversation on its own.
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto(`${APP_URL}/inbox`);
    await page.getByRole('heading', { level: 1, name: 'Inbox' }).waitFor();
    await page.getByRole('button', { name: 'Done' }).click();
    await page.getByRole('link', { name: /Rosa Diaz/ }).waitFor();
    await pageAtRest(page);
    assert.deepEqual(await seriousAccessibilityViolations(page), [], 'the Inbox at 390 px');
    await docsScreenshot(page, 'inbox-phone', { viewportOnly: true });
    await page.getByRole('link', { name: /Rosa Diaz/ }).click();
    await page.getByRole('link', { name: 'All conversations' }).waitFor();
    await page.getByText('Hi Rosa, I will call you at 3 pm today.').waitFor();
    await pageAtRest(page);
    assert.deepEqual(await seriousAccessibilityViolations(page), [], 'a thread at 390 px');
    await docsScreenshot(page, 'inbox-thread-phone', { viewportOnly: true });

    // In Spanish.
    await call(page, 'PUT', '/api/profile', { language: 'es' });
    await page.reload();
    await page.getByRole('link', { name: 'Todas las conversaciones' }).waitFor();
    await pageAtRest(page);
    assert.deepEqual(await seriousAccessibilityViolations(page), [], 'a thread in Spanish at 390 px');
    await page.getByRole('button', { name: 'Reabrir' }).click();
    await toast(page, 'Reabierta').waitFor();
    const threadUrl = page.url();
    await page.setViewportSize({ width: 1280, height: 900 });
    await page.goto(threadUrl);
    await page.getByRole('heading', { level: 1, name: 'Bandeja de entrada' }).waitFor();
    await page
      .getByRole('region', { name: 'Conversaciones' })
      .getByRole('link', { name: /Rosa Diaz/ })
      .waitFor();
    await page.getByText('Invitación al portal enviada').waitFor();
    await pageAtRest(page);
    assert.deepEqual(await seriousAccessibilityViolations(page), [], 'the Inbox in Spanish');
    await docsScreenshot(page, 'inbox-es', { viewportOnly: true });

    // The one refusal: the reply with a health word (400).
    assert.deepEqual(errors, ['Failed to load resource: the server responded with a status of 400 (Bad Request)']);
    await context.close();
  });

  it('lets the owner close the office and turn the auto-reply on; a Spanish-speaking client’s text gets it in Spanish, once', async () => {
    const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
    const page = await context.newPage();
    const errors = watchErrors(page);
    await signIn(page, { email: uniqueEmail('office-hours') });
    await page.goto(`${APP_URL}/inbox`);
    await page.getByRole('heading', { level: 1, name: 'Inbox' }).waitFor();
    await page.getByRole('button', { name: 'Office hours' }).click();
    const dialog = page.getByRole('dialog', { name: 'Office hours for texts' });
    await dialog.getByRole('checkbox', { name: 'Open on Monday' }).waitFor();
    // Closed every day, so that whenever this runs the office is closed.
    for (const day of ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday'])
      await dialog.getByRole('checkbox', { name: `Open on ${day}` }).uncheck();
    await dialog.getByLabel('Date').fill('2026-12-25');
    await dialog.getByLabel('Name').fill('Christmas Day');
    await dialog.getByRole('button', { name: 'Add holiday' }).click();
    await dialog.getByLabel(/Send an auto-reply/).check();
    await pageAtRest(page);
    assert.deepEqual(await seriousAccessibilityViolations(page), [], 'the office hours');
    await docsScreenshot(page, 'inbox-office-hours', { viewportOnly: true });
    await dialog.getByRole('button', { name: 'Save' }).click();
    await toast(page, 'Office hours saved').waitFor();

    const lucia = (await call(page, 'POST', '/api/clients', {
      firstName: 'Lucía',
      lastName: 'Reyes',
      phone: '(615) 555-0192',
      language: 'es',
    })) as { id: string };
    await call(page, 'POST', `/api/clients/${lucia.id}/invite`);
    const invitation = await waitForAnswer(page, '/api/dev/outbox', (outbox: Sent[]) =>
      outbox.find((message) => message.channel === 'sms' && message.recipient === '+16155550192'),
    );
    assert.ok(invitation, 'the invitation text reached the outbox');
    await call(page, 'POST', `/api/dev/outbox/${invitation.id}/answer`, { action: 'reply', text: '¿Me pueden llamar?' });
    await call(page, 'POST', `/api/dev/outbox/${invitation.id}/answer`, { action: 'reply', text: '¿Hola?' });
    const autoReplies = (await call(page, 'GET', '/api/dev/outbox')) as Sent[];
    assert.deepEqual(
      autoReplies.filter((message) => message.purpose === 'inbox-auto-reply').map((message) => [message.recipient, message.body]),
      [
        [
          '+16155550192',
          'Test Broker: Gracias por su mensaje. Nuestra oficina está cerrada en este momento; le responderemos el próximo día hábil.',
        ],
      ],
      'one auto-reply, in Spanish',
    );

    // The broker reads it in Spanish, on a phone.
    await call(page, 'PUT', '/api/profile', { language: 'es' });
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto(`${APP_URL}/inbox`);
    await page.getByRole('link', { name: /Lucía Reyes/ }).click();
    await page.getByText('Respuesta automática (oficina cerrada)').waitFor();
    await page.getByText('¿Hola?').waitFor();
    await pageAtRest(page);
    assert.deepEqual(await seriousAccessibilityViolations(page), [], 'a thread with the auto-reply, in Spanish at 390 px');
    await docsScreenshot(page, 'inbox-auto-reply-es-phone', { viewportOnly: true });
    await page.getByRole('link', { name: 'Todas las conversaciones' }).click();
    await page.getByRole('button', { name: 'Horario' }).click();
    const spanish = page.getByRole('dialog', { name: 'Horario de atención de mensajes de texto' });
    await spanish.getByText('2026-12-25 · Christmas Day').waitFor();
    await pageAtRest(page);
    assert.deepEqual(await seriousAccessibilityViolations(page), [], 'the office hours in Spanish at 390 px');
    await docsScreenshot(page, 'inbox-office-hours-es-phone', { viewportOnly: true });
    assert.deepEqual(errors, []);
    await context.close();
  });
});
