import { randomUUID } from 'node:crypto';

import type { EntityManager } from '@mikro-orm/postgresql';

import type { Client } from '../src/clients/client.entity.js';
import { DigestService } from '../src/digest/digest.service.js';
import { Member } from '../src/members/member.entity.js';
import type { User } from '../src/users/user.entity.js';
import { TestClock } from './helpers/clock.js';
import { grantConsent, makeClient, makeUser } from './helpers/factories.js';
import { mailHeader, mailPart, type ReceivedMail, SmtpStandIn } from './helpers/smtp-stand-in.js';
import { createTestApp, type TestApp } from './helpers/test-app.js';

// Monday 30 November 2026, 08:30 in New York (EST, UTC−5).
const MONDAY_0830_NY = new Date('2026-11-30T13:30:00Z');

async function atRisk(em: EntityManager, client: Client, since: string | null, level = 'high', score = 72): Promise<void> {
  await em.execute(`update clients set risk_score = ?, risk_level = ?, risk_reasons = ?::jsonb, risk_since = ? where id = ?`, [
    score,
    level,
    JSON.stringify(['unanswered_messages', 'opted_out', 'enrollment_window']),
    since,
    client.id,
  ]);
}

/** A campaign e-mail sent to these clients at `at`; the first one opened and clicked it. */
async function campaignSent(em: EntityManager, broker: User, name: string, clients: Client[], at: string): Promise<void> {
  const campaignId = randomUUID();
  await em.execute(
    `insert into campaigns (id, broker_id, name, type, subject, message, status, recipient_count, sent_at, created_at)
     values (?, ?, ?, 'email', 'News', 'Hello', 'sent', ?, ?, ?)`,
    [campaignId, broker.id, name, clients.length, at, at],
  );
  for (const [i, client] of clients.entries()) {
    await em.execute(
      `insert into campaign_recipients (id, campaign_id, client_id, token, opened_at, clicked_at, created_at)
       values (gen_random_uuid(), ?, ?, ?, ?, ?, ?)`,
      [campaignId, client.id, randomUUID(), i === 0 ? at : null, i === 0 ? at : null, at],
    );
    await em.execute(
      `insert into deliveries (id, broker_id, client_id, campaign_id, occurrence_at, channel, recipient, lane, status, created_at, updated_at)
       values (gen_random_uuid(), ?, ?, ?, ?, 'email', ?, 'campaign', 'completed', ?, ?)`,
      [broker.id, client.id, campaignId, at, `c${i}@example.com`, at, at],
    );
  }
}

/**
 * A part of the message with plain line ends. The stand-in unfolds every CRLF followed by a space
 * (header folding), which also joins a quoted-printable soft break before a space: put back here.
 */
const partOf = (mail: ReceivedMail, type: 'text/plain' | 'text/html' = 'text/plain') =>
  mailPart(mail, type)
    .replace(/\r\n/g, '\n')
    .replace(/=(?= )/g, '');

