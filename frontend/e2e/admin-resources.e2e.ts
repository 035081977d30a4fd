import assert from 'node:assert/strict';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';

import type { APIRequestContext, Browser, BrowserContext, Page } from 'playwright-core';

import {
  APP_URL,
  docsScreenshot,
  launchBrowser,
  screenshot,
  seriousAccessibilityViolations,
  signIn,
  testNow,
  watchErrors,
} from './browser.ts';

/** A PDF the server recognises by its first bytes, padded to exactly `size` bytes. */
function pdfBytes(size: number): Buffer {
  const head = '%PDF-1.4\n%';
  const tail = '\n%%EOF\n';
  return Buffer.from(`${head}${'x'.repeat(size - head.length - tail.length)}${tail}`, 'latin1');
}

/** Files the server accepts by their signatures (PNG, MP4), padded to a readable size. */
function pngBytes(size: number): Buffer {
  const signature = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
  return Buffer.concat([signature, Buffer.alloc(size - signature.length, 0)]);
}

function mp4Bytes(size: number): Buffer {
  const box = Buffer.from([0, 0, 0, 0x18, ...Buffer.from('ftypisom')]);
  return Buffer.concat([box, Buffer.alloc(size - box.length, 0)]);
}

interface Fixture {
  title: string;
  description: string;
  category: string;
  file: { name: string; mimeType: string; buffer: Buffer };
  isPublic?: boolean;
  isActive?: boolean;
  downloads?: number;
}

/** A small library around the test's own upload, so the table (and the docs picture) shows its range. */
const FIXTURES: Fixture[] = [
  {
    title: 'AEP Playbook 2027',
    description: 'Week-by-week plan for the Annual Enrollment Period, from outreach to follow-up.',
    category: 'training',
    file: { name: 'aep-playbook.pdf', mimeType: 'application/pdf', buffer: pdfBytes(251_904) },
    isPublic: true,
    downloads: 3,
  },
  {
    title: 'Medicare Advantage vs. Medigap',
    description: 'One-page comparison chart to share with clients.',
    category: 'marketing',
    file: { name: 'ma-vs-medigap.png', mimeType: 'image/png', buffer: pngBytes(1_363_149) },
  },
  {
    title: 'Scope of Appointment Walkthrough',
    description: 'How to complete the SOA form before a sales meeting.',
    category: 'compliance',
    file: { name: 'soa-walkthrough.mp4', mimeType: 'video/mp4', buffer: mp4Bytes(3_565_158) },
    isActive: false,
  },
];

/** Writes must say they come from the app's origin (CSRF check), as the browser's own calls do. */
const SAME_ORIGIN = { Origin: new URL(APP_URL).origin };

async function uploadFixture(api: APIRequestContext, fixture: Fixture): Promise<string> {
  const created = await api.post(`${APP_URL}/api/admin/resources`, {
    headers: SAME_ORIGIN,
    multipart: { file: fixture.file, title: fixture.title, description: fixture.description, category: fixture.category },
  });
  assert.equal(created.status(), 201, await created.text());
  const { id } = (await created.json()) as { id: string };
  const patch = (path: string, data: object) => api.patch(`${APP_URL}/api/admin/resources/${id}/${path}`, { data, headers: SAME_ORIGIN });
  if (fixture.isPublic) assert.equal((await patch('toggle-public', { isPublic: true })).status(), 200);
  for (let i = 0; i < (fixture.downloads ?? 0); i += 1) {
    assert.equal((await api.get(`${APP_URL}/api/public/resources/${id}/download`)).status(), 200);
  }
  if (fixture.isActive === false) assert.equal((await patch('toggle', { isActive: false })).status(), 200);
  return id;
}

function rowOf(page: Page, title: string) {
  return page.getByTestId('resource-row').filter({ has: page.getByText(title, { exact: true }) });
}

async function toast(page: Page, title: string): Promise<void> {
  await page.getByRole('status').filter({ hasText: title }).waitFor();
}

/** Opens a row's actions menu and picks one. */
async function chooseAction(page: Page, title: string, action: string): Promise<void> {
  await page.getByRole('button', { name: `Actions for ${title}`, exact: true }).click();
  await page.getByRole('menuitem', { name: action, exact: true }).click();
}

