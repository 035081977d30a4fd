import type { AddressInfo } from 'node:net';
import { createServer as createTcpServer, type Server as TcpServer, type Socket } from 'node:net';
import { performance } from 'node:perf_hooks';

import Stripe from 'stripe';
import request from 'supertest';

import { DATABASE_UNAVAILABLE, PAYMENTS_UNAVAILABLE } from '../src/common/unavailable.js';
import { Delivery } from '../src/delivery/delivery.entity.js';
import { DispatcherService } from '../src/delivery/dispatcher.service.js';
import { ProviderTimeoutError } from '../src/messaging/messaging.ports.js';
import { SmtpAdapter } from '../src/messaging/smtp.adapter.js';
import { Reminder } from '../src/reminders/reminder.entity.js';
import { User } from '../src/users/user.entity.js';
import { browser } from './helpers/browser-agent.js';
import { type BuiltApp, query, signIn, SlowTwilio, startBuiltApp, TWILIO_TEST_ENV, waitFor } from './helpers/built-app.js';
import { realNow } from './helpers/clock.js';
import { makeClient, makeUser } from './helpers/factories.js';
import { brokerSession } from './helpers/session.js';
import { createTestApp, type TestApp } from './helpers/test-app.js';
import { freePort } from './setup/global-setup.js';
import { createTestDatabase, dropDatabase, testServerUrl } from './setup/test-database.js';

