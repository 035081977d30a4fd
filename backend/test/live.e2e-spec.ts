import { LiveService, STREAMS_PER_MEMBER } from '../src/live/live.service.js';
import { User } from '../src/users/user.entity.js';
import type { Agent } from './helpers/browser-agent.js';
import { makeClient } from './helpers/factories.js';
import { brokerSession, memberSession } from './helpers/session.js';
import { createTestApp, type TestApp } from './helpers/test-app.js';
import { signedWebhook, TwilioStandIn } from './helpers/twilio-stand-in.js';

const ACCOUNT_SID = `AC${'5'.repeat(32)}`;
const AUTH_TOKEN = 'live-test-auth-token';
const FROM = '+15005550006';
const WAIT_MS = 10_000;

interface LiveMessage {
  event: string;
  data: { clientId?: string | null; id?: string | null };
}

/** A live stream read as the browser's EventSource reads it: its events in order, waited for one at a time. */
class Stream {
  private readonly messages: LiveMessage[] = [];
  private waiters: (() => void)[] = [];
  ended = false;
  private constructor(
    readonly response: Response,
    private readonly abort: AbortController,
  ) {}

  static async open(appUrl: string, agent: Agent): Promise<Stream> {
    const cookie = agent.jar.getCookies({ domain: '127.0.0.1', path: '/', secure: false, script: false }).toValueString();
    const abort = new AbortController();
    const response = await fetch(`${appUrl}/api/live`, { headers: { Cookie: cookie, Accept: 'text/event-stream' }, signal: abort.signal });
    const stream = new Stream(response, abort);
    if (response.ok) void stream.read();
    else stream.ended = true;
    return stream;
  }

  private async read(): Promise<void> {
    const decoder = new TextDecoder();
    let buffer = '';
    try {
      for await (const chunk of this.response.body as unknown as AsyncIterable<Uint8Array>) {
        buffer += decoder.decode(chunk, { stream: true });
        let end: number;
        while ((end = buffer.indexOf('\n\n')) >= 0) {
          const block = buffer.slice(0, end);
          buffer = buffer.slice(end + 2);
          const event = /^event: (.*)$/m.exec(block)?.[1];
          const data = /^data: (.*)$/m.exec(block)?.[1];
          if (event) this.messages.push({ event, data: JSON.parse(data ?? '{}') as LiveMessage['data'] });
        }
        this.wake();
      }
    } catch {
      // The stream was cut: it has ended.
    }
    this.ended = true;
    this.wake();
  }

  private wake(): void {
    const waiters = this.waiters;
    this.waiters = [];
    for (const waiter of waiters) waiter();
  }

  /** The next event, or a failure when none comes in time. */
  async next(): Promise<LiveMessage> {
    const deadline = performance.now() + WAIT_MS;
    while (this.messages.length === 0) {
      if (this.ended) throw new Error('the stream ended');
      const left = deadline - performance.now();
      if (left <= 0) throw new Error('no live event came');
      await new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, left);
        this.waiters.push(() => {
          clearTimeout(timer);
          resolve();
        });
      });
    }
    return this.messages.shift() as LiveMessage;
  }

  /** Resolves when the server has ended the stream. */
  async closed(): Promise<void> {
    const deadline = performance.now() + WAIT_MS;
    while (!this.ended) {
      if (performance.now() > deadline) throw new Error('the stream is still open');
      await new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, 100);
        this.waiters.push(() => {
          clearTimeout(timer);
          resolve();
        });
      });
    }
  }

  /** Closes the stream as a closed tab does. */
  async cancel(): Promise<void> {
    this.abort.abort();
    await this.closed();
  }
}

/**
 * Live updates across instances: a text that arrives on one instance reaches the broker app whose
 * stream is held by another (both on one database), kept to the agency and to the member's book.
 */
