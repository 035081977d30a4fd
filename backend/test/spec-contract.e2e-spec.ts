import type { Response } from 'supertest';

import { User } from '../src/users/user.entity.js';
import type { Agent } from './helpers/browser-agent.js';
import { browser } from './helpers/browser-agent.js';
import { realNow } from './helpers/clock.js';
import { makeClient, makeInvitation } from './helpers/factories.js';
import { image, PDF } from './helpers/files.js';
import { brokerSession } from './helpers/session.js';
import { createTestApp, type TestApp } from './helpers/test-app.js';

/**
 * The response shapes SPEC.md names (§3 "Entities and their fields" and §7 "The calls it makes"),
 * field by field: API consumers and the web app rely on them, so a field may be added but never
 * dropped, renamed or given another type. One request per named answer, on data that fills every field.
 */

/** A field's type as SPEC.md gives it; `?` allows null (a field the spec calls optional or "no logo"). */
type Kind = 'string' | 'string?' | 'number' | 'number?' | 'boolean' | Shape | [Shape];
interface Shape {
  [field: string]: Kind;
}

/** Every way `value` differs from `shape`, as `path: expected …, got …` lines (empty when it holds). */
function differences(value: unknown, kind: Kind, path = 'body'): string[] {
  const got = value === null ? 'null' : Array.isArray(value) ? 'array' : typeof value;
  if (typeof kind === 'string') {
    const base = kind.replace('?', '');
    if (got === base || (kind.endsWith('?') && value === null)) return [];
    return [`${path}: expected ${kind}, got ${got}`];
  }
  if (Array.isArray(kind)) {
    if (!Array.isArray(value)) return [`${path}: expected a list, got ${got}`];
    if (value.length === 0) return [`${path}: expected at least one item to check`];
    return value.flatMap((item, i) => differences(item, kind[0], `${path}[${i}]`));
  }
  if (got !== 'object') return [`${path}: expected an object, got ${got}`];
  const record = value as Record<string, unknown>;
  return Object.entries(kind).flatMap(([field, fieldKind]) =>
    field in record ? differences(record[field], fieldKind, `${path}.${field}`) : [`${path}.${field}: missing`],
  );
}

function expectShape(res: Response, status: number, shape: Kind): void {
  expect({ status: res.status, differences: differences(res.body, shape) }).toEqual({ status, differences: [] });
}

const STATS: Shape = { totalClients: 'number', activeClients: 'number', retentionRate: 'number', callCompletionRate: 'number' };
const CLIENT: Shape = {
  id: 'string',
  firstName: 'string',
  lastName: 'string',
  email: 'string?',
  phone: 'string',
  isActive: 'boolean',
  engagementScore: 'number',
  inviteStatus: 'string',
  // Whether an invitation was sent: the API never returns the token itself.
  inviteToken: 'boolean',
  createdAt: 'string',
};
const REMINDER: Shape = {
  id: 'string',
  clientId: 'string',
  scheduledTime: 'string',
  deliveryMethod: 'string',
  message: 'string',
  status: 'string',
};
const CAMPAIGN: Shape = {
  id: 'string',
  name: 'string',
  type: 'string',
  subject: 'string?',
  message: 'string',
  status: 'string',
  recipientCount: 'number',
  openedCount: 'number',
  clickedCount: 'number',
};
const RESOURCE: Shape = {
  id: 'string',
  title: 'string',
  description: 'string?',
  category: 'string',
  fileType: 'string',
  fileSize: 'number',
  downloadCount: 'number',
  isActive: 'boolean',
  isPublic: 'boolean',
  createdAt: 'string',
};

