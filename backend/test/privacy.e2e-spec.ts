import { Agent as HttpAgent } from 'node:http';

import request from 'supertest';

import { ClientReminder } from '../src/client-portal/client-reminder.entity.js';
import { Client } from '../src/clients/client.entity.js';
import { Delivery } from '../src/delivery/delivery.entity.js';
import { DispatcherService } from '../src/delivery/dispatcher.service.js';
import { InboxThread } from '../src/inbox/inbox-thread.entity.js';
import { OutboxMessage } from '../src/messaging/outbox-message.entity.js';
import { PhiAccess } from '../src/privacy/phi-access.entity.js';
import { User } from '../src/users/user.entity.js';
import { type Agent, browser } from './helpers/browser-agent.js';
import { realNow } from './helpers/clock.js';
import { EVENT_STREAM_PATHS, untilFirstEvent } from './helpers/event-stream.js';
import { makeClient, makeInvitation } from './helpers/factories.js';
import { listRoutes } from './helpers/routes.js';
import { brokerSession } from './helpers/session.js';
import { createTestApp, type TestApp } from './helpers/test-app.js';

const SECRETS = {
  name: 'Zyloprimidex-4471',
  dosage: 'Dose-7Q3 250mg',
  frequency: 'Freq-twice-K9',
  instructions: 'Instr-after-supper-X2',
  reminder: 'Reminder-secret-noon-9931',
  caregiver: 'Caregiver-secret-Odalys-52',
  relationship: 'Relation-secret-niece-17',
};