describe('the weekly digest (DigestService.runDue)', () => {
  const smtp = new SmtpStandIn();
  const clock = new TestClock(MONDAY_0830_NY);
  let t: TestApp;
  let digest: DigestService;
  let broker: User;
  let spanish: User;
  let off: User;
  let suspended: User;

  beforeAll(async () => {
    t = await createTestApp({ env: { SMTP_URL: await smtp.start(), MAIL_FROM: 'CareKeep <digest@carekeep.example>' }, clock });
    digest = t.app.get(DigestService);
    const em = t.em();
    const added = { createdAt: new Date('2025-06-01T12:00:00Z') };
    broker = await makeUser(em, { firstName: 'Dana', email: 'dana@agency.test', timeZone: 'America/New_York' });
    spanish = await makeUser(em, { firstName: 'Lucía', email: 'lucia@agency.test', timeZone: 'America/Los_Angeles', language: 'es' });
    off = await makeUser(em, { email: 'off@agency.test', timeZone: 'America/New_York', weeklyDigest: false });
    suspended = await makeUser(em, { email: 'suspended@agency.test', timeZone: 'America/New_York', suspendedAt: new Date('2026-11-01') });
    const other = await makeUser(em, { email: 'other@agency.test', timeZone: 'Asia/Tokyo' });

    const newly = await makeClient(em, broker, { firstName: 'Nora', lastName: 'Newrisk', ...added });
    await atRisk(em, newly, '2026-11-28T04:00:00Z');
    const medium = await makeClient(em, broker, { firstName: 'Mel', lastName: 'Medium', ...added });
    await atRisk(em, medium, null, 'medium', 40);
    const longAgo = await makeClient(em, broker, { firstName: 'Olga', lastName: 'Oldrisk', ...added });
    await atRisk(em, longAgo, '2026-11-10T04:00:00Z');
    await makeClient(em, broker, { firstName: 'Tom', lastName: 'Soon', dateOfBirth: '1961-12-20', ...added });
    await makeClient(em, broker, { firstName: 'Tina', lastName: 'Later', dateOfBirth: '1962-01-29', ...added });
    await makeClient(em, broker, { firstName: 'Bea', lastName: 'Birthday', dateOfBirth: '1950-12-05', ...added });
    await makeClient(em, broker, { firstName: 'Pat', lastName: 'Plan', planEffectiveDate: '2022-12-15', ...added });
    // Permission attested when the client was added, so the STOP below is their latest event on texts
    // whatever day the test runs (a default attestation carries the real clock's time).
    const stopped = await makeClient(em, broker, { firstName: 'Sam', lastName: 'Stopped', ...added }, { reminders: true });
    await grantConsent(em, [stopped.id], ['marketing'], added.createdAt);
    await em.execute(
      `insert into consents (client_id, channel, purpose, opted_in, source, evidence, actor, recorded_at)
       values (?, 'sms', 'marketing', false, 'keyword', 'STOP', 'recipient', '2026-11-27T15:00:00Z')`,
      [stopped.id],
    );
    // Marketing permission given 12 months before Saturday: it lapsed this week (CONSENT_MARKETING_MONTHS).
    const expired = await makeClient(em, broker, { firstName: 'Eve', lastName: 'Expired', ...added }, { reminders: true });
    await grantConsent(em, [expired.id], ['marketing'], new Date('2025-11-28T15:00:00Z'));
    await campaignSent(em, broker, 'Fall check-in', [newly, medium], '2026-11-25T15:00:00Z');
    await campaignSent(em, broker, 'Summer news', [newly, medium], '2026-08-25T15:00:00Z');

    const foreign = await makeClient(em, other, { firstName: 'Fay', lastName: 'Foreign', ...added });
    await atRisk(em, foreign, '2026-11-28T04:00:00Z');
    const hers = await makeClient(em, spanish, { firstName: 'Rosa', lastName: 'Riesgo', dateOfBirth: '1961-12-10', ...added });
    await atRisk(em, hers, '2026-11-29T04:00:00Z');
    for (const user of [off, suspended]) {
      const client = await makeClient(em, user, { firstName: 'Quiet', lastName: 'Client', ...added });
      await atRisk(em, client, '2026-11-28T04:00:00Z');
    }
  });
  afterAll(async () => {
    await t.close();
    await smtp.stop();
  });

  it('sends nothing on Sunday at 08:30 or on Monday at 07:59 in the broker’s zone', async () => {
    clock.set('2026-11-29T13:30:00Z');
    expect(await digest.runDue()).toBe(0);
    clock.set('2026-11-30T12:59:00Z');
    expect(await digest.runDue()).toBe(0);
    expect(smtp.received).toHaveLength(0);
  });

  it('sends one e-mail on Monday 08:30 in the broker’s zone, even when runs overlap', async () => {
    clock.set(MONDAY_0830_NY);
    const counts = await Promise.all([digest.runDue(), digest.runDue()]);
    expect(counts[0] + counts[1]).toBe(1);
    clock.set('2026-11-30T13:59:00Z');
    expect(await digest.runDue()).toBe(0);
    expect(smtp.received.map((mail) => mail.to)).toEqual([['dana@agency.test']]);
  });

  it('lists the clients newly at risk with their reasons, lapsed permissions, what is coming up and campaign results', () => {
    const [mail] = smtp.to('dana@agency.test');
    expect(mailHeader(mail, 'Subject')).toBe('Your weekly digest for the week of November 30');
    const text = partOf(mail);
    expect(text).toContain('Good morning, Dana.');
    expect(text).toContain('- Nora Newrisk (score 72): calls or texts went unanswered, opted out of a channel, enrollment season');
    expect(text).not.toContain('Mel Medium (score');
    expect(text).not.toContain('Olga Oldrisk');
    expect(text).not.toContain('Fay Foreign');
    expect(text).not.toContain('Quiet Client');
    expect(text).toContain('- Sam Stopped — texts: opted out');
    expect(text).toContain('- Eve Expired — e-mail: marketing permission expired');
    expect(text).toContain('- Eve Expired — texts: marketing permission expired');
    expect(text).toContain('- Sat, Dec 5 — Bea Birthday’s birthday (76)');
    expect(text).toContain('- Tue, Dec 15 — Pat Plan’s plan anniversary (4 years)');
    expect(text).toContain('- Sun, Dec 20 — Tom Soon turns 65');
    expect(text).not.toContain('Tina Later');
    expect(text).toContain('- Fall check-in: 2 sent, 1 opened, 1 clicked');
    expect(text).not.toContain('Summer news');
    expect(text).toMatch(/Retention\n- (\d+% of your clients stayed with you last month|No clients to measure last month)/);
    expect(text).toContain(`Open the app: ${t.config.appUrl}`);
    expect(text).toContain(`To turn it off, go to Settings: ${t.config.appUrl}/settings`);

    const html = partOf(mail, 'text/html');
    expect(html).toContain('<li>Nora Newrisk (score 72): calls or texts went unanswered, opted out of a channel, enrollment season</li>');
    expect(html).toContain(`<a href="${t.config.appUrl}/settings">`);
  });

  it('sends nothing to a broker who turned it off, or who is suspended', () => {
    expect(smtp.to('off@agency.test')).toHaveLength(0);
    expect(smtp.to('suspended@agency.test')).toHaveLength(0);
  });

  it('writes to a Spanish-speaking broker in Spanish, at 08:00 in their own zone', async () => {
    // 08:30 in Los Angeles (PST, UTC−8).
    clock.set('2026-11-30T16:30:00Z');
    expect(await digest.runDue()).toBe(1);
    const [mail] = smtp.to('lucia@agency.test');
    expect(mailHeader(mail, 'Subject')).toBe('Su resumen semanal de la semana del 30 de noviembre');
    const text = partOf(mail);
    expect(text).toContain('Buenos días, Lucía.');
    expect(text).toContain('Clientes que pasaron a estar en riesgo');
    expect(text).toContain(
      '- Rosa Riesgo (puntuación 72): llamadas o mensajes de texto sin respuesta, se dio de baja de un canal, temporada de inscripción',
    );
    expect(text).toContain('Rosa Riesgo cumple 65 años');
    expect(text).toContain('Campañas de los últimos 7 días\nNada esta semana.');
    expect(text).toContain(`Para desactivarlo, vaya a Configuración: ${t.config.appUrl}/settings`);
    expect(text).not.toContain('Nora Newrisk');
    // Dana's was sent already: still one each.
    expect(smtp.to('dana@agency.test')).toHaveLength(1);
    expect(smtp.received).toHaveLength(2);
  });
});

