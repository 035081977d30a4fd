import Stripe from 'stripe';
import request from 'supertest';

import { MonthlyAnalyticsService } from '../src/billing/monthly-analytics.service.js';
import { type Client } from '../src/clients/client.entity.js';
import { Delivery } from '../src/delivery/delivery.entity.js';
import { DispatcherService } from '../src/delivery/dispatcher.service.js';
import { Reminder } from '../src/reminders/reminder.entity.js';
import { User } from '../src/users/user.entity.js';
import type { Agent } from './helpers/browser-agent.js';
import { realNow } from './helpers/clock.js';
import { makeClient } from './helpers/factories.js';
import { brokerSession } from './helpers/session.js';
import { StripeStandIn } from './helpers/stripe-stand-in.js';
import { createTestApp, type TestApp } from './helpers/test-app.js';

const DAY_MS = 86_400_000;

describe('billing in local mode (no Stripe key)', () => {
  let t: TestApp;
  let broker: { agent: Agent; id: string };
  let starter: { agent: Agent; id: string };

  beforeAll(async () => {
    t = await createTestApp({ listen: true });
    broker = await brokerSession(t, 'billing.local@agency.test');
    starter = await brokerSession(t, 'billing.start@agency.test');
  });
  afterAll(() => t.close());

  it('shows the trial with days left rounded up, the price and the mode', async () => {
    await t.em().nativeUpdate(User, { id: broker.id }, { trialEndsAt: new Date(realNow().getTime() + 12.2 * DAY_MS) });
    const res = await broker.agent.get('/api/subscription');
    expect(res.body).toMatchObject({
      subscriptionTier: 'flat',
      subscriptionStatus: 'trial',
      trialDaysLeft: 13,
      monthlyPriceCents: 29_700,
      activeClients: 0,
      clientLimit: 100,
      overageEnabled: false,
      billingMode: 'local',
    });
  });

  it('keeps the trial when a plan is chosen during it: only the plan after the trial changes', async () => {
    const endsAt = new Date(realNow().getTime() + 12.2 * DAY_MS);
    await t.em().nativeUpdate(User, { id: starter.id }, { trialEndsAt: endsAt });
    const chosen = await starter.agent.post('/api/subscription').send({ subscriptionTier: 'pmpm' });
    expect(chosen.status).toBe(200);
    expect(chosen.body).toMatchObject({
      subscriptionTier: 'pmpm',
      subscriptionStatus: 'trial',
      trialDaysLeft: 13,
      trialEndsAt: endsAt.toISOString(),
    });
    const same = await starter.agent.post('/api/subscription').send({ subscriptionTier: 'pmpm' });
    expect(same.status).toBe(400);
    expect(same.body.message).toBe('PMPM is already your plan after the trial');
    expect(await t.em().findOneOrFail(User, starter.id)).toMatchObject({ subscriptionStatus: 'trial', trialEndsAt: endsAt });
    // Features stay those of the trial.
    expect((await starter.agent.post('/api/reminders/execute')).status).toBe(200);
  });

  it('starts the subscription only with the amount the broker was shown', async () => {
    const owner = await t.em().findOneOrFail(User, starter.id);
    for (let i = 0; i < 3; i++) await makeClient(t.em(), owner);
    const missing = await starter.agent.post('/api/subscription/start').send({ subscriptionTier: 'pmpm' });
    expect(missing.status).toBe(400);
    expect(missing.body.message).toBe('confirmMonthlyPriceCents must be the monthly amount you were shown, in cents');
    for (const bad of [-1, 1.5, '1500', null, 1e12]) {
      const res = await starter.agent.post('/api/subscription/start').send({ confirmMonthlyPriceCents: bad });
      expect([bad, res.status]).toEqual([bad, 400]);
    }
    // Shown $10.00 at two clients; a third was added since: nothing changes, the new amount answers.
    const stale = await starter.agent.post('/api/subscription/start').send({ subscriptionTier: 'pmpm', confirmMonthlyPriceCents: 1000 });
    expect(stale.status).toBe(409);
    expect(stale.body).toMatchObject({
      message: 'The monthly amount is now $15.00 at 3 active clients. Please review it and confirm again.',
      monthlyPriceCents: 1500,
    });
    expect((await t.em().findOneOrFail(User, starter.id)).subscriptionStatus).toBe('trial');

    const before = realNow().getTime();
    const started = await starter.agent.post('/api/subscription/start').send({ subscriptionTier: 'pmpm', confirmMonthlyPriceCents: 1500 });
    expect(started.status).toBe(200);
    expect(started.body).toMatchObject({
      subscriptionTier: 'pmpm',
      subscriptionStatus: 'active',
      trialDaysLeft: 0,
      monthlyPriceCents: 1500,
    });
    // The trial ended when the subscription started.
    const endedAt = new Date(started.body.trialEndsAt).getTime();
    expect(endedAt).toBeGreaterThanOrEqual(before - 1000);
    expect(endedAt).toBeLessThanOrEqual(realNow().getTime());
    const again = await starter.agent.post('/api/subscription/start').send({ confirmMonthlyPriceCents: 1500 });
    expect(again.status).toBe(400);
    expect(again.body.message).toBe('Your subscription has already started');
  });

  it('on an active plan, switches tier at once, refuses the same tier, and enables overage on flat only', async () => {
    const same = await starter.agent.post('/api/subscription').send({ subscriptionTier: 'pmpm' });
    expect(same.status).toBe(400);
    expect(same.body.message).toBe('You are already on this plan');
    const flat = await starter.agent.post('/api/subscription').send({ subscriptionTier: 'flat' });
    expect(flat.body).toMatchObject({ subscriptionTier: 'flat', subscriptionStatus: 'active', monthlyPriceCents: 29_700 });
    // Junk is not a request: neither an array sent to a route that takes no body nor a switch that does not name the tier.
    const junk = await starter.agent.post('/api/billing/overage/enable').send([1, 2, 3]);
    expect(junk.status).toBe(400);
    expect(junk.body.message).toBe('This request takes no body: send none, or {}');
    const unnamed = await starter.agent.post('/api/billing/tier/switch').send({});
    expect(unnamed.status).toBe(400);
    expect(unnamed.body.message).toContain('newTier must be pmpm');
    expect((await starter.agent.get('/api/subscription')).body).toMatchObject({ subscriptionTier: 'flat', overageEnabled: false });
    const overage = await starter.agent.post('/api/billing/overage/enable').send({});
    expect(overage.body).toMatchObject({ overageEnabled: true });
    expect((await starter.agent.post('/api/billing/overage/enable')).status).toBe(400);
    const switched = await starter.agent.post('/api/billing/tier/switch').send({ newTier: 'pmpm' });
    expect(switched.body).toMatchObject({ subscriptionTier: 'pmpm', overageEnabled: false, clientLimit: null });
    expect((await starter.agent.post('/api/billing/overage/enable')).status).toBe(400);
    expect((await starter.agent.post('/api/billing/portal')).status).toBe(400);
  });

  it('past due: a plan change does not settle it, Mark as paid does (local billing), and reminders wait until then', async () => {
    const em = t.em();
    const payer = await brokerSession(t, 'billing.pastdue@agency.test');
    await em.nativeUpdate(User, { id: payer.id }, { subscriptionStatus: 'past_due', subscriptionTier: 'flat' });
    const owner = await em.findOneOrFail(User, payer.id);
    const client = await makeClient(em, owner, { phone: '+12125550177' });
    const reminder = await payer.agent.post('/api/reminders').send({
      clientId: client.id,
      scheduledTime: new Date(realNow().getTime() + 60_000).toISOString(),
      deliveryMethod: 'sms',
      message: 'Your plan review is next week',
    });
    expect(reminder.status).toBe(201);
    await em.nativeUpdate(Reminder, { id: reminder.body.id }, { deliverAfter: new Date(realNow().getTime() - 1000) });

    expect((await payer.agent.get('/api/subscription')).body).toMatchObject({ subscriptionStatus: 'past_due', markPaidAvailable: true });
    const changed = await payer.agent.post('/api/subscription').send({ subscriptionTier: 'pmpm' });
    expect(changed.body).toMatchObject({ subscriptionTier: 'pmpm', subscriptionStatus: 'past_due' });
    const start = await payer.agent.post('/api/subscription/start').send({ confirmMonthlyPriceCents: 500 });
    expect(start.status).toBe(400);
    expect(start.body.message).toContain('update your payment method');
    expect((await payer.agent.post('/api/reminders/execute')).status).toBe(403);

    // The hourly run leaves a past-due broker's reminders pending, as Execute does.
    const dispatcher = t.app.get(DispatcherService);
    await dispatcher.runOnce({ maxMs: 5000 });
    expect((await em.fork().findOneOrFail(Reminder, reminder.body.id)).status).toBe('pending');
    expect(await em.fork().count(Delivery, { reminderId: reminder.body.id })).toBe(0);

    const paid = await payer.agent.post('/api/billing/mark-paid');
    expect(paid.status).toBe(200);
    expect(paid.body).toMatchObject({ subscriptionStatus: 'active', subscriptionTier: 'pmpm' });
    const twice = await payer.agent.post('/api/billing/mark-paid');
    expect(twice.status).toBe(400);
    expect(twice.body.message).toBe('No payment is past due');
    await dispatcher.runOnce({ maxMs: 5000 });
    expect(await em.fork().count(Delivery, { reminderId: reminder.body.id })).toBe(1);
  });

  it('keeps a canceled broker out of plan changes, and guards features after the trial', async () => {
    const other = await brokerSession(t, 'billing.expired@agency.test');
    await t.em().nativeUpdate(User, { id: other.id }, { trialEndsAt: new Date(realNow().getTime() - 1000) });
    const execute = await other.agent.post('/api/reminders/execute');
    expect(execute.status).toBe(403);
    expect(execute.body.trialExpired).toBe(true);
    // Billing itself stays open so the broker can start the subscription.
    expect((await other.agent.get('/api/subscription')).body).toMatchObject({ subscriptionStatus: 'trial', trialDaysLeft: 0 });
    expect((await other.agent.post('/api/subscription').send({ subscriptionTier: 'pmpm' })).body.subscriptionStatus).toBe('trial');
    expect((await other.agent.post('/api/reminders/execute')).status).toBe(403);
    const started = await other.agent.post('/api/subscription/start').send({ confirmMonthlyPriceCents: 0 });
    expect(started.body.subscriptionStatus).toBe('active');
    // An ended trial keeps its end date.
    expect(new Date(started.body.trialEndsAt).getTime()).toBeLessThan(realNow().getTime() - 500);
    expect((await other.agent.post('/api/reminders/execute')).status).toBe(200);
    await t.em().nativeUpdate(User, { id: other.id }, { subscriptionStatus: 'canceled' });
    const canceled = await other.agent.post('/api/subscription').send({ subscriptionTier: 'flat' });
    expect(canceled.status).toBe(403);
    expect((await other.agent.post('/api/subscription/start').send({ confirmMonthlyPriceCents: 0 })).status).toBe(403);
    expect((await other.agent.post('/api/billing/mark-paid')).status).toBe(400);
  });

  it('reports monthly cost and profit from deliveries, current month live and closed months from snapshots', async () => {
    const em = t.em();
    const owner = await em.findOneOrFail(User, broker.id);
    await em.nativeUpdate(User, { id: broker.id }, { subscriptionTier: 'pmpm', subscriptionStatus: 'active' });
    const clients: Client[] = [];
    for (let i = 0; i < 3; i++) clients.push(await makeClient(em, owner));
    const record = (channel: string, status: string, cost: number, at: string) =>
      em.execute(
        `insert into deliveries (id, broker_id, client_id, occurrence_at, channel, recipient, status, cost_cents, created_at)
         values (gen_random_uuid(), ?, ?, ?, ?, '+12125550000', ?, ?, ?)`,
        [broker.id, clients[0].id, at, channel, status, cost, at],
      );
    const thisMonth = realNow().toISOString();
    await record('voice', 'completed', 2, thisMonth);
    await record('voice', 'failed', 2, thisMonth);
    await record('sms', 'completed', 1, thisMonth);
    const lastMonth = new Date(Date.UTC(realNow().getUTCFullYear(), realNow().getUTCMonth() - 1, 15)).toISOString();
    await record('voice', 'completed', 2, lastMonth);
    await em.execute(`update users set created_at = now() - interval '90 days' where id = ?`, [broker.id]);
    await t.app.get(MonthlyAnalyticsService).snapshotLastMonth();
    expect(await t.app.get(MonthlyAnalyticsService).snapshotLastMonth()).toBe(0); // once per month
    // A later change in clients does not rewrite the closed month.
    await makeClient(em, owner);

    const res = await broker.agent.get('/api/analytics/monthly');
    expect(res.status).toBe(200);
    const [current, previous] = res.body;
    expect(current).toEqual({
      month: thisMonth.slice(0, 7),
      voiceCallCount: 2,
      clientCount: 4,
      totalCost: 5,
      revenue: 2000,
      profit: 1995,
      profitMargin: 100,
      // No text messaging registration (A2P 10DLC) here: a2p-registration.e2e-spec.ts counts its fees.
      textingRegistrationCost: 0,
    });
    expect(previous).toMatchObject({ month: lastMonth.slice(0, 7), voiceCallCount: 1, clientCount: 3, totalCost: 2, revenue: 1500 });
  });
});

