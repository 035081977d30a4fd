import request from 'supertest';

import { ApiTokensService } from '../src/api-tokens/api-tokens.service.js';
import { Policy } from '../src/policies/policy.entity.js';
import { User } from '../src/users/user.entity.js';
import type { Agent } from './helpers/browser-agent.js';
import { brokerSession, memberSession } from './helpers/session.js';
import { createTestApp, type TestApp } from './helpers/test-app.js';

/** Each client's policies (issue 51, docs/policies.md): checked as they will stand, kept to the book, in the activity log. */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ listen: true });
});
afterAll(() => t?.close());

const MAPD = { carrier: 'Humana', planName: 'Humana Gold Plus (HMO)', planType: 'mapd', planId: 'h1234-001', effectiveDate: '2026-01-01' };

describe('a client’s policies', () => {
  let owner: { agent: Agent; id: string };
  let ownerMemberId: string;
  let clientId: string;

  beforeAll(async () => {
    owner = await brokerSession(t, 'policies.owner@agency.test');
    ownerMemberId = (await owner.agent.get('/api/auth/user')).body.member.id as string;
    const client = await owner.agent.post('/api/clients').send({ firstName: 'Rosa', lastName: 'Diaz', phone: '(615) 555-0171' });
    clientId = client.body.id as string;
  });

  it('adds a policy with its plan ID written as CMS does, written by the member who adds it, and lists it on the client', async () => {
    const added = await owner.agent.post(`/api/clients/${clientId}/policies`).send({ ...MAPD, premiumCents: 0 });
    expect(added.status).toBe(201);
    expect(added.body).toMatchObject({
      clientId,
      carrier: 'Humana',
      planId: 'H1234-001-000',
      planType: 'mapd',
      status: 'pending',
      effectiveDate: '2026-01-01',
      premiumCents: 0,
      medigapPlan: null,
      terminationDate: null,
      writingMemberId: ownerMemberId,
    });
    const listed = await owner.agent.get(`/api/clients/${clientId}/policies`);
    expect(listed.body.map((policy: { id: string }) => policy.id)).toEqual([added.body.id]);
    expect((await owner.agent.get(`/api/policies/${added.body.id}`)).body).toEqual(added.body);
    const log = await owner.agent.get('/api/agency-log');
    expect(log.body[0]).toMatchObject({ action: 'policy_added', summary: 'Added Rosa Diaz’s Humana policy Humana Gold Plus (HMO)' });
  });

  it.each([
    ['planId', { ...MAPD, planId: 'H12-1' }, 'planId must be a CMS plan ID such as H1234-001-000'],
    ['planId', { ...MAPD, planType: 'pdp' }, 'A Part D plan’s contract starts with S (or E for an employer plan), not H'],
    ['medigapPlan', { ...MAPD, planType: 'medigap', planId: null }, 'Choose the Medigap plan’s letter'],
    ['medigapPlan', { ...MAPD, medigapPlan: 'G' }, 'Only a Medigap policy has a plan letter'],
    ['terminationDate', { ...MAPD, status: 'terminated' }, 'Give the date the terminated policy ended'],
    ['terminationDate', { ...MAPD, status: 'terminated', terminationDate: '2025-12-31' }, 'A policy cannot end before its effective date'],
    ['terminationReason', { ...MAPD, terminationReason: 'moved' }, 'Only a terminated policy has a termination'],
    [
      'writingMemberId',
      { ...MAPD, writingMemberId: '00000000-0000-4000-8000-000000000000' },
      'Choose a member of this agency who has joined',
    ],
    ['carrier', { ...MAPD, carrier: '   ' }, 'carrier is required'],
  ])('refuses a bad %s with a message for that field, and adds nothing', async (field, body, message) => {
    const before = await t.em().count(Policy, { client: clientId });
    const res = await owner.agent.post(`/api/clients/${clientId}/policies`).send(body);
    expect([res.status, res.body.message, res.body.field]).toEqual([400, message, field]);
    expect(await t.em().count(Policy, { client: clientId })).toBe(before);
  });

  it.each([
    [{ ...MAPD, planType: 'hmo' }, 'planType must be one of'],
    [{ ...MAPD, premiumCents: -1 }, 'premiumCents must be 0 or more'],
    [{ ...MAPD, premiumCents: 1.5 }, 'premiumCents must be a whole number of cents'],
    [{ ...MAPD, effectiveDate: '2026-02-30' }, 'effectiveDate must be a date such as 2030-01-31'],
    [{ carrier: 'Humana', planType: 'mapd' }, 'planName is required'],
  ])('answers 400 with a message to show: %#', async (body, message) => {
    const res = await owner.agent.post(`/api/clients/${clientId}/policies`).send(body);
    expect(res.status).toBe(400);
    expect(JSON.stringify(res.body)).toContain(message);
  });

  it('terminates, reinstates and changes the type of a policy, clearing what no longer applies, each change in the activity log', async () => {
    const { body: policy } = await owner.agent.post(`/api/clients/${clientId}/policies`).send(MAPD);
    const ended = await owner.agent
      .put(`/api/policies/${policy.id}`)
      .send({ status: 'terminated', terminationDate: '2026-12-31', terminationReason: 'switched_agent' });
    expect(ended.body).toMatchObject({ status: 'terminated', terminationDate: '2026-12-31', terminationReason: 'switched_agent' });
    const log = await owner.agent.get('/api/agency-log');
    expect(log.body[0]).toMatchObject({
      action: 'policy_updated',
      before: { policyId: policy.id, status: 'pending', terminationDate: null, terminationReason: null },
      after: { policyId: policy.id, status: 'terminated', terminationDate: '2026-12-31', terminationReason: 'switched_agent' },
    });

    const reinstated = await owner.agent.put(`/api/policies/${policy.id}`).send({ status: 'active' });
    expect(reinstated.body).toMatchObject({ status: 'active', terminationDate: null, terminationReason: null, planId: 'H1234-001-000' });

    const medigap = await owner.agent.put(`/api/policies/${policy.id}`).send({ planType: 'medigap', medigapPlan: 'G', planName: 'Plan G' });
    expect(medigap.body).toMatchObject({ planType: 'medigap', medigapPlan: 'G', planId: null, planName: 'Plan G', carrier: 'Humana' });
    // Current policies come before ended ones.
    await owner.agent.put(`/api/policies/${policy.id}`).send({ status: 'declined' });
    const listed = await owner.agent.get(`/api/clients/${clientId}/policies`);
    expect(listed.body.at(-1)).toMatchObject({ id: policy.id, status: 'declined' });

    const deleted = await owner.agent.delete(`/api/policies/${policy.id}`);
    expect([deleted.status, deleted.body.id]).toEqual([200, policy.id]);
    expect((await owner.agent.get(`/api/policies/${policy.id}`)).status).toBe(404);
    expect((await owner.agent.get('/api/agency-log')).body[0]).toMatchObject({ action: 'policy_deleted', before: { policyId: policy.id } });
  });

  it('keeps policies to the agency and the book: another agency’s ids answer 404, an assistant’s policy names no writer', async () => {
    const other = await brokerSession(t, 'policies.other@agency.test');
    const theirClient = (await other.agent.post('/api/clients').send({ firstName: 'Al', lastName: 'Lee', phone: '(615) 555-0172' })).body
      .id;
    const theirs = (await other.agent.post(`/api/clients/${theirClient}/policies`).send(MAPD)).body.id as string;
    expect((await owner.agent.get(`/api/clients/${theirClient}/policies`)).status).toBe(404);
    expect((await owner.agent.post(`/api/clients/${theirClient}/policies`).send(MAPD)).status).toBe(404);
    expect((await owner.agent.get(`/api/policies/${theirs}`)).status).toBe(404);
    expect((await owner.agent.put(`/api/policies/${theirs}`).send({ status: 'active' })).status).toBe(404);
    expect((await owner.agent.delete(`/api/policies/${theirs}`)).status).toBe(404);
    expect((await t.em().findOneOrFail(Policy, theirs)).status).toBe('pending');

    const { agent: assistant } = await memberSession(t, owner.id, 'assistant', 'policies.assistant@agency.test');
    const entered = await assistant.post(`/api/clients/${clientId}/policies`).send(MAPD);
    expect([entered.status, entered.body.writingMemberId]).toEqual([201, null]);
    const { agent: reviewer } = await memberSession(t, owner.id, 'read_only', 'policies.reviewer@agency.test');
    expect((await reviewer.get(`/api/policies/${entered.body.id}`)).status).toBe(200);
    expect((await reviewer.put(`/api/policies/${entered.body.id}`).send({ status: 'active' })).status).toBe(403);
  });

  it('lets a token read policies with policies:read and change them only with policies:write', async () => {
    const agency = await t.em().findOneOrFail(User, owner.id);
    const asOwner = { agencyId: owner.id, memberId: ownerMemberId, tokenId: null, ip: null };
    const { secret } = await t.app
      .get(ApiTokensService)
      .create(agency, asOwner, { name: 'Policies reader', scopes: ['policies:read'], expiresInDays: 30 });
    const read = await request(t.http).get(`/api/clients/${clientId}/policies`).auth(secret, { type: 'bearer' });
    expect(read.status).toBe(200);
    const write = await request(t.http).post(`/api/clients/${clientId}/policies`).auth(secret, { type: 'bearer' }).send(MAPD);
    expect([write.status, write.body.message]).toEqual([403, `POST /api/clients/${clientId}/policies needs the policies:write scope`]);
  });

  it('deletes a client’s policies with the client', async () => {
    const client = await owner.agent.post('/api/clients').send({ firstName: 'Nell', lastName: 'Ortiz', phone: '(615) 555-0173' });
    await owner.agent.post(`/api/clients/${client.body.id}/policies`).send(MAPD);
    expect(await t.em().count(Policy, { client: client.body.id })).toBe(1);
    expect((await owner.agent.delete(`/api/clients/${client.body.id}`)).status).toBe(204);
    expect(await t.em().count(Policy, { client: client.body.id })).toBe(0);
  });
});
