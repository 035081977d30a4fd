import request from 'supertest';

import { ClientAccount } from '../src/auth/client-account.entity.js';
import { ClientPasswordReset } from '../src/client-portal/client-password-reset.entity.js';
import { PASSWORD_RESET_ACCEPTED, PasswordResetsService } from '../src/client-portal/password-resets.service.js';
import { Client } from '../src/clients/client.entity.js';
import { OptOutsService } from '../src/messaging/opt-outs.service.js';
import { CODE_HIDDEN, LINK_HIDDEN } from '../src/messaging/outbox.adapter.js';
import { OutboxMessage } from '../src/messaging/outbox-message.entity.js';
import { User } from '../src/users/user.entity.js';
import { type Agent, browser } from './helpers/browser-agent.js';
import { realNow } from './helpers/clock.js';
import { makeClient, makeInvitation, makeUser } from './helpers/factories.js';
import { outboxInFull } from './helpers/outbox.js';
import { brokerSession } from './helpers/session.js';
import { createTestApp, type TestApp } from './helpers/test-app.js';

const OLD_PASSWORD = 'violet-tractor-91';
const NEW_PASSWORD = 'orange-bicycle-47';
const INVALID = 'This code or link is no longer valid. Ask for a new one.';
const PURPOSE = 'client-password-reset';

