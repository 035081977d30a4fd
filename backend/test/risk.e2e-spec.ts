import { randomUUID } from 'node:crypto';

import type { EntityManager } from '@mikro-orm/postgresql';

import type { Client } from '../src/clients/client.entity.js';
import { RiskService } from '../src/reporting/risk.service.js';
import type { User } from '../src/users/user.entity.js';
import { makeClient, makeUser } from './helpers/factories.js';
import { createTestApp, type TestApp } from './helpers/test-app.js';

// Outside the enrollment windows: points count as they are.
const NOW = new Date('2026-06-10T12:00:00Z');
const ADDED = new Date('2026-01-02T10:00:00Z');

interface DeliveryFields {
  channel?: 'sms' | 'voice' | 'email';
  status?: string;
  reminder?: boolean;
  clientReminder?: boolean;
  campaignId?: string;
  at: string;
  confirmedAt?: string;
  confirmWithinMinutes?: number;
}

async function delivery(em: EntityManager, client: Client, fields: DeliveryFields): Promise<void> {
  await em.execute(
    `insert into deliveries (id, broker_id, client_id, reminder_id, client_reminder_id, campaign_id, occurrence_at, channel, recipient, lane,
                             status, confirmed_at, confirm_within_minutes, attempts, created_at, updated_at)
     values (gen_random_uuid(), ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, 1, ?, ?)`,
    [
      client.broker.id,
      client.id,
      fields.reminder ? randomUUID() : null,
      fields.clientReminder ? randomUUID() : null,
      fields.campaignId ?? null,
      fields.at,
      fields.channel ?? 'sms',
      client.phone,
      fields.campaignId ? 'campaign' : 'reminder',
      fields.status ?? 'completed',
      fields.confirmedAt ?? null,
      fields.confirmWithinMinutes ?? null,
      fields.at,
      fields.at,
    ],
  );
}

/** A campaign e-mail the client received at `at` (opened when `opened`). */
async function campaignEmail(em: EntityManager, client: Client, at: string, opened = false): Promise<void> {
  const campaignId = randomUUID();
  await em.execute(
    `insert into campaigns (id, broker_id, name, type, subject, message, status, recipient_count, sent_at, created_at)
     values (?, ?, 'Spring news', 'email', 'News', 'Hello', 'sent', 1, ?, ?)`,
    [campaignId, client.broker.id, at, at],
  );
  await em.execute(
    `insert into campaign_recipients (id, campaign_id, client_id, token, opened_at, created_at) values (gen_random_uuid(), ?, ?, ?, ?, ?)`,
    [campaignId, client.id, randomUUID(), opened ? at : null, at],
  );
  await delivery(em, client, { channel: 'email', campaignId, at });
}

async function optOut(em: EntityManager, client: Client, at: string): Promise<void> {
  await em.execute(
    `insert into consents (client_id, channel, purpose, opted_in, source, evidence, actor, recorded_at)
     values (?, 'sms', 'marketing', false, 'keyword', 'STOP', 'recipient', ?)`,
    [client.id, at],
  );
}

async function engagementPoint(em: EntityManager, client: Client, day: string, score: number): Promise<void> {
  await em.execute(`insert into engagement_history (id, client_id, day, score) values (gen_random_uuid(), ?, ?, ?)`, [
    client.id,
    day,
    score,
  ]);
}

interface RiskColumns {
  risk_score: number;
  risk_level: string;
  risk_reasons: string[];
  risk_since: Date | null;
}

async function riskOf(t: TestApp, client: Client): Promise<RiskColumns> {
  const [row] = await t
    .em()
    .execute<RiskColumns[]>('select risk_score, risk_level, risk_reasons, risk_since from clients where id = ?', [client.id]);
  return { ...row, risk_since: row.risk_since && new Date(row.risk_since) };
}