describe('faults', () => {
  /**
   * The database goes away under load (every connection cut, new ones refused) and comes back:
   * the process keeps running, reports it on /api/health, and serves again without a restart.
   */
  describe('PostgreSQL unavailable under load, then back', () => {
    let database: { url: string; name: string };
    let app: BuiltApp | undefined;
    beforeAll(async () => {
      database = await createTestDatabase();
    });
    afterAll(async () => {
      await app?.dispose();
      await query(testServerUrl(), `alter database "${database.name}" allow_connections true`).catch(() => undefined);
      await dropDatabase(testServerUrl(), database.name);
    });

    async function health(url: string): Promise<number> {
      return fetch(`${url}/api/health`, { signal: AbortSignal.timeout(5000) }).then(
        (r) => r.status,
        () => 0,
      );
    }

    it('answers 503 on /api/health while the database is down and recovers by itself when it is back', async () => {
      app = await startBuiltApp({ DATABASE_URL: database.url });
      const { url, proc } = app;
      const broker = await signIn(url, 'outage@agency.test');

      // Signed-in reads, ten at a time, for the whole test.
      const statuses: { at: number; status: number }[] = [];
      let load = true;
      const workers = Array.from({ length: 10 }, async () => {
        while (load) {
          const status = await fetch(`${url}/api/clients`, {
            headers: { cookie: broker.cookie },
            signal: AbortSignal.timeout(10_000),
          }).then(
            (r) => r.status,
            () => 0,
          );
          statuses.push({ at: performance.now(), status });
        }
      });
      await waitFor('signed-in reads to be answered', async () => statuses.length >= 10, 10_000, 20);
      expect(statuses.every((s) => s.status === 200)).toBe(true);

      // The outage: new connections refused, every open one terminated, again and again, until the
      // app has shown it: /api/health reports the database down and the reads keep failing.
      await query(testServerUrl(), `alter database "${database.name}" allow_connections false`);
      const downFrom = performance.now();
      let reportedDown = false;
      await waitFor(
        '/api/health to report the database down while reads fail',
        async () => {
          await query(testServerUrl(), 'select pg_terminate_backend(pid) from pg_stat_activity where datname = $1', [database.name]);
          reportedDown ||= (await health(url)) === 503;
          return reportedDown && statuses.filter((s) => s.at > downFrom && s.status !== 200).length >= 10;
        },
        10_000,
        100,
      );
      const downUntil = performance.now();
      await query(testServerUrl(), `alter database "${database.name}" allow_connections true`);

      await waitFor('/api/health to report the database up', async () => (await health(url)) === 200, 15_000, 100);
      const upAt = performance.now();
      // Once the database answers again, the signed-in reads succeed again (same sessions, same process).
      await waitFor(
        'signed-in reads to succeed again',
        async () => statuses.slice(-10).length === 10 && statuses.slice(-10).every((s) => s.status === 200 && s.at > upAt),
        15_000,
        100,
      );
      load = false;
      await Promise.all(workers);

      expect(statuses.some((s) => s.at < downUntil && s.status !== 200)).toBe(true);
      const me = await fetch(`${url}/api/auth/user`, { headers: { cookie: broker.cookie } });
      expect(me.status).toBe(200);
      expect(proc.child.exitCode).toBeNull();
      const created = await fetch(`${url}/api/clients`, {
        method: 'POST',
        headers: { cookie: broker.cookie, origin: url, 'content-type': 'application/json' },
        body: JSON.stringify({ firstName: 'After', lastName: 'Outage', phone: '+12125550188' }),
      });
      expect(created.status).toBe(201);
      expect(await proc.stop('SIGTERM')).toEqual({ code: 0, signal: null });
    });
  });

  /**
   * A provider that does not answer: the send gives up after PROVIDER_TIMEOUT_MS, the delivery
   * records the error and is retried once after 10 minutes, then fails; other sends are not held up.
   */
  describe('a provider that does not answer in time', () => {
    const SLOW_NUMBER = '+12125550901';
    let t: TestApp;
    let provider: SlowTwilio;
    let broker: User;

    beforeAll(async () => {
      provider = new SlowTwilio((request) => (request.form.get('To') === SLOW_NUMBER ? Number.POSITIVE_INFINITY : 0));
      const base = await provider.start();
      t = await createTestApp({ env: { ...TWILIO_TEST_ENV, TWILIO_API_BASE_URL: base, PROVIDER_TIMEOUT_MS: '400' } });
      broker = await makeUser(t.em(), { agencyName: 'Timeout Agency' });
    });
    afterAll(async () => {
      await t.close();
      await provider.stop();
    });

    async function dueReminder(phone: string): Promise<Reminder> {
      const em = t.em();
      const client = await makeClient(em, await em.findOneOrFail(User, broker.id), { phone });
      const reminder = em.create(Reminder, {
        broker: em.getReference(User, broker.id),
        client,
        scheduledTime: new Date(realNow().getTime() - 1000),
        deliverAfter: new Date(realNow().getTime() - 1000),
        deliveryMethod: 'sms',
        message: 'Your plan review is on Friday.',
      });
      await em.flush();
      return reminder;
    }

    it('records the timeout, retries once per the retry policy, then fails; the other sends go out', async () => {
      const slow = await dueReminder(SLOW_NUMBER);
      const fine = await dueReminder('+12125550902');
      const dispatcher = t.app.get(DispatcherService);

      expect(await dispatcher.runOnce()).toMatchObject({ sent: 1, failed: 1 });
      const first = await t.em().findOneOrFail(Delivery, { reminderId: slow.id });
      expect(first).toMatchObject({ status: 'queued', attempts: 1, error: 'Twilio did not answer within 400 ms' });
      expect(first.notBefore.getTime() - realNow().getTime()).toBeGreaterThan(9 * 60 * 1000);
      expect((await t.em().findOneOrFail(Delivery, { reminderId: fine.id })).status).toBe('sent');
      expect((await t.em().findOneOrFail(Reminder, slow.id)).status).toBe('pending');

      // Ten minutes later: the second and last attempt times out too.
      const later = await dueReminder('+12125550903');
      expect(await dispatcher.runOnce({ now: new Date(realNow().getTime() + 11 * 60 * 1000) })).toMatchObject({ sent: 1, failed: 1 });
      expect(await t.em().findOneOrFail(Delivery, { reminderId: slow.id })).toMatchObject({
        status: 'failed',
        attempts: 2,
        error: 'Twilio did not answer within 400 ms',
      });
      expect((await t.em().findOneOrFail(Reminder, slow.id)).status).toBe('failed');
      // The dispatcher was not stuck: the reminder due meanwhile went out in the same run.
      expect((await t.em().findOneOrFail(Delivery, { reminderId: later.id })).status).toBe('sent');
      expect(provider.requests.filter((r) => r.form.get('To') === SLOW_NUMBER)).toHaveLength(2);
      expect(await t.em().count(Delivery, { status: 'sending' })).toBe(0);
    });

    it('gives up on an SMTP server that never greets', async () => {
      const sockets = new Set<Socket>();
      const silent: TcpServer = createTcpServer((socket) => sockets.add(socket));
      await new Promise<void>((resolve) => silent.listen(0, '127.0.0.1', resolve));
      const adapter = new SmtpAdapter(`smtp://127.0.0.1:${(silent.address() as AddressInfo).port}`, 'Agency <news@agency.test>', 300);
      try {
        const sending = adapter.sendEmail({ to: 'client@example.com', subject: 'Hello', text: 'Hi', purpose: 'campaign' });
        await expect(sending).rejects.toBeInstanceOf(ProviderTimeoutError);
        await expect(sending).rejects.toThrow('The SMTP server did not answer within 300 ms');
      } finally {
        adapter.close();
        for (const socket of sockets) socket.destroy();
        await new Promise<void>((resolve) => silent.close(() => resolve()));
      }
    });
  });

  /**
   * A service a request needs is out of reach: the answer is 503 with a message saying to try
   * again (never a 500, which would say the request itself was at fault or the app is broken), and
   * nothing is half done.
   */
  describe('a service out of reach answers 503 with a message', () => {
    it('the database: signed-in and anonymous routes answer 503 while /api/health says down, and serve again when it is back', async () => {
      const t = await createTestApp({ listen: true });
      try {
        const broker = await brokerSession(t, 'outage.503@agency.test');
        const name = new URL(t.databaseUrl).pathname.slice(1);
        await query(testServerUrl(), `alter database "${name}" allow_connections false`);
        try {
          await query(testServerUrl(), 'select pg_terminate_backend(pid) from pg_stat_activity where datname = $1', [name]);
          for (const res of [
            await broker.agent.get('/api/clients'),
            await broker.agent.post('/api/clients').send({ firstName: 'During', lastName: 'Outage', phone: '+12125550177' }),
            await browser(t).post('/api/client/login').send({ username: 'nobody', password: 'violet-tractor-91' }),
          ]) {
            expect({ status: res.status, message: res.body.message }).toEqual({ status: 503, message: DATABASE_UNAVAILABLE });
          }
          const health = await browser(t).get('/api/health');
          expect(health.status).toBe(503);
          expect(health.body.error?.database?.status ?? health.body.details?.database?.status).toBe('down');
        } finally {
          await query(testServerUrl(), `alter database "${name}" allow_connections true`);
        }
        await waitFor('signed-in reads to succeed again', async () => (await broker.agent.get('/api/clients')).status === 200, 15_000, 100);
        expect((await browser(t).get('/api/health')).status).toBe(200);
      } finally {
        await t.close();
      }
    });

    it('the identity provider: broker sign-in answers 503', async () => {
      const closed = await freePort();
      const t = await createTestApp({
        env: { OIDC_ISSUER: `http://127.0.0.1:${closed}`, OIDC_CLIENT_ID: 'carekeep', OIDC_CLIENT_SECRET: 'provider-secret' },
      });
      try {
        const res = await request(t.http).get('/api/login');
        expect(res.status).toBe(503);
        expect(res.body.message).toBe(
          'Sign-in is unavailable right now: the identity provider cannot be reached. Please try again in a few minutes.',
        );
      } finally {
        await t.close();
      }
    });

    it('Stripe: its webhook answers 503 and keeps the event for Stripe to send again; billing calls answer 503 and change nothing', async () => {
      const closed = await freePort();
      const secret = 'whsec_test_secret';
      const t = await createTestApp({
        listen: true,
        env: {
          STRIPE_SECRET_KEY: 'sk_test_local',
          STRIPE_WEBHOOK_SECRET: secret,
          STRIPE_API_BASE_URL: `http://127.0.0.1:${closed}`,
          STRIPE_PRICE_FLAT: 'price_flat',
          STRIPE_PRICE_PMPM: 'price_pmpm',
          STRIPE_PRICE_OVERAGE: 'price_overage',
        },
      });
      try {
        const payload = JSON.stringify({
          id: 'evt_unreachable',
          object: 'event',
          type: 'customer.subscription.updated',
          data: { object: { id: 'sub_1', object: 'subscription' } },
        });
        const signature = new Stripe('sk_test_local', { telemetry: false }).webhooks.generateTestHeaderString({ payload, secret });
        const hook = await request(t.http)
          .post('/api/billing/webhook')
          .set('Content-Type', 'application/json')
          .set('Stripe-Signature', signature)
          .send(payload);
        expect({ status: hook.status, message: hook.body.message }).toEqual({ status: 503, message: PAYMENTS_UNAVAILABLE });
        expect(await t.em().execute(`select key from webhook_events where key = 'stripe:evt_unreachable'`)).toEqual([]);

        const broker = await brokerSession(t, 'stripe.down@agency.test');
        await t.em().nativeUpdate(User, { id: broker.id }, { stripeCustomerId: 'cus_1', stripeSubscriptionId: 'sub_1' });
        for (const path of ['/api/billing/portal', '/api/billing/overage/enable']) {
          const res = await broker.agent.post(path);
          expect({ path, status: res.status, message: res.body.message }).toEqual({ path, status: 503, message: PAYMENTS_UNAVAILABLE });
        }
        expect((await t.em().findOneOrFail(User, broker.id)).overageEnabled).toBe(false);
      } finally {
        await t.close();
      }
    });
  });
});
