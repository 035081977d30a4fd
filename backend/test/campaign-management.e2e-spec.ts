import { Campaign } from '../src/campaigns/campaign.entity.js';
import { Delivery } from '../src/delivery/delivery.entity.js';
import { OutboxMessage } from '../src/messaging/outbox-message.entity.js';
import { User } from '../src/users/user.entity.js';
import type { Agent } from './helpers/browser-agent.js';
import { makeClient } from './helpers/factories.js';
import { brokerSession } from './helpers/session.js';
import { createTestApp, type TestApp } from './helpers/test-app.js';

/** The Campaigns page's tools: a draft's edit and delete, duplicate, the audience count, the recipients. */
describe('managing campaigns', () => {
  let t: TestApp;
  let broker: { agent: Agent; id: string };
  let other: { agent: Agent; id: string };

  beforeAll(async () => {
    t = await createTestApp({ listen: true });
    [broker, other] = await Promise.all([
      brokerSession(t, 'manage.campaigns@agency.test', { readyForCampaigns: true }),
      brokerSession(t, 'manage.campaigns.other@agency.test', { readyForCampaigns: true }),
    ]);
    const em = t.em();
    const owner = await em.findOneOrFail(User, broker.id);
    await makeClient(em, owner, { firstName: 'Ada', lastName: 'Zane', email: 'ada@example.com' });
    await makeClient(em, owner, { firstName: 'Bea', lastName: 'Young', email: 'bea@example.com' });
    await makeClient(em, owner, { firstName: 'Cy', lastName: 'Xu', email: null });
    await makeClient(em, owner, { firstName: 'Di', lastName: 'West', email: 'di@example.com', isActive: false });
  });
  afterAll(() => t.close());

  async function draft(body: Record<string, unknown> = {}) {
    const res = await broker.agent
      .post('/api/campaigns')
      .send({ name: 'AEP update', type: 'email', subject: 'What changes in 2027', message: 'Hello from the agency.', ...body });
    expect(res.status).toBe(201);
    return res.body as { id: string; name: string };
  }

  it('edits a draft with the same checks as a new one; what is left out keeps its value', async () => {
    const { id } = await draft();
    const edited = await broker.agent.put(`/api/campaigns/${id}`).send({ subject: '  Your 2027 plan  ' });
    expect(edited.status).toBe(200);
    expect(edited.body).toMatchObject({
      name: 'AEP update',
      subject: 'Your 2027 plan',
      message: 'Hello from the agency.',
      status: 'draft',
    });

    // To a text: the subject goes; back to an e-mail without one is refused under the field.
    const sms = await broker.agent.put(`/api/campaigns/${id}`).send({ type: 'sms', message: 'Call us about 2027.' });
    expect(sms.body).toMatchObject({ type: 'sms', subject: null, message: 'Call us about 2027.' });
    const refused = await broker.agent.put(`/api/campaigns/${id}`).send({ type: 'email' });
    expect(refused.status).toBe(400);
    expect(refused.body.errors).toEqual({ subject: 'subject is required for an e-mail campaign' });
    const tooLong = await broker.agent.put(`/api/campaigns/${id}`).send({ name: 'x'.repeat(201) });
    expect(tooLong.body.errors).toEqual({ name: 'name must be at most 200 characters' });
    expect((await broker.agent.get(`/api/campaigns/${id}`)).body).toMatchObject({ name: 'AEP update', type: 'sms' });
  });

  it('counts the audience before sending, duplicates, and keeps a sent campaign from being changed or deleted', async () => {
    const { id } = await draft({ name: 'Welcome' });
    expect((await broker.agent.get(`/api/campaigns/${id}/audience`)).body).toEqual({ count: 2, consented: 2 });
    const { id: textId } = await draft({ name: 'Welcome text', type: 'sms', subject: null });
    expect((await broker.agent.get(`/api/campaigns/${textId}/audience`)).body).toEqual({ count: 3, consented: 3 });
    expect((await other.agent.get(`/api/campaigns/${id}/audience`)).status).toBe(404);

    expect((await broker.agent.get(`/api/campaigns/${id}/recipients`)).body).toEqual([]);
    expect((await broker.agent.post(`/api/campaigns/${id}/send`)).body).toEqual({ count: 2 });
    const change = await broker.agent.put(`/api/campaigns/${id}`).send({ name: 'Renamed' });
    expect(change.status).toBe(409);
    expect(change.body.message).toBe('This campaign has already been sent, so it can no longer be changed.');
    const remove = await broker.agent.delete(`/api/campaigns/${id}`);
    expect(remove.status).toBe(409);
    expect(remove.body.message).toBe('This campaign has already been sent, so it cannot be deleted: its opens and clicks are kept.');
    expect((await broker.agent.get(`/api/campaigns/${id}/audience`)).body).toEqual({ count: 2, consented: 2 });

    const copy = await broker.agent.post(`/api/campaigns/${id}/duplicate`);
    expect(copy.status).toBe(201);
    expect(copy.body).toMatchObject({ name: 'Copy of Welcome', type: 'email', subject: 'What changes in 2027', status: 'draft' });
    expect(copy.body.id).not.toBe(id);
    expect((await other.agent.post(`/api/campaigns/${id}/duplicate`)).status).toBe(404);
    const long = await draft({ name: 'N'.repeat(200) });
    expect((await broker.agent.post(`/api/campaigns/${long.id}/duplicate`)).body.name).toHaveLength(200);
  });

  it('lists a sent campaign’s recipients by name with their delivery, open and click, to its broker only', async () => {
    const em = t.em();
    await em.nativeDelete(Campaign, { broker: broker.id });
    const { id } = await draft({ name: 'Recipients' });
    expect((await broker.agent.post(`/api/campaigns/${id}/send`)).body.count).toBe(2);
    const [ada] = await em.find(Delivery, { campaignId: id, recipient: 'ada@example.com' });
    const [bea] = await em.find(Delivery, { campaignId: id, recipient: 'bea@example.com' });
    // Whatever the background run did, set the outcomes this test reads.
    await em.nativeUpdate(Delivery, { id: ada.id }, { status: 'failed', error: 'Mailbox unavailable' });
    await em.nativeUpdate(Delivery, { id: bea.id }, { status: 'completed', error: null });
    await em.execute(`update campaign_recipients set opened_at = now() where campaign_id = ? and client_id = ?`, [id, bea.clientId]);

    const page = await broker.agent.get(`/api/campaigns/${id}/recipients`).query({ range: '[0,0]' });
    expect(page.status).toBe(200);
    expect(page.headers['content-range']).toMatch(/^campaign-recipients 0-0\/\d+$/);
    const all = await broker.agent.get(`/api/campaigns/${id}/recipients`).query({ range: '[0,24]', sort: '["name","ASC"]' });
    const rows = all.body as { name: string; openedAt: string | null }[];
    const byName = Object.fromEntries(rows.map((r) => [r.name, r]));
    // By last name: Young before Zane.
    expect((all.body as { name: string }[]).map((r) => r.name).indexOf('Bea Young')).toBeLessThan(
      (all.body as { name: string }[]).map((r) => r.name).indexOf('Ada Zane'),
    );
    expect(byName['Ada Zane']).toMatchObject({
      status: 'failed',
      reason: 'Mailbox unavailable',
      address: 'ada@example.com',
      openedAt: null,
    });
    expect(byName['Bea Young']).toMatchObject({ status: 'delivered', reason: null, clickedAt: null });
    expect(byName['Bea Young'].openedAt).toEqual(expect.any(String));
    expect(byName['Di West']).toBeUndefined();

    expect((await other.agent.get(`/api/campaigns/${id}/recipients`)).status).toBe(404);
    expect((await broker.agent.get('/api/campaigns/not-an-id/recipients')).status).toBe(404);
    expect((await broker.agent.get(`/api/campaigns/${id}/recipients`).query({ range: '[0,500]' })).status).toBe(400);
  });

  it('deletes a draft, answered as it was; another broker cannot', async () => {
    const { id } = await draft({ name: 'To delete' });
    expect((await other.agent.delete(`/api/campaigns/${id}`)).status).toBe(404);
    expect((await other.agent.put(`/api/campaigns/${id}`).send({ name: 'Mine' })).status).toBe(404);
    const removed = await broker.agent.delete(`/api/campaigns/${id}`);
    expect(removed.status).toBe(200);
    expect(removed.body).toMatchObject({ id, name: 'To delete' });
    expect((await broker.agent.get(`/api/campaigns/${id}`)).status).toBe(404);
  });

  it('sends to the audience chosen: a client-list filter, or chosen clients added from the Clients page', async () => {
    const em = t.em();
    const owner = await em.findOneOrFail(User, broker.id);
    const low = await makeClient(em, owner, { firstName: 'Lou', lastName: 'Low', email: 'lou@example.com', engagementScore: 10 });
    const high = await makeClient(em, owner, { firstName: 'Hal', lastName: 'High', email: 'hal@example.com', engagementScore: 90 });
    const inactive = await makeClient(em, owner, {
      firstName: 'Ina',
      lastName: 'Gone',
      email: 'ina@example.com',
      isActive: false,
      engagementScore: 5,
    });

    // At risk (0-39) and named like 'lo': Lou only.
    const atRisk = await draft({ name: 'At risk', audience: { kind: 'filter', filter: { engagementMin: 0, engagementMax: 39, q: 'lo' } } });
    expect((await broker.agent.get(`/api/campaigns/${atRisk.id}`)).body.audience).toEqual({
      kind: 'filter',
      filter: { engagementMin: 0, engagementMax: 39, q: 'lo' },
    });
    expect((await broker.agent.get(`/api/campaigns/${atRisk.id}/audience`)).body).toEqual({ count: 1, consented: 1 });

    const chosen = await draft({ name: 'Chosen' });
    const added = await broker.agent.post(`/api/campaigns/${chosen.id}/clients`).send({ ids: [high.id, inactive.id] });
    expect(added.status).toBe(200);
    expect(added.body.audience).toEqual({ kind: 'clients', clientIds: [high.id, inactive.id] });
    const again = await broker.agent.post(`/api/campaigns/${chosen.id}/clients`).send({ ids: [high.id, low.id] });
    expect(again.body.audience.clientIds).toEqual([high.id, inactive.id, low.id]);
    expect((await broker.agent.get(`/api/campaigns/${chosen.id}/audience`)).body).toEqual({ count: 2, consented: 2 });
    expect((await broker.agent.post(`/api/campaigns/${chosen.id}/send`)).body).toEqual({ count: 2 });
    const went = await em.find(Delivery, { campaignId: chosen.id });
    expect(went.map((d) => d.recipient).sort()).toEqual(['hal@example.com', 'lou@example.com']);
    expect((await broker.agent.post(`/api/campaigns/${chosen.id}/clients`).send({ ids: [low.id] })).status).toBe(409);

    // Refusals name the audience; another broker's client is not found; nothing is kept.
    const theirs = await makeClient(em, await em.findOneOrFail(User, other.id), { email: 'theirs@example.com' });
    for (const [audience, status, message] of [
      [{ kind: 'everyone' }, 400, 'audience kind must be one of: all, filter, clients'],
      [
        { kind: 'filter', filter: { inviteStatus: 'maybe' } },
        400,
        'audience filter inviteStatus must be one of: none, pending, expired, accepted',
      ],
      [{ kind: 'filter', filter: { colour: 'red' } }, 400, 'audience filter has unknown field(s): colour'],
      [{ kind: 'clients', clientIds: [] }, 400, 'audience clientIds must be a list of client ids'],
      [{ kind: 'clients', clientIds: [theirs.id] }, 404, 'Some of the selected clients were not found'],
    ] as const) {
      const res = await broker.agent.put(`/api/campaigns/${atRisk.id}`).send({ audience });
      expect([res.status, res.body.message]).toEqual([status, message]);
    }
    expect((await broker.agent.post(`/api/campaigns/${atRisk.id}/clients`).send({ ids: [theirs.id] })).status).toBe(404);
    expect((await broker.agent.get(`/api/campaigns/${atRisk.id}`)).body.audience.kind).toBe('filter');

    // A duplicate keeps the audience.
    const copy = await broker.agent.post(`/api/campaigns/${atRisk.id}/duplicate`);
    expect(copy.body.audience).toEqual({ kind: 'filter', filter: { engagementMin: 0, engagementMax: 39, q: 'lo' } });
  });

  it('sends a test to the broker alone, marked as one, without a delivery or a tracked link', async () => {
    const em = t.em();
    await em.nativeUpdate(User, { id: broker.id }, { agencyName: 'Harbor Senior Insurance', agencyPhone: '' });
    const text = await draft({ name: 'Test me', type: 'sms', subject: null, message: 'Call us about your 2027 plan.' });
    const refused = await broker.agent.post(`/api/campaigns/${text.id}/test`);
    expect(refused.status).toBe(400);
    expect(refused.body.message).toBe('Add your agency phone number in Settings to send yourself a test text.');

    await em.nativeUpdate(User, { id: broker.id }, { agencyPhone: '+16155550188' });
    const sms = await broker.agent.post(`/api/campaigns/${text.id}/test`);
    expect(sms.body).toEqual({ success: true, to: '+16155550188', message: 'A test was sent to +16155550188.' });
    const [textTest] = await em.fork().find(OutboxMessage, { purpose: 'campaign-test', recipient: '+16155550188' });
    expect(textTest.body).toBe('[Test] Harbor Senior Insurance: Call us about your 2027 plan. Reply STOP to opt out');

    const mail = await draft({ name: 'Mail test', message: 'Read more at https://example.com/aep' });
    const emailed = await broker.agent.post(`/api/campaigns/${mail.id}/test`);
    expect(emailed.body).toMatchObject({ success: true, to: 'manage.campaigns@agency.test' });
    const [mailTest] = await em.fork().find(OutboxMessage, { purpose: 'campaign-test', recipient: 'manage.campaigns@agency.test' });
    expect(mailTest.subject).toBe('[Test] What changes in 2027');
    expect(mailTest.body).toContain('Read more at https://example.com/aep');
    expect(mailTest.body).not.toContain('/api/t/');
    expect(await em.count(Delivery, { campaignId: { $in: [text.id, mail.id] } })).toBe(0);
    expect((await broker.agent.get(`/api/campaigns/${mail.id}`)).body).toMatchObject({ status: 'draft', recipientCount: 0 });
    expect((await other.agent.post(`/api/campaigns/${mail.id}/test`)).status).toBe(404);
  });
});