describe('the at-risk score (RiskService.recompute)', () => {
  let t: TestApp;
  let risk: RiskService;
  let broker: User;
  let otherBroker: User;
  let calm: Client;
  let falling: Client;
  let medium: Client;
  let risky: Client;
  let inactive: Client;
  let otherBrokers: Client;

  beforeAll(async () => {
    t = await createTestApp();
    risk = t.app.get(RiskService);
    const em = t.em();
    broker = await makeUser(em);
    otherBroker = await makeUser(em);
    const client = (owner: User, fields: Partial<Client>) => makeClient(em, owner, { createdAt: ADDED, ...fields });

    // Engaged, reached by a broker reminder last week: nothing to worry about.
    calm = await client(broker, { firstName: 'Calm', engagementScore: 70 });
    await engagementPoint(em, calm, '2026-04-01', 70);
    await delivery(em, calm, { reminder: true, channel: 'voice', at: '2026-06-03T15:00:00Z', confirmedAt: '2026-06-03T15:01:00Z' });

    // Engagement 80 → 55 in 30 days; reached through their own reminder (only "reached", a yes or no).
    falling = await client(broker, { firstName: 'Falling', engagementScore: 55 });
    await engagementPoint(em, falling, '2026-05-05', 80);
    await engagementPoint(em, falling, '2026-05-20', 60);
    await delivery(em, falling, {
      clientReminder: true,
      at: '2026-06-08T13:00:00Z',
      confirmedAt: '2026-06-08T13:02:00Z',
      confirmWithinMinutes: 15,
    });

    // Low engagement, one unanswered call, not reached, plan anniversary on Aug 1: 40 (medium). An
    // unconfirmed client reminder (their own) is not counted, nor an opt-out older than 90 days.
    medium = await client(broker, { firstName: 'Medium', engagementScore: 28, planEffectiveDate: '2021-08-01' });
    await delivery(em, medium, { reminder: true, channel: 'voice', status: 'failed', at: '2026-06-02T15:00:00Z' });
    await delivery(em, medium, { clientReminder: true, at: '2026-06-05T13:00:00Z', confirmWithinMinutes: 15 });
    await delivery(em, medium, { clientReminder: true, at: '2026-06-06T13:00:00Z', confirmWithinMinutes: 15 });
    await delivery(em, medium, { reminder: true, at: '2026-06-01T15:00:00Z' });
    await optOut(em, medium, '2026-02-01T10:00:00Z');

    // Everything at once: 95 (high).
    risky = await client(broker, { firstName: 'Risky', engagementScore: 20, planEffectiveDate: '2020-07-01' });
    for (const day of ['01', '03', '05']) await delivery(em, risky, { reminder: true, status: 'failed', at: `2026-06-${day}T15:00:00Z` });
    await optOut(em, risky, '2026-04-01T10:00:00Z');
    for (const day of ['01', '02', '03']) await campaignEmail(em, risky, `2026-03-${day}T15:00:00Z`);
    // An older e-mail that was opened does not count: only the last three.
    await campaignEmail(em, risky, '2026-02-01T15:00:00Z', true);

    inactive = await client(broker, { firstName: 'Gone', isActive: false, engagementScore: 0 });
    otherBrokers = await client(otherBroker, { firstName: 'Elsewhere', engagementScore: 10 });
  });
  afterAll(() => t.close());

  it('scores one broker’s clients only, from their signals', async () => {
    expect(await risk.recompute(NOW, broker.id)).toEqual({ scored: 4, changed: 3 });

    expect(await riskOf(t, calm)).toEqual({ risk_score: 0, risk_level: 'low', risk_reasons: [], risk_since: null });
    expect(await riskOf(t, falling)).toEqual({ risk_score: 25, risk_level: 'low', risk_reasons: ['engagement_falling'], risk_since: null });
    expect(await riskOf(t, medium)).toEqual({
      risk_score: 40,
      risk_level: 'medium',
      risk_reasons: ['low_engagement', 'unanswered_messages', 'not_reached_recently', 'plan_anniversary_soon'],
      risk_since: null,
    });
    expect(await riskOf(t, risky)).toEqual({
      risk_score: 95,
      risk_level: 'high',
      risk_reasons: [
        'low_engagement',
        'unanswered_messages',
        'opted_out',
        'unopened_campaigns',
        'no_recent_contact',
        'not_reached_recently',
        'plan_anniversary_soon',
      ],
      risk_since: NOW,
    });
    // Inactive clients and another broker's are not touched.
    expect(await riskOf(t, inactive)).toEqual({ risk_score: 0, risk_level: 'low', risk_reasons: [], risk_since: null });
    expect(await riskOf(t, otherBrokers)).toEqual({ risk_score: 0, risk_level: 'low', risk_reasons: [], risk_since: null });
  });

  it('gives the same result when run again, writing nothing', async () => {
    const before = await Promise.all([calm, falling, medium, risky].map((c) => riskOf(t, c)));
    expect(await risk.recompute(NOW, broker.id)).toEqual({ scored: 4, changed: 0 });
    expect(await Promise.all([calm, falling, medium, risky].map((c) => riskOf(t, c)))).toEqual(before);
  });

  it('scores every broker’s clients without a broker', async () => {
    expect(await risk.recompute(NOW)).toEqual({ scored: 5, changed: 1 });
    // Engagement 10, not reached, added in January and never contacted.
    expect(await riskOf(t, otherBrokers)).toMatchObject({
      risk_score: 35,
      risk_level: 'medium',
      risk_reasons: ['low_engagement', 'no_recent_contact', 'not_reached_recently'],
    });
  });

  it('keeps the day a client became high while they stay high, and clears it when they are not', async () => {
    const later = new Date('2026-06-15T12:00:00Z');
    await risk.recompute(later, broker.id);
    expect(await riskOf(t, risky)).toMatchObject({ risk_level: 'high', risk_since: NOW });

    // 100 days on, in the weeks before AEP: the unanswered calls and the opt-out have aged out.
    // 45 points × 1.1 = 49.5 → 50.
    await risk.recompute(new Date('2026-09-18T12:00:00Z'), broker.id);
    expect(await riskOf(t, risky)).toEqual({
      risk_score: 50,
      risk_level: 'medium',
      risk_reasons: ['low_engagement', 'unopened_campaigns', 'no_recent_contact', 'not_reached_recently', 'enrollment_window'],
      risk_since: null,
    });

    // High again: a new day.
    await risk.recompute(NOW, broker.id);
    expect(await riskOf(t, risky)).toMatchObject({ risk_level: 'high', risk_since: NOW });
  });
});