describe('the privacy wall', () => {
  let t: TestApp;
  let broker: { agent: Agent; id: string };
  let admin: { agent: Agent; id: string };
  let clientA: Agent;
  let clientB: Agent;
  let medicationId: string;
  let reminderId: string;
  let threadId: string;
  /** One kept-alive connection for the walk over every route, instead of a new one per request. */
  let connection: HttpAgent;

  beforeAll(async () => {
    connection = new HttpAgent({ keepAlive: true, maxSockets: 1 });
    t = await createTestApp({ listen: true });
    broker = await brokerSession(t, 'wall.broker@agency.test');
    admin = await brokerSession(t, 'wall.admin@agency.test');
    await t.em().nativeUpdate(User, { id: admin.id }, { isAdmin: true });
    const em = t.em();
    const owner = await em.findOneOrFail(User, broker.id);
    clientA = browser(t);
    clientB = browser(t);
    for (const [agent, username] of [
      [clientA, 'client.a'],
      [clientB, 'client.b'],
    ] as const) {
      const made = await makeClient(em, owner, { firstName: username });
      // The agency's own text to client A first (the portal invitation, in the development outbox).
      if (username === 'client.a') expect((await broker.agent.post(`/api/clients/${made.id}/invite`)).status).toBe(200);
      const token = await makeInvitation(em, made);
      expect((await agent.post('/api/client/register').send({ token, username, password: 'violet-tractor-91' })).status).toBe(201);
    }
    const med = await clientA.post('/api/client/medications').send({
      name: SECRETS.name,
      dosage: SECRETS.dosage,
      frequency: SECRETS.frequency,
      instructions: SECRETS.instructions,
    });
    expect(med.status).toBe(201);
    medicationId = med.body.id;
    const reminder = await clientA.post('/api/client/reminders').send({
      medicationId,
      scheduledTime: new Date(realNow().getTime() + 60_000).toISOString(),
      message: SECRETS.reminder,
      timeZone: 'America/New_York',
      isRecurring: true,
      recurrencePattern: 'daily',
    });
    expect(reminder.status).toBe(201);
    reminderId = reminder.body.id;
    // A caregiver, invited by text: the client's private circle, never a broker's or an admin's to see.
    const caregiver = await clientA
      .post('/api/client/caregivers')
      .send({ name: SECRETS.caregiver, relationship: SECRETS.relationship, phone: '(212) 555-0177' });
    expect(caregiver.status).toBe(201);
    const clientAId = (await t.em().findOneOrFail(Client, { firstName: 'client.a' })).id;
    // Client A writes to the agency first: a thread of the agency's.
    const invitation = await t.em().findOneOrFail(OutboxMessage, { brokerId: broker.id, channel: 'sms', purpose: 'client-invitation' });
    const reply = (text: string) => broker.agent.post(`/api/dev/outbox/${invitation.id}/answer`).send({ action: 'reply', text });
    expect((await reply('Hello, is this my agency?')).status).toBe(200);
    // One occurrence sent, so deliveries, the outbox and history all hold traces of it.
    const next = (await t.em().findOneOrFail(ClientReminder, reminderId)).nextOccurrenceAt!;
    await t.app.get(DispatcherService).runOnce({ now: new Date(next.getTime() + 1000) });
    // Client A answers from the phone right after their own reminder, with words naming the medication. The inbox has a thread for them; the broker's routes must not show those words.
    // (A YES would confirm the reminder, which the history test below expects still waiting: inbox.e2e-spec.ts covers it.)
    for (const text of [`Took my ${SECRETS.name} at noon`]) {
      expect((await reply(text)).status).toBe(200);
    }
    threadId = (await t.em().findOneOrFail(InboxThread, { client: clientAId })).id;
    // That occurrence is "a minute from now" on the real clock: place it in the past for the history.
    await t.em().execute(`update deliveries set occurrence_at = now() - interval '1 hour' where client_reminder_id = ?`, [reminderId]);
  });
  afterAll(async () => {
    connection?.destroy();
    await t?.close();
  });

  it('gives the client their own medications, reminders, overview and history', async () => {
    expect((await clientA.get('/api/client/medications')).body).toEqual([
      {
        id: medicationId,
        name: SECRETS.name,
        dosage: SECRETS.dosage,
        frequency: SECRETS.frequency,
        instructions: SECRETS.instructions,
        pillsOnHand: null,
        pillsPerDay: null,
        daysLeft: null,
        runsOutOn: null,
        refillSoon: false,
      },
    ]);
    const info = await clientA.get('/api/client-portal/my-info');
    expect(info.body.client).toEqual({ firstName: 'client.a', lastName: 'Jones', language: 'en' });
    expect(info.body.medications).toHaveLength(1);
    expect(info.body.upcomingReminders[0]).toMatchObject({ id: reminderId, message: SECRETS.reminder });
    const history = await clientA.get('/api/client/history');
    expect(history.body).toHaveLength(1);
    // Called, and still waiting for the client to confirm it.
    expect(history.body[0]).toMatchObject({
      reminderId,
      message: SECRETS.reminder,
      outcome: 'waiting',
      channel: 'voice',
      attempts: 1,
      confirmedAt: null,
    });
    const adherence = await clientA.get('/api/client/adherence');
    expect(adherence.body.reminders).toEqual([expect.objectContaining({ reminderId, message: SECRETS.reminder, percent: null })]);
  });

  it('stores the health data encrypted', async () => {
    const rows = await t.em().execute<Record<string, string>[]>(
      `select m.name, m.dosage, m.frequency, m.instructions, cr.message, cg.name as caregiver, cg.relationship
           from medications m join client_reminders cr on cr.client_id = m.client_id join caregivers cg on cg.client_id = m.client_id`,
    );
    const raw = JSON.stringify(rows);
    for (const secret of Object.values(SECRETS)) expect(raw).not.toContain(secret);
    expect(rows[0].name).toMatch(/^phi1:[0-9a-f]{8}:/);
    expect(rows[0].caregiver).toMatch(/^phi1:[0-9a-f]{8}:/);
  });

  it('stores the development outbox’s copy of the call encrypted, and reads it back in plain words', async () => {
    const raw = await t
      .em()
      .execute<{ subject: string | null; body: string }[]>(
        `select o.subject, o.body from outbox_messages o join deliveries d on d.id = o.delivery_id where d.client_reminder_id = ?`,
        [reminderId],
      );
    expect(raw).toHaveLength(1);
    expect(raw[0].body).toMatch(/^phi1:[0-9a-f]{8}:/);
    expect(JSON.stringify(raw)).not.toContain(SECRETS.reminder);
    const delivery = await t.em().findOneOrFail(Delivery, { clientReminderId: reminderId });
    expect((await t.em().findOneOrFail(OutboxMessage, { deliveryId: delivery.id })).body).toContain(SECRETS.reminder);
  });

  it('never shows a medication or a client reminder on any broker or admin route', async () => {
    const routes = listRoutes(t.app).filter((r) => r.access === 'broker' || r.access === 'admin');
    expect(routes.length).toBeGreaterThan(30);
    const { body: clients } = await broker.agent.get('/api/clients');
    const ids = [clients[0].id, broker.id, medicationId, reminderId, threadId];
    for (const session of [broker, admin]) {
      for (const route of routes) {
        for (const id of ids) {
          const path = route.path.replace('00000000-0000-4000-8000-000000000000', id);
          const method = route.method.toLowerCase() as 'get' | 'post' | 'put' | 'patch' | 'delete';
          if (method === 'delete') continue; // Deleting the seeded client would prove nothing.
          const sent = session.agent[method](path).agent(connection);
          // A stream of live updates is read up to its first event.
          const res = await (EVENT_STREAM_PATHS.has(route.path) ? sent.parse(untilFirstEvent) : sent);
          const body = res.text ?? (typeof res.body === 'string' ? res.body : '');
          for (const secret of Object.values(SECRETS)) {
            expect({ route: `${route.method} ${path}`, leaked: body.includes(secret) }).toEqual({
              route: `${route.method} ${path}`,
              leaked: false,
            });
          }
        }
      }
    }
  });

  it('keeps the client’s answer to their own reminder out of the inbox: never their words', async () => {
    const messages = await broker.agent.get(`/api/inbox/threads/${threadId}/messages`);
    expect(messages.status).toBe(200);
    expect(messages.body.map((entry: { body: string | null }) => entry.body)).toContain('Hello, is this my agency?');
    expect(JSON.stringify(messages.body)).not.toContain(SECRETS.name);
    expect(JSON.stringify((await broker.agent.get('/api/inbox/threads')).body)).not.toContain(SECRETS.name);
    const search = await broker.agent.get('/api/inbox/threads').query({ filter: JSON.stringify({ q: SECRETS.name }) });
    expect(search.body).toEqual([]);
    // Kept for the client alone, encrypted.
    const [row] = await t
      .em()
      .execute<{ body: string | null; private_body: string }[]>(
        'select body, private_body from inbox_messages where thread_id = ? and private',
        [threadId],
      );
    expect(row.body).toBeNull();
    expect(row.private_body).not.toContain(SECRETS.name);
  });

  it('keeps the health data out of the audit pack of the client who has it: every file of the ZIP', async () => {
    const { Client } = await import('../src/clients/client.entity.js');
    const { unzipSync } = await import('fflate');
    const owner = await t.em().findOneOrFail(Client, { firstName: 'client.a' });
    const pack = await broker.agent
      .get(`/api/clients/${owner.id}/audit-pack`)
      .buffer(true)
      .parse((res, done) => {
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('end', () => done(null, Buffer.concat(chunks)));
      });
    expect(pack.status).toBe(200);
    const files = unzipSync(new Uint8Array(pack.body as Buffer));
    expect(Object.keys(files)).toContain('messages.csv');
    for (const [path, bytes] of Object.entries(files)) {
      const content = Buffer.from(bytes).toString('utf8');
      for (const secret of Object.values(SECRETS)) expect({ path, leaked: content.includes(secret) }).toEqual({ path, leaked: false });
    }
  });

  it('cannot serialise health data by accident: the values are hidden and no client graph reaches them', async () => {
    const { Medication } = await import('../src/client-portal/medication.entity.js');
    const { Client } = await import('../src/clients/client.entity.js');
    const medication = await t.em().findOneOrFail(Medication, medicationId, { populate: ['client'] });
    const reminder = await t.em().findOneOrFail(ClientReminder, reminderId, { populate: ['client'] });
    const serialised = JSON.stringify([medication, reminder]);
    for (const secret of Object.values(SECRETS)) expect(serialised).not.toContain(secret);
    expect(medication.name).toBe(SECRETS.name); // Code that means to read it still can.
    const relations = t.app
      .get((await import('@mikro-orm/postgresql')).MikroORM)
      .getMetadata()
      .get(Client)
      .relations.map((r) => r.name);
    // Its agency and the member who looks after it: neither leads to the portal's data.
    expect(relations).toEqual(['broker', 'assignedMemberId']);
  });

  it('answers 401 to broker and admin sessions on every client route', async () => {
    for (const route of listRoutes(t.app).filter((r) => r.access === 'client')) {
      const method = route.method.toLowerCase() as 'get' | 'post' | 'put' | 'delete';
      for (const session of [broker, admin]) {
        expect([401, 403]).toContain(
          (await session.agent[method](route.path.replace('00000000-0000-4000-8000-000000000000', medicationId))).status,
        );
      }
    }
    expect((await request(t.http).get('/api/client/medications')).status).toBe(401);
  });

  it('keeps clients apart: B gets 404 for A’s medication and reminder', async () => {
    expect((await clientB.put(`/api/client/medications/${medicationId}`).send({ name: 'x' })).status).toBe(404);
    expect((await clientB.delete(`/api/client/medications/${medicationId}`)).status).toBe(404);
    expect((await clientB.delete(`/api/client/reminders/${reminderId}`)).status).toBe(404);
    expect((await clientB.get('/api/client/medications')).body).toEqual([]);
    expect((await clientB.get('/api/client/reminders')).body).toEqual([]);
    expect((await clientB.get('/api/client/history')).body).toEqual([]);
    const borrowed = await clientB
      .post('/api/client/reminders')
      .send({ medicationId, scheduledTime: new Date(realNow().getTime() + 3_600_000).toISOString() });
    expect(borrowed.status).toBe(400);
  });

  it('records every access to health data, never the values', async () => {
    const entries = await t.em().find(PhiAccess, {}, { orderBy: { createdAt: 'asc' } });
    const actions = entries.map((e) => `${e.action} ${e.resource}`);
    expect(actions).toEqual(
      expect.arrayContaining(['create medication', 'create client-reminder', 'read medications', 'read my-info', 'read history']),
    );
    const raw = JSON.stringify(entries);
    for (const secret of Object.values(SECRETS)) expect(raw).not.toContain(secret);
  });

  it('keeps the pills on hand (encrypted) and says how many days are left, warning from 7 days', async () => {
    const created = await clientB.post('/api/client/medications').send({ name: 'Supply-test', pillsOnHand: 30, pillsPerDay: 2 });
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({ pillsOnHand: 30, pillsPerDay: 2, daysLeft: 15, refillSoon: false });
    expect(created.body.runsOutOn).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    const low = await clientB.put(`/api/client/medications/${created.body.id}`).send({ pillsOnHand: 14 });
    expect(low.body).toMatchObject({ pillsOnHand: 14, daysLeft: 7, refillSoon: true });
    for (const [body, message] of [
      [{ pillsOnHand: -1 }, 'pillsOnHand must be a whole number from 0 to 10000'],
      [{ pillsOnHand: 2.5 }, 'pillsOnHand must be a whole number from 0 to 10000'],
      [{ pillsPerDay: 0 }, 'pillsPerDay must be a whole number from 1 to 24'],
      [{ pillsPerDay: '2' }, 'pillsPerDay must be a whole number from 1 to 24'],
    ] as const) {
      const res = await clientB.put(`/api/client/medications/${created.body.id}`).send(body);
      expect([res.status, JSON.stringify(res.body.message)]).toEqual([400, expect.stringContaining(message)]);
    }
    const cleared = await clientB.put(`/api/client/medications/${created.body.id}`).send({ pillsOnHand: null });
    expect(cleared.body).toMatchObject({ pillsOnHand: null, daysLeft: null, refillSoon: false });
    const [raw] = await t
      .em()
      .execute<{ pills_per_day: string }[]>('select pills_per_day from medications where id = ?', [created.body.id]);
    expect(raw.pills_per_day).toMatch(/^phi1:/);
  });

  it('validates medications and cancels a deleted medication’s pending reminders', async () => {
    expect((await clientA.post('/api/client/medications').send({ dosage: '5mg' })).body.message).toBe('name is required');
    expect((await clientA.post('/api/client/medications').send({ name: 'x'.repeat(121) })).status).toBe(400);
    const updated = await clientA.put(`/api/client/medications/${medicationId}`).send({ dosage: '500mg', instructions: '' });
    expect(updated.body).toMatchObject({ name: SECRETS.name, dosage: '500mg', instructions: null });
    expect((await clientA.delete(`/api/client/medications/${medicationId}`)).status).toBe(204);
    expect(await t.em().count(ClientReminder, { id: reminderId })).toBe(0);
    expect((await clientA.get('/api/client/history')).body).toEqual([]);
  });
});
