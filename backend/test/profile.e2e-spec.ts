import request from 'supertest';

import { OutboxMessage } from '../src/messaging/outbox-message.entity.js';
import { User } from '../src/users/user.entity.js';
import { type Agent, browser } from './helpers/browser-agent.js';
import { makeClient, makeInvitation } from './helpers/factories.js';
import { brokerSession } from './helpers/session.js';
import { createTestApp, type TestApp } from './helpers/test-app.js';

describe('the signed-in broker’s profile (/api/profile)', () => {
  let t: TestApp;
  let broker: { agent: Agent; id: string };
  let other: { agent: Agent; id: string };

  beforeAll(async () => {
    t = await createTestApp({ listen: true });
    // The development provider gives no name for these addresses, as a provider that knows none.
    broker = await brokerSession(t, 'qa.broker.1795444762483@agency.test');
    other = await brokerSession(t, 'other.profile@agency.test');
  });
  afterAll(() => t.close());

  it('starts a new broker with no name, never one made from the e-mail', async () => {
    const me = await broker.agent.get('/api/auth/user');
    expect(me.body).toMatchObject({ email: 'qa.broker.1795444762483@agency.test', firstName: null, lastName: null });
    const profile = await broker.agent.get('/api/profile');
    expect(profile.status).toBe(200);
    expect(profile.body).toEqual({
      firstName: null,
      lastName: null,
      email: 'qa.broker.1795444762483@agency.test',
      agencyPhone: '',
      emailNotifications: true,
      weeklyDigest: true,
      language: 'en',
      timeZone: 'America/New_York',
    });
  });

  it('keeps the app’s language the broker chose, and refuses one the product does not speak', async () => {
    const chosen = await broker.agent.put('/api/profile').send({ language: 'es' });
    expect(chosen.status).toBe(200);
    expect(chosen.body.language).toBe('es');
    expect((await broker.agent.get('/api/auth/user')).body.language).toBe('es');
    const wrong = await broker.agent.put('/api/profile').send({ language: 'xx' });
    expect(wrong.status).toBe(400);
    expect(wrong.body.message).toBe('Language must be en (English) or es (Spanish)');
    expect((await broker.agent.put('/api/profile').send({ language: 'en' })).body.language).toBe('en');
  });

  it('sets the broker’s time zone (New York until they choose), and refuses one that is not an IANA zone', async () => {
    expect((await broker.agent.get('/api/profile')).body.timeZone).toBe('America/New_York');
    const chosen = await broker.agent.put('/api/profile').send({ timeZone: 'America/Chicago' });
    expect(chosen.status).toBe(200);
    expect(chosen.body.timeZone).toBe('America/Chicago');
    expect((await t.em().findOneOrFail(User, broker.id)).timeZone).toBe('America/Chicago');
    for (const wrong of ['Mars/Olympus', 'UTC+5', '', 'x'.repeat(65), 42]) {
      const res = await broker.agent.put('/api/profile').send({ timeZone: wrong });
      expect(res.status).toBe(400);
      expect(res.body.message).toBe('Time zone must be an IANA time zone such as America/Chicago');
    }
    expect((await broker.agent.get('/api/profile')).body.timeZone).toBe('America/Chicago');
    expect((await broker.agent.put('/api/profile').send({ timeZone: 'America/New_York' })).status).toBe(200);
  });

  it('saves the name trimmed, shows it as the current user, and keeps it at the next sign-in', async () => {
    const res = await broker.agent.put('/api/profile').send({ firstName: '  Quinn ', lastName: ' Avery-Lee  ' });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ firstName: 'Quinn', lastName: 'Avery-Lee' });
    expect((await broker.agent.get('/api/auth/user')).body).toMatchObject({ firstName: 'Quinn', lastName: 'Avery-Lee' });

    const again = await brokerSession(t, 'qa.broker.1795444762483@agency.test');
    expect(again.id).toBe(broker.id);
    expect((await again.agent.get('/api/auth/user')).body).toMatchObject({ firstName: 'Quinn', lastName: 'Avery-Lee' });
  });

  it('edits the agency phone (the branding’s field, stored as E.164) and the e-mail notifications', async () => {
    const res = await broker.agent.put('/api/profile').send({ agencyPhone: '(615) 555-0100', emailNotifications: false });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ agencyPhone: '+16155550100', emailNotifications: false, firstName: 'Quinn' });
    expect((await broker.agent.get('/api/auth/user')).body.agencyPhone).toBe('+16155550100');
    expect((await broker.agent.put('/api/profile').send({ agencyPhone: '' })).body.agencyPhone).toBe('');
    expect((await broker.agent.put('/api/profile').send({ emailNotifications: true })).body.emailNotifications).toBe(true);
  });

  it('turns the weekly digest off and on again', async () => {
    const off = await broker.agent.put('/api/profile').send({ weeklyDigest: false });
    expect(off.status).toBe(200);
    expect(off.body.weeklyDigest).toBe(false);
    expect((await broker.agent.get('/api/profile')).body.weeklyDigest).toBe(false);
    expect((await other.agent.get('/api/profile')).body.weeklyDigest).toBe(true);
    const wrong = await broker.agent.put('/api/profile').send({ weeklyDigest: 'no' });
    expect(wrong.status).toBe(400);
    expect(wrong.body.message).toBe('Weekly digest must be true or false');
    expect((await broker.agent.put('/api/profile').send({ weeklyDigest: true })).body.weeklyDigest).toBe(true);
  });

  it('changes only the signed-in broker', async () => {
    await other.agent.put('/api/profile').send({ firstName: 'Other', lastName: 'Person' });
    expect((await broker.agent.get('/api/profile')).body.firstName).toBe('Quinn');
    expect((await other.agent.get('/api/profile')).body).toMatchObject({ firstName: 'Other', lastName: 'Person' });
  });

  it.each([
    [{ firstName: '' }, 'First name is required', 'firstName'],
    [{ lastName: '   ' }, 'Last name is required', 'lastName'],
    [{ firstName: null }, 'First name must be text', 'firstName'],
    [{ firstName: 42 }, 'First name must be text', 'firstName'],
    [{ lastName: ['Lee'] }, 'Last name must be text', 'lastName'],
    [{ firstName: 'x'.repeat(101) }, 'First name must be at most 100 characters', 'firstName'],
    [{ lastName: 'Line\nbreak' }, 'Last name cannot contain control characters such as line breaks', 'lastName'],
    [{ emailNotifications: 'yes' }, 'E-mail notifications must be true or false', 'emailNotifications'],
    [{ emailNotifications: null }, 'E-mail notifications must be true or false', 'emailNotifications'],
    [{ agencyPhone: 6155550100 }, 'Agency phone must be text', 'agencyPhone'],
  ])('refuses %j with 400 naming the field', async (body, message, field) => {
    const res = await broker.agent.put('/api/profile').send(body);
    expect(res.status).toBe(400);
    expect(res.body.message).toBe(message);
    expect(res.body.errors).toEqual({ [field]: message });
  });

  it('refuses a phone that is not one with the branding page’s message', async () => {
    const res = await broker.agent.put('/api/profile').send({ agencyPhone: '555-01' });
    expect(res.status).toBe(400);
    expect(res.body).toEqual({
      statusCode: 400,
      message: 'agencyPhone is not a valid phone number',
      field: 'agencyPhone',
      errors: { agencyPhone: 'agencyPhone is not a valid phone number' },
    });
  });

  it('refuses NUL bytes, unknown fields and a body that is not an object, and keeps the saved profile', async () => {
    const nul = await broker.agent.put('/api/profile').send({ firstName: 'Qu\u0000inn' });
    expect(nul.status).toBe(400);
    expect(nul.body.message).toBe('firstName contains a NUL character, which is not allowed');
    const unknown = await broker.agent.put('/api/profile').send({ firstName: 'Quinn', isAdmin: true, email: 'me@evil.test' });
    expect(unknown.status).toBe(400);
    expect(unknown.body.message).toMatch(/property isAdmin should not exist/);
    const raw = await broker.agent.put('/api/profile').set('Content-Type', 'application/json').send('"Quinn"');
    expect(raw.status).toBe(400);
    const user = await t.em().findOneOrFail(User, broker.id);
    expect([user.firstName, user.lastName, user.isAdmin, user.email]).toEqual([
      'Quinn',
      'Avery-Lee',
      false,
      'qa.broker.1795444762483@agency.test',
    ]);
  });

  it('answers 401 when signed out', async () => {
    expect((await request(t.http).get('/api/profile')).status).toBe(401);
    expect((await request(t.appUrl).put('/api/profile').set('Origin', t.appUrl).send({ firstName: 'A' })).status).toBe(401);
  });

  describe('e-mail notifications', () => {
    const noticesFor = (email: string) =>
      t.em().find(OutboxMessage, { recipient: email, purpose: 'broker-notice' }, { orderBy: { createdAt: 'asc' } });

    async function registerClient(brokerId: string, username: string, phone: string) {
      const em = t.em();
      const owner = await em.findOneOrFail(User, brokerId);
      const client = await makeClient(em, owner, { firstName: 'Rosa', lastName: 'Delgado', phone });
      const token = await makeInvitation(em, client);
      const agent = browser(t);
      expect((await agent.post('/api/client/register').send({ token, username, password: 'violet-tractor-91' })).status).toBe(201);
      return { agent, clientId: client.id };
    }

    it('tells the broker when a client joins and answers a contact change, while they are on', async () => {
      const notices = await brokerSession(t, 'notices.on@agency.test');
      const { agent: client, clientId } = await registerClient(notices.id, 'rosa.notices', '+16155550181');
      expect((await notices.agent.put(`/api/clients/${clientId}`).send({ phone: '+16155550182' })).status).toBe(200);
      const [change] = (await client.get('/api/client/contact-changes')).body;
      expect((await client.post(`/api/client/contact-changes/${change.id}/confirm`)).status).toBe(200);

      const sent = await noticesFor('notices.on@agency.test');
      expect(sent.map((m) => m.subject)).toEqual(['Rosa Delgado joined your client portal', 'Rosa Delgado confirmed a contact change']);
      expect(sent[1].body).toContain('Rosa Delgado confirmed the new phone number ***-***-0182.');
      expect(sent[1].body).toContain('/settings');
      expect(sent.every((m) => m.brokerId === notices.id)).toBe(true);
    });

    it('sends nothing to a broker who turned them off', async () => {
      const quiet = await brokerSession(t, 'notices.off@agency.test');
      expect((await quiet.agent.put('/api/profile').send({ emailNotifications: false })).status).toBe(200);
      const { agent: client, clientId } = await registerClient(quiet.id, 'rosa.quiet', '+16155550183');
      expect((await quiet.agent.put(`/api/clients/${clientId}`).send({ phone: '+16155550184' })).status).toBe(200);
      const [change] = (await client.get('/api/client/contact-changes')).body;
      expect((await client.post(`/api/client/contact-changes/${change.id}/refuse`)).status).toBe(200);
      expect(await noticesFor('notices.off@agency.test')).toEqual([]);
    });
  });
});
