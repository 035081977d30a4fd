import type { ImportJobDto } from '../src/clients/dto/import-job.dto.js';
import type { Agent } from './helpers/browser-agent.js';
import { realNow } from './helpers/clock.js';
import { brokerSession } from './helpers/session.js';
import { createTestApp, type TestApp } from './helpers/test-app.js';

const DAY_MS = 24 * 60 * 60 * 1000;
const isoDay = (date: Date) => date.toISOString().slice(0, 10);

/** Timestamps as PostgreSQL writes them. */
interface DepartureRow {
  client_id: string;
  client_created_at: string;
  departed_at: string;
  returned_at: string | null;
  reason: string;
  deleted: boolean;
}

describe('clients: date of birth, plan, carrier, at-risk list, and departures', () => {
  let t: TestApp;
  let a: { agent: Agent; id: string };
  let b: { agent: Agent; id: string };
  let phone = 0;

  beforeAll(async () => {
    t = await createTestApp({ listen: true });
    a = await brokerSession(t, 'facts.a@agency.test');
    b = await brokerSession(t, 'facts.b@agency.test');
  });
  afterAll(() => t.close());

  async function add(agent: Agent, fields: Record<string, unknown> = {}) {
    phone += 1;
    const res = await agent
      .post('/api/clients')
      .send({ firstName: 'Edna', lastName: `Facts${phone}`, phone: `615555${4000 + phone}`, ...fields });
    expect(res.status).toBe(201);
    return res.body as Record<string, unknown> & { id: string; createdAt: string };
  }

  function departures(clientId: string): Promise<DepartureRow[]> {
    return t
      .em()
      .execute<DepartureRow[]>(
        'select client_id, client_created_at, departed_at, returned_at, reason, deleted from client_departures where client_id = ? order by departed_at',
        [clientId],
      );
  }

  it('keeps date of birth, plan type, plan effective date and carrier on create, edit and clear', async () => {
    const created = await add(a.agent, {
      dateOfBirth: '1961-12-02',
      planType: 'medicare_advantage',
      planEffectiveDate: '2026-01-01',
      carrier: ' Humana ',
    });
    expect(created).toMatchObject({
      dateOfBirth: '1961-12-02',
      planType: 'medicare_advantage',
      planEffectiveDate: '2026-01-01',
      carrier: 'Humana',
      departureReason: null,
      riskScore: 0,
      riskLevel: 'low',
      riskReasons: [],
    });
    const edited = await a.agent
      .put(`/api/clients/${created.id}`)
      .send({ planType: 'medigap', carrier: 'Aetna', planEffectiveDate: '2027-01-01' });
    expect(edited.status).toBe(200);
    expect(edited.body).toMatchObject({
      dateOfBirth: '1961-12-02',
      planType: 'medigap',
      carrier: 'Aetna',
      planEffectiveDate: '2027-01-01',
    });
    const cleared = await a.agent
      .put(`/api/clients/${created.id}`)
      .send({ dateOfBirth: null, planType: null, planEffectiveDate: null, carrier: '  ' });
    expect(cleared.body).toMatchObject({ dateOfBirth: null, planType: null, planEffectiveDate: null, carrier: null });
    expect((await a.agent.get(`/api/clients/${created.id}`)).body).toMatchObject({ dateOfBirth: null, carrier: null });
  });

  it.each([
    [{ dateOfBirth: '2026-02-30' }, 'dateOfBirth', 'dateOfBirth must be a real date such as 1958-04-23'],
    [{ dateOfBirth: '1899-12-31' }, 'dateOfBirth', 'dateOfBirth must be between 1900-01-01 and today'],
    [{ dateOfBirth: isoDay(new Date(realNow().getTime() + DAY_MS)) }, 'dateOfBirth', 'dateOfBirth must be between 1900-01-01 and today'],
    [{ dateOfBirth: 'April 3' }, 'dateOfBirth', 'dateOfBirth must be a real date such as 1958-04-23'],
    [{ planType: 'ppo' }, 'planType', 'planType must be one of: medicare_advantage, part_d, medigap, other'],
    [{ planEffectiveDate: '1965-06-30' }, 'planEffectiveDate', 'planEffectiveDate must be between 1965-07-01 and a year from today'],
    [{ carrier: 'x'.repeat(101) }, 'carrier', 'carrier must be at most 100 characters'],
    [{ zip: 'abcde' }, 'zip', 'zip must be a 5-digit ZIP code'],
    [{ state: 'XX' }, 'state', 'state must be a two-letter US state code such as FL'],
  ])('answers 400 naming the field for %j, on create and edit', async (fields, field, message) => {
    const res = await a.agent.post('/api/clients').send({ firstName: 'Bad', lastName: 'Input', phone: '6155554999', ...fields });
    expect(res.status).toBe(400);
    expect(res.body.message).toBe(message);
    expect(JSON.stringify(res.body)).toContain(field);
    const existing = await add(a.agent);
    const edit = await a.agent.put(`/api/clients/${existing.id}`).send(fields);
    expect(edit.status).toBe(400);
    expect(edit.body.message).toBe(message);
  });

  it('imports the CSV’s date of birth, plan type, plan effective date and carrier, and reports a bad row', async () => {
    const csv = [
      'firstName,lastName,phone,date_of_birth,plan_type,plan_effective_date,carrier',
      'Ruth,Csvone,6155554801,4/3/1958,Medicare Advantage,1/1/2026,UnitedHealthcare',
      'Otis,Csvtwo,6155554802,1960-12-31,pdp,2025-01-01,Cigna',
      'Vera,Csvthree,6155554803,,,,',
      'Bad,Csvfour,6155554804,2/30/1950,Part D,,',
      'Bad,Csvfive,6155554805,,PPO,,',
    ].join('\n');
    const res = await a.agent.post('/api/clients/upload').attach('file', Buffer.from(csv), 'facts.csv');
    expect(res.status).toBe(200);
    const job = res.body as ImportJobDto;
    expect(job).toMatchObject({ status: 'completed', imported: 3, rejected: 2 });
    expect(job.errors).toEqual([
      { row: 5, field: 'dateOfBirth', message: 'dateOfBirth "2/30/1950" is not a real date (YYYY-MM-DD or M/D/YYYY)' },
      {
        row: 6,
        field: 'planType',
        message:
          'planType must be Medicare Advantage (MA), MAPD, Part D (PDP), Medigap (Medicare Supplement), Dental, Vision or Other, not "PPO"',
      },
    ]);
    const list = await a.agent
      .get('/api/clients')
      .query({ filter: JSON.stringify({ q: 'csv' }), sort: JSON.stringify(['lastName', 'ASC']) });
    expect(list.body.map((c: Record<string, unknown>) => [c.lastName, c.dateOfBirth, c.planType, c.planEffectiveDate, c.carrier])).toEqual([
      ['Csvone', '1958-04-03', 'medicare_advantage', '2026-01-01', 'UnitedHealthcare'],
      ['Csvthree', null, null, null, null],
      ['Csvtwo', '1960-12-31', 'part_d', '2025-01-01', 'Cigna'],
    ]);
  });

  it('filters the list by risk level and sorts it by risk score, only the broker’s own clients', async () => {
    const high = await add(b.agent, { lastName: 'Riskhigh' });
    const medium = await add(b.agent, { lastName: 'Riskmedium' });
    const low = await add(b.agent, { lastName: 'Risklow' });
    const set = (id: string, score: number, level: string, reasons: string[]) =>
      t
        .em()
        .execute('update clients set risk_score = ?, risk_level = ?, risk_reasons = ?::jsonb where id = ?', [
          score,
          level,
          JSON.stringify(reasons),
          id,
        ]);
    await set(high.id, 72, 'high', ['engagement_falling', 'plan_anniversary_soon']);
    await set(medium.id, 40, 'medium', ['no_recent_contact']);
    await set(low.id, 10, 'low', []);
    const list = (filter: unknown, sort = ['riskScore', 'DESC']) =>
      b.agent.get('/api/clients').query({ filter: JSON.stringify(filter), sort: JSON.stringify(sort) });

    const atRisk = await list({ riskLevel: 'high' });
    expect(atRisk.status).toBe(200);
    expect(atRisk.body).toEqual([
      expect.objectContaining({
        id: high.id,
        riskScore: 72,
        riskLevel: 'high',
        riskReasons: ['engagement_falling', 'plan_anniversary_soon'],
      }),
    ]);
    expect((await list({ riskLevel: ['high', 'medium'] })).body.map((c: { id: string }) => c.id)).toEqual([high.id, medium.id]);
    expect((await list({}, ['riskScore', 'ASC'])).body.map((c: { id: string }) => c.id)).toEqual([low.id, medium.id, high.id]);
    // Broker A's clients are all low: none of B's show.
    expect((await a.agent.get('/api/clients').query({ filter: JSON.stringify({ riskLevel: 'high' }) })).body).toEqual([]);

    for (const bad of ['urgent', ['high', 'nope'], []]) {
      const res = await list({ riskLevel: bad });
      expect(res.status).toBe(400);
      expect(res.body.message).toBe('filter riskLevel must be one of low, medium, high, or a list of them');
    }
    expect((await list({ riskLevel: 5 })).status).toBe(400);
  });

  it('answers 404 for another broker’s client, whatever the change', async () => {
    const theirs = await add(b.agent);
    expect((await a.agent.get(`/api/clients/${theirs.id}`)).status).toBe(404);
    expect((await a.agent.put(`/api/clients/${theirs.id}`).send({ carrier: 'Anthem' })).status).toBe(404);
    expect((await a.agent.put(`/api/clients/${theirs.id}`).send({ isActive: false, departureReason: 'moved' })).status).toBe(404);
    expect((await a.agent.delete(`/api/clients/${theirs.id}`).query({ reason: 'moved' })).status).toBe(404);
    expect(await departures(theirs.id)).toEqual([]);
    expect((await b.agent.get(`/api/clients/${theirs.id}`)).body.isActive).toBe(true);
  });

  it('records why a client left when made inactive, and their return', async () => {
    const client = await add(a.agent);
    const left = await a.agent.put(`/api/clients/${client.id}`).send({ isActive: false, departureReason: 'switched_agent' });
    expect(left.status).toBe(200);
    expect(left.body).toMatchObject({ isActive: false, departureReason: 'switched_agent' });
    const [departure] = await departures(client.id);
    expect(departure).toMatchObject({ reason: 'switched_agent', returned_at: null, deleted: false });
    expect(new Date(departure.client_created_at).toISOString()).toBe(client.createdAt);
    expect(realNow().getTime() - new Date(departure.departed_at).getTime()).toBeLessThan(60_000);

    // The broker corrects the reason while the client is away.
    expect((await a.agent.put(`/api/clients/${client.id}`).send({ departureReason: 'moved' })).body.departureReason).toBe('moved');
    expect((await departures(client.id)).map((d) => d.reason)).toEqual(['moved']);

    const back = await a.agent.put(`/api/clients/${client.id}`).send({ isActive: true });
    expect(back.body).toMatchObject({ isActive: true, departureReason: null });
    const [closed] = await departures(client.id);
    expect(closed.returned_at).not.toBeNull();

    // Without a reason: other. A bad reason: 400, nothing changes.
    const bad = await a.agent.put(`/api/clients/${client.id}`).send({ isActive: false, departureReason: 'bored' });
    expect(bad.status).toBe(400);
    expect(bad.body.message).toBe('departureReason must be one of: switched_agent, moved, deceased, other');
    expect((await a.agent.get(`/api/clients/${client.id}`)).body.isActive).toBe(true);
    expect((await a.agent.put(`/api/clients/${client.id}`).send({ isActive: false })).body.departureReason).toBe('other');
    expect((await departures(client.id)).map((d) => [d.reason, d.returned_at === null])).toEqual([
      ['moved', false],
      ['other', true],
    ]);
  });

  it('keeps the departure of a deleted client, with the reason given, after the client is gone', async () => {
    const client = await add(a.agent);
    const bad = await a.agent.delete(`/api/clients/${client.id}`).query({ reason: 'retired' });
    expect(bad.status).toBe(400);
    expect(bad.body.message).toBe('reason must be one of: switched_agent, moved, deceased, other');
    expect((await a.agent.delete(`/api/clients/${client.id}`).query({ reason: 'deceased' })).status).toBe(204);
    expect((await a.agent.get(`/api/clients/${client.id}`)).status).toBe(404);
    const [gone, ...more] = await departures(client.id);
    expect(more).toEqual([]);
    expect(gone).toMatchObject({ reason: 'deceased', deleted: true, returned_at: null });
    expect(new Date(gone.client_created_at).toISOString()).toBe(client.createdAt);

    // An inactive client deleted later: their departure is marked deleted, not doubled.
    const inactive = await add(a.agent);
    await a.agent.put(`/api/clients/${inactive.id}`).send({ isActive: false, departureReason: 'moved' });
    expect((await a.agent.delete(`/api/clients/${inactive.id}`)).status).toBe(204);
    expect((await departures(inactive.id)).map((d) => [d.reason, d.deleted])).toEqual([['moved', true]]);
  });

  it('records a departure for each client of a bulk deactivation or deletion, in one go', async () => {
    const one = await add(a.agent);
    const two = await add(a.agent);
    const three = await add(a.agent);
    const bad = await a.agent.post('/api/clients/bulk').send({ action: 'deactivate', ids: [one.id], departureReason: 'gone' });
    expect(bad.status).toBe(400);
    expect(bad.body.message).toBe('departureReason must be one of: switched_agent, moved, deceased, other');

    const res = await a.agent.post('/api/clients/bulk').send({ action: 'deactivate', ids: [one.id, two.id], departureReason: 'moved' });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ action: 'deactivate', done: 2 });
    for (const id of [one.id, two.id]) {
      expect((await a.agent.get(`/api/clients/${id}`)).body).toMatchObject({ isActive: false, departureReason: 'moved' });
      expect((await departures(id)).map((d) => [d.reason, d.returned_at])).toEqual([['moved', null]]);
    }
    // Another broker's id among them: nothing happens.
    const theirs = await add(b.agent);
    const mixed = await a.agent
      .post('/api/clients/bulk')
      .send({ action: 'deactivate', ids: [three.id, theirs.id], departureReason: 'moved' });
    expect(mixed.status).toBe(404);
    expect(await departures(three.id)).toEqual([]);

    await a.agent.post('/api/clients/bulk').send({ action: 'activate', ids: [one.id] });
    expect((await departures(one.id))[0].returned_at).not.toBeNull();
    expect((await a.agent.get(`/api/clients/${one.id}`)).body.departureReason).toBeNull();

    const deleted = await a.agent
      .post('/api/clients/bulk')
      .send({ action: 'delete', ids: [one.id, two.id, three.id], departureReason: 'switched_agent' });
    expect(deleted.body).toMatchObject({ action: 'delete', done: 3 });
    expect((await departures(one.id)).map((d) => [d.reason, d.deleted, d.returned_at === null])).toEqual([
      ['moved', false, false],
      ['switched_agent', true, true],
    ]);
    expect((await departures(two.id)).map((d) => [d.reason, d.deleted])).toEqual([['switched_agent', true]]);
    expect((await departures(three.id)).map((d) => [d.reason, d.deleted])).toEqual([['switched_agent', true]]);
  });

  it('lets a campaign’s audience filter by risk level', async () => {
    const { ClientsService } = await import('../src/clients/clients.service.js');
    const clients = t.app.get(ClientsService);
    expect(clients.checkListFilter({ riskLevel: ['high'] })).toEqual({ riskLevel: ['high'] });
    expect(() => clients.checkListFilter({ riskLevel: 'severe' })).toThrow(
      'filter riskLevel must be one of low, medium, high, or a list of them',
    );
  });
});
