import request from 'supertest';

import { ListFixtureModule } from './fixtures/list-fixture.module.js';
import { makeUser } from './helpers/factories.js';
import { createTestApp, type TestApp } from './helpers/test-app.js';

describe('react-admin list protocol (range, sort, filter, Content-Range)', () => {
  let t: TestApp;
  const names = ['Adams', 'Baker', 'Clark', 'Davis', 'Evans'];

  beforeAll(async () => {
    t = await createTestApp({ imports: [ListFixtureModule] });
    const em = t.em();
    for (const lastName of names) await makeUser(em, { lastName, isAdmin: lastName === 'Clark' });
  });
  afterAll(() => t.close());

  it('answers a page with Content-Range, exposed to scripts', async () => {
    const res = await request(t.http).get('/api/test-fixtures/people').query({ range: '[1,2]', sort: '["lastName","ASC"]' });
    expect(res.status).toBe(200);
    expect(res.body.map((p: { lastName: string }) => p.lastName)).toEqual(['Baker', 'Clark']);
    expect(res.headers['content-range']).toBe('people 1-2/5');
    expect(res.headers['access-control-expose-headers']).toContain('Content-Range');
  });

  it('sorts descending and filters', async () => {
    const res = await request(t.http)
      .get('/api/test-fixtures/people')
      .query({ range: '[0,9]', sort: '["lastName","DESC"]', filter: '{"q":"a"}' });
    expect(res.body.map((p: { lastName: string }) => p.lastName)).toEqual(['Evans', 'Davis', 'Clark', 'Baker', 'Adams']);
    const admins = await request(t.http).get('/api/test-fixtures/people').query({ filter: '{"isAdmin":true}' });
    expect(admins.body.map((p: { lastName: string }) => p.lastName)).toEqual(['Clark']);
  });

  it('answers the plain array without parameters', async () => {
    const res = await request(t.http).get('/api/test-fixtures/people');
    expect(res.status).toBe(200);
    expect(Array.isArray(res.body)).toBe(true);
    expect(res.body).toHaveLength(5);
  });

  it('answers an empty page past the end', async () => {
    const res = await request(t.http).get('/api/test-fixtures/people').query({ range: '[50,59]' });
    expect(res.body).toEqual([]);
    expect(res.headers['content-range']).toBe('people */5');
  });

  it.each([
    [{ range: 'oops' }, 'range is not valid JSON'],
    [{ range: '[3,1]' }, 'range must be [start, end]'],
    [{ sort: '["password","ASC"]' }, 'sort field "password" is not one of'],
    [{ sort: '["lastName","SIDEWAYS"]' }, 'sort order must be'],
    [{ filter: '{"brokerId":"123"}' }, 'filter has unknown field(s): brokerId'],
    [{ filter: '[' }, 'filter is not valid JSON'],
  ])('answers 400 with a message for %j', async (query, message) => {
    const res = await request(t.http).get('/api/test-fixtures/people').query(query);
    expect(res.status).toBe(400);
    expect(res.body.statusCode).toBe(400);
    expect(res.body.message).toContain(message);
  });

  it('answers 400 for a parameter repeated', async () => {
    const res = await request(t.http).get('/api/test-fixtures/people?range=[0,1]&range=[0,2]');
    expect(res.status).toBe(400);
    expect(res.body.message).toContain('range must be given once');
  });
});
