import { AdminAction } from '../src/audit/admin-action.entity.js';
import { ClientReminder } from '../src/client-portal/client-reminder.entity.js';
import { Delivery } from '../src/delivery/delivery.entity.js';
import { DispatcherService } from '../src/delivery/dispatcher.service.js';
import { OutboxMessage } from '../src/messaging/outbox-message.entity.js';
import { Reminder } from '../src/reminders/reminder.entity.js';
import { User } from '../src/users/user.entity.js';
import { type Agent, browser, signInAsBroker } from './helpers/browser-agent.js';
import { realNow } from './helpers/clock.js';
import { grantConsent, makeClient, makeInvitation } from './helpers/factories.js';
import { brokerSession } from './helpers/session.js';
import { createTestApp, type TestApp } from './helpers/test-app.js';
import { daytimeZone } from './helpers/zones.js';

const DAY_MS = 86_400_000;
const SUSPENDED = 'This CareKeep account is suspended. Contact CareKeep support.';

/**
 * A platform admin suspends a broker: the broker's session, sign-in and API tokens are refused,
 * the agency's own reminders and campaigns are not sent (and not sent late), the clients' own
 * reminders still go without the sponsor message; reactivation restores access. Also the trial's
 * end date set directly, which is how a trial expiry is reached on purpose.
 */
