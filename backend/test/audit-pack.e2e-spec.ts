import { createHash } from 'node:crypto';

import { unzipSync } from 'fflate';
import type request from 'supertest';

import { type Client } from '../src/clients/client.entity.js';
import { DispatcherService } from '../src/delivery/dispatcher.service.js';
import { MarketingMessage } from '../src/delivery/marketing-message.entity.js';
import { User } from '../src/users/user.entity.js';
import { type Agent, browser } from './helpers/browser-agent.js';
import { realNow, TestClock } from './helpers/clock.js';
import { makeClient, makeInvitation } from './helpers/factories.js';
import { outboxInFull } from './helpers/outbox.js';
import { brokerSession, memberSession } from './helpers/session.js';
import { createTestApp, type TestApp } from './helpers/test-app.js';

/**
 * A client's audit pack (issue 51, docs/compliance.md#the-audit-pack): the ZIP's files and what is
 * in them, the TPMO disclaimer as it stood when each message went, the signed SOA's PDF by its hash,
 * nothing of the client's health data, and who may download it.
 */
// The app's clock at the real time (sign-ins and invitations are checked against it), moved only to
// send the broker's reminder when it is due; every day of the test is counted from it.
const DAY = 86_400_000;
const NOW = new Date(Math.floor(realNow().getTime() / 60_000) * 60_000);
const at = (days: number) => new Date(NOW.getTime() + days * DAY).toISOString();
const clock = new TestClock(NOW);
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ listen: true, clock });
});
afterAll(() => t?.close());

const binary = (res: request.Response, done: (error: Error | null, body: Buffer) => void) => {
  const chunks: Buffer[] = [];
  res.on('data', (chunk: Buffer) => chunks.push(chunk));
  res.on('end', () => done(null, Buffer.concat(chunks)));
};
const sha256 = (bytes: Uint8Array) => createHash('sha256').update(bytes).digest('hex');
/** A CSV's rows as objects (the pack's cells hold no line breaks but quoted commas). */
function rows(text: string): Record<string, string>[] {
  const parse = (line: string) => {
    const cells: string[] = [];
    let cell = '';
    let quoted = false;
    for (let i = 0; i < line.length; i++) {
      const char = line[i];
      if (quoted && char === '"' && line[i + 1] === '"') {
        cell += '"';
        i += 1;
      } else if (char === '"') quoted = !quoted;
      else if (char === ',' && !quoted) {
        cells.push(cell);
        cell = '';
      } else cell += char;
    }
    return [...cells, cell];
  };
  const [header, ...lines] = text.split('\r\n').filter(Boolean);
  const names = parse(header);
  return lines.map((line) => Object.fromEntries(parse(line).map((value, i) => [names[i], value])));
}

// Words of the client's own health data, which must appear nowhere in the pack.
const MEDICATION = 'Zestoretic 20 mg';
const OWN_REMINDER = 'Take the blood pressure pill';

