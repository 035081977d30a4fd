import { createHash } from 'node:crypto';

import type request from 'supertest';

import { SMS_SENDER } from '../src/messaging/messaging.ports.js';
import { Policy } from '../src/policies/policy.entity.js';
import { ScopeOfAppointment, SoaSignature } from '../src/soa/soa.entity.js';
import { SoaFollowUpService } from '../src/soa/soa-follow-up.service.js';
import { type Agent, browser } from './helpers/browser-agent.js';
import { realNow, TestClock } from './helpers/clock.js';
import { makeInvitation } from './helpers/factories.js';
import { outboxInFull } from './helpers/outbox.js';
import { brokerSession } from './helpers/session.js';
import { createTestApp, type TestApp } from './helpers/test-app.js';

/**
 * Scope of Appointment (issue 51, docs/compliance.md#scope-of-appointment): prepared under the rule
 * in force on the appointment's day, sent as a single-use link, signed without signing in, kept
 * with its PDF and their hashes, shown to the client in their portal.
 */
const HOUR = 3_600_000;
// 10:00 in New York on the last day of the 48-hour rule, and on the first day without it.
const SEPT_30 = '2026-09-30T14:00:00Z';
const OCT_1 = '2026-10-01T14:00:00Z';
const at = (iso: string, hours: number) => new Date(new Date(iso).getTime() + hours * HOUR).toISOString();
const sha256 = (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex');

const clock = new TestClock(SEPT_30);
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ listen: true, clock });
});
afterAll(() => t?.close());

/** The link the client got in the last message to this recipient. */
async function linkSentTo(recipient: string): Promise<{ token: string; body: string }> {
  const messages = await outboxInFull(t, { recipient, purpose: 'scope-of-appointment' });
  const body = messages.at(-1)?.body ?? '';
  const token = /\/soa\/([A-Za-z0-9_-]+\.[A-Za-z0-9_-]+)/.exec(body)?.[1];
  if (!token) throw new Error(`no link in: ${body}`);
  return { token, body };
}

const binary = (res: request.Response, done: (error: Error | null, body: Buffer) => void) => {
  const chunks: Buffer[] = [];
  res.on('data', (chunk: Buffer) => chunks.push(chunk));
  res.on('end', () => done(null, Buffer.concat(chunks)));
};

const PREPARED = { products: ['ma_mapd', 'pdp'], method: 'phone' };
const SIGNED_TYPED = { signerName: 'Rosa Diaz', signerRole: 'beneficiary', signatureKind: 'typed', agree: true };