describe('broker suspension and trial end date', () => {
  let t: TestApp;
  let admin: { agent: Agent; id: string };
  let broker: { agent: Agent; id: string };
  let token: string;

  beforeAll(async () => {
    t = await createTestApp({ listen: true });
    admin = await brokerSession(t, 'suspension.admin@agency.test');
    await t.em().nativeUpdate(User, { id: admin.id }, { isAdmin: true });
    broker = await brokerSession(t, 'suspended.broker@agency.test');
    await t.em().nativeUpdate(User, { id: broker.id }, { sponsorMessage: 'Sponsored by Sunrise Benefits.' });
    const created = await broker.agent.post('/api/tokens').send({ name: 'CRM', scopes: ['clients:read'], expiresInDays: 30 });
    expect(created.status).toBe(201);
    token = created.body.token as string;
  });
  afterAll(() => t.close());

  const suspend = (id: string, body: unknown) => admin.agent.post(`/api/admin/brokers/${id}/suspend`).send(body as object);

  it('refuses a suspension without a reason, with a reason too long or on several lines, and for a broker', async () => {
    for (const [body, message] of [
      [{}, 'reason must be text'],
      [{ reason: '   ' }, 'Give a reason for the suspension'],
      [{ reason: 'x'.repeat(501) }, 'reason must be at most 500 characters'],
      [{ reason: 'one\ntwo' }, 'reason must be one line of text'],
    ] as const) {
      const res = await suspend(broker.id, body);
      expect(res.status).toBe(400);
      expect(JSON.stringify(res.body)).toContain(message);
    }
    expect((await suspend('00000000-0000-4000-8000-000000000000', { reason: 'Test' })).status).toBe(404);
    expect((await suspend(admin.id, { reason: 'Admins are not brokers' })).status).toBe(404);
    expect((await broker.agent.post(`/api/admin/brokers/${broker.id}/suspend`).send({ reason: 'Myself' })).status).toBe(403);
    expect((await t.em().findOneOrFail(User, broker.id)).suspendedAt).toBeNull();
  });

  it('suspends: session, sign-in and tokens refused; the agency’s sends skipped, the client’s own reminder sent plainly', async () => {
    const em = t.em();
    const owner = await em.findOneOrFail(User, broker.id);
    const client = await makeClient(em, owner, { firstName: 'Rosa', phone: '+12125550171', timeZone: daytimeZone() });
    await grantConsent(em, [client.id]);
    const scheduled = new Date(realNow().getTime() + 2 * 60 * 60_000).toISOString();
    const reminder = await broker.agent
      .post('/api/reminders')
      .send({ clientId: client.id, scheduledTime: scheduled, deliveryMethod: 'sms', message: 'Your annual review is next week' });
    expect(reminder.status).toBe(201);
    // The client's own reminder, made through their portal.
    const portal = browser(t);
    const invitation = await makeInvitation(em, client);
    expect(
      (await portal.post('/api/client/register').send({ token: invitation, username: 'rosa.s', password: 'violet-tractor-91' })).status,
    ).toBe(201);
    const own = await portal.post('/api/client/reminders').send({
      scheduledTime: new Date(realNow().getTime() + 60_000).toISOString(),
      deliveryMethod: 'sms',
      maxAttempts: 1,
      timeZone: daytimeZone(),
    });
    expect(own.status).toBe(201);

    const res = await suspend(broker.id, { reason: 'Unpaid invoices since September' });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ id: broker.id, suspensionReason: 'Unpaid invoices since September' });
    expect(Date.parse(res.body.suspendedAt)).toBeGreaterThan(realNow().getTime() - 60_000);
    expect((await suspend(broker.id, { reason: 'Again' })).status).toBe(409);

    // The open session is refused with the reason the app shows; a new sign-in ends on the suspension page.
    const refused = await broker.agent.get('/api/clients');
    expect(refused.status).toBe(401);
    expect(refused.body).toMatchObject({ message: SUSPENDED, accountSuspended: true });
    const again = browser(t);
    const signIn = await signInAsBroker(again, t.appUrl, 'suspended.broker@agency.test');
    expect(signIn.map((step) => step.headers.location)).toContain('/account-suspended');
    expect((await again.get('/api/auth/user')).status).toBe(401);
    // The open session's own check of who is signed in says so too (the app then shows the suspension page).
    expect((await broker.agent.get('/api/auth/user')).body).toMatchObject({ statusCode: 401, accountSuspended: true });
    // The token: refused, with the same words.
    const withToken = await browser(t).get('/api/clients').set('Authorization', `Bearer ${token}`);
    expect(withToken.status).toBe(403);
    expect(withToken.body).toMatchObject({ message: SUSPENDED, accountSuspended: true });
    // Their client's portal stays open: it is the client's.
    expect((await portal.get('/api/client/reminders')).status).toBe(200);

    // Both fall due: the agency's reminder is not sent, the client's own is, without the sponsor message.
    await t.em().nativeUpdate(Reminder, { id: reminder.body.id }, { deliverAfter: new Date(realNow().getTime() - 1000) });
    const ownRow = await t.em().findOneOrFail(ClientReminder, own.body.id);
    await t.app.get(DispatcherService).runOnce({ now: new Date(ownRow.nextOccurrenceAt!.getTime() + 1000) });
    const skipped = await t.em().findOneOrFail(Delivery, { reminderId: reminder.body.id });
    expect(skipped).toMatchObject({ status: 'skipped', error: 'The agency’s account is suspended' });
    expect(await t.em().count(OutboxMessage, { deliveryId: skipped.id })).toBe(0);
    const sent = await t.em().findOneOrFail(Delivery, { clientReminderId: own.body.id });
    expect(sent.status).not.toBe('skipped');
    const text = await t.em().findOneOrFail(OutboxMessage, { deliveryId: sent.id });
    expect(text.body).toContain("It's time to take your medication");
    expect(text.body).not.toContain('Sunrise Benefits');

    const audit = await t.em().findOneOrFail(AdminAction, { brokerId: broker.id, action: 'broker_suspended' });
    expect(audit).toMatchObject({
      adminId: admin.id,
      notes: 'Unpaid invoices since September',
      before: { suspended: false },
      after: { suspended: true },
    });
    const list = await admin.agent.get('/api/admin/brokers').query({ filter: JSON.stringify({ id: [broker.id] }) });
    expect(list.body[0].broker.suspendedAt).toBe(res.body.suspendedAt);
  });

  it('reactivates: the session, sign-in and token work again; what fell due meanwhile stays not sent', async () => {
    const res = await admin.agent.post(`/api/admin/brokers/${broker.id}/reactivate`);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ suspendedAt: null, suspensionReason: null });
    expect((await admin.agent.post(`/api/admin/brokers/${broker.id}/reactivate`)).status).toBe(409);
    expect((await broker.agent.get('/api/clients')).status).toBe(200);
    expect((await browser(t).get('/api/clients').set('Authorization', `Bearer ${token}`)).status).toBe(200);
    const fresh = browser(t);
    await signInAsBroker(fresh, t.appUrl, 'suspended.broker@agency.test');
    expect((await fresh.get('/api/auth/user')).status).toBe(200);
    await t.app.get(DispatcherService).runOnce();
    expect(await t.em().count(Delivery, { brokerId: broker.id, status: 'skipped' })).toBe(1);
    const audit = await t.em().findOneOrFail(AdminAction, { brokerId: broker.id, action: 'broker_reactivated' });
    expect(audit.notes).toBe('Suspended for: Unpaid invoices since September');
  });

  describe('the trial’s end date', () => {
    let trial: { agent: Agent; id: string };
    beforeAll(async () => {
      trial = await brokerSession(t, 'trial.end@agency.test');
    });
    const setEnd = (id: string, body: unknown) => admin.agent.put(`/api/admin/brokers/${id}/trial-end`).send(body as object);

    it('refuses a date that is not one, or more than a year away, and a broker who is not on trial', async () => {
      for (const [body, message] of [
        [{}, 'trialEndsAt must be a date and time'],
        [{ trialEndsAt: 'tomorrow' }, 'trialEndsAt must be a date and time'],
        [{ trialEndsAt: new Date(realNow().getTime() + 400 * DAY_MS).toISOString() }, 'within 365 days of today'],
        [{ trialEndsAt: new Date(realNow().getTime() - 400 * DAY_MS).toISOString() }, 'within 365 days of today'],
      ] as const) {
        const res = await setEnd(trial.id, body);
        expect(res.status).toBe(400);
        expect(JSON.stringify(res.body)).toContain(message);
      }
      await t.em().nativeUpdate(User, { id: broker.id }, { subscriptionStatus: 'active' });
      const active = await setEnd(broker.id, { trialEndsAt: new Date(realNow().getTime() + DAY_MS).toISOString() });
      expect(active.status).toBe(409);
      expect(active.body.message).toBe('Only brokers on trial have a trial end date');
    });

    it('moves the end later, then ends the trial now: the broker meets Trial Expired; both audited', async () => {
      const later = new Date(realNow().getTime() + 45 * DAY_MS);
      const moved = await setEnd(trial.id, { trialEndsAt: later.toISOString() });
      expect(moved.status).toBe(200);
      expect(moved.body.trialEndsAt).toBe(later.toISOString());
      expect((await trial.agent.post('/api/reminders/execute')).status).toBe(200);

      const ended = await setEnd(trial.id, { trialEndsAt: new Date(realNow().getTime() - 1000).toISOString() });
      expect(ended.status).toBe(200);
      const gated = await trial.agent.post('/api/reminders/execute');
      expect(gated.status).toBe(403);
      expect(gated.body.trialExpired).toBe(true);

      const actions = await t.em().find(AdminAction, { brokerId: trial.id, action: 'trial_end_set' }, { orderBy: { createdAt: 'asc' } });
      expect(actions.map((a) => a.notes)).toEqual(['Trial end date set', 'Trial ended now']);
      expect(actions[0].after).toEqual({ trialEndsAt: later.toISOString() });
      expect(actions[1].before).toEqual({ trialEndsAt: later.toISOString() });
    });
  });
});
