import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

import request from 'supertest';
import twilio from 'twilio';

import { Caregiver } from '../src/client-portal/caregiver.entity.js';
import { type Client } from '../src/clients/client.entity.js';
import { InboxMessage } from '../src/inbox/inbox-message.entity.js';
import { InboxThread } from '../src/inbox/inbox-thread.entity.js';
import { User } from '../src/users/user.entity.js';
import { type Agent } from './helpers/browser-agent.js';
import { realNow, TestClock } from './helpers/clock.js';
import { makeClient } from './helpers/factories.js';
import { brokerSession } from './helpers/session.js';
import { createTestApp, type TestApp } from './helpers/test-app.js';
import { inboxTwilioEnv } from './helpers/twilio-stand-in.js';

const ACCOUNT_SID = `AC${'5'.repeat(32)}`;
const AUTH_TOKEN = 'twilio-inbox-burst-auth-token';
const PLATFORM_NUMBER = '+15005550006';
/** A Tuesday, 12:00 in New York (EDT). */
const START = '2026-03-10T16:00:00Z';

/**
 * Twilio's REST API on loopback, answering a sent text as Twilio does (201 with a SID) — or, while
 * `hold` is on, keeping each text's answer until `release()`: a reply that is still on its way to
 * the carrier when the next inbound text arrives.
 */
class SlowTwilio {
  hold = false;
  private server?: Server;
  private counter = 0;
  private waiting: (() => void)[] = [];
  private arrivals: (() => void)[] = [];

  async start(): Promise<string> {
    this.server = createServer((req: IncomingMessage, res: ServerResponse) => {
      req.resume();
      req.on('end', () => {
        const answer = () => {
          this.counter += 1;
          res.writeHead(201, { 'Content-Type': 'application/json' });
          res.end(JSON.stringify({ sid: `SM${String(this.counter).padStart(32, '0')}`, status: 'queued' }));
        };
        if (this.hold && req.url?.endsWith('/Messages.json')) {
          this.waiting.push(answer);
          for (const arrived of this.arrivals.splice(0)) arrived();
        } else answer();
      });
    });
    await new Promise<void>((resolve) => this.server!.listen(0, '127.0.0.1', resolve));
    return `http://127.0.0.1:${(this.server.address() as AddressInfo).port}`;
  }

  /** Resolves once a text is being held. */
  held(): Promise<void> {
    return this.waiting.length > 0 ? Promise.resolve() : new Promise((resolve) => this.arrivals.push(resolve));
  }

  release(): void {
    this.hold = false;
    for (const answer of this.waiting.splice(0)) answer();
  }

  async stop(): Promise<void> {
    this.release();
    await new Promise((resolve) => this.server?.close(resolve));
  }
}

/**
 * The inbox under an AEP Monday's load (docs/messaging.md "Inbox", docs/performance.md "The inbox"):
 * texts that arrive at the same moment are each kept and shown, whether they start a thread together
 * or arrive while a member's reply is on its way.
 */