describe('a client’s audit pack', () => {
  let owner: { agent: Agent; id: string };
  let client: Client;
  let files: Record<string, Uint8Array>;
  const text = (path: string) => Buffer.from(files[path]).toString('utf8');

  beforeAll(async () => {
    owner = await brokerSession(t, 'pack.owner@agency.test');
    await owner.agent.put('/api/branding').send({ agencyName: 'Sunrise Benefits', sellsPlans: false });
    const agency = await t.em().findOneOrFail(User, owner.id);
    client = await makeClient(t.em(), agency, { firstName: 'Ruth', lastName: 'Alvarez', email: 'ruth@example.test' });

    // A campaign text sent while the agency said it sold no plans, then the agency's TPMO numbers, then another.
    const em = t.em();
    const message = (sentAt: string, body: string) =>
      em.create(MarketingMessage, {
        brokerId: owner.id,
        deliveryId: crypto.randomUUID(),
        clientId: client.id,
        channel: 'sms',
        recipient: client.phone,
        body,
        sentAt: new Date(sentAt),
      });
    message(at(-29), 'Sunrise Benefits: our office moves on Monday. Reply STOP to opt out');
    await em.flush();
    await owner.agent.put('/api/branding').send({ sellsPlans: true, tpmoOrganizations: 2, tpmoPlans: 10 });
    // After the branding change, which the activity log dates on the real clock.
    message(new Date(realNow().getTime() + 60_000).toISOString(), 'Sunrise Benefits: AEP questions? Call us. Reply STOP to opt out');
    await em.flush();

    // A reminder from the broker, a policy changed once, a Scope of Appointment signed.
    const reminder = await owner.agent.post('/api/reminders').send({
      clientId: client.id,
      scheduledTime: at(2),
      deliveryMethod: 'sms',
      message: 'Your plan review is on Wednesday',
    });
    expect(reminder.status).toBe(201);
    // Sent when due (the dispatcher's run at that hour), then back to today.
    clock.set(new Date(new Date(at(2)).getTime() + 60_000));
    await t.app.get(DispatcherService).runOnce();
    clock.set(NOW);
    const policy = await owner.agent
      .post(`/api/clients/${client.id}/policies`)
      .send({ carrier: 'Humana', planName: 'Gold Plus', planType: 'mapd' });
    await owner.agent.put(`/api/policies/${policy.body.id}`).send({ status: 'active' });
    await owner.agent.post(`/api/clients/${client.id}/soas`).send({ products: ['ma_mapd'], method: 'phone', appointmentAt: at(3) });
    const [sent] = await outboxInFull(t, { recipient: client.phone, purpose: 'scope-of-appointment' });
    const token = /\/soa\/(\S+?\.\S+?)(?=[\s)])/.exec(sent.body)![1];
    const signed = await browser(t)
      .post(`/api/soa-signing/${token}`)
      .send({ signerName: 'Ruth Alvarez', signerRole: 'beneficiary', signatureKind: 'typed', agree: true });
    expect(signed.status).toBe(200);

    // The client's own medication and reminder, in their portal.
    const portal = browser(t);
    const invitation = await makeInvitation(t.em(), client);
    expect(
      (await portal.post('/api/client/register').send({ token: invitation, username: 'ruth.pack', password: 'violet-tractor-91' })).status,
    ).toBe(201);
    expect((await portal.post('/api/client/medications').send({ name: MEDICATION })).status).toBe(201);
    expect((await portal.post('/api/client/reminders').send({ scheduledTime: at(1), message: OWN_REMINDER })).status).toBe(201);

    const pack = await owner.agent.get(`/api/clients/${client.id}/audit-pack`).buffer(true).parse(binary);
    expect(pack.status).toBe(200);
    expect(pack.headers['content-type']).toBe('application/zip');
    expect(pack.headers['content-disposition']).toMatch(/audit-pack-Ruth-Alvarez-\d{4}-\d{2}-\d{2}\.zip/);
    files = unzipSync(new Uint8Array(pack.body as Buffer));
  });

  it('holds the files its README lists, each with its SHA-256 in the manifest', () => {
    const soaPdf = Object.keys(files).find((path) => path.startsWith('scopes-of-appointment/'));
    expect(Object.keys(files).sort()).toEqual(
      [
        'README.txt',
        'activity-log.csv',
        'client.csv',
        'consent-ledger.csv',
        'manifest.csv',
        'messages.csv',
        'policies.csv',
        'policy-history.csv',
        'scopes-of-appointment.csv',
        soaPdf,
      ].sort(),
    );
    const manifest = rows(text('manifest.csv'));
    expect(manifest).toHaveLength(Object.keys(files).length - 2);
    for (const entry of manifest) expect(entry.sha256).toBe(sha256(files[entry.file]));
  });

  it('has the consent ledger with its evidence, and every message with the TPMO disclaimer in force when it went', () => {
    const ledger = rows(text('consent-ledger.csv'));
    expect(ledger.filter((event) => event.purpose === 'marketing' && event.given === 'true')).toHaveLength(3);
    expect(ledger.every((event) => event.evidence.length > 0)).toBe(true);

    const messages = rows(text('messages.csv'));
    const campaigns = messages.filter((message) => message.kind === 'campaign');
    expect(campaigns.map((message) => message.text)).toEqual([
      'Sunrise Benefits: our office moves on Monday. Reply STOP to opt out',
      'Sunrise Benefits: AEP questions? Call us. Reply STOP to opt out',
    ]);
    expect(campaigns[0].tpmoDisclaimerInForce).toBe('');
    expect(campaigns[1].tpmoDisclaimerInForce).toMatch(
      /^We do not offer every plan available in your area\. Currently we represent 2 organizations which offer 10 products/,
    );
    // A reminder is not marketing: no disclaimer goes with it.
    expect(messages.filter((message) => message.kind === 'reminder')).toEqual([
      expect.objectContaining({ text: 'Your plan review is on Wednesday', tpmoDisclaimerInForce: '' }),
    ]);
  });

  it('has the policies with their history, the signed SOA as its PDF, and the activity log about the client', () => {
    expect(rows(text('policies.csv'))).toEqual([expect.objectContaining({ carrier: 'Humana', planName: 'Gold Plus', status: 'active' })]);
    expect(rows(text('policy-history.csv')).map((event) => event.action)).toEqual(['policy_added', 'policy_updated']);
    const [soa] = rows(text('scopes-of-appointment.csv'));
    expect(soa).toMatchObject({ status: 'signed', products: 'ma_mapd', signer: 'Ruth Alvarez', rule: 'soa-before-appointment' });
    expect(sha256(files[soa.pdf])).toBe(soa.pdfSha256);
    expect(Buffer.from(files[soa.pdf]).subarray(0, 5).toString()).toBe('%PDF-');
    expect(rows(text('activity-log.csv')).map((event) => event.action)).toEqual(
      expect.arrayContaining(['reminder_scheduled', 'policy_added', 'policy_updated', 'soa_sent']),
    );
  });

  it('holds nothing of the client’s health data', () => {
    for (const [path, bytes] of Object.entries(files)) {
      const content = Buffer.from(bytes).toString('latin1');
      expect([path, content.includes(MEDICATION) || content.includes(OWN_REMINDER)]).toEqual([path, false]);
    }
  });

  it('is for owners and read-only members: agents and assistants are refused, another agency gets 404', async () => {
    const readOnly = await memberSession(t, owner.id, 'read_only', 'pack.reviewer@agency.test');
    expect((await readOnly.agent.get(`/api/clients/${client.id}/audit-pack`)).status).toBe(200);
    for (const role of ['agent', 'assistant'] as const) {
      const member = await memberSession(t, owner.id, role, `pack.${role}@agency.test`);
      expect((await member.agent.get(`/api/clients/${client.id}/audit-pack`)).status).toBe(403);
    }
    const other = await brokerSession(t, 'pack.other@agency.test');
    expect((await other.agent.get(`/api/clients/${client.id}/audit-pack`)).status).toBe(404);
    expect((await owner.agent.get('/api/clients/not-a-uuid/audit-pack')).status).toBe(404);
  });
});