describe('live updates (server-sent events)', () => {
  let a: TestApp;
  let b: TestApp;
  let standIn: TwilioStandIn;
  let owner: { agent: Agent; id: string };
  let other: { agent: Agent; id: string };
  const streams: Stream[] = [];
  let env: Record<string, string>;

  beforeAll(async () => {
    standIn = new TwilioStandIn();
    env = {
      TWILIO_ACCOUNT_SID: ACCOUNT_SID,
      TWILIO_AUTH_TOKEN: AUTH_TOKEN,
      TWILIO_FROM_NUMBER: FROM,
      TWILIO_API_BASE_URL: await standIn.start(),
    };
    a = await createTestApp({ listen: true, env });
    b = await createTestApp({ listen: true, env, databaseUrl: a.databaseUrl });
    // Sessions live in the database: a browser signed in on one instance is signed in on both.
    [owner, other] = await Promise.all([brokerSession(a, 'live@agency.test'), brokerSession(a, 'other.live@agency.test')]);
  });
  afterAll(async () => {
    await Promise.all(streams.map((stream) => stream.cancel()));
    await b?.close();
    await a?.close();
    await standIn?.stop();
  });

  const open = async (app: TestApp, agent: Agent) => {
    const stream = await Stream.open(app.appUrl, agent);
    streams.push(stream);
    return stream;
  };
  const text = (app: TestApp, from: string, body: string) => {
    const form = { From: from, To: FROM, Body: body, MessageSid: `SM${from.slice(-10)}${body.length}` };
    return signedWebhook(app, AUTH_TOKEN, '/api/webhooks/twilio/sms-inbound', form).expect(200);
  };
  const client = async (agencyId: string, phone: string) => makeClient(a.em(), await a.em().findOneOrFail(User, agencyId), { phone });

  it('a text that arrives on one instance reaches the agency’s app on the other, and no other agency’s', async () => {
    const mine = await client(owner.id, '+12125550801');
    const theirs = await client(other.id, '+12125550802');
    const onB = await open(b, owner.agent);
    const otherOnB = await open(b, other.agent);
    expect(onB.response.headers.get('content-type')).toBe('text/event-stream; charset=utf-8');
    expect(await onB.next()).toEqual({ event: 'ready', data: {} });
    expect(await otherOnB.next()).toEqual({ event: 'ready', data: {} });

    await text(a, mine.phone as string, 'Can you call me about my plan?');
    expect(await onB.next()).toEqual({ event: 'inbox', data: { clientId: mine.id, id: expect.any(String) } });
    // The other agency's first event is its own client's text: it heard nothing of the first.
    await text(a, theirs.phone as string, 'Hello');
    expect(await otherOnB.next()).toEqual({ event: 'inbox', data: { clientId: theirs.id, id: expect.any(String) } });
  });

  it('an agent kept to their own clients hears only of those', async () => {
    expect((await owner.agent.put('/api/team/settings').send({ agentsSeeAssignedOnly: true })).status).toBe(200);
    const agent = await memberSession(a, owner.id, 'agent', 'agent.live@agency.test');
    const notTheirs = await client(owner.id, '+12125550803');
    const theirs = await client(owner.id, '+12125550804');
    expect((await owner.agent.post('/api/clients/assign').send({ ids: [theirs.id], memberId: agent.memberId })).status).toBe(200);
    const agentsStream = await open(b, agent.agent);
    const ownersStream = await open(b, owner.agent);
    await agentsStream.next();
    await ownersStream.next();

    await text(a, notTheirs.phone as string, 'Is anyone there?');
    await text(b, theirs.phone as string, 'Please call me');
    expect(await ownersStream.next()).toMatchObject({ event: 'inbox', data: { clientId: notTheirs.id } });
    expect(await ownersStream.next()).toMatchObject({ event: 'inbox', data: { clientId: theirs.id } });
    expect(await agentsStream.next()).toMatchObject({ event: 'inbox', data: { clientId: theirs.id } });
    expect((await owner.agent.put('/api/team/settings').send({ agentsSeeAssignedOnly: false })).status).toBe(200);
  });

  it('needs a signed-in member, and holds a limited number of streams per member', async () => {
    const anonymous = await fetch(`${b.appUrl}/api/live`);
    expect(anonymous.status).toBe(401);
    await anonymous.body?.cancel();

    const member = await memberSession(a, other.id, 'read_only', 'reader.live@agency.test');
    const held: Stream[] = [];
    for (let i = 0; i < STREAMS_PER_MEMBER; i++) held.push(await open(b, member.agent));
    const refused = await open(b, member.agent);
    expect(refused.response.status).toBe(429);
    expect(((await refused.response.json()) as { message: string }).message).toBe(
      `Live updates are open in ${STREAMS_PER_MEMBER} tabs or windows already: close one, or reload to see changes in this one`,
    );
    // A tab closed gives its place back.
    await held[0].cancel();
    const deadline = performance.now() + WAIT_MS;
    let again = await open(b, member.agent);
    while (again.response.status === 429 && performance.now() < deadline) again = await open(b, member.agent);
    expect(again.response.status).toBe(200);
  });

  it('an instance that stops ends its streams (the browser opens one on another instance)', async () => {
    const third = await createTestApp({ listen: true, databaseUrl: a.databaseUrl, env });
    const stream = await open(third, owner.agent);
    await stream.next();
    expect(third.app.get(LiveService).openStreams).toBe(1);
    await third.close();
    await stream.closed();
  });
});