describe('Scope of Appointment', () => {
  let owner: { agent: Agent; id: string };
  let clientId: string;
  let spanishId: string;

  beforeAll(async () => {
    owner = await brokerSession(t, 'soa.owner@agency.test');
    await owner.agent.put('/api/branding').send({ agencyName: 'Sunrise Benefits' });
    clientId = (await owner.agent.post('/api/clients').send({ firstName: 'Rosa', lastName: 'Diaz', phone: '(615) 555-0181' })).body.id;
    spanishId = (
      await owner.agent
        .post('/api/clients')
        .send({ firstName: 'Elena', lastName: 'Ruiz', phone: '(615) 555-0182', email: 'elena@example.test', language: 'es' })
    ).body.id;
  });

  it('on 30 September 2026 refuses an appointment sooner than 48 hours after signing, says when it could be, and keeps nothing', async () => {
    clock.set(SEPT_30);
    // 16:00 in New York the same day: a day the 48-hour rule governs.
    const res = await owner.agent.post(`/api/clients/${clientId}/soas`).send({ ...PREPARED, appointmentAt: at(SEPT_30, 6) });
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({
      field: 'appointmentAt',
      earliestAt: at(SEPT_30, 48),
      exceptions: ['election_period_end', 'walk_in', 'inbound_call'],
      ruleId: 'soa-48-hours',
    });
    expect(res.body.message).toMatch(/no sooner than 48 hours after the client signs/);
    expect(await t.em().count(ScopeOfAppointment, { clientId })).toBe(0);
  });

  it('on 30 September 2026 records the exception the broker chose (a call the client made) and sends the link by text', async () => {
    clock.set(SEPT_30);
    const res = await owner.agent
      .post(`/api/clients/${clientId}/soas`)
      .send({ ...PREPARED, appointmentAt: at(SEPT_30, 1), exception: 'inbound_call' });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({
      status: 'sent',
      exception: 'inbound_call',
      ruleId: 'soa-48-hours',
      channel: 'sms',
      clientName: 'Rosa Diaz',
    });
    const { body } = await linkSentTo('+16155550181');
    // In the client's time (Nashville's area code: Central); the link works until an hour after the appointment.
    expect(body).toMatch(
      /^Sunrise Benefits: Please review and sign the Scope of Appointment for your appointment on Sep 30 at 10:00 AM\. It takes a minute: http\S+\/soa\/\S+ \(works until Sep 30 at 11:00 AM\)\. Reply STOP to opt out\.$/,
    );
    const log = await owner.agent.get('/api/agency-log');
    expect(log.body[0]).toMatchObject({ action: 'soa_sent', summary: 'Sent Rosa Diaz a Scope of Appointment to sign by text message' });
  });

  it('from 1 October 2026 (the CY2027 rule) takes an appointment an hour away without any exception', async () => {
    clock.set(OCT_1);
    const res = await owner.agent.post(`/api/clients/${clientId}/soas`).send({ ...PREPARED, appointmentAt: at(OCT_1, 1) });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({ ruleId: 'soa-before-appointment', exception: null, status: 'sent' });
    // An exception means nothing under a rule without a wait: not recorded.
    const withException = await owner.agent
      .post(`/api/clients/${clientId}/soas`)
      .send({ ...PREPARED, appointmentAt: at(OCT_1, 2), exception: 'walk_in' });
    expect(withException.body).toMatchObject({ ruleId: 'soa-before-appointment', exception: null });
  });

  it('is signed once through its link: opened, signed with a typed name, kept with its PDF whose hash matches the download', async () => {
    clock.set(OCT_1);
    const prepared = await owner.agent.post(`/api/clients/${clientId}/soas`).send({ ...PREPARED, appointmentAt: at(OCT_1, 26) });
    const { token } = await linkSentTo('+16155550181');
    const visitor = browser(t);

    const seen = await visitor.get(`/api/soa-signing/${token}`).set('User-Agent', 'Phone browser');
    expect(seen.status).toBe(200);
    expect(seen.body).toMatchObject({
      status: 'ready',
      agencyName: 'Sunrise Benefits',
      beneficiaryName: 'Rosa Diaz',
      products: ['ma_mapd', 'pdp'],
      method: 'phone',
      language: 'en',
    });
    expect((await owner.agent.get(`/api/soas/${prepared.body.id}`)).body.status).toBe('opened');

    clock.advance(5 * 60_000);
    const signed = await visitor.post(`/api/soa-signing/${token}`).set('User-Agent', 'Phone browser').send(SIGNED_TYPED);
    expect(signed.status).toBe(200);
    expect(signed.body.status).toBe('signed');
    const again = await visitor.post(`/api/soa-signing/${token}`).send(SIGNED_TYPED);
    expect([again.status, again.body.message]).toEqual([409, 'This form is already signed. Thank you.']);
    expect((await visitor.get(`/api/soa-signing/${token}`)).body.status).toBe('signed');

    const soa = (await owner.agent.get(`/api/soas/${prepared.body.id}`)).body;
    expect(soa).toMatchObject({ status: 'signed', signerName: 'Rosa Diaz', signerRole: 'beneficiary', tooSoon: false });
    expect(soa.validUntil).toBe('2027-10-01T14:05:00.000Z');
    const pdf = await owner.agent.get(`/api/soas/${prepared.body.id}/pdf`).buffer(true).parse(binary);
    expect(pdf.status).toBe(200);
    expect(pdf.headers['content-type']).toBe('application/pdf');
    const bytes = pdf.body as Buffer;
    expect(bytes.subarray(0, 5).toString()).toBe('%PDF-');
    expect(sha256(bytes)).toBe(soa.pdfSha256);
    expect(pdf.headers['x-content-sha256']).toBe(soa.pdfSha256);

    // The evidence: the document as signed, its hash, the trail with where it was opened and signed from.
    const evidence = await t.em().findOneOrFail(SoaSignature, { soaId: soa.id });
    expect(evidence.document.trail.map((step) => step.event)).toEqual(['prepared', 'sent', 'opened', 'signed']);
    expect(evidence.document.trail.at(-1)).toMatchObject({ userAgent: 'Phone browser' });
    expect(evidence.documentSha256).toMatch(/^[0-9a-f]{64}$/);
  });

  it('keeps signed evidence as it is: the database refuses to change or delete it', async () => {
    const [signed] = await t.em().find(SoaSignature, { clientId });
    await expect(
      t.em().getConnection().execute(`update soa_signatures set signer_name = 'Someone else' where soa_id = ?`, [signed.soaId]),
    ).rejects.toThrow(/evidence/);
    await expect(t.em().getConnection().execute('delete from soa_signatures where soa_id = ?', [signed.soaId])).rejects.toThrow(/evidence/);
    await expect(t.em().getConnection().execute('delete from soas where id = ?', [signed.soaId])).rejects.toThrow(/evidence/);
    const cancel = await owner.agent.post(`/api/soas/${signed.soaId}/cancel`);
    expect(cancel.status).toBe(409);
  });

  it('goes to a Spanish-speaking client in Spanish, by e-mail when asked, and takes a representative’s drawn signature', async () => {
    clock.set(OCT_1);
    const prepared = await owner.agent
      .post(`/api/clients/${spanishId}/soas`)
      .send({ products: ['medigap'], method: 'in_person', appointmentAt: at(OCT_1, 30), channel: 'email' });
    expect(prepared.status).toBe(201);
    const { token, body } = await linkSentTo('elena@example.test');
    // In the client's time (Nashville's area code: Central).
    expect(body).toMatch(/^Antes de su cita con Sunrise Benefits del 2 de octubre a las 3:00 p\. ?m\./);
    const visitor = browser(t);
    expect((await visitor.get(`/api/soa-signing/${token}`)).body.language).toBe('es');

    const representative = { signerName: 'Marta Ruiz', signerRole: 'representative', signatureKind: 'drawn', agree: true };
    const noRelationship = await visitor.post(`/api/soa-signing/${token}`).send({ ...representative, drawnSignature: 'M10 10 L200 120' });
    expect([noRelationship.status, noRelationship.body.field, noRelationship.body.message]).toEqual([
      400,
      'relationship',
      'Say how you are related to the beneficiary',
    ]);
    const scribble = await visitor
      .post(`/api/soa-signing/${token}`)
      .send({ ...representative, relationship: 'Hija', drawnSignature: 'M10 10 C 20 20 40 20 50 10' });
    expect([scribble.status, scribble.body.field]).toEqual([400, 'drawnSignature']);
    const signed = await visitor
      .post(`/api/soa-signing/${token}`)
      .send({ ...representative, relationship: 'Hija', drawnSignature: 'M10 150 L80 40 L150 160 L240 30 L9999 -5' });
    expect(signed.status).toBe(200);
    const soa = (await owner.agent.get(`/api/soas/${prepared.body.id}`)).body;
    expect(soa).toMatchObject({ status: 'signed', signerName: 'Marta Ruiz', signerRole: 'representative', relationship: 'Hija' });
    const evidence = await t.em().findOneOrFail(SoaSignature, { soaId: soa.id });
    // Kept inside its box.
    expect(evidence.drawnSignature).toBe('M10 150 L80 40 L150 160 L240 30 L600 0');
    expect(evidence.document.language).toBe('es');
  });

  it('refuses a signature without agreeing, and an expired link with 410; Send again gives a new link and voids the old one', async () => {
    clock.set(OCT_1);
    const prepared = await owner.agent.post(`/api/clients/${clientId}/soas`).send({ ...PREPARED, appointmentAt: at(OCT_1, 24 * 10) });
    const first = (await linkSentTo('+16155550181')).token;
    const visitor = browser(t);
    const disagree = await visitor.post(`/api/soa-signing/${first}`).send({ ...SIGNED_TYPED, agree: false });
    expect([disagree.status, disagree.body.message]).toEqual([400, 'Tick the box to agree']);

    clock.advance(7 * 24 * HOUR + 60_000);
    expect((await visitor.get(`/api/soa-signing/${first}`)).body.status).toBe('expired');
    expect((await owner.agent.get(`/api/soas/${prepared.body.id}`)).body.status).toBe('expired');
    expect((await visitor.post(`/api/soa-signing/${first}`).send(SIGNED_TYPED)).status).toBe(410);

    const resent = await owner.agent.post(`/api/soas/${prepared.body.id}/resend`);
    expect([resent.status, resent.body.status]).toEqual([200, 'sent']);
    const second = (await linkSentTo('+16155550181')).token;
    expect(second).not.toBe(first);
    expect((await visitor.get(`/api/soa-signing/${first}`)).status).toBe(404);
    expect((await visitor.get(`/api/soa-signing/${second}`)).body.status).toBe('ready');

    const cancelled = await owner.agent.post(`/api/soas/${prepared.body.id}/cancel`);
    expect(cancelled.body.status).toBe('cancelled');
    expect((await visitor.get(`/api/soa-signing/${second}`)).body.status).toBe('cancelled');
    expect((await visitor.post(`/api/soa-signing/${second}`).send(SIGNED_TYPED)).status).toBe(410);
  });

  it('lists the book’s unsigned ones, soonest appointment first, and a policy’s application names a signed one of the client', async () => {
    const unsigned = (await owner.agent.get('/api/soas/unsigned')).body;
    expect(unsigned.total).toBeGreaterThan(0);
    expect(unsigned.items.every((soa: { status: string }) => soa.status !== 'signed' && soa.status !== 'cancelled')).toBe(true);
    const times = unsigned.items.map((soa: { appointmentAt: string }) => soa.appointmentAt);
    expect([...times].sort()).toEqual(times);

    const signed = (await owner.agent.get(`/api/clients/${clientId}/soas`)).body.find((soa: { status: string }) => soa.status === 'signed');
    const otherClients = (await owner.agent.get(`/api/clients/${spanishId}/soas`)).body[0];
    const policy = await owner.agent
      .post(`/api/clients/${clientId}/policies`)
      .send({ carrier: 'Humana', planName: 'Gold Plus', planType: 'mapd', soaId: signed.id });
    expect([policy.status, policy.body.soaId]).toEqual([201, signed.id]);
    const wrong = await owner.agent.put(`/api/policies/${policy.body.id}`).send({ soaId: otherClients.id });
    expect([wrong.status, wrong.body.field]).toEqual([400, 'soaId']);
    expect((await t.em().findOneOrFail(Policy, policy.body.id)).soaId).toBe(signed.id);
  });

  it('answers another agency 404 for the client’s SOAs, one SOA and its PDF, and shows it none unsigned', async () => {
    const other = await brokerSession(t, 'soa.other@agency.test');
    const [soa] = (await owner.agent.get(`/api/clients/${clientId}/soas`)).body;
    expect((await other.agent.get(`/api/clients/${clientId}/soas`)).status).toBe(404);
    expect((await other.agent.post(`/api/clients/${clientId}/soas`).send({ ...PREPARED, appointmentAt: at(OCT_1, 30) })).status).toBe(404);
    expect((await other.agent.get(`/api/soas/${soa.id}`)).status).toBe(404);
    expect((await other.agent.get(`/api/soas/${soa.id}/pdf`)).status).toBe(404);
    expect((await other.agent.post(`/api/soas/${soa.id}/cancel`)).status).toBe(404);
    expect((await other.agent.get('/api/soas/unsigned')).body).toEqual({ items: [], total: 0 });
  });

  it('gives the agent a task to reschedule it once the appointment has passed unsigned, once', async () => {
    const me = (await owner.agent.get('/api/auth/user')).body.member.id as string;
    const { body: client } = await owner.agent.post('/api/clients').send({ firstName: 'Ada', lastName: 'Cole', phone: '(615) 555-0188' });
    clock.set(OCT_1);
    const prepared = await owner.agent.post(`/api/clients/${client.id}/soas`).send({ ...PREPARED, appointmentAt: at(OCT_1, 2) });
    expect(prepared.status).toBe(201);
    const followUp = t.app.get(SoaFollowUpService);

    const tasksOf = async () => (await owner.agent.get(`/api/clients/${client.id}/tasks`)).body as unknown[];
    // Not yet: its appointment is not an hour over (the earlier tests' are, and are followed up).
    clock.set(at(OCT_1, 2.5));
    await followUp.followUpMissed();
    expect(await tasksOf()).toEqual([]);
    clock.set(at(OCT_1, 3));
    expect(await followUp.followUpMissed()).toBeGreaterThan(0);
    // Once: the next run finds nothing left to follow up.
    expect(await followUp.followUpMissed()).toBe(0);
    const tasks = (await owner.agent.get(`/api/clients/${client.id}/tasks`)).body as {
      title: string;
      source: string;
      assigneeMemberId: string;
      priority: string;
    }[];
    expect(tasks).toEqual([
      expect.objectContaining({
        title: 'Reschedule the missed appointment: Ada Cole',
        source: 'soa_missed',
        assigneeMemberId: me,
        priority: 'high',
      }),
    ]);
    expect((await owner.agent.get(`/api/soas/${prepared.body.id}`)).body.status).toBe('expired');
  });

  it('shows the client the SOAs they signed in their portal, with the PDF, and nobody else’s', async () => {
    clock.set(OCT_1);
    const em = t.em();
    const { Client } = await import('../src/clients/client.entity.js');
    const rosa = await em.findOneOrFail(Client, clientId);
    const elena = await em.findOneOrFail(Client, spanishId);
    const signIn = async (client: typeof rosa, username: string) => {
      const agent = browser(t);
      const token = await makeInvitation(em, client);
      expect((await agent.post('/api/client/register').send({ token, username, password: 'violet-tractor-91' })).status).toBe(201);
      return agent;
    };
    const rosaPortal = await signIn(rosa, 'rosa.soa');
    const elenaPortal = await signIn(elena, 'elena.soa');
    const mine = (await rosaPortal.get('/api/client-portal/soas')).body;
    expect(mine).toHaveLength(1);
    expect(mine[0]).toMatchObject({ products: ['ma_mapd', 'pdp'], signerName: 'Rosa Diaz' });
    const pdf = await rosaPortal.get(`/api/client-portal/soas/${mine[0].id}/pdf`).buffer(true).parse(binary);
    expect([pdf.status, pdf.headers['content-type']]).toEqual([200, 'application/pdf']);
    expect((await elenaPortal.get(`/api/client-portal/soas/${mine[0].id}/pdf`)).status).toBe(404);
    expect((await owner.agent.get('/api/client-portal/soas')).status).toBe(401);
  });
});