describe('the response shapes SPEC.md names', () => {
  let t: TestApp;
  let broker: { agent: Agent; id: string };
  let admin: { agent: Agent; id: string };
  let clientId: string;

  beforeAll(async () => {
    // Files of up to two rows import while the upload waits; longer ones in the background.
    t = await createTestApp({ listen: true, env: { CSV_IMPORT_INLINE_MAX_ROWS: '2' } });
    broker = await brokerSession(t, 'contract.broker@agency.test', { readyForCampaigns: true });
    admin = await brokerSession(t, 'contract.admin@agency.test');
    await t.em().nativeUpdate(User, { id: admin.id }, { isAdmin: true });
    const created = await broker.agent
      .post('/api/clients')
      .send({ firstName: 'Ruth', lastName: 'Alvarez', email: 'ruth@example.com', phone: '+16155550142' });
    expect(created.status).toBe(201);
    clientId = created.body.id as string;
  });
  afterAll(() => t.close());

  it('GET /api/auth/user: the current user with the branding', async () => {
    expectShape(await broker.agent.get('/api/auth/user'), 200, {
      firstName: 'string?',
      lastName: 'string?',
      email: 'string',
      profileImageUrl: 'string?',
      isAdmin: 'boolean',
      primaryColor: 'string',
      secondaryColor: 'string',
      logoUrl: 'string?',
      agencyName: 'string',
      agencyPhone: 'string',
    });
  });

  it('GET /api/stats: four numbers, also for a book with no history yet', async () => {
    expectShape(await broker.agent.get('/api/stats'), 200, STATS);
    const empty = await brokerSession(t, 'contract.empty@agency.test');
    expectShape(await empty.agent.get('/api/stats'), 200, STATS);
  });

  it('GET /api/clients/usage', async () => {
    expectShape(await broker.agent.get('/api/clients/usage'), 200, {
      tier: 'string',
      activeCount: 'number',
      totalCount: 'number',
      limit: 'number?',
      overageEnabled: 'boolean',
      warningLevel: 'string?',
      upgradeOptions: [{ type: 'string', title: 'string', description: 'string', estimatedCost: 'number' }],
    });
  });

  it('POST and GET /api/clients: the broker’s client', async () => {
    const created = await broker.agent.post('/api/clients').send({ firstName: 'Walter', lastName: 'Price', phone: '+16155550143' });
    expectShape(created, 201, CLIENT);
    expectShape(await broker.agent.get('/api/clients'), 200, [CLIENT]);
  });

  it('POST /api/clients/upload: count, partial, message, limitReached, for a file imported at once (200) or in the background (202)', async () => {
    const UPLOAD: Shape = { count: 'number', partial: 'boolean', message: 'string', limitReached: 'boolean' };
    const csv = (...phones: string[]) =>
      Buffer.from(['firstName,lastName,email,phone', ...phones.map((phone, i) => `Csv,Client${i},,${phone}`)].join('\n'));
    const upload = (file: Buffer) => broker.agent.post('/api/clients/upload').attach('file', file, 'clients.csv');
    expectShape(await upload(csv('+16155550144')), 200, UPLOAD);
    expectShape(await upload(csv('+16155550145', '+16155550146', '+16155550147')), 202, UPLOAD);
  });

  it('POST /api/clients/{id}/invite: success, message, inviteUrl', async () => {
    expectShape(await broker.agent.post(`/api/clients/${clientId}/invite`), 200, {
      success: 'boolean',
      message: 'string',
      inviteUrl: 'string',
    });
  });

  it('POST and GET /api/reminders, POST /api/reminders/execute', async () => {
    const scheduledTime = new Date(realNow().getTime() + 2 * 24 * 60 * 60 * 1000).toISOString();
    const created = await broker.agent
      .post('/api/reminders')
      .send({ clientId, scheduledTime, deliveryMethod: 'sms', message: 'Your plan review is next week', status: 'pending' });
    expectShape(created, 201, REMINDER);
    expectShape(await broker.agent.get('/api/reminders'), 200, [REMINDER]);
    expectShape(await broker.agent.post('/api/reminders/execute'), 200, { count: 'number' });
  });

  it('POST and GET /api/campaigns, POST /api/campaigns/{id}/send', async () => {
    const draft = await broker.agent
      .post('/api/campaigns')
      .send({ name: 'AEP kickoff', type: 'sms', message: 'Open enrollment starts October 15.', status: 'draft' });
    expectShape(draft, 201, CAMPAIGN);
    expectShape(await broker.agent.get('/api/campaigns'), 200, [CAMPAIGN]);
    expectShape(await broker.agent.post(`/api/campaigns/${draft.body.id}/send`), 200, { count: 'number' });
  });

  it('GET /api/subscription', async () => {
    expectShape(await broker.agent.get('/api/subscription'), 200, {
      subscriptionTier: 'string',
      subscriptionStatus: 'string',
      trialEndsAt: 'string?',
    });
  });

  it('GET /api/analytics/monthly: monthly items', async () => {
    expectShape(await broker.agent.get('/api/analytics/monthly'), 200, [
      {
        month: 'string',
        voiceCallCount: 'number',
        clientCount: 'number',
        totalCost: 'number',
        revenue: 'number',
        profit: 'number',
        profitMargin: 'number',
      },
    ]);
  });

  it('POST /api/branding/logo: logoUrl', async () => {
    expectShape(await broker.agent.post('/api/branding/logo').attach('logo', await image('png'), 'logo.png'), 200, { logoUrl: 'string' });
  });

  it('GET /api/admin/analytics', async () => {
    expectShape(await admin.agent.get('/api/admin/analytics'), 200, {
      mrr: 'number',
      arr: 'number',
      activeBrokers: 'number',
      totalBrokers: 'number',
      trialBrokers: 'number',
      netProfit: 'number',
      totalRevenue: 'number',
      totalCosts: 'number',
      tierDistribution: [{ tier: 'string', count: 'number', revenue: 'number' }],
      trialExpirations: [{ brokerId: 'string', email: 'string', trialEndsAt: 'string', daysRemaining: 'number' }],
    });
  });

  it('GET /api/admin/brokers and /api/admin/brokers/{id}', async () => {
    expect((await admin.agent.post(`/api/admin/brokers/${broker.id}/trial`).send({ days: 7 })).status).toBeLessThan(300);
    const BROKER = {
      id: 'string',
      firstName: 'string?',
      lastName: 'string?',
      email: 'string',
      subscriptionTier: 'string',
      subscriptionStatus: 'string',
    } satisfies Shape;
    expectShape(await admin.agent.get('/api/admin/brokers'), 200, [
      { broker: BROKER, clientCount: 'number', monthlyRevenue: 'number', lastActivity: 'string?' },
    ]);
    expectShape(await admin.agent.get(`/api/admin/brokers/${broker.id}`), 200, {
      broker: { ...BROKER, trialEndsAt: 'string?' },
      stats: STATS,
      clients: [
        {
          id: 'string',
          firstName: 'string',
          lastName: 'string',
          email: 'string?',
          phone: 'string',
          isActive: 'boolean',
          createdAt: 'string',
        },
      ],
      adminActions: [{ id: 'string', action: 'string', notes: 'string?', createdAt: 'string' }],
    });
  });

  it('the resources, for the admin and for the broker', async () => {
    const upload = await admin.agent
      .post('/api/admin/resources')
      .attach('file', PDF, 'aep-checklist.pdf')
      .field('title', 'AEP checklist')
      .field('description', 'What to bring to the review')
      .field('category', 'compliance');
    expectShape(upload, 201, RESOURCE);
    expectShape(await admin.agent.get('/api/admin/resources?includeInactive=true'), 200, [RESOURCE]);
    expectShape(await broker.agent.get('/api/resources'), 200, [RESOURCE]);
  });

  it('GET /api/client-portal/my-info: client, medications, upcomingReminders', async () => {
    const owner = await t.em().findOneOrFail(User, broker.id);
    const em = t.em();
    const token = await makeInvitation(em, await makeClient(em, owner, { firstName: 'Dolores' }));
    const client = browser(t);
    expect((await client.post('/api/client/register').send({ token, username: 'dolores', password: 'violet-tractor-91' })).status).toBe(
      201,
    );
    const medication = await client
      .post('/api/client/medications')
      .send({ name: 'Lisinopril', dosage: '10 mg', frequency: 'Once daily', instructions: 'With breakfast' });
    expect(medication.status).toBe(201);
    const scheduledTime = new Date(realNow().getTime() + 24 * 60 * 60 * 1000).toISOString();
    const reminder = await client
      .post('/api/client/reminders')
      .send({ medicationId: medication.body.id, message: 'Morning pill', scheduledTime });
    expect(reminder.status).toBe(201);
    expectShape(await client.get('/api/client-portal/my-info'), 200, {
      client: { firstName: 'string' },
      medications: [{ id: 'string', name: 'string', dosage: 'string?', frequency: 'string?', instructions: 'string?' }],
      upcomingReminders: [{ id: 'string', message: 'string', scheduledTime: 'string' }],
    });
  });
});
