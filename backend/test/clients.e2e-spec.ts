import { Client } from '../src/clients/client.entity.js';
import { SMS_SENDER } from '../src/messaging/messaging.ports.js';
import { OutboxMessage } from '../src/messaging/outbox-message.entity.js';
import { User } from '../src/users/user.entity.js';
import { type Agent, browser } from './helpers/browser-agent.js';
import { makeClient } from './helpers/factories.js';
import { brokerSession } from './helpers/session.js';
import { createTestApp, type TestApp } from './helpers/test-app.js';

describe('clients: CRUD, search, tenant isolation, usage limits, invitations', () => {
  let t: TestApp;
  let a: { agent: Agent; id: string };
  let b: { agent: Agent; id: string };

  beforeAll(async () => {
    t = await createTestApp({ listen: true });
    a = await brokerSession(t, 'broker.a@agency.test');
    b = await brokerSession(t, 'broker.b@agency.test');
  });
  afterAll(() => t.close());

  async function brokerA() {
    return t.em().findOneOrFail(User, a.id);
  }

  it('adds a client with the phone in E.164 and answers the spec’s fields', async () => {
    const res = await a.agent
      .post('/api/clients')
      .send({ firstName: ' Ruth ', lastName: 'Alvarez', email: 'ruth@example.com', phone: '(615) 555-0101' });
    expect(res.status).toBe(201);
    expect(Object.keys(res.body).sort()).toEqual(
      [
        'assignedMemberId',
        'carrier',
        'createdAt',
        'currentPolicy',
        'dateOfBirth',
        'departureReason',
        'email',
        'engagementScore',
        'firstName',
        'id',
        'inviteStatus',
        'inviteToken',
        'isActive',
        'language',
        'lastName',
        'notes',
        'pendingContactChanges',
        'phone',
        'planEffectiveDate',
        'planType',
        'riskLevel',
        'riskReasons',
        'riskScore',
        'state',
        'zip',
      ].sort(),
    );
    expect(res.body).toMatchObject({
      firstName: 'Ruth',
      lastName: 'Alvarez',
      email: 'ruth@example.com',
      phone: '+16155550101',
      isActive: true,
      engagementScore: 0,
      inviteStatus: 'none',
      inviteToken: false,
    });
  });

  it.each([
    [{ firstName: 'A', lastName: 'B', phone: '123' }, 'phone', 'phone is not a valid phone number'],
    [{ firstName: 'A', lastName: 'B', phone: '6155550102', email: 'nope' }, 'email', 'email is not a valid e-mail address'],
    [{ lastName: 'B', phone: '6155550102' }, 'firstName', 'firstName is required'],
    [{ firstName: 'A', lastName: 'B' }, 'phone', 'phone is required'],
  ])('answers 400 naming the field for %j', async (body, field, message) => {
    const res = await a.agent.post('/api/clients').send(body);
    expect(res.status).toBe(400);
    expect(res.body.message).toContain(message);
    expect(JSON.stringify(res.body)).toContain(field);
  });

  it('answers 409 for a phone number the broker already has, in any format', async () => {
    await a.agent.post('/api/clients').send({ firstName: 'Dup', lastName: 'One', phone: '615-555-0110' });
    const res = await a.agent.post('/api/clients').send({ firstName: 'Dup', lastName: 'Two', phone: '+1 (615) 555 0110' });
    expect(res.status).toBe(409);
    expect(res.body.message).toBe('A client with the phone number +16155550110 already exists.');
    // Another broker may have the same client.
    expect((await b.agent.post('/api/clients').send({ firstName: 'Dup', lastName: 'One', phone: '6155550110' })).status).toBe(201);
  });

  it('lists with the react-admin protocol and searches name, phone and e-mail case-insensitively', async () => {
    const broker = await brokerA();
    const em = t.em();
    await makeClient(em, broker, { firstName: 'Eleanor', lastName: 'Whitaker', email: 'ELEANOR.W@example.com', phone: '+16155550201' });
    await makeClient(em, broker, { firstName: 'Otis', lastName: 'Granger', phone: '+16155550202' });
    const byName = await a.agent.get('/api/clients').query({ filter: JSON.stringify({ q: 'WHITAK' }), range: '[0,9]' });
    expect(byName.status).toBe(200);
    expect(byName.body.map((c: { lastName: string }) => c.lastName)).toEqual(['Whitaker']);
    expect(byName.headers['content-range']).toBe('clients 0-0/1');
    const byEmail = await a.agent.get('/api/clients').query({ filter: JSON.stringify({ q: 'eleanor.w@' }) });
    expect(byEmail.body).toHaveLength(1);
    const byPhone = await a.agent.get('/api/clients').query({ filter: JSON.stringify({ q: '555-0202' }) });
    expect(byPhone.body.map((c: { firstName: string }) => c.firstName)).toEqual(['Otis']);
    const wildcard = await a.agent.get('/api/clients').query({ filter: JSON.stringify({ q: '%' }) });
    expect(wildcard.body).toEqual([]);
    const sorted = await a.agent.get('/api/clients').query({ sort: '["firstName","ASC"]', range: '[0,1]' });
    expect(sorted.body).toHaveLength(2);
    expect(sorted.headers['content-range']).toMatch(/^clients 0-1\/\d+$/);
  });

  it('sorts by every sortable field both ways with id as the tie-breaker, filters by active, and pages to the end', async () => {
    const ordered = await brokerSession(t, 'broker.sorting@agency.test');
    const em = t.em();
    const owner = await em.findOneOrFail(User, ordered.id);
    const day = (n: number) => new Date(Date.UTC(2026, 0, n));
    await makeClient(em, owner, {
      firstName: 'Cora',
      lastName: 'Abbott',
      email: 'cora@example.com',
      engagementScore: 70,
      createdAt: day(3),
    });
    await makeClient(em, owner, {
      firstName: 'Abe',
      lastName: 'Young',
      email: null,
      engagementScore: 10,
      createdAt: day(1),
      isActive: false,
    });
    await makeClient(em, owner, { firstName: 'Bea', lastName: 'Moss', email: 'bea@example.com', engagementScore: 40, createdAt: day(2) });
    await makeClient(em, owner, { firstName: 'Bea', lastName: 'Moss', email: 'bea2@example.com', engagementScore: 40, createdAt: day(2) });
    type Listed = {
      id: string;
      firstName: string;
      lastName: string;
      email: string | null;
      isActive: boolean;
      engagementScore: number;
      createdAt: string;
      phone: string;
    };
    const list = async (query: Record<string, string>): Promise<{ body: Listed[]; headers: Record<string, string> }> => {
      const res = await ordered.agent.get('/api/clients').query(query);
      expect(res.status).toBe(200);
      return { body: res.body as Listed[], headers: res.headers };
    };
    const all = (await list({})).body;
    expect(all.map((c) => c.createdAt)).toEqual([day(3), day(2), day(2), day(1)].map((d) => d.toISOString()));
    const twins = all.filter((c) => c.lastName === 'Moss').map((c) => c.id);
    expect(twins).toEqual([...twins].sort());
    const fields = ['firstName', 'lastName', 'email', 'phone', 'isActive', 'engagementScore', 'createdAt'] as const;
    for (const field of fields) {
      for (const order of ['ASC', 'DESC'] as const) {
        const body = (await list({ sort: JSON.stringify([field, order]) })).body;
        const key = (c: Listed) => c[field];
        const expected = [...all].sort((x, y) => {
          const [p, q] = [key(x), key(y)];
          // PostgreSQL puts nulls last ascending and first descending.
          const byField = p === q ? 0 : p === null ? 1 : q === null ? -1 : p < q ? -1 : 1;
          return (order === 'ASC' ? byField : -byField) || (x.id < y.id ? -1 : 1);
        });
        expect([field, order, body.map((c) => c.id)]).toEqual([field, order, expected.map((c) => c.id)]);
      }
    }
    const active = await list({ filter: JSON.stringify({ isActive: true }), sort: '["firstName","ASC"]' });
    expect(active.body.map((c) => c.firstName)).toEqual(['Bea', 'Bea', 'Cora']);
    expect(active.headers['content-range']).toBe('clients 0-2/3');
    const inactive = await list({ filter: JSON.stringify({ isActive: false }) });
    expect(inactive.body.map((c) => c.lastName)).toEqual(['Young']);
    const second = await list({ sort: '["lastName","ASC"]', range: '[2,3]' });
    expect(second.body.map((c) => c.lastName)).toEqual(['Moss', 'Young']);
    expect(second.headers['content-range']).toBe('clients 2-3/4');
    const past = await list({ range: '[10,19]' });
    expect(past.body).toEqual([]);
    expect(past.headers['content-range']).toBe('clients */4');
    const none = await list({ filter: JSON.stringify({ q: 'nobody by this name' }), range: '[0,9]' });
    expect(none.body).toEqual([]);
    expect(none.headers['content-range']).toBe('clients */0');
  });

  it.each([
    [{ range: '[x]' }],
    [{ sort: 'oops' }],
    [{ filter: '{' }],
    [{ sort: '["password","ASC"]' }],
    [{ filter: '{"brokerId":"x"}' }],
    [{ filter: '{"q":5}' }],
  ])('answers 400, never 500, for the bad list query %j', async (query) => {
    const res = await a.agent.get('/api/clients').query(query);
    expect(res.status).toBe(400);
    expect(typeof res.body.message).toBe('string');
  });

  it('keeps each broker to their own clients: 404 for another broker’s id, never in lists or search', async () => {
    const mine = await a.agent.post('/api/clients').send({ firstName: 'Private', lastName: 'Person', phone: '6155550301' });
    const id = mine.body.id;
    expect((await b.agent.get(`/api/clients/${id}`)).status).toBe(404);
    expect((await b.agent.put(`/api/clients/${id}`).send({ firstName: 'Hacked' })).status).toBe(404);
    expect((await b.agent.delete(`/api/clients/${id}`)).status).toBe(404);
    expect((await b.agent.post(`/api/clients/${id}/invite`)).status).toBe(404);
    const list = await b.agent.get('/api/clients').query({ range: '[0,999]' });
    expect(list.body.map((c: { id: string }) => c.id)).not.toContain(id);
    const search = await b.agent.get('/api/clients').query({ filter: '{"q":"private"}' });
    expect(search.body).toEqual([]);
    expect((await t.em().findOneOrFail(Client, id)).firstName).toBe('Private');
    expect((await a.agent.get(`/api/clients/${id}`)).status).toBe(200);
  });

  it('answers 404 for an id that is not a UUID', async () => {
    expect((await a.agent.get('/api/clients/not-a-uuid')).status).toBe(404);
  });

  it('edits a client, deactivates and reactivates them, and deletes them', async () => {
    const { body: created } = await a.agent.post('/api/clients').send({ firstName: 'Edit', lastName: 'Me', phone: '6155550401' });
    const edited = await a.agent.put(`/api/clients/${created.id}`).send({ lastName: 'Edited', email: 'edit@example.com', isActive: false });
    expect(edited.status).toBe(200);
    expect(edited.body).toMatchObject({ lastName: 'Edited', email: 'edit@example.com', isActive: false });
    expect((await t.em().findOneOrFail(Client, created.id)).deactivatedAt).toBeInstanceOf(Date);
    const back = await a.agent.put(`/api/clients/${created.id}`).send({ isActive: true, email: null });
    expect(back.body).toMatchObject({ isActive: true, email: null });
    expect((await t.em().findOneOrFail(Client, created.id)).deactivatedAt).toBeNull();
    expect((await a.agent.delete(`/api/clients/${created.id}`)).status).toBe(204);
    expect((await a.agent.get(`/api/clients/${created.id}`)).status).toBe(404);
  });

  describe('usage and limits', () => {
    let c: { agent: Agent; id: string };
    beforeAll(async () => {
      c = await brokerSession(t, 'limits@agency.test');
    });

    async function setActive(count: number, fields: Partial<User> = {}) {
      const em = t.em();
      await em.nativeDelete(Client, { broker: c.id });
      await em.nativeUpdate(User, { id: c.id }, { subscriptionTier: 'flat', overageEnabled: false, ...fields });
      await em.execute(
        `insert into clients (id, broker_id, first_name, last_name, phone)
         select gen_random_uuid(), ?, 'Bulk', 'Client' || n, '+1212555' || lpad(n::text, 4, '0') from generate_series(1, ?) n`,
        [c.id, count],
      );
    }

    it.each([
      [89, 'none'],
      [90, 'approaching'],
      [99, 'approaching'],
      [100, 'soft'],
      [101, 'soft'],
      [104, 'soft'],
      [105, 'blocked'],
      [106, 'blocked'],
    ])('reports %i active flat clients as %s', async (count, level) => {
      await setActive(count);
      const res = await c.agent.get('/api/clients/usage');
      expect(res.body).toMatchObject({
        tier: 'flat',
        activeCount: count,
        totalCount: count,
        limit: 100,
        overageEnabled: false,
        warningLevel: level,
      });
      expect(res.body.upgradeOptions.map((o: { type: string }) => o.type)).toEqual(['overage', 'pmpm', 'manage']);
    });

    it('prices the overage option: 30 over is 12000 cents', async () => {
      await setActive(130, { overageEnabled: false });
      const res = await c.agent.get('/api/clients/usage');
      expect(res.body.upgradeOptions[0]).toMatchObject({ type: 'overage', estimatedCost: 12_000 });
    });

    it('has no warning with overage, nor on pmpm', async () => {
      for (const count of [89, 90, 99, 100, 101, 105, 106]) {
        await setActive(count, { overageEnabled: true });
        expect((await c.agent.get('/api/clients/usage')).body.warningLevel).toBe('none');
      }
      await setActive(300, { subscriptionTier: 'pmpm' });
      expect((await c.agent.get('/api/clients/usage')).body).toMatchObject({
        tier: 'pmpm',
        limit: null,
        warningLevel: 'none',
        upgradeOptions: [],
      });
    });

    it('warns when an add lands near or over the limit, and refuses past 105', async () => {
      await setActive(89);
      const approaching = await c.agent.post('/api/clients').send({ firstName: 'N', lastName: 'Ninety', phone: '6155559090' });
      expect(approaching.status).toBe(201);
      expect(approaching.body.warning.message).toContain('You have 90 of 100 active clients');
      await setActive(103);
      const soft = await c.agent.post('/api/clients').send({ firstName: 'N', lastName: 'Soft', phone: '6155559104' });
      expect(soft.status).toBe(201);
      expect(soft.body.warning.message).toContain('The grace allowance lets you have up to 105');
      const last = await c.agent.post('/api/clients').send({ firstName: 'N', lastName: 'Last', phone: '6155559105' });
      expect(last.status).toBe(201);
      expect(last.body.warning.message).toContain('You have 105 active clients, the most your plan allows');
      const refused = await c.agent.post('/api/clients').send({ firstName: 'N', lastName: 'Over', phone: '6155559106' });
      expect(refused.status).toBe(403);
      expect(refused.body).toMatchObject({ limitReached: true });
      expect(refused.body.message).toMatch(/^Client limit reached\./);
    });

    it('counts reactivation against the limit', async () => {
      await setActive(105);
      const em = t.em();
      const inactive = await makeClient(em, await em.findOneOrFail(User, c.id), { isActive: false });
      const res = await c.agent.put(`/api/clients/${inactive.id}`).send({ isActive: true });
      expect(res.status).toBe(403);
      expect(res.body.limitReached).toBe(true);
    });

    it('lets overage add beyond the limit', async () => {
      await setActive(110, { overageEnabled: true });
      const res = await c.agent.post('/api/clients').send({ firstName: 'O', lastName: 'Verage', phone: '6155559111' });
      expect(res.status).toBe(201);
      expect(res.body.warning).toBeUndefined();
    });
  });

  describe('invitations', () => {
    it('creates an invitation, texts the link through the outbox, and shows Resend', async () => {
      const { body: client } = await a.agent.post('/api/clients').send({ firstName: 'Ivy', lastName: 'Nguyen', phone: '6155550501' });
      const res = await a.agent.post(`/api/clients/${client.id}/invite`);
      expect(res.status).toBe(200);
      expect(res.body.success).toBe(true);
      expect(res.body.message).toBe('Invitation sent to Ivy Nguyen by text message.');
      expect(res.body.inviteUrl).toMatch(new RegExp(`^${t.appUrl}/client/register/[A-Za-z0-9_-]{43}$`));
      const sms = await t.em().findOneOrFail(OutboxMessage, { recipient: '+16155550501', purpose: 'client-invitation' });
      expect(sms.channel).toBe('sms');
      expect(sms.body).toContain(res.body.inviteUrl);
      // A text from the agency says how to stop them, the first one too.
      expect(sms.body).toMatch(/ Reply STOP to opt out\.$/);
      const after = await a.agent.get(`/api/clients/${client.id}`);
      expect(after.body).toMatchObject({ inviteStatus: 'pending', inviteToken: true });
      expect(JSON.stringify(after.body)).not.toContain(res.body.inviteUrl.split('/').pop());

      const token = res.body.inviteUrl.split('/').pop();
      const ivy = browser(t);
      const lookup = await ivy.get(`/api/client/invite/${token}`);
      expect(lookup.body).toEqual({
        firstName: 'Ivy',
        lastName: 'Nguyen',
        language: 'en',
        agency: expect.objectContaining({ logoUrl: null }),
      });
      const registered = await ivy.post('/api/client/register').send({ token, username: 'ivy.n', password: 'violet-tractor-91' });
      expect(registered.status).toBe(201);
      const status = await a.agent.get(`/api/clients/${client.id}`);
      expect(status.body.inviteStatus).toBe('accepted');
      expect(status.body.engagementScore).toBe(45);
    });

    it('never returns invite tokens in lists', async () => {
      const list = await a.agent.get('/api/clients').query({ range: '[0,999]' });
      for (const client of list.body) expect(typeof client.inviteToken).toBe('boolean');
    });

    it('refuses to invite an inactive client', async () => {
      const { body: client } = await a.agent.post('/api/clients').send({ firstName: 'Gone', lastName: 'Away', phone: '6155550502' });
      await a.agent.put(`/api/clients/${client.id}`).send({ isActive: false });
      const res = await a.agent.post(`/api/clients/${client.id}/invite`);
      expect(res.status).toBe(409);
    });
  });
});

describe('invitations when the text message cannot be sent', () => {
  let t: TestApp;
  beforeAll(async () => {
    const failingSms = { sendSms: () => Promise.reject(new Error('carrier unreachable')) };
    t = await createTestApp({ listen: true, overrides: [[SMS_SENDER, failingSms]] });
  });
  afterAll(() => t.close());

  it('keeps the invitation and answers success: false with the link to copy', async () => {
    const broker = await brokerSession(t, 'sms.down@agency.test');
    const { body: client } = await broker.agent.post('/api/clients').send({ firstName: 'Lou', lastName: 'Park', phone: '6155550601' });
    const res = await broker.agent.post(`/api/clients/${client.id}/invite`);
    expect(res.status).toBe(200);
    expect(res.body.success).toBe(false);
    expect(res.body.message).toContain('could not be sent');
    const token = res.body.inviteUrl.split('/').pop();
    expect((await browser(t).get(`/api/client/invite/${token}`)).body).toMatchObject({
      firstName: 'Lou',
      lastName: 'Park',
      language: 'en',
    });
    expect((await broker.agent.get(`/api/clients/${client.id}`)).body.inviteStatus).toBe('pending');
  });
});