describe('a Scope of Appointment when the text cannot be sent', () => {
  let down: TestApp;
  beforeAll(async () => {
    const failingSms = { sendSms: () => Promise.reject(new Error('carrier unreachable')) };
    down = await createTestApp({ listen: true, overrides: [[SMS_SENDER, failingSms]] });
  });
  afterAll(() => down?.close());

  it('answers 503 and keeps nothing: no SOA, no entry in the activity log', async () => {
    const broker = await brokerSession(down, 'soa.down@agency.test');
    const { body: client } = await broker.agent.post('/api/clients').send({ firstName: 'Lou', lastName: 'Park', phone: '6155550601' });
    const appointmentAt = new Date(realNow().getTime() + 3 * 24 * HOUR).toISOString();
    const res = await broker.agent.post(`/api/clients/${client.id}/soas`).send({ ...PREPARED, appointmentAt });
    expect([res.status, res.body.message]).toEqual([
      503,
      'The form could not be sent: the messaging provider did not answer. Please try again in a few minutes.',
    ]);
    expect(await down.em().count(ScopeOfAppointment, { clientId: client.id })).toBe(0);
    const log = (await broker.agent.get('/api/agency-log')).body as { action: string }[];
    expect(log.map((entry) => entry.action)).not.toContain('soa_sent');
  });
});