describe('billing with Stripe', () => {
  let t: TestApp;
  let standIn: StripeStandIn;
  let broker: { agent: Agent; id: string };
  const secret = 'whsec_test_secret';
  const prices = { STRIPE_PRICE_FLAT: 'price_flat', STRIPE_PRICE_PMPM: 'price_pmpm', STRIPE_PRICE_OVERAGE: 'price_overage' };
  const stripe = new Stripe('sk_test_local', { telemetry: false });

  beforeAll(async () => {
    standIn = new StripeStandIn();
    const base = await standIn.start();
    t = await createTestApp({
      listen: true,
      env: { STRIPE_SECRET_KEY: 'sk_test_local', STRIPE_WEBHOOK_SECRET: secret, STRIPE_API_BASE_URL: base, ...prices },
    });
    broker = await brokerSession(t, 'billing.stripe@agency.test');
  });
  afterAll(async () => {
    await t.close();
    await standIn.stop();
  });

  function webhook(event: object, options: { timestamp?: number; tamper?: boolean } = {}) {
    const payload = JSON.stringify(event);
    const header = stripe.webhooks.generateTestHeaderString({ payload, secret, timestamp: options.timestamp });
    return request(t.http)
      .post('/api/billing/webhook')
      .set('Content-Type', 'application/json')
      .set('Stripe-Signature', header)
      .send(options.tamper ? payload.replace('customer.subscription.updated', 'customer.subscription.deleted') : payload);
  }

  function subscriptionEvent(id: string, subscriptionId: string) {
    return { id, object: 'event', type: 'customer.subscription.updated', data: { object: { id: subscriptionId, object: 'subscription' } } };
  }

  it('during the trial, a plan choice asks nothing of Stripe; starting now goes to Stripe Checkout with a customer per broker', async () => {
    const chosen = await broker.agent.post('/api/subscription').send({ subscriptionTier: 'pmpm' });
    expect(chosen.body).toMatchObject({ subscriptionTier: 'pmpm', subscriptionStatus: 'trial', markPaidAvailable: false });
    expect(chosen.body.checkoutUrl).toBeUndefined();
    expect(standIn.requests).toEqual([]);
    expect((await broker.agent.post('/api/billing/mark-paid')).status).toBe(400);

    // PMPM at no active client would be billed one unit by Stripe, more than the $0.00 shown.
    const empty = await broker.agent.post('/api/subscription/start').send({ confirmMonthlyPriceCents: 0 });
    expect(empty.status).toBe(400);
    expect(empty.body.message).toBe('Add a client before starting the PMPM plan: it bills per active client');
    expect(standIn.requests).toEqual([]);
    await makeClient(t.em(), await t.em().findOneOrFail(User, broker.id));

    const res = await broker.agent.post('/api/subscription/start').send({ confirmMonthlyPriceCents: 500 });
    expect(res.status).toBe(200);
    // Nothing changes before Stripe says the payment went through (the webhook).
    expect(res.body.subscriptionStatus).toBe('trial');
    expect(res.body.checkoutUrl).toMatch(/^https:\/\/checkout\.stripe\.test\/pay\/cs_test_/);
    expect(res.body.billingMode).toBe('stripe');
    const checkout = standIn.requests.find((r) => r.path === '/v1/checkout/sessions')!;
    expect(checkout.body.get('mode')).toBe('subscription');
    expect(checkout.body.get('line_items[0][price]')).toBe('price_pmpm');
    expect(checkout.body.get('subscription_data[metadata][brokerId]')).toBe(broker.id);
    expect((await t.em().findOneOrFail(User, broker.id)).stripeCustomerId).toMatch(/^cus_/);
  });

  it('applies a verified webhook by re-fetching the subscription, once', async () => {
    const user = await t.em().findOneOrFail(User, broker.id);
    standIn.subscription('sub_1', {
      status: 'active',
      customer: user.stripeCustomerId!,
      metadata: { brokerId: broker.id },
      prices: ['price_pmpm'],
    });
    const first = await webhook(subscriptionEvent('evt_1', 'sub_1'));
    expect(first.status).toBe(200);
    expect(first.body.result).toBe('applied');
    expect(await t.em().findOneOrFail(User, broker.id)).toMatchObject({
      subscriptionStatus: 'active',
      subscriptionTier: 'pmpm',
      stripeSubscriptionId: 'sub_1',
    });

    // The same event again (and twice at once) changes nothing, even if Stripe's state moved on.
    standIn.subscriptions.get('sub_1')!.status = 'past_due';
    const [a, b] = await Promise.all([webhook(subscriptionEvent('evt_1', 'sub_1')), webhook(subscriptionEvent('evt_1', 'sub_1'))]);
    expect([a.body.result, b.body.result]).toEqual(['duplicate', 'duplicate']);
    expect((await t.em().findOneOrFail(User, broker.id)).subscriptionStatus).toBe('active');

    const concurrent = await Promise.all([webhook(subscriptionEvent('evt_2', 'sub_1')), webhook(subscriptionEvent('evt_2', 'sub_1'))]);
    expect(concurrent.map((r) => r.body.result).sort()).toEqual(['applied', 'duplicate']);
    expect((await t.em().findOneOrFail(User, broker.id)).subscriptionStatus).toBe('past_due');
  });

  it('refuses a tampered body and a signature older than 300 seconds with 400', async () => {
    const tampered = await webhook(subscriptionEvent('evt_3', 'sub_1'), { tamper: true });
    expect(tampered.status).toBe(400);
    const stale = await webhook(subscriptionEvent('evt_4', 'sub_1'), { timestamp: Math.floor(realNow().getTime() / 1000) - 301 });
    expect(stale.status).toBe(400);
    expect(stale.body.message).toContain('Invalid Stripe signature');
    const unsigned = await request(t.http).post('/api/billing/webhook').set('Content-Type', 'application/json').send('{}');
    expect(unsigned.status).toBe(400);
  });

  it.each([
    ['trialing', 'trial'],
    ['active', 'active'],
    ['past_due', 'past_due'],
    ['unpaid', 'past_due'],
    ['canceled', 'canceled'],
    ['incomplete_expired', 'canceled'],
  ])('maps the Stripe status %s to %s', async (stripeStatus, ours) => {
    const user = await t.em().findOneOrFail(User, broker.id);
    standIn.subscription('sub_map', { status: stripeStatus, customer: user.stripeCustomerId!, prices: ['price_flat'] });
    const res = await webhook(subscriptionEvent(`evt_map_${stripeStatus}`, 'sub_map'));
    expect(res.body.result).toBe('applied');
    expect(await t.em().findOneOrFail(User, broker.id)).toMatchObject({ subscriptionStatus: ours, subscriptionTier: 'flat' });
  });

  it('changes the plan of an existing subscription with proration', async () => {
    const user = await t.em().findOneOrFail(User, broker.id);
    standIn.subscription('sub_live', {
      status: 'active',
      customer: user.stripeCustomerId!,
      metadata: { brokerId: broker.id },
      prices: ['price_flat'],
    });
    await t
      .em()
      .nativeUpdate(User, { id: broker.id }, { stripeSubscriptionId: 'sub_live', subscriptionStatus: 'active', subscriptionTier: 'flat' });
    const res = await broker.agent.post('/api/subscription').send({ subscriptionTier: 'pmpm' });
    expect(res.status).toBe(200);
    expect(res.body.checkoutUrl).toBeUndefined();
    expect(res.body.subscriptionTier).toBe('pmpm');
    const update = standIn.requests.filter((r) => r.method === 'POST' && r.path === '/v1/subscriptions/sub_live').at(-1)!;
    expect(update.body.get('proration_behavior')).toBe('create_prorations');
    expect(update.body.get('items[0][deleted]')).toBe('true');
    expect(update.body.get('items[1][price]')).toBe('price_pmpm');
    const portal = await broker.agent.post('/api/billing/portal');
    expect(portal.body.url).toMatch(/^https:\/\/billing\.stripe\.test\//);
  });
});