describe('admin resource management in Chromium', () => {
  let browser: Browser;
  let adminContext: BrowserContext;
  let tempDir: string;
  const fixtureIds: string[] = [];

  before(async () => {
    browser = await launchBrowser();
    tempDir = await mkdtemp(join(tmpdir(), 'admin-resources-'));
  });
  after(async () => {
    // Leave the library as it was for the other browser tests (they share the server).
    if (adminContext) {
      for (const id of fixtureIds) {
        await adminContext.request.delete(`${APP_URL}/api/admin/resources/${id}`, { headers: SAME_ORIGIN });
      }
      await adminContext.close();
    }
    await browser.close();
    await rm(tempDir, { recursive: true, force: true });
  });

  it('uploads, edits, deactivates, shares, copies the public link, unshares and deletes a resource', async () => {
    adminContext = await browser.newContext({ viewport: { width: 1280, height: 800 } });
    await adminContext.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: APP_URL });
    const page = await adminContext.newPage();
    const errors = watchErrors(page);
    await signIn(page, { admin: true });
    for (const fixture of FIXTURES) fixtureIds.push(await uploadFixture(adminContext.request, fixture));

    await page.goto(`${APP_URL}/admin/resources`);
    await page.getByRole('heading', { level: 1, name: 'Resource Management' }).waitFor();
    const playbook = rowOf(page, 'AEP Playbook 2027');
    await playbook.waitFor();
    assert.ok(await playbook.getByText('246.0 KB').isVisible());
    assert.ok(await playbook.getByRole('button', { name: 'Copy Link' }).isVisible());
    assert.equal((await playbook.getByRole('cell').nth(4).textContent())?.trim(), '3');
    assert.ok(await rowOf(page, 'Medicare Advantage vs. Medigap').getByText('1.3 MB').isVisible());
    assert.ok(await rowOf(page, 'Medicare Advantage vs. Medigap').getByRole('img', { name: 'Image (PNG)' }).isVisible());
    const walkthrough = rowOf(page, 'Scope of Appointment Walkthrough');
    assert.ok(await walkthrough.getByText('Inactive').isVisible());
    assert.ok(await walkthrough.getByText('Private').isVisible());
    assert.ok(await walkthrough.getByRole('img', { name: 'Video (MP4)' }).isVisible());

    // The search looks in titles and descriptions, inactive resources included.
    const search = page.getByRole('searchbox', { name: 'Search resources' });
    await search.fill('medigap');
    await playbook.waitFor({ state: 'detached' });
    await rowOf(page, 'Medicare Advantage vs. Medigap').waitFor();
    // Words of this test's own description only: other tests' resources may mention the SOA form too.
    await search.fill('SOA form before');
    await walkthrough.waitFor();
    assert.equal(await page.getByTestId('resource-row').count(), 1);
    await search.fill('no such words anywhere');
    await page.getByText('No resources found').waitFor();
    await page.getByRole('button', { name: 'Clear Search' }).click();
    await playbook.waitFor();
    assert.equal(await search.inputValue(), '');
    assert.deepEqual(await seriousAccessibilityViolations(page), [], 'resources at 1280 px');

    // Upload through the dialog: a unique title so other runs' resources cannot match.
    const title = `Plan Review Checklist ${testNow().toString(36).slice(-4).toUpperCase()}`;
    const bytes = pdfBytes(2560);
    const pdfPath = join(tempDir, 'plan-review-checklist.pdf');
    await writeFile(pdfPath, bytes);
    await page.getByRole('button', { name: 'Upload Resource' }).click();
    const upload = page.getByRole('dialog', { name: 'Upload Resource' });
    await upload.getByRole('button', { name: 'Upload', exact: true }).click();
    await upload.getByText('Please select a file and enter a title').waitFor();
    await upload.getByLabel('File', { exact: true }).setInputFiles(pdfPath);
    await upload.getByText('plan-review-checklist.pdf (2.5 KB)').waitFor();
    await upload.getByRole('textbox', { name: 'Title' }).fill(title);
    await upload.getByRole('textbox', { name: 'Description' }).fill('What to cover in the yearly plan review call.');
    await upload.getByRole('combobox', { name: 'Category' }).click();
    await page.getByRole('option', { name: 'Sales Scripts' }).click();
    // The menu fades out before it leaves the page.
    await page.locator('.MuiMenu-root').waitFor({ state: 'detached' });
    // Both given now: the message is gone.
    assert.equal(await upload.getByText('Please select a file and enter a title').count(), 0);
    await screenshot(page, 'admin-resources-upload');
    await upload.getByRole('button', { name: 'Upload', exact: true }).click();
    await toast(page, 'Resource uploaded successfully');
    await upload.waitFor({ state: 'detached' });

    let row = rowOf(page, title);
    await row.waitFor();
    const id = await row.getAttribute('data-resource-id');
    assert.ok(id);
    assert.ok(await row.getByText('What to cover in the yearly plan review call.').isVisible());
    assert.ok(await row.getByText('Sales Scripts').isVisible());
    assert.ok(await row.getByText('2.5 KB').isVisible());
    assert.ok(await row.getByText('Active', { exact: true }).isVisible());
    assert.ok(await row.getByText('Private').isVisible());
    assert.ok(await row.getByRole('img', { name: 'PDF file (PDF)' }).isVisible());
    await page.getByRole('status').filter({ hasText: 'Resource uploaded successfully' }).getByRole('button', { name: 'Close' }).click();
    await page.getByRole('status').filter({ hasText: 'Resource uploaded successfully' }).waitFor({ state: 'detached' });
    await docsScreenshot(page, 'admin-resources');

    // On a phone: a card per resource with its actions, nothing wider than the screen.
    await page.setViewportSize({ width: 390, height: 844 });
    const card = page.getByTestId('resource-card').filter({ has: page.getByText(title, { exact: true }) });
    await card.waitFor();
    assert.equal(await card.getAttribute('data-resource-id'), id);
    await card.getByText('2.5 KB').waitFor();
    await card.getByRole('button', { name: `Actions for ${title}` }).waitFor();
    assert.equal(await page.getByRole('table').count(), 0);
    assert.deepEqual(await seriousAccessibilityViolations(page), [], 'resources at 390 px');
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
    assert.ok(overflow <= 0, `no sideways scrolling at 390 px (${overflow} px too wide)`);
    await screenshot(page, 'admin-resources-390');
    await page.setViewportSize({ width: 1280, height: 800 });
    await row.waitFor();

    // Edit its title.
    const edited = `${title} (2027)`;
    await chooseAction(page, title, 'Edit');
    const edit = page.getByRole('dialog', { name: 'Edit Resource' });
    assert.equal(await edit.getByRole('textbox', { name: 'Title' }).inputValue(), title);
    await edit.getByRole('textbox', { name: 'Title' }).fill(edited);
    await edit.getByRole('button', { name: 'Save Changes' }).click();
    await toast(page, 'Resource updated successfully');
    row = rowOf(page, edited);
    await row.waitFor();
    assert.equal(await rowOf(page, title).count(), 0);

    // Deactivate, then activate again.
    await chooseAction(page, edited, 'Deactivate');
    await toast(page, 'Resource status updated');
    await row.getByText('Inactive').waitFor();
    await chooseAction(page, edited, 'Activate');
    await row.getByText('Active', { exact: true }).waitFor();

    // Share it and copy the public link.
    await chooseAction(page, edited, 'Make Public');
    await toast(page, 'Resource sharing updated');
    await row.getByRole('button', { name: 'Copy Link' }).click();
    await row.getByRole('button', { name: 'Copied' }).waitFor();
    await toast(page, 'Copied!');
    // A string expression: the browser's clipboard API is not in these Node-typed tests.
    const link = await page.evaluate<string>('navigator.clipboard.readText()');
    assert.equal(link, `${APP_URL}/api/public/resources/${id}/download`);
    await screenshot(page, 'admin-resources-copied');
    // The indicator goes back after 2 s.
    await row.getByRole('button', { name: 'Copy Link' }).waitFor({ timeout: 4000 });

    // Anyone with the link gets the file, without signing in.
    const visitor = await browser.newContext();
    const shared = await visitor.request.get(link);
    assert.equal(shared.status(), 200);
    assert.deepEqual(await shared.body(), bytes);

    // Private again: the link no longer works.
    await chooseAction(page, edited, 'Make Private');
    await row.getByText('Private').waitFor();
    assert.equal((await visitor.request.get(link)).status(), 404);
    await visitor.close();

    // The download counted (the visitor's one).
    assert.equal((await row.getByRole('cell').nth(4).textContent())?.trim(), '1');

    // Delete, after the confirmation.
    await chooseAction(page, edited, 'Delete');
    const confirm = page.getByRole('dialog', { name: 'Delete Resource' });
    await confirm.getByText('Are you sure you want to delete this resource?').waitFor();
    await confirm.getByRole('button', { name: 'Delete' }).click();
    await toast(page, 'Resource deleted successfully');
    await row.waitFor({ state: 'detached' });
    const remaining = await adminContext.request.get(`${APP_URL}/api/admin/resources?includeInactive=true`);
    assert.ok(!((await remaining.json()) as { id: string }[]).some((r) => r.id === id));

    assert.deepEqual(errors, []);
  });
});