describe('inbound texts at the same time', () => {
  const clock = new TestClock(realNow());
  let t: TestApp;
  let twilioApi: SlowTwilio;
  let owner: { agent: Agent; id: string };
  let phoneSeq = 100;

  beforeAll(async () => {
    twilioApi = new SlowTwilio();
    const base = await twilioApi.start();
    t = await createTestApp({
      listen: true,
      clock,
      env: inboxTwilioEnv(base, ACCOUNT_SID, AUTH_TOKEN, PLATFORM_NUMBER),
    });
    owner = await brokerSession(t, 'inbox.burst@agency.test');
    clock.set(START);
  });
  afterAll(async () => {
    await t?.close();
    await twilioApi.stop();
  });

  function inbound(from: string, body: string) {
    const path = '/api/webhooks/twilio/sms-inbound';
    const form = { From: from, To: PLATFORM_NUMBER, Body: body, MessageSid: `SM${String(phoneSeq++).padStart(32, '0')}` };
    return request(t.http)
      .post(path)
      .type('form')
      .set('X-Twilio-Signature', twilio.getExpectedTwilioSignature(AUTH_TOKEN, `${t.appUrl}${path}`, form))
      .send(form);
  }

  async function client(): Promise<Client> {
    const em = t.em();
    return makeClient(em, await em.findOneOrFail(User, owner.id), {
      firstName: 'Rosa',
      lastName: 'Alvarez',
      phone: `+1212556${String(phoneSeq++).padStart(4, '0')}`,
    });
  }

  const threadOf = async (phone: string) => {
    const list = await owner.agent.get('/api/inbox/threads').query({ filter: JSON.stringify({ q: phone.slice(-7) }) });
    expect(list.status).toBe(200);
    return list.body.filter((thread: { phone: string }) => thread.phone === phone) as (Record<string, unknown> & { id: string })[];
  };

  it('keeps every text of numbers that text at the same moment before they have a thread: one thread each, every text in it', async () => {
    const clients = await Promise.all(Array.from({ length: 4 }, () => client()));
    const texts = clients.flatMap((c) => Array.from({ length: 5 }, (_, i) => ({ from: c.phone, body: `Question ${i + 1} about my plan` })));
    const answers = await Promise.all(texts.map((text) => inbound(text.from, text.body)));
    expect(answers.map((a) => a.status)).toEqual(texts.map(() => 200));

    for (const c of clients) {
      const threads = await threadOf(c.phone);
      expect(threads).toHaveLength(1);
      expect(threads[0]).toMatchObject({ clientId: c.id, unreadCount: 5, needsReplySince: START.replace('Z', '.000Z') });
      const timeline = await owner.agent.get(`/api/inbox/threads/${threads[0].id}/messages`);
      expect(
        timeline.body
          .filter((entry: { direction: string }) => entry.direction === 'in')
          .map((entry: { body: string }) => entry.body)
          .sort(),
      ).toEqual([1, 2, 3, 4, 5].map((i) => `Question ${i} about my plan`));
    }
    expect(await t.em().count(InboxThread, { phone: { $in: clients.map((c) => c.phone) } })).toBe(4);
  });

  it('files a client’s and their caregiver’s texts of the same moment each in its own thread of the agency, the caregiver’s as "Not a client"', async () => {
    const rosa = await client();
    const em = t.em();
    const ana = em.create(Caregiver, { client: rosa, name: 'Ana Alvarez', phone: `+1212557${String(phoneSeq++).padStart(4, '0')}` });
    await em.flush();
    const answers = await Promise.all([inbound(rosa.phone, 'Is my dentist covered?'), inbound(ana.phone!, 'Mom asks about her dentist')]);
    expect(answers.map((a) => a.status)).toEqual([200, 200]);
    expect(await threadOf(rosa.phone)).toEqual([
      expect.objectContaining({ sender: 'client', clientId: rosa.id, preview: 'Is my dentist covered?' }),
    ]);
    expect(await threadOf(ana.phone!)).toEqual([
      expect.objectContaining({ sender: 'other', clientId: null, clientName: null, preview: 'Mom asks about her dentist', unreadCount: 1 }),
    ]);
  });

  it('shows a text that arrives while a reply is on its way as unread and waiting for a reply, the newest in the list', async () => {
    const rosa = await client();
    await inbound(rosa.phone, 'Can you call me about my plan?');
    const [thread] = await threadOf(rosa.phone);

    // The member answers; the text is on its way to the carrier when Rosa writes again.
    twilioApi.hold = true;
    const replying = owner.agent
      .post(`/api/inbox/threads/${thread.id}/replies`)
      .send({ body: 'Yes, I will call you at 3.' })
      .then((response) => response);
    await twilioApi.held();
    clock.advance(60_000);
    expect((await inbound(rosa.phone, 'Actually, 4 pm is better')).status).toBe(200);
    twilioApi.release();
    expect((await replying).status).toBe(201);

    const [after] = await threadOf(rosa.phone);
    const later = new Date(new Date(START).getTime() + 60_000).toISOString();
    expect(after).toMatchObject({
      preview: 'Actually, 4 pm is better',
      lastDirection: 'in',
      lastMessageAt: later,
      unreadCount: 1,
      needsReplySince: later,
    });
    const waiting = await owner.agent.get('/api/inbox/threads').query({ filter: JSON.stringify({ needsReply: true }) });
    expect(waiting.body.map((row: { id: string }) => row.id)).toContain(thread.id);
    expect(await t.em().count(InboxMessage, { thread: thread.id })).toBe(3);
    clock.set(START);
  });
});
