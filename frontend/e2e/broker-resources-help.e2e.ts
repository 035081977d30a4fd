import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';

import type { Browser, BrowserContext, Page } from 'playwright-core';

import {
  APP_URL,
  docsScreenshot,
  launchBrowser,
  seriousAccessibilityViolations,
  signIn,
  uniqueEmail,
  waitForAnswer,
  watchErrors,
} from './browser.ts';

interface Upload {
  title: string;
  description: string;
  category: string;
  filename: string;
  kilobytes: number;
}

const UPLOADS: Upload[] = [
  {
    title: 'Objection Handling Guide',
    description: 'Answers to the objections clients raise most during the Annual Enrollment Period.',
    category: 'training',
    filename: 'objection-handling.pdf',
    kilobytes: 3,
  },
  {
    title: 'AEP Kickoff Checklist',
    description: 'Everything to prepare before October 15.',
    category: 'training',
    filename: 'aep-checklist.pdf',
    kilobytes: 1.5,
  },
  {
    title: 'Annual Review Call Script',
    description: 'Opening lines and questions for the yearly plan review call.',
    category: 'scripts',
    filename: 'annual-review-script.pdf',
    kilobytes: 2,
  },
  {
    title: 'Scope of Appointment Form',
    description: 'The SOA form to complete before every sales appointment.',
    category: 'compliance',
    filename: 'soa-form.pdf',
    kilobytes: 4,
  },
];

/** As the demo admin, in its own browser context: uploads the PDFs and makes sure they are active. */
async function uploadResources(browser: Browser): Promise<Map<string, string>> {
  const context = await browser.newContext();
  const page = await context.newPage();
  await signIn(page, { admin: true });
  const ids = await page.evaluate(async (uploads) => {
    const result: [string, string][] = [];
    for (const upload of uploads) {
      // A PDF is recognised by its first bytes; the rest pads it to a readable size.
      const bytes = `%PDF-1.4\n%${'x'.repeat(Math.round(upload.kilobytes * 1024) - 12)}\n`;
      const form = new FormData();
      form.append('file', new File([bytes], upload.filename, { type: 'application/pdf' }));
      form.append('title', upload.title);
      form.append('description', upload.description);
      form.append('category', upload.category);
      const created = await fetch('/api/admin/resources', { method: 'POST', body: form });
      if (!created.ok) throw new Error(`upload failed: ${created.status} ${await created.text()}`);
      const { id } = (await created.json()) as { id: string };
      const toggled = await fetch(`/api/admin/resources/${id}/toggle`, {
        method: 'PATCH',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify({ isActive: true }),
      });
      if (!toggled.ok) throw new Error(`activate failed: ${toggled.status}`);
      result.push([upload.title, id]);
    }
    return result;
  }, UPLOADS);
  await context.close();
  return new Map(ids);
}

/** The calls these pages make. */
const OWN_CALLS = /^\/api\/(resources|dev\/outbox)/;

interface Problems {
  page: string[];
  failed: string[];
}

function assertNoProblems(problems: Problems): void {
  assert.deepEqual(problems.failed, []);
  assert.deepEqual(
    problems.page.filter((e) => !e.startsWith('Failed to load resource')),
    [],
  );
}

async function newBrokerPage(browser: Browser, label: string): Promise<{ context: BrowserContext; page: Page; errors: Problems }> {
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  const page = await context.newPage();
  const errors = watchErrors(page);
  const failed: string[] = [];
  page.on('response', (r) => {
    if (r.status() >= 400 && OWN_CALLS.test(new URL(r.url()).pathname)) failed.push(`${r.status()} ${r.url()}`);
  });
  await signIn(page, { email: uniqueEmail(label), readyForCampaigns: true });
  // The console's "Failed to load resource" lines do not say which call failed; the pages' own calls are checked by URL.
  return { context, page, errors: { page: errors, failed } };
}