describe('client password reset: forgot password, the broker’s Send password reset, branded sign-in', () => {
  let t: TestApp;
  let addresses = 0;
  /** A new client address for each request that should not share the per-address hourly limit. */
  const nextAddress = () => `203.0.113.${++addresses}`;

  beforeAll(async () => {
    // Addresses from X-Forwarded-For (sent by the loopback "proxy"), with the real limit of 3 an hour per address.
    t = await createTestApp({ listen: true, env: { TRUST_PROXY: 'loopback', RATE_LIMIT_PASSWORD_RESET_PER_ADDRESS: '3' } });
  });
  afterAll(() => t.close());

  let usernames = 0;
  /** A client with a portal account (signed in on the answered agent), of `broker` or a new broker. */
  async function registeredClient(fields: Partial<Client> = {}, broker?: User) {
    const em = t.em();
    const owner = broker ?? (await makeUser(em, { agencyName: 'Sunrise Benefits' }));
    const client = await makeClient(em, owner, fields);
    const username = `reset.client.${++usernames}`;
    const agent = browser(t);
    const res = await agent
      .post('/api/client/register')
      .send({ token: await makeInvitation(em, client), username, password: OLD_PASSWORD });
    expect(res.status).toBe(201);
    return { broker: owner, client, username, agent };
  }

  /** Asks for a reset as the portal does, and waits for its sending (done after the answer). */
  async function requestReset(identifier: unknown, options: { address?: string; language?: string } = {}) {
    let req = browser(t)
      .post('/api/client/password-reset')
      .set('X-Forwarded-For', options.address ?? nextAddress());
    if (options.language) req = req.set('Accept-Language', options.language);
    const res = await req.send({ identifier });
    await t.app.get(PasswordResetsService).settled();
    return res;
  }

  function confirm(body: Record<string, unknown>, agent: Agent = browser(t), language?: string) {
    const req = agent.post('/api/client/password-reset/confirm').set('X-Forwarded-For', nextAddress());
    return (language ? req.set('Accept-Language', language) : req).send(body);
  }

  /** The resets sent to this phone or address, as the client got them (the outbox hides their codes and links). */
  const sentTo = (recipient: string) => outboxInFull(t, { recipient, purpose: PURPOSE });
  const codeIn = (text: string) => /\b(\d{6})\b/.exec(text)?.[1] ?? '';
  const tokenIn = (text: string) => {
    const link = /https?:\/\/\S+\/client\/reset-password\?\S+/.exec(text)?.[0];
    return link ? (new URL(link).searchParams.get('token') ?? '') : '';
  };
  const signInWorks = async (username: string, password: string) =>
    (await browser(t).post('/api/client/login').send({ username, password })).status === 200;
  const signedIn = async (agent: Agent) => (await agent.get('/api/client-portal/branding')).status === 200;

  it('texts a 6-digit code, takes it with any identifier, sets the password, signs in, and ends the other sessions', async () => {
    const { client, username, agent: oldSession } = await registeredClient({ firstName: 'Ruth', lastName: 'Alvarez' });
    expect(await signedIn(oldSession)).toBe(true);

    const res = await requestReset(username.toUpperCase());
    expect(res.status).toBe(202);
    expect(res.body).toEqual({ message: PASSWORD_RESET_ACCEPTED });

    const [text] = await sentTo(client.phone);
    expect(text.channel).toBe('sms');
    expect(text.body).toContain('Sunrise Benefits');
    expect(text.body).toContain(`Your username is ${username}.`);
    expect(text.body).toContain('30 minutes');
    const code = codeIn(text.body);
    expect(code).toMatch(/^\d{6}$/);

    // Only a hash is kept, and it is argon2id.
    const [stored] = await t.em().find(ClientPasswordReset, { account: { client: client.id } });
    expect(stored.kind).toBe('sms');
    expect(stored.secretHash).toMatch(/^\$argon2id\$/);
    expect(stored.secretHash).not.toContain(code);
    expect(stored.expiresAt.getTime() - stored.createdAt.getTime()).toBeGreaterThan(29.9 * 60_000);
    expect(stored.expiresAt.getTime() - stored.createdAt.getTime()).toBeLessThanOrEqual(30 * 60_000 + 1000);

    // The phone, written another way, names the same account.
    const digits = client.phone.slice(2);
    const newSession = browser(t);
    const done = await confirm(
      { identifier: `(${digits.slice(0, 3)}) ${digits.slice(3, 6)}-${digits.slice(6)}`, code, password: NEW_PASSWORD },
      newSession,
    );
    expect(done.status).toBe(200);
    expect(done.body).toEqual({ firstName: 'Ruth', lastName: 'Alvarez', username, language: 'en' });
    expect(await signedIn(newSession)).toBe(true);
    expect(await signedIn(oldSession)).toBe(false);
    expect(await signInWorks(username, NEW_PASSWORD)).toBe(true);
    expect(await signInWorks(username, OLD_PASSWORD)).toBe(false);
    expect((await t.em().findOneOrFail(ClientPasswordReset, stored.id)).usedAt).toBeInstanceOf(Date);

    // Used once, it is spent.
    const again = await confirm({ identifier: username, code, password: 'another-password-58' });
    expect(again.status).toBe(400);
    expect(again.body.message).toBe(INVALID);
    expect(await signInWorks(username, NEW_PASSWORD)).toBe(true);
  });

  it('e-mails a single-use link to the e-mail address the client typed, in the agency’s branding', async () => {
    const { client, username, broker } = await registeredClient({ email: 'Martha.Reset@Example.com' });

    expect((await requestReset('martha.reset@example.COM')).status).toBe(202);
    expect(await sentTo(client.phone)).toEqual([]);
    const [mail] = await sentTo(client.email!);
    expect(mail.channel).toBe('email');
    expect(mail.subject).toBe('Sunrise Benefits: reset your portal password');
    expect(mail.body).toContain(`username: ${username}`);
    const link = new URL(/https?:\/\/\S+/.exec(mail.body)![0]);
    expect(`${link.origin}${link.pathname}`).toBe(`${t.appUrl}/client/reset-password`);
    const slug = (await t.em().findOneOrFail(User, broker.id)).portalSlug;
    expect(link.searchParams.get('agency')).toBe(slug);
    expect((await request(t.http).get(`/api/public/agency/${slug}`)).body.agencyName).toBe('Sunrise Benefits');

    const token = tokenIn(mail.body);
    const [stored] = await t.em().find(ClientPasswordReset, { account: { client: client.id } });
    expect(stored.kind).toBe('email');
    expect(stored.secretHash).not.toContain(token.split('.')[1]);

    const agent = browser(t);
    const done = await confirm({ token, password: NEW_PASSWORD }, agent);
    expect(done.status).toBe(200);
    expect(done.body.username).toBe(username);
    expect(await signedIn(agent)).toBe(true);
    expect(await signInWorks(username, NEW_PASSWORD)).toBe(true);

    const reuse = await confirm({ token, password: 'another-password-58' });
    expect(reuse.status).toBe(400);
    expect(reuse.body.message).toBe(INVALID);
    // A token whose secret was changed is no better.
    const forged = await confirm({ token: `${token.split('.')[0]}.${'A'.repeat(43)}`, password: 'another-password-58' });
    expect(forged.body.message).toBe(INVALID);
  });

  it('e-mails the link when the phone takes no texts (the client replied STOP)', async () => {
    const { client, username } = await registeredClient({ email: 'stopped.texts@example.com' });
    await t.app.get(OptOutsService).optOut(client.phone, 'sms', 'test');
    await requestReset(username);
    expect(await sentTo(client.phone)).toEqual([]);
    const [mail] = await sentTo('stopped.texts@example.com');
    expect(mail.channel).toBe('email');
    expect((await confirm({ token: tokenIn(mail.body), password: NEW_PASSWORD })).status).toBe(200);

    // Typed as the phone number, it still goes by e-mail: texts do not reach it.
    await requestReset(client.phone);
    expect(await sentTo('stopped.texts@example.com')).toHaveLength(2);
    expect(await sentTo(client.phone)).toEqual([]);
  });

  it('refuses a code after 30 minutes', async () => {
    const { client, username } = await registeredClient();
    await requestReset(username);
    const code = codeIn((await sentTo(client.phone))[0].body);
    // Half an hour later, as far as the reset knows.
    const stored = await t.em().findOneOrFail(ClientPasswordReset, { account: { client: client.id } });
    await t
      .em()
      .nativeUpdate(
        ClientPasswordReset,
        { id: stored.id },
        { expiresAt: new Date(realNow().getTime() - 1000), createdAt: new Date(realNow().getTime() - 30 * 60_000 - 1000) },
      );
    const res = await confirm({ identifier: username, code, password: NEW_PASSWORD });
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ statusCode: 400, message: INVALID });
    expect(await signInWorks(username, OLD_PASSWORD)).toBe(true);
  });

  it('voids a code after 5 wrong ones, and counts only wrong ones', async () => {
    const first = await registeredClient();
    await requestReset(first.username);
    const code = codeIn((await sentTo(first.client.phone))[0].body);
    const wrong = code === '000000' ? '111111' : '000000';
    for (let i = 0; i < 4; i++)
      expect((await confirm({ identifier: first.username, code: wrong, password: NEW_PASSWORD })).body.message).toBe(INVALID);
    // Four wrong codes leave it working.
    expect((await confirm({ identifier: first.username, code, password: NEW_PASSWORD })).status).toBe(200);

    const second = await registeredClient();
    await requestReset(second.username);
    const secondCode = codeIn((await sentTo(second.client.phone))[0].body);
    const secondWrong = secondCode === '000000' ? '111111' : '000000';
    for (let i = 0; i < 5; i++) await confirm({ identifier: second.username, code: secondWrong, password: NEW_PASSWORD });
    const late = await confirm({ identifier: second.username, code: secondCode, password: NEW_PASSWORD });
    expect(late.status).toBe(400);
    expect(late.body.message).toBe(INVALID);
    expect((await t.em().findOneOrFail(ClientPasswordReset, { account: { client: second.client.id } })).attempts).toBe(5);
    expect(await signInWorks(second.username, OLD_PASSWORD)).toBe(true);
  });

  it('keeps only the newest code working', async () => {
    const { client, username } = await registeredClient();
    await requestReset(username);
    await requestReset(client.phone);
    const [older, newer] = (await sentTo(client.phone)).map((message) => codeIn(message.body));
    expect(await t.em().count(ClientPasswordReset, { account: { client: client.id } })).toBe(1);
    if (older !== newer) expect((await confirm({ identifier: username, code: older, password: NEW_PASSWORD })).body.message).toBe(INVALID);
    expect((await confirm({ identifier: username, code: newer, password: NEW_PASSWORD })).status).toBe(200);
  });

  it('asks for the registration’s password rules first, without using up a try of the code', async () => {
    const { client, username } = await registeredClient();
    await requestReset(username);
    const code = codeIn((await sentTo(client.phone))[0].body);
    for (const [password, message] of [
      ['short7!', 'Password too short'],
      ['password1', 'That password is too common. Please choose a different one.'],
      ['p'.repeat(129), 'Password must be at most 128 characters'],
    ]) {
      const res = await confirm({ identifier: username, code, password });
      expect(res.status).toBe(400);
      expect(res.body.message).toBe(message);
    }
    expect((await t.em().findOneOrFail(ClientPasswordReset, { account: { client: client.id } })).attempts).toBe(0);
    expect((await confirm({ identifier: username, code, password: NEW_PASSWORD })).status).toBe(200);
  });

  it.each([
    [{}, 'Missing fields'],
    [{ password: NEW_PASSWORD }, 'Please enter the code from the text message, or open the link in the e-mail'],
    [{ identifier: 'someone', password: NEW_PASSWORD }, 'Please enter the code from the text message, or open the link in the e-mail'],
    [{ identifier: 'nobody.here', code: '123456', password: NEW_PASSWORD }, INVALID],
    [{ token: 'not-a-token', password: NEW_PASSWORD }, INVALID],
    [{ identifier: 'someone', code: null, password: NEW_PASSWORD }, 'code must be a string'],
  ])('refuses the confirmation %j with "%s"', async (body, message) => {
    const res = await confirm(body);
    expect(res.status).toBe(400);
    expect(res.body.message).toContain(message);
  });

  it('answers an unknown identifier exactly as a known one, and sends nothing', async () => {
    const { client, username } = await registeredClient();
    const known = await requestReset(username);
    const before = await t.em().count(OutboxMessage, {});
    const resetsBefore = await t.em().count(ClientPasswordReset, {});
    const unknown = await requestReset('nobody.at.all');
    const unknownPhone = await requestReset('(615) 555-0100');
    const unknownEmail = await requestReset('nobody@example.com');
    for (const res of [unknown, unknownPhone, unknownEmail]) {
      expect(res.status).toBe(known.status);
      expect(res.body).toEqual(known.body);
      expect(res.headers['content-type']).toBe(known.headers['content-type']);
    }
    expect(await t.em().count(OutboxMessage, {})).toBe(before);
    expect(await t.em().count(ClientPasswordReset, {})).toBe(resetsBefore);
    expect(await sentTo(client.phone)).toHaveLength(1);

    const missing = await requestReset('   ');
    expect(missing.status).toBe(400);
    expect(missing.body.message).toBe('Please enter your username, phone number or e-mail address');
  });

  it('sends nothing after 3 requests in an hour for one identifier, and answers the same', async () => {
    const { client, username } = await registeredClient();
    const answers = [];
    for (let i = 0; i < 4; i++) answers.push(await requestReset(i % 2 ? username.toUpperCase() : username));
    expect(answers.map((res) => res.status)).toEqual([202, 202, 202, 202]);
    expect(answers[3].body).toEqual(answers[0].body);
    expect(await sentTo(client.phone)).toHaveLength(3);
    expect(t.logs.some((line) => line.includes('over the hourly limit'))).toBe(true);
  });

  it('sends nothing after 3 requests in an hour from one address', async () => {
    const clients = await Promise.all([1, 2, 3, 4].map(() => registeredClient()));
    const address = nextAddress();
    for (const { username } of clients) expect((await requestReset(username, { address })).status).toBe(202);
    const sent = await Promise.all(clients.map(({ client }) => sentTo(client.phone)));
    expect(sent.map((messages) => messages.length)).toEqual([1, 1, 1, 0]);
  });

  it('never shows the agency a reset code or link: from its own outbox, a broker cannot take over a client’s account', async () => {
    const { agent, id } = await brokerSession(t, 'outbox.chain@agency.test');
    const broker = await t.em().findOneOrFail(User, id);
    const { client, username } = await registeredClient(
      { firstName: 'Ruth', lastName: 'Alvarez', email: 'ruth.chain@example.com' },
      broker,
    );

    // A reset by text (from the client page) and one by e-mail (the client's own request, texts stopped).
    expect((await agent.post(`/api/clients/${client.id}/password-reset`)).status).toBe(200);
    await t.app.get(OptOutsService).optOut(client.phone, 'sms', 'test');
    expect((await requestReset('ruth.chain@example.com')).status).toBe(202);

    // What the broker's outbox shows: the messages, with the code and the link hidden.
    const outbox = await agent.get('/api/dev/outbox').query({ filter: JSON.stringify({}), range: '[0,99]' });
    expect(outbox.status).toBe(200);
    const resets = (outbox.body as { purpose: string; channel: string; body: string }[]).filter((m) => m.purpose === PURPOSE);
    expect(resets.map((m) => m.channel).sort()).toEqual(['email', 'sms']);
    const shown = JSON.stringify(outbox.body);
    expect(resets.find((m) => m.channel === 'sms')!.body).toContain(CODE_HIDDEN);
    expect(resets.find((m) => m.channel === 'email')!.body).toContain(LINK_HIDDEN);
    expect(shown).not.toMatch(/\b\d{6}\b/);
    expect(shown).not.toMatch(/reset-password|token=/);

    // The client got them in full; nothing the broker saw is either of them.
    const [text] = await sentTo(client.phone);
    const [mail] = await sentTo('ruth.chain@example.com');
    const code = codeIn(text.body);
    const token = tokenIn(mail.body);
    expect(code).toMatch(/^\d{6}$/);
    expect(token).not.toBe('');
    expect(shown).not.toContain(code);
    expect(shown).not.toContain(token.split('.')[1]);

    // Whatever the broker tries from what they saw, the client's password stays, and so does their account.
    for (const guess of [...new Set(shown.match(/\d{6}/g) ?? [])]) {
      expect((await confirm({ identifier: username, code: guess, password: NEW_PASSWORD })).status).toBe(400);
    }
    expect((await confirm({ token: LINK_HIDDEN, password: NEW_PASSWORD })).status).toBe(400);
    expect(await signInWorks(username, NEW_PASSWORD)).toBe(false);
    expect(await signInWorks(username, OLD_PASSWORD)).toBe(true);
  });

  it('lets the broker send their own registered client a reset, without showing them the code', async () => {
    const { agent, id } = await brokerSession(t, 'reset.broker@agency.test');
    const broker = await t.em().findOneOrFail(User, id);
    const { client, username } = await registeredClient({ firstName: 'Ruth', lastName: 'Alvarez' }, broker);

    const res = await agent.post(`/api/clients/${client.id}/password-reset`);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      channel: 'sms',
      message: 'A password reset was sent to Ruth Alvarez by text message. It works for 30 minutes.',
    });
    const [text] = await sentTo(client.phone);
    const code = codeIn(text.body);
    expect(res.text).not.toContain(code);
    expect(res.text).not.toMatch(/token|reset-password/);
    expect((await confirm({ identifier: username, code, password: NEW_PASSWORD })).status).toBe(200);

    // A client without an account yet, and another broker's client.
    const notRegistered = await makeClient(t.em(), broker);
    const conflict = await agent.post(`/api/clients/${notRegistered.id}/password-reset`);
    expect(conflict.status).toBe(409);
    expect(conflict.body.message).toBe('This client has not created an account yet');
    const other = await registeredClient();
    const hidden = await agent.post(`/api/clients/${other.client.id}/password-reset`);
    expect(hidden.status).toBe(404);
    expect(await sentTo(other.client.phone)).toEqual([]);

    // At most 3 an hour to one client (the client's own requests count too).
    expect((await agent.post(`/api/clients/${client.id}/password-reset`)).status).toBe(200);
    expect((await agent.post(`/api/clients/${client.id}/password-reset`)).status).toBe(200);
    const tooMany = await agent.post(`/api/clients/${client.id}/password-reset`);
    expect(tooMany.status).toBe(429);
    expect(tooMany.headers['retry-after']).toMatch(/^\d+$/);
    expect(await sentTo(client.phone)).toHaveLength(3);
  });

  it('speaks Spanish to a Spanish-speaking client', async () => {
    const { client, username } = await registeredClient({ language: 'es' });
    const res = await requestReset(username, { language: 'es' });
    expect(res.status).toBe(202);
    const [text] = await sentTo(client.phone);
    expect(text.body).toContain('Su código para cambiar la contraseña de su portal es');
    expect(text.body).toContain(`Su nombre de usuario es ${username}.`);

    const wrong = await confirm({ identifier: username, code: '12345', password: NEW_PASSWORD }, browser(t), 'es');
    expect(wrong.status).toBe(400);
    expect(wrong.body.message).toBe('Este código o enlace ya no es válido. Pida uno nuevo.');
    const missing = await requestReset('', { language: 'es' });
    expect(missing.body.message).toBe('Escriba su nombre de usuario, su número de teléfono o su correo electrónico');
    const short = await confirm({ identifier: username, code: codeIn(text.body), password: 'corta' }, browser(t), 'es');
    expect(short.body.message).toBe('La contraseña es demasiado corta');

    // Without texts, the e-mail's link opens the page in Spanish.
    const em = t.em();
    await em.nativeUpdate(Client, { id: client.id }, { email: 'lucia@example.com' });
    await t.app.get(OptOutsService).optOut(client.phone, 'sms', 'test');
    await requestReset('lucia@example.com');
    const [mail] = await sentTo('lucia@example.com');
    expect(mail.subject).toBe('Sunrise Benefits: cambie la contraseña de su portal');
    expect(new URL(/https?:\/\/\S+/.exec(mail.body)![0]).searchParams.get('lang')).toBe('es');
  });

  it('gives each agency a stable slug and shows its public face at /api/public/agency/{slug}', async () => {
    const first = await brokerSession(t, 'slug.one@agency.test');
    const second = await brokerSession(t, 'slug.two@agency.test');
    await t.em().nativeUpdate(
      User,
      { id: first.id },
      {
        agencyName: 'Golden Years Benefits',
        primaryColor: '#0f766e',
        agencyPhone: '+16155550142',
        logoUrl: '/api/public/logos/6f1c2a9e-4b7d-4e3a-9c2f-8a1b2c3d4e5f.png',
      },
    );
    await t.em().nativeUpdate(User, { id: second.id }, { agencyName: 'Golden Years  Benefits!' });

    const link = await first.agent.get('/api/branding/portal-link');
    expect(link.status).toBe(200);
    expect(link.body).toEqual({ slug: 'golden-years-benefits', url: `${t.appUrl}/client/login?agency=golden-years-benefits` });
    expect((await second.agent.get('/api/branding/portal-link')).body.slug).toBe('golden-years-benefits-2');
    // Renamed, the agency keeps its slug: links already shared keep working.
    expect((await first.agent.put('/api/branding').send({ agencyName: 'Golden Years Group' })).status).toBe(200);
    expect((await first.agent.get('/api/branding/portal-link')).body.slug).toBe('golden-years-benefits');
    expect((await browser(t).get('/api/branding/portal-link')).status).toBe(401);

    const res = await request(t.http).get('/api/public/agency/golden-years-benefits');
    expect(res.status).toBe(200);
    // Exactly these fields: nothing of the broker (e-mail, id, plan) or their clients.
    expect(res.body).toEqual({
      agencyName: 'Golden Years Group',
      logoUrl: '/api/public/logos/6f1c2a9e-4b7d-4e3a-9c2f-8a1b2c3d4e5f.png',
      primaryColor: '#0f766e',
      agencyPhone: '+16155550142',
    });
    expect(res.text).not.toContain('slug.one@agency.test');

    for (const slug of ['no-such-agency', 'Golden-Years-Benefits', '..%2Fx', 'a'.repeat(70)]) {
      const missing = await request(t.http).get(`/api/public/agency/${slug}`);
      expect(missing.status).toBe(404);
      expect(missing.body).toEqual({ statusCode: 404, message: 'No such agency' });
    }
  });

  it('counts the password reset among the client’s accounts (deleting the account deletes its resets)', async () => {
    const { client, username } = await registeredClient();
    await requestReset(username);
    const account = await t.em().findOneOrFail(ClientAccount, { client: client.id });
    expect(await t.em().count(ClientPasswordReset, { account: account.id })).toBe(1);
    await t.em().nativeDelete(ClientAccount, { id: account.id });
    expect(await t.em().count(ClientPasswordReset, { account: account.id })).toBe(0);
  });
});
