import { existsSync } from 'node:fs';
import { readdir } from 'node:fs/promises';
import { join } from 'node:path';

import sharp from 'sharp';
import request from 'supertest';

import { AdminAction } from '../src/audit/admin-action.entity.js';
import { Resource } from '../src/resources/resource.entity.js';
import { User } from '../src/users/user.entity.js';
import type { Agent } from './helpers/browser-agent.js';
import { browser } from './helpers/browser-agent.js';
import { makeClient, makeInvitation } from './helpers/factories.js';
import { DOCX, GIF, HTML_AS_PNG, image, MP4, PDF, PLAIN_ZIP, SVG, WEBM, XLSX } from './helpers/files.js';
import { brokerSession } from './helpers/session.js';
import { createTestApp, type TestApp } from './helpers/test-app.js';

describe('branding and the resource library', () => {
  let t: TestApp;
  let admin: { agent: Agent; id: string };
  let broker: { agent: Agent; id: string };

  beforeAll(async () => {
    t = await createTestApp({ listen: true });
    broker = await brokerSession(t, 'branding@agency.test');
    const adminSession = await brokerSession(t, 'library.admin@agency.test');
    await t.em().nativeUpdate(User, { id: adminSession.id }, { isAdmin: true });
    admin = adminSession;
  });
  afterAll(() => t.close());

  describe('branding', () => {
    it('updates colours, name, phone (E.164), sponsor message and address; /api/auth/user shows it at once', async () => {
      const res = await broker.agent.put('/api/branding').send({
        primaryColor: '#0F766E',
        secondaryColor: '#abc',
        agencyName: 'Harbor Senior Insurance',
        agencyPhone: '(615) 555-0142',
        sponsorMessage: 'Brought to you by Harbor.',
        agencyAddress: '12 Main St, Nashville, TN',
      });
      expect(res.status).toBe(200);
      const me = await broker.agent.get('/api/auth/user');
      expect(me.body).toMatchObject({
        primaryColor: '#0f766e',
        secondaryColor: '#abc',
        agencyName: 'Harbor Senior Insurance',
        agencyPhone: '+16155550142',
        sponsorMessage: 'Brought to you by Harbor.',
      });
    });

    it.each([
      [{ primaryColor: 'blue' }, 'primaryColor'],
      [{ secondaryColor: '#12345' }, 'secondaryColor'],
      [{ sponsorMessage: 'x'.repeat(151) }, 'sponsorMessage'],
      [{ agencyPhone: '123' }, 'agencyPhone'],
    ])('refuses %j naming %s', async (body, field) => {
      const res = await broker.agent.put('/api/branding').send(body);
      expect(res.status).toBe(400);
      expect(res.body.field).toBe(field);
    });

    it('re-encodes a logo to fit 200×200 without metadata, serves it, and removes the old one', async () => {
      const first = await broker.agent.post('/api/branding/logo').attach('logo', await image('jpeg', 800, 400), 'logo.jpg');
      expect(first.status).toBe(200);
      expect(first.body.logoUrl).toMatch(/^\/api\/public\/logos\/[0-9a-f-]{36}\.png$/);
      const served = await request(t.http).get(first.body.logoUrl).buffer(true);
      expect(served.status).toBe(200);
      expect(served.headers['content-type']).toBe('image/png');
      const meta = await sharp(served.body as Buffer).metadata();
      expect([meta.width, meta.height]).toEqual([200, 100]);
      expect(meta.exif).toBeUndefined();
      expect((served.body as Buffer).includes('secret-exif-marker')).toBe(false);

      const second = await broker.agent.post('/api/branding/logo').attach('logo', await image('webp'), 'logo.webp');
      expect(second.status).toBe(200);
      expect((await request(t.http).get(first.body.logoUrl)).status).toBe(404);
      expect((await broker.agent.get('/api/auth/user')).body.logoUrl).toBe(second.body.logoUrl);
    });

    it.each([
      [HTML_AS_PNG, 'logo.png'],
      [SVG, 'logo.png'],
      [GIF, 'logo.gif'],
      [PDF, 'logo.png'],
    ])('refuses a logo that is not PNG, JPEG or WebP by its bytes (%#)', async (data, name) => {
      const res = await broker.agent.post('/api/branding/logo').attach('logo', data, name);
      expect(res.status).toBe(400);
      expect(res.body.message).toBe('The logo must be a PNG, JPEG or WebP image');
    });

    it('refuses a logo over 2 MB with 413', async () => {
      const big = Buffer.concat([await image('png'), Buffer.alloc(2 * 1024 * 1024 + 10)]);
      expect((await broker.agent.post('/api/branding/logo').attach('logo', big, 'big.png')).status).toBe(413);
    });

    it('gives the client portal its broker’s branding, with defaults', async () => {
      const em = t.em();
      const owner = await em.findOneOrFail(User, broker.id);
      const token = await makeInvitation(em, await makeClient(em, owner));
      const client = browser(t);
      await client.post('/api/client/register').send({ token, username: 'brand.viewer', password: 'violet-tractor-91' });
      const res = await client.get('/api/client-portal/branding');
      expect(res.body).toMatchObject({
        agencyName: 'Harbor Senior Insurance',
        primaryColor: '#0f766e',
        sponsorMessage: 'Brought to you by Harbor.',
      });
      await em.nativeUpdate(User, { id: broker.id }, { agencyName: '', primaryColor: '#2563eb' });
      expect((await client.get('/api/client-portal/branding')).body).toMatchObject({
        agencyName: 'Your Healthcare Team',
        primaryColor: '#2563eb',
      });
      expect((await broker.agent.get('/api/client-portal/branding')).status).toBe(401);
    });
  });

  describe('resources', () => {
    async function upload(data: Buffer, name: string, fields: Record<string, string> = { title: name }) {
      let req = admin.agent.post('/api/admin/resources').attach('file', data, name);
      for (const [k, v] of Object.entries(fields)) req = req.field(k, v);
      return req;
    }

    it.each([
      [PDF, 'guide.pdf', 'pdf'],
      [DOCX, 'script.docx', 'docx'],
      [XLSX, 'sheet.xlsx', 'xlsx'],
      [GIF, 'badge.gif', 'gif'],
      [MP4, 'training.mp4', 'mp4'],
      [WEBM, 'clip.webm', 'webm'],
    ])('accepts %# (%s) as %s by its bytes', async (data, name, type) => {
      const res = await upload(data, name, { title: `Upload ${name}`, category: 'training', description: 'For new agents' });
      expect(res.status).toBe(201);
      expect(res.body).toMatchObject({
        fileType: type,
        fileSize: data.length,
        category: 'training',
        isActive: true,
        isPublic: false,
        downloadCount: 0,
      });
    });

    it.each(['png', 'jpeg', 'webp'] as const)('accepts a %s image', async (format) => {
      expect((await upload(await image(format), `pic.${format}`)).status).toBe(201);
    });

    it.each([
      [HTML_AS_PNG, 'innocent.pdf'],
      [SVG, 'drawing.png'],
      [PLAIN_ZIP, 'report.docx'],
      [Buffer.from('just text'), 'notes.txt'],
    ])('rejects a file whose bytes are not an accepted type (%#: %s)', async (data, name) => {
      const res = await upload(data, name);
      expect(res.status).toBe(400);
      expect(res.body.message).toContain('This file type is not accepted');
    });

    it('needs a file and a title', async () => {
      expect((await admin.agent.post('/api/admin/resources').field('title', 'No file')).body.message).toBe(
        'Please select a file and enter a title',
      );
      expect((await admin.agent.post('/api/admin/resources').attach('file', PDF, 'x.pdf')).body.message).toBe(
        'Please select a file and enter a title',
      );
      expect((await upload(PDF, 'x.pdf', { title: 'Bad', category: 'recipes' })).status).toBe(400);
    });

    it('serves the public / private / inactive matrix on the three download routes', async () => {
      const { body: created } = await upload(PDF, 'matrix.pdf', { title: 'Matrix' });
      const routes = {
        broker: () => broker.agent.get(`/api/resources/${created.id}/download`),
        public: () => request(t.http).get(`/api/public/resources/${created.id}/download`),
      };
      // Private and active: brokers yes, public no.
      expect((await routes.broker()).status).toBe(200);
      expect((await routes.public()).status).toBe(404);
      await admin.agent.patch(`/api/admin/resources/${created.id}/toggle-public`).send({ isPublic: true });
      expect((await routes.public()).status).toBe(200);
      await admin.agent.patch(`/api/admin/resources/${created.id}/toggle`).send({ isActive: false });
      expect((await routes.broker()).status).toBe(404);
      expect((await routes.public()).status).toBe(404);
      expect((await broker.agent.get('/api/resources').query({ range: '[0,99]' })).body.map((r: { id: string }) => r.id)).not.toContain(
        created.id,
      );
      const all = await admin.agent.get('/api/admin/resources').query({ includeInactive: 'true', range: '[0,99]' });
      expect(all.body.map((r: { id: string }) => r.id)).toContain(created.id);
      expect((await request(t.http).get(`/api/resources/${created.id}/download`)).status).toBe(401);
    });

    it('downloads with an attachment name, nosniff, a counted download, and Range support', async () => {
      const data = Buffer.from(`%PDF-1.4\n${'0123456789'.repeat(100)}`);
      const { body: created } = await upload(data, 'Guía AEP 2026.pdf', { title: 'Guide' });
      const whole = await broker.agent.get(`/api/resources/${created.id}/download`).buffer(true);
      expect(whole.status).toBe(200);
      expect(whole.headers['content-disposition']).toBe(
        `attachment; filename="Gu_a AEP 2026.pdf"; filename*=UTF-8''Gu%C3%ADa%20AEP%202026.pdf`,
      );
      expect(whole.headers['x-content-type-options']).toBe('nosniff');
      expect(whole.headers['accept-ranges']).toBe('bytes');
      expect(Buffer.compare(whole.body as Buffer, data)).toBe(0);
      const part = await broker.agent.get(`/api/resources/${created.id}/download`).set('Range', 'bytes=100-149').buffer(true);
      expect(part.status).toBe(206);
      expect(part.headers['content-range']).toBe(`bytes 100-149/${data.length}`);
      expect(Buffer.compare(part.body as Buffer, data.subarray(100, 150))).toBe(0);
      expect((await broker.agent.get(`/api/resources/${created.id}/download`).set('Range', 'bytes=99999-')).status).toBe(416);
      const [row] = await t.em().find(Resource, { id: created.id });
      expect(row.downloadCount).toBe(1);
    });

    it('edits and deletes with audit entries, and deletion removes the stored file', async () => {
      const { body: created } = await upload(PDF, 'old.pdf', { title: 'Old title' });
      const edited = await admin.agent.put(`/api/admin/resources/${created.id}`).send({ title: 'New title', category: 'compliance' });
      expect(edited.body).toMatchObject({ title: 'New title', category: 'compliance' });
      const stored = await t.em().findOneOrFail(Resource, created.id);
      const file = join(t.config.storage.localDir, stored.storageKey);
      expect(existsSync(file)).toBe(true);
      expect((await admin.agent.delete(`/api/admin/resources/${created.id}`)).status).toBe(204);
      expect(existsSync(file)).toBe(false);
      expect(await t.em().count(Resource, { id: created.id })).toBe(0);
      const actions = await t.em().find(AdminAction, { targetId: created.id }, { orderBy: { createdAt: 'asc' } });
      expect(actions.map((a) => a.action)).toEqual(['resource_uploaded', 'resource_updated', 'resource_deleted']);
      expect(actions[1]).toMatchObject({
        adminId: admin.id,
        before: { title: 'Old title' },
        after: { title: 'New title', category: 'compliance' },
      });
      // Nothing is left half-written in the spool folder.
      expect((await readdir(join(t.config.storage.localDir, '.incoming'))).length).toBe(0);
    });

    it('keeps brokers out of every admin resource route', async () => {
      expect((await broker.agent.get('/api/admin/resources')).status).toBe(403);
      expect((await broker.agent.post('/api/admin/resources').attach('file', PDF, 'x.pdf').field('title', 'x')).status).toBe(403);
      expect(await t.em().count(Resource, { title: 'x' })).toBe(0);
    });

    it('lists active resources for brokers with search and category', async () => {
      await upload(PDF, 'a.pdf', { title: 'Medicare Advantage basics', category: 'training', description: 'Plan types' });
      await upload(PDF, 'b.pdf', { title: 'Compliance checklist', category: 'compliance' });
      const search = await broker.agent.get('/api/resources').query({ filter: JSON.stringify({ q: 'ADVANTAGE' }) });
      expect(search.body.map((r: { title: string }) => r.title)).toEqual(['Medicare Advantage basics']);
      const byCategory = await broker.agent.get('/api/resources').query({ filter: JSON.stringify({ category: 'compliance' }) });
      expect(byCategory.body.every((r: { category: string }) => r.category === 'compliance')).toBe(true);
    });
  });
});
