import { ClientReminder } from '../src/client-portal/client-reminder.entity.js';
import { Client } from '../src/clients/client.entity.js';
import { Delivery } from '../src/delivery/delivery.entity.js';
import { DispatcherService } from '../src/delivery/dispatcher.service.js';
import { OutboxMessage } from '../src/messaging/outbox-message.entity.js';
import { User } from '../src/users/user.entity.js';
import { type Agent, browser } from './helpers/browser-agent.js';
import { realNow } from './helpers/clock.js';
import { makeClient, makeInvitation } from './helpers/factories.js';
import { brokerSession } from './helpers/session.js';
import { createTestApp, type TestApp } from './helpers/test-app.js';

const MEDICATION = 'Zentravolin-5521';
const OLD_PHONE = '+16155550142';
const NEW_PHONE = '+16155550199';
const OTHER_PHONE = '+16155550177';

describe('a broker’s change of a registered client’s contact details', () => {
  let t: TestApp;
  let broker: { agent: Agent; id: string };
  let otherBroker: { agent: Agent; id: string };
  let client: Agent;
  let otherClient: Agent;
  let clientId: string;

  /** The client's next reminder occurrence, sent now; answers where it went. */
  async function sendReminder(): Promise<{ to: string; body: string }> {
    const created = await client.post('/api/client/reminders').send({
      scheduledTime: new Date(realNow().getTime() + 60_000).toISOString(),
      timeZone: 'America/Chicago',
      deliveryMethod: 'sms',
      message: `Take your ${MEDICATION}`,
    });
    expect(created.status).toBe(201);
    const reminder = await t.em().findOneOrFail(ClientReminder, created.body.id);
    await t.app.get(DispatcherService).runOnce({ now: new Date(reminder.nextOccurrenceAt!.getTime() + 1000) });
    const delivery = await t.em().findOneOrFail(Delivery, { clientReminderId: reminder.id });
    const sent = await t.em().findOneOrFail(OutboxMessage, { deliveryId: delivery.id });
    return { to: sent.recipient, body: sent.body };
  }

  const outboxTo = (recipient: string) => t.em().find(OutboxMessage, { recipient }, { orderBy: { createdAt: 'asc' } });
  const pendingFor = async (agent: Agent) =>
    (await agent.get('/api/client/contact-changes')).body.filter((c: { status: string }) => c.status === 'pending');

  beforeAll(async () => {
    t = await createTestApp({ listen: true });
    broker = await brokerSession(t, 'contact.broker@agency.test');
    otherBroker = await brokerSession(t, 'contact.other@agency.test');
    await t.em().nativeUpdate(User, { id: broker.id }, { firstName: 'Jane', lastName: 'Smith', agencyName: 'Sunrise Insurance' });
    const em = t.em();
    const owner = await em.findOneOrFail(User, broker.id);
    const registered = await makeClient(em, owner, { phone: OLD_PHONE, email: 'martha@example.com' });
    const second = await makeClient(em, owner, { phone: OTHER_PHONE, firstName: 'Walter' });
    clientId = registered.id;
    client = browser(t);
    otherClient = browser(t);
    for (const [agent, who, username] of [
      [client, registered, 'martha.contact'],
      [otherClient, second, 'walter.contact'],
    ] as const) {
      const token = await makeInvitation(em, who);
      expect((await agent.post('/api/client/register').send({ token, username, password: 'violet-tractor-91' })).status).toBe(201);
    }
  });
  afterAll(() => t.close());

  it('holds a new phone as pending, tells the client on the old number, and sends nothing to the new one', async () => {
    const res = await broker.agent.put(`/api/clients/${clientId}`).send({ phone: '(615) 555-0199' });
    expect(res.status).toBe(200);
    expect(res.body.phone).toBe(OLD_PHONE);
    expect(res.body.pendingContactChanges).toEqual([{ field: 'phone', value: NEW_PHONE, requestedAt: expect.any(String) }]);
    expect(res.body.notice.message).toBe(
      'Waiting for the client to confirm the new phone number. Messages keep going to the current one until they do.',
    );
    expect((await t.em().findOneOrFail(Client, clientId)).phone).toBe(OLD_PHONE);

    const notices = (await outboxTo(OLD_PHONE)).filter((m) => m.purpose === 'contact-change-notice');
    expect(notices).toHaveLength(1);
    expect(notices[0].body).toContain('Jane Smith (Sunrise Insurance) asked to change the phone number to ***-***-0199');
    expect(notices[0].body).toContain('until you confirm the change in your portal');

    // The client's private reminder keeps going to the number they registered with.
    const reminder = await sendReminder();
    expect(reminder).toEqual({ to: OLD_PHONE, body: expect.stringContaining(MEDICATION) });
    expect(await outboxTo(NEW_PHONE)).toHaveLength(0);

    // The broker's list shows the change waiting, the client's portal shows it masked.
    const list = await broker.agent.get('/api/clients').query({ filter: JSON.stringify({ q: 'Martha' }) });
    expect(list.body.find((c: { id: string }) => c.id === clientId).pendingContactChanges).toEqual([
      { field: 'phone', value: NEW_PHONE, requestedAt: expect.any(String) },
    ]);
    expect(await pendingFor(client)).toEqual([
      {
        id: expect.any(String),
        field: 'phone',
        oldValue: '***-***-0142',
        newValue: '***-***-0199',
        status: 'pending',
        requestedBy: 'Jane Smith (Sunrise Insurance)',
        requestedAt: expect.any(String),
        decidedAt: null,
      },
    ]);
  });

  it('does not let another broker or another client see, confirm or withdraw it', async () => {
    const [change] = await pendingFor(client);
    expect((await otherBroker.agent.get(`/api/clients/${clientId}`)).status).toBe(404);
    expect((await otherBroker.agent.put(`/api/clients/${clientId}`).send({ phone: OTHER_PHONE })).status).toBe(404);
    expect((await otherBroker.agent.delete(`/api/clients/${clientId}/contact-changes/phone`)).status).toBe(404);
    // A broker session is not a client session.
    expect((await broker.agent.get('/api/client/contact-changes')).status).toBe(401);
    expect((await broker.agent.post(`/api/client/contact-changes/${change.id}/confirm`)).status).toBe(401);
    const stranger = await otherClient.post(`/api/client/contact-changes/${change.id}/confirm`);
    expect(stranger.status).toBe(404);
    expect(await otherClient.get('/api/client/contact-changes').then((r) => r.body)).toEqual([]);
    expect((await t.em().findOneOrFail(Client, clientId)).phone).toBe(OLD_PHONE);
  });

  it('sends to the new number once the client confirms, and records it for both without health data', async () => {
    const [change] = await pendingFor(client);
    const confirmed = await client.post(`/api/client/contact-changes/${change.id}/confirm`);
    expect(confirmed.status).toBe(200);
    expect(confirmed.body).toMatchObject({
      status: 'confirmed',
      oldValue: '***-***-0142',
      newValue: '***-***-0199',
      decidedAt: expect.any(String),
    });
    expect((await client.post(`/api/client/contact-changes/${change.id}/confirm`)).status).toBe(409);

    const reminder = await sendReminder();
    expect(reminder.to).toBe(NEW_PHONE);

    const view = await broker.agent.get(`/api/clients/${clientId}`);
    expect(view.body).toMatchObject({ phone: NEW_PHONE, pendingContactChanges: [] });
    const activity = await broker.agent.get('/api/activity').query({ limit: 20 });
    const entry = activity.body.find((item: { kind: string }) => item.kind === 'contact_change_confirmed');
    expect(entry).toMatchObject({
      title: 'Contact change confirmed by the client',
      clientName: 'Martha Jones',
      detail: 'Phone ***-***-0142 → ***-***-0199',
    });
    expect(JSON.stringify(activity.body)).not.toContain(MEDICATION);
    // The client's own record of it stays in their portal.
    const history = (await client.get('/api/client/contact-changes')).body;
    expect(history).toEqual([
      expect.objectContaining({ id: change.id, status: 'confirmed', requestedBy: 'Jane Smith (Sunrise Insurance)' }),
    ]);
  });

  it('drops a refused change: the e-mail in use stays', async () => {
    const res = await broker.agent.put(`/api/clients/${clientId}`).send({ email: 'someone.else@example.com' });
    expect(res.body.notice.message).toContain('the new e-mail address');
    // The notice goes to the e-mail in use, never to the new one.
    expect(await outboxTo('someone.else@example.com')).toHaveLength(0);
    const mail = (await outboxTo('martha@example.com')).filter((m) => m.purpose === 'contact-change-notice');
    expect(mail).toHaveLength(1);
    expect(mail[0].body).toContain('asked to change the e-mail address to s***@example.com');

    const [change] = await pendingFor(client);
    const refused = await client.post(`/api/client/contact-changes/${change.id}/refuse`);
    expect(refused.body).toMatchObject({ status: 'refused' });
    expect((await t.em().findOneOrFail(Client, clientId)).email).toBe('martha@example.com');
    expect((await broker.agent.get(`/api/clients/${clientId}`)).body.pendingContactChanges).toEqual([]);
    const activity = await broker.agent.get('/api/activity').query({ limit: 20 });
    expect(activity.body.find((item: { kind: string }) => item.kind === 'contact_change_refused')).toMatchObject({
      detail: 'E-mail m***@example.com → s***@example.com',
    });
  });

  it('lets the broker withdraw a waiting change, replaces it with a newer one, and keeps one number per client', async () => {
    expect((await broker.agent.put(`/api/clients/${clientId}`).send({ phone: OTHER_PHONE })).status).toBe(409);

    await broker.agent.put(`/api/clients/${clientId}`).send({ phone: '+16155550111' });
    // An edit form sends every field again: the current phone leaves the waiting change alone.
    const again = await broker.agent.put(`/api/clients/${clientId}`).send({ phone: NEW_PHONE, firstName: 'Marty' });
    expect(again.body).toMatchObject({ firstName: 'Marty', pendingContactChanges: [{ field: 'phone', value: '+16155550111' }] });
    const newer = await broker.agent.put(`/api/clients/${clientId}`).send({ phone: '+16155550122' });
    expect(newer.body.pendingContactChanges).toEqual([{ field: 'phone', value: '+16155550122', requestedAt: expect.any(String) }]);
    const changes = (await client.get('/api/client/contact-changes')).body as { id: string; status: string; newValue: string }[];
    expect(changes.filter((c) => c.status === 'pending').map((c) => c.newValue)).toEqual(['***-***-0122']);
    const replaced = changes.find((c) => c.newValue === '***-***-0111')!;
    expect(replaced.status).toBe('withdrawn');
    expect((await client.post(`/api/client/contact-changes/${replaced.id}/confirm`)).body.message).toBe('Your agent withdrew this change.');

    const withdrawn = await broker.agent.delete(`/api/clients/${clientId}/contact-changes/phone`);
    expect(withdrawn.status).toBe(200);
    expect(withdrawn.body.pendingContactChanges).toEqual([]);
    expect((await broker.agent.delete(`/api/clients/${clientId}/contact-changes/phone`)).status).toBe(404);
    expect((await broker.agent.delete(`/api/clients/${clientId}/contact-changes/fax`)).status).toBe(400);
    expect(await pendingFor(client)).toEqual([]);
    expect((await t.em().findOneOrFail(Client, clientId)).phone).toBe(NEW_PHONE);
  });

  it('lets the broker edit a client who has not registered freely', async () => {
    const owner = await t.em().findOneOrFail(User, broker.id);
    const unregistered = await makeClient(t.em(), owner, { phone: '+16155550155' });
    const res = await broker.agent.put(`/api/clients/${unregistered.id}`).send({ phone: '+16155550166', email: 'new@example.com' });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ phone: '+16155550166', email: 'new@example.com', pendingContactChanges: [] });
    expect(res.body.notice).toBeUndefined();
  });
});