describe('broker resources, help and the development outbox in Chromium', () => {
  let browser: Browser;
  before(async () => {
    browser = await launchBrowser();
  });
  after(async () => {
    await browser.close();
  });

  it('lists the resource library grouped by category, searches, filters and downloads', async () => {
    const { context, page, errors } = await newBrokerPage(browser, 'resources');

    // Before the upload: the library may already hold other tests' resources; when it is empty it says so.
    const before = await page.evaluate(async () => (await (await fetch('/api/resources')).json()) as unknown[]);
    await page.goto(`${APP_URL}/resources`);
    await page.getByRole('heading', { level: 1, name: 'Resources' }).waitFor();
    if (before.length === 0) {
      await page.getByText('No resources have been uploaded yet').waitFor();
      assert.ok(await page.getByText('No resources found').isVisible());
    }

    const ids = await uploadResources(browser);
    await page.reload();
    const training = page.getByRole('region', { name: /^Training Materials \(\d+\)$/ });
    await training.getByRole('heading', { level: 3, name: 'Objection Handling Guide' }).first().waitFor();
    assert.ok(await page.getByRole('heading', { level: 2, name: /^Sales Scripts \(\d+\)$/ }).isVisible());
    assert.ok(await page.getByRole('heading', { level: 2, name: /^Compliance \(\d+\)$/ }).isVisible());
    if (before.length === 0) {
      assert.deepEqual(await page.getByRole('heading', { level: 2 }).allTextContents(), [
        'Training Materials (2)',
        'Sales Scripts (1)',
        'Compliance (1)',
      ]);
    }
    const guide = page.getByTestId('resource-card').filter({ hasText: 'Objection Handling Guide' }).first();
    assert.ok(await guide.getByText('3.0 KB').isVisible());
    assert.ok(await guide.getByText(/^Uploaded [A-Z][a-z]{2} \d{2}, \d{4}$/).isVisible());
    await docsScreenshot(page, 'resources');

    // Search covers the title; the other groups disappear.
    await page.getByRole('searchbox', { name: 'Search resources' }).fill('objection');
    await page.getByRole('heading', { level: 2, name: /^Sales Scripts/ }).waitFor({ state: 'detached' });
    assert.ok(await page.getByRole('heading', { level: 3, name: 'Objection Handling Guide' }).first().isVisible());
    assert.equal(await page.getByRole('heading', { level: 3, name: 'AEP Kickoff Checklist' }).count(), 0);

    // A category with nothing matching: the filtered empty state.
    await page.getByRole('combobox', { name: 'Category' }).click();
    await page.getByRole('option', { name: 'Compliance' }).click();
    await page.getByText('No resources found').waitFor();
    assert.ok(await page.getByText('Try adjusting your filters').isVisible());
    await page.getByRole('button', { name: 'Clear filters' }).click();
    await page.getByRole('combobox', { name: 'Category' }).click();
    await page.getByRole('option', { name: 'Sales Scripts' }).click();
    await page.getByRole('heading', { level: 3, name: 'Annual Review Call Script' }).first().waitFor();
    assert.equal(await page.getByRole('heading', { level: 2, name: /^Training Materials/ }).count(), 0);

    // Download: a new tab fetches the file, and the page says the download started.
    const id = ids.get('Annual Review Call Script')!;
    const responsePromise = context.waitForEvent('response', (r) => r.url().endsWith(`/api/resources/${id}/download`));
    const newPagePromise = context.waitForEvent('page');
    await page
      .getByTestId('resource-card')
      .filter({ hasText: 'Annual Review Call Script' })
      .first()
      .getByRole('button', { name: 'Download' })
      .click();
    const [response, tab] = await Promise.all([responsePromise, newPagePromise]);
    assert.equal(response.status(), 200);
    assert.match(response.headers()['content-disposition'] ?? '', /attachment/);
    assert.equal(response.frame().page(), tab);
    await page.getByRole('status').getByText('Download Started').waitFor();
    assertNoProblems(errors);
    await context.close();
  });

  it('shows the guide by tab, linkable in the URL, and restarts the tour', async () => {
    const { context, page, errors } = await newBrokerPage(browser, 'help');
    await page.getByRole('link', { name: 'Help', exact: true }).click();
    await page.waitForURL(`${APP_URL}/help`);
    await page.getByRole('heading', { level: 1, name: 'Help & Guide' }).waitFor();
    assert.equal(await page.getByRole('tab', { name: 'Quick Start' }).getAttribute('aria-selected'), 'true');
    assert.deepEqual(await page.getByRole('tab').allTextContents(), [
      'Quick Start',
      'Clients',
      'Reminders',
      'Campaigns',
      'Resources',
      'Settings',
      'Troubleshooting',
    ]);

    await page.getByRole('tab', { name: 'Reminders' }).click();
    await page.waitForURL(`${APP_URL}/help?tab=reminders`);
    const panel = page.getByRole('tabpanel');
    await panel.getByRole('heading', { level: 2, name: 'Reminders' }).waitFor();
    assert.ok(await panel.getByText(/sent automatically within a minute of their scheduled time/).isVisible());
    assert.equal(await panel.getByText(/hourly|every hour/i).count(), 0);

    await page.getByRole('tab', { name: 'Clients' }).click();
    await page.waitForURL(`${APP_URL}/help?tab=clients`);
    await panel.getByRole('heading', { level: 2, name: 'Clients' }).waitFor();
    assert.ok(await panel.getByText(/firstName,lastName,email,phone/).isVisible());
    assert.ok(await panel.getByText(/The link expires after 7 days/).isVisible());
    await docsScreenshot(page, 'help');

    // A link straight to a tab opens it.
    await page.goto(`${APP_URL}/help?tab=troubleshooting`);
    await page.getByRole('tabpanel').getByRole('heading', { level: 2, name: 'Troubleshooting' }).waitFor();
    assert.equal(await page.getByRole('tab', { name: 'Troubleshooting' }).getAttribute('aria-selected'), 'true');
    assert.ok(await page.getByRole('region', { name: 'The invitation link expired' }).isVisible());

    // Restart tour: the flag goes and the dashboard opens (its tour starts when the flag is absent).
    assert.equal(await page.evaluate(() => localStorage.getItem('tour_completed_broker_welcome')), 'true');
    await page.getByRole('button', { name: 'Restart tour' }).click();
    await page.waitForURL(`${APP_URL}/`);
    await page.getByRole('heading', { level: 1, name: 'Dashboard' }).waitFor();
    assert.equal(await page.evaluate(() => localStorage.getItem('tour_completed_broker_welcome')), null);
    assertNoProblems(errors);
    await context.close();
  });

  it('shows the invitation texts and a campaign e-mail in the development outbox', async () => {
    const { context, page, errors } = await newBrokerPage(browser, 'outbox');
    await page.getByRole('link', { name: 'Outbox' }).click();
    await page.waitForURL(new RegExp(`^${APP_URL}/dev/outbox`));
    await page.getByRole('heading', { level: 1, name: 'Outbox' }).waitFor();
    await page.getByText('No messages yet').waitFor();

    const invited = await page.evaluate(async () => {
      const post = async (url: string, body?: unknown) => {
        const response = await fetch(url, {
          method: 'POST',
          headers: body === undefined ? undefined : { 'Content-Type': 'application/json' },
          body: body === undefined ? undefined : JSON.stringify(body),
        });
        if (!response.ok) throw new Error(`${url} failed: ${response.status} ${await response.text()}`);
        return (await response.json()) as { id: string; phone: string };
      };
      const phones: string[] = [];
      for (const client of [
        // Added with the broker's attestation of written marketing permission: the campaign may reach her.
        { firstName: 'Margaret', lastName: 'Lopez', phone: '(615) 555-0142', email: 'margaret.lopez@example.com', marketingConsent: true },
        { firstName: 'Harold', lastName: 'Becker', phone: '(404) 555-0187' },
      ]) {
        const created = await post('/api/clients', client);
        await post(`/api/clients/${created.id}/invite`);
        phones.push(created.phone);
      }
      // An e-mail campaign goes out at once (e-mails have no quiet hours), to Margaret only: Harold has no address.
      const campaign = await post('/api/campaigns', {
        name: 'AEP kickoff',
        type: 'email',
        subject: 'Annual Enrollment starts October 15',
        message: 'It is time to review your Medicare plan. Book your review at https://agency.test/book',
        status: 'draft',
      });
      await post(`/api/campaigns/${campaign.id}/send`);
      return phones;
    });
    assert.deepEqual(invited, ['+16155550142', '+14045550187']);

    const margaret = page.getByRole('article', { name: 'SMS to +16155550142' });
    const email = page.getByRole('article', { name: 'E-mail to margaret.lopez@example.com' });
    // The campaign is delivered in the background: once the server has it, Refresh shows it.
    await waitForAnswer(page, '/api/dev/outbox', (outbox: { recipient: string }[]) =>
      outbox.some((message) => message.recipient === 'margaret.lopez@example.com'),
    );
    await page.getByRole('button', { name: 'Refresh' }).click();
    await margaret.waitFor();
    assert.ok(await margaret.getByText('Client invitation').isVisible());
    assert.ok(await margaret.getByText(/the link works for 7 days/).isVisible());
    const link = margaret.getByRole('link', { name: /\/client\/register\// });
    assert.match((await link.getAttribute('href')) ?? '', new RegExp(`^${APP_URL}/client/register/[^/]+$`));
    assert.equal(await link.getAttribute('target'), '_blank');
    assert.ok(await margaret.getByText(/^[A-Z][a-z]{2} \d{2}, \d{4} at \d{1,2}:\d{2} (AM|PM)$/).isVisible());

    await email.waitFor();
    assert.ok(await email.getByText('Annual Enrollment starts October 15').isVisible());
    assert.ok(await email.getByText('Campaign', { exact: true }).isVisible());
    assert.ok(await email.getByText(/It is time to review your Medicare plan/).isVisible());
    // Newest first.
    const entries = await page.getByRole('article').evaluateAll((articles) => articles.map((a) => a.getAttribute('aria-label')));
    assert.deepEqual(entries, ['E-mail to margaret.lopez@example.com', 'SMS to +14045550187', 'SMS to +16155550142']);
    await docsScreenshot(page, 'outbox');

    const channel = page.getByRole('group', { name: 'Channel' });
    await channel.getByRole('button', { name: 'Voice' }).click();
    await page.getByText('Nothing on this channel yet. Choose All to see every message.').waitFor();
    await channel.getByRole('button', { name: 'SMS' }).click();
    await margaret.waitFor();
    assert.equal(await page.getByRole('article').count(), 2);

    // The outbox's phone: Harold answers his invitation text with STOP, through the same webhook as a real reply.
    const harold = page.getByRole('article', { name: 'SMS to +14045550187' });
    const phone = harold.getByRole('region', { name: 'Answer as +14045550187' });
    await phone.getByRole('textbox', { name: 'Reply' }).fill('Please stop texting me');
    await phone.getByRole('button', { name: 'Send reply' }).click();
    await phone
      .getByRole('status')
      .getByText(/You will not receive more texts from us/)
      .waitFor();
    assert.deepEqual(await seriousAccessibilityViolations(page), []);
    await docsScreenshot(page, 'outbox-phone', { viewportOnly: true });
    const consent = await waitForAnswer(
      page,
      '/api/clients?range=[0,9]',
      (clients: { id: string; phone: string }[]) => clients.find((client) => client.phone === '+14045550187')?.id,
    );
    const states = (await page.evaluate(async (id) => (await (await fetch(`/api/clients/${id}/consent`)).json()) as unknown, consent)) as {
      current: { channel: string; purpose: string; state: string }[];
    };
    assert.equal(states.current.find((entry) => entry.channel === 'sms' && entry.purpose === 'reminders')?.state, 'revoked');
    await channel.getByRole('button', { name: 'E-mail' }).click();
    await email.waitFor();
    assert.equal(await page.getByRole('article').count(), 1);
    assertNoProblems(errors);
    await context.close();
  });
});