describe('the weekly digest in an agency that keeps agents to their own clients', () => {
  // Monday 30 November 2026, 08:30 in Chicago (CST, UTC−6).
  const MONDAY_0830_CHICAGO = new Date('2026-11-30T14:30:00Z');
  const smtp = new SmtpStandIn();
  const clock = new TestClock(MONDAY_0830_CHICAGO);
  let t: TestApp;
  let digest: DigestService;

  const agency = (email: string, fields: Partial<User> = {}) =>
    makeUser(t.em(), { email, firstName: 'Dana', timeZone: 'America/Chicago', agentsSeeAssignedOnly: true, ...fields });
  async function member(agencyId: string, email: string, fields: Partial<Member> = {}): Promise<Member> {
    const em = t.em();
    const made = em.create(Member, { agencyId, email, firstName: email.split('@')[0], role: 'agent', ...fields });
    await em.flush();
    return made;
  }
  async function newlyAtRiskClient(owner: User, firstName: string, assignedMemberId: string | null, fields: Partial<Client> = {}) {
    const client = await makeClient(t.em(), owner, {
      firstName,
      lastName: 'Risk',
      assignedMemberId,
      createdAt: new Date('2025-06-01T12:00:00Z'),
      ...fields,
    });
    await atRisk(t.em(), client, '2026-11-28T04:00:00Z');
    return client;
  }

  beforeAll(async () => {
    t = await createTestApp({ env: { SMTP_URL: await smtp.start(), MAIL_FROM: 'CareKeep <digest@carekeep.example>' }, clock });
    digest = t.app.get(DigestService);

    const split = await agency('owner@split.test');
    const luis = await member(split.id, 'luis@split.test', { firstName: 'Luis' });
    const ana = await member(split.id, 'ana@split.test', { language: 'es' });
    await member(split.id, 'invited@split.test', { invitationHash: 'a'.repeat(64), invitationExpiresAt: new Date('2026-12-05') });
    await member(split.id, 'assistant@split.test', { role: 'assistant' });
    const gone = await member(split.id, 'gone@split.test', { removedAt: new Date('2026-11-01') });
    const nora = await newlyAtRiskClient(split, 'Nora', luis.id);
    await newlyAtRiskClient(split, 'Rosa', ana.id, { dateOfBirth: '1961-12-10' });
    const uma = await newlyAtRiskClient(split, 'Uma', null);
    await newlyAtRiskClient(split, 'Gil', gone.id);
    await campaignSent(t.em(), split, 'Fall check-in', [nora, uma], '2026-11-25T15:00:00Z');

    // The whole book for everyone: the agency's digest only.
    const together = await agency('owner@together.test', { agentsSeeAssignedOnly: false });
    const hers = await member(together.id, 'agent@together.test');
    await newlyAtRiskClient(together, 'Tess', hers.id);
    // The digest off: none at all.
    const off = await agency('owner@off.test', { weeklyDigest: false });
    const his = await member(off.id, 'agent@off.test');
    await newlyAtRiskClient(off, 'Otto', his.id);
  });
  afterAll(async () => {
    await t.close();
    await smtp.stop();
  });

  it('sends the agency its digest of the whole book and each agent who has joined the digest of their own clients, once', async () => {
    expect(await digest.runDue()).toBe(4);
    expect(await digest.runDue()).toBe(0);
    expect(smtp.received.map((mail) => mail.to[0]).sort()).toEqual([
      'ana@split.test',
      'luis@split.test',
      'owner@split.test',
      'owner@together.test',
    ]);

    const agencyText = partOf(smtp.to('owner@split.test')[0]);
    for (const name of ['Nora Risk', 'Rosa Risk', 'Uma Risk', 'Gil Risk']) expect(agencyText).toContain(`- ${name} (score 72)`);
    expect(agencyText).toContain('Here is what needs your attention this week.\n');
    expect(agencyText).toContain('- Fall check-in: 2 sent, 1 opened, 1 clicked');
    expect(agencyText).toContain('To turn it off, go to Settings');
  });

  it('keeps an agent’s digest to the clients assigned to them, and says so', () => {
    const [mail] = smtp.to('luis@split.test');
    expect(mailHeader(mail, 'Subject')).toBe('Your weekly digest for the week of November 30');
    const text = partOf(mail);
    expect(text).toContain('Good morning, Luis.');
    expect(text).toContain('Here is what needs your attention this week among the clients assigned to you.');
    expect(text).toContain('- Nora Risk (score 72)');
    for (const name of ['Rosa Risk', 'Uma Risk', 'Gil Risk']) expect(text).not.toContain(name);
    // The campaign's messages to his clients only.
    expect(text).toContain('- Fall check-in: 1 sent, 1 opened, 1 clicked');
    expect(text).toContain('The agency’s owner can turn it off in Settings.');
    expect(text).not.toContain('/settings');
  });

  it('writes to an agent in their own language', () => {
    const text = partOf(smtp.to('ana@split.test')[0]);
    expect(text).toContain('Esto es lo que necesita su atención esta semana entre los clientes que tiene asignados.');
    expect(text).toContain('- Rosa Risk (puntuación 72)');
    expect(text).toContain('Rosa Risk cumple 65 años');
    expect(text).not.toContain('Nora Risk');
    expect(text).toContain('Campañas de los últimos 7 días\nNada esta semana.');
  });
});
