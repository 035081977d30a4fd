import { randomBytes, randomUUID } from 'node:crypto';

import request from 'supertest';

import { Client } from '../src/clients/client.entity.js';
import { EngagementService } from '../src/clients/engagement.service.js';
import { EngagementDay } from '../src/clients/engagement-day.entity.js';
import { User } from '../src/users/user.entity.js';
import { type Agent, browser } from './helpers/browser-agent.js';
import { realNow } from './helpers/clock.js';
import { makeClient, makeInvitation } from './helpers/factories.js';
import { brokerSession } from './helpers/session.js';
import { createTestApp, type TestApp } from './helpers/test-app.js';

const MINUTE = 60_000;
const SECRETS = { brokerMessage: 'Plan-review-note-7713', clientMessage: 'Evening-pill-note-4409' };

/** The client page's calls: notes on the client, a link to copy, and the client's timeline. */
describe('a client’s page: notes, invitation link, timeline', () => {
  let t: TestApp;
  let broker: { agent: Agent; id: string };
  let other: { agent: Agent; id: string };
  let ruth: Client;
  let walter: Client;

  const ago = (minutes: number) => new Date(realNow().getTime() - minutes * MINUTE);

  beforeAll(async () => {
    t = await createTestApp({ listen: true });
    broker = await brokerSession(t, 'page.broker@agency.test');
    other = await brokerSession(t, 'page.other@agency.test');
    const em = t.em();
    const owner = await em.findOneOrFail(User, broker.id);
    ruth = await makeClient(em, owner, { firstName: 'Ruth', lastName: 'Timeline', createdAt: ago(600) });
    walter = await makeClient(em, owner, { firstName: 'Walter', lastName: 'Quiet' });
  });
  afterAll(() => t.close());

  it('keeps the broker’s notes: trimmed, cleared by blank, too long refused under the field', async () => {
    const saved = await broker.agent.put(`/api/clients/${ruth.id}`).send({ notes: '  Prefers calls after lunch.\nDaughter: Ann.  ' });
    expect(saved.status).toBe(200);
    expect(saved.body.notes).toBe('Prefers calls after lunch.\nDaughter: Ann.');
    expect((await broker.agent.get(`/api/clients/${ruth.id}`)).body.notes).toBe('Prefers calls after lunch.\nDaughter: Ann.');

    const tooLong = await broker.agent.put(`/api/clients/${ruth.id}`).send({ notes: 'x'.repeat(4001) });
    expect([tooLong.status, tooLong.body.message, tooLong.body.errors]).toEqual([
      400,
      'notes must be at most 4000 characters',
      { notes: 'notes must be at most 4000 characters' },
    ]);
    const wrongType = await broker.agent.put(`/api/clients/${ruth.id}`).send({ notes: 42 });
    expect([wrongType.status, wrongType.body.errors]).toEqual([400, { notes: expect.stringContaining('notes must be text') }]);
    // A phone that is not one answers under its field too, in the same shape.
    const phone = await broker.agent.put(`/api/clients/${ruth.id}`).send({ phone: '555-01' });
    expect([phone.status, phone.body.errors]).toEqual([400, { phone: expect.stringMatching(/phone/) }]);
    expect((await broker.agent.get(`/api/clients/${ruth.id}`)).body.notes).toBe('Prefers calls after lunch.\nDaughter: Ann.');

    const created = await broker.agent
      .post('/api/clients')
      .send({ firstName: 'Nora', lastName: 'Noted', phone: '(615) 555-0177', notes: 'Met at the fair' });
    expect([created.status, created.body.notes]).toEqual([201, 'Met at the fair']);

    const cleared = await broker.agent.put(`/api/clients/${walter.id}`).send({ notes: '   ' });
    expect([cleared.status, cleared.body.notes]).toEqual([200, null]);
    // Notes are the broker's: another broker cannot write them.
    expect((await other.agent.put(`/api/clients/${ruth.id}`).send({ notes: 'Mine now' })).status).toBe(404);
  });

  it('gives a new invitation link to copy without sending anything; the link registers, the one before does not', async () => {
    const first = await makeInvitation(t.em(), walter);
    const res = await broker.agent.post(`/api/clients/${walter.id}/invite-link`);
    expect(res.status).toBe(200);
    expect(res.body.inviteUrl).toMatch(/\/client\/register\/[\w-]{40,}$/);
    expect(new Date(res.body.expiresAt).getTime()).toBeGreaterThan(realNow().getTime() + 6 * 24 * 60 * MINUTE);
    expect(res.body.message).toBe('A new invitation link for Walter Quiet. It works for 7 days; a link sent before no longer does.');
    expect((await broker.agent.get(`/api/clients/${walter.id}`)).body.inviteStatus).toBe('pending');

    const token = res.body.inviteUrl.split('/').pop();
    expect((await request(t.http).get(`/api/client/invite/${first}`)).status).toBe(404);
    const registered = await browser(t)
      .post('/api/client/register')
      .send({ token, username: 'walter.quiet', password: 'green-ladder-copy-58' });
    expect(registered.status).toBe(201);

    const again = await broker.agent.post(`/api/clients/${walter.id}/invite-link`);
    expect([again.status, again.body.message]).toEqual([409, 'Walter Quiet is already registered.']);
    expect((await other.agent.post(`/api/clients/${ruth.id}/invite-link`)).status).toBe(404);
    expect((await broker.agent.post('/api/clients/not-an-id/invite-link')).status).toBe(404);
  });

  it('tells the client’s story newest first, without a word of any message and nothing of the client’s own reminders', async () => {
    const em = t.em();
    const delivery = async (kind: 'reminder' | 'client-reminder', minutes: number, channel: string, confirmedMinutes: number | null) =>
      em.execute(
        `insert into deliveries (id, broker_id, client_id, reminder_id, client_reminder_id, occurrence_at, channel, recipient, status, confirmed_at, created_at)
         values (?, ?, ?, ?, ?, ?, ?, '+16155550000', 'completed', ?, ?)`,
        [
          randomUUID(),
          broker.id,
          ruth.id,
          kind === 'reminder' ? randomUUID() : null,
          kind === 'client-reminder' ? randomUUID() : null,
          ago(minutes),
          channel,
          confirmedMinutes === null ? null : ago(confirmedMinutes),
          ago(minutes),
        ],
      );
    await delivery('reminder', 300, 'voice', 299);
    await delivery('reminder', 200, 'sms', null);
    await delivery('client-reminder', 100, 'voice', 99);
    const campaign = randomUUID();
    await em.execute(
      `insert into campaigns (id, broker_id, name, type, subject, message, status, recipient_count, sent_at) values (?, ?, 'Fall news', 'email', 'News', ?, 'sent', 40, ?)`,
      [campaign, broker.id, `Hello ${SECRETS.brokerMessage}`, ago(150)],
    );
    await em.execute(
      `insert into campaign_recipients (id, campaign_id, client_id, token, opened_at, clicked_at, created_at) values (?, ?, ?, ?, ?, ?, ?)`,
      [randomUUID(), campaign, ruth.id, randomBytes(32).toString('hex'), ago(120), ago(90), ago(150)],
    );
    await makeInvitation(em, ruth, ago(500));
    await em.execute('update client_invitations set created_at = ? where client_id = ?', [ago(500), ruth.id]);
    await broker.agent.put(`/api/clients/${ruth.id}`).send({ isActive: false });

    const res = await broker.agent.get(`/api/clients/${ruth.id}/timeline`);
    expect(res.status).toBe(200);
    const story = (res.body as { title: string; detail?: string; clientName: string }[]).map((e) => [e.title, e.detail ?? null]);
    expect(story).toEqual([
      ['Marked inactive', null],
      ['Client engagement recorded', 'Clicked a link in “Fall news”'],
      ['Client engagement recorded', 'Opened “Fall news”'],
      ['Campaign sent', '“Fall news”'],
      ['Reminder text sent', null],
      ['Reminder call confirmed', null],
      ['Reminder call made', null],
      ['Invitation sent', null],
      ['Client added', null],
    ]);
    expect(res.body.every((e: { clientName: string }) => e.clientName === 'Ruth Timeline')).toBe(true);
    expect(res.text).not.toContain(SECRETS.brokerMessage);

    expect((await other.agent.get(`/api/clients/${ruth.id}/timeline`)).status).toBe(404);
    expect((await broker.agent.get('/api/clients/nope/timeline')).status).toBe(404);
    expect((await request(t.http).get(`/api/clients/${ruth.id}/timeline`)).status).toBe(401);
  });

  it('draws the engagement line: a point on each day the score changed, from the window’s first day to today', async () => {
    const em = t.em();
    // A client of their own, whom no earlier step's background recomputation touches.
    const nora = await makeClient(em, await em.findOneOrFail(User, broker.id), {
      firstName: 'Nora',
      lastName: 'Line',
      engagementScore: 55,
    });
    const day = (daysAgo: number) => new Date(realNow().getTime() - daysAgo * 86_400_000).toISOString().slice(0, 10);
    await em.execute(
      `insert into engagement_history (id, client_id, day, score) values
         (gen_random_uuid(), ?, ?, 10), (gen_random_uuid(), ?, ?, 30), (gen_random_uuid(), ?, ?, 55)`,
      [nora.id, day(200), nora.id, day(120), nora.id, day(20)],
    );
    const res = await broker.agent.get(`/api/clients/${nora.id}/engagement`);
    expect(res.status).toBe(200);
    // The score before the window (30) starts the line on its first day; 10 is older still and left out.
    expect(res.body).toEqual({
      score: 55,
      points: [
        { day: day(89), score: 30 },
        { day: day(20), score: 55 },
        { day: day(0), score: 55 },
      ],
    });

    // A change of score is today's point; a second change the same day replaces it.
    const engagement = t.app.get(EngagementService);
    await em.nativeUpdate(Client, { id: ruth.id }, { engagementScore: 77 });
    await engagement.recompute(ruth.id);
    const first = (await broker.agent.get(`/api/clients/${ruth.id}/engagement`)).body as {
      score: number;
      points: { day: string; score: number }[];
    };
    expect(first.points.at(-1)).toEqual({ day: day(0), score: first.score });
    expect(await em.count(EngagementDay, { client: ruth.id })).toBe(first.score === 77 ? 0 : 1);

    expect((await other.agent.get(`/api/clients/${nora.id}/engagement`)).status).toBe(404);
    expect((await broker.agent.get('/api/clients/not-an-id/engagement')).status).toBe(404);
  });
});
