import { AdminAction } from '../src/audit/admin-action.entity.js';
import { User } from '../src/users/user.entity.js';
import type { Agent } from './helpers/browser-agent.js';
import { brokerSession } from './helpers/session.js';
import { createTestApp, type TestApp } from './helpers/test-app.js';

/** An admin gives admin access to someone who has signed in, and takes it from another admin, never from themselves. */
describe('platform admins', () => {
  let t: TestApp;
  let admin: { agent: Agent; id: string };
  let broker: { agent: Agent; id: string };

  beforeAll(async () => {
    t = await createTestApp({ listen: true });
    admin = await brokerSession(t, 'first.admin@carekeep.test');
    await t.em().nativeUpdate(User, { id: admin.id }, { isAdmin: true, firstName: 'Ada', lastName: 'First' });
    broker = await brokerSession(t, 'Next.Admin@Agency.test');
  });
  afterAll(() => t.close());

  it('lists the admins, marking the one signed in', async () => {
    const res = await admin.agent.get('/api/admin/admins');
    expect(res.status).toBe(200);
    expect(res.body).toEqual([
      expect.objectContaining({ id: admin.id, email: 'first.admin@carekeep.test', firstName: 'Ada', isYou: true }),
    ]);
    expect((await broker.agent.get('/api/admin/admins')).status).toBe(403);
  });

  it('refuses what is not an e-mail, someone who never signed in, and an admin already', async () => {
    const notEmail = await admin.agent.post('/api/admin/admins').send({ email: 'next admin' });
    expect(notEmail.status).toBe(400);
    expect(JSON.stringify(notEmail.body)).toContain('Enter an e-mail address such as name@agency.com');
    const unknown = await admin.agent.post('/api/admin/admins').send({ email: 'nobody@agency.test' });
    expect(unknown.status).toBe(404);
    expect(unknown.body.message).toBe(
      'No one has signed in with this e-mail yet. They must sign in once before they can be made an admin.',
    );
    const already = await admin.agent.post('/api/admin/admins').send({ email: 'first.admin@carekeep.test' });
    expect(already.status).toBe(409);
    expect(await t.em().count(AdminAction, { action: 'admin_granted' })).toBe(0);
  });

  it('grants by e-mail (any case), at once, and audited', async () => {
    expect((await broker.agent.get('/api/admin/analytics')).status).toBe(403);
    const res = await admin.agent.post('/api/admin/admins').send({ email: '  next.admin@agency.TEST ' });
    expect(res.status).toBe(201);
    expect(res.body).toEqual([expect.objectContaining({ id: broker.id, isYou: false })]);
    expect((await broker.agent.get('/api/admin/analytics')).status).toBe(200);
    const audit = await t.em().findOneOrFail(AdminAction, { action: 'admin_granted' });
    expect(audit).toMatchObject({ adminId: admin.id, targetId: broker.id, before: { isAdmin: false }, after: { isAdmin: true } });
  });

  it('never takes away one’s own access; takes another admin’s at once, audited', async () => {
    const own = await admin.agent.delete(`/api/admin/admins/${admin.id}`);
    expect(own.status).toBe(409);
    expect(own.body.message).toBe('You cannot remove your own admin access. Ask another admin.');
    expect((await t.em().findOneOrFail(User, admin.id)).isAdmin).toBe(true);

    // The new admin cannot remove their own access either.
    expect((await broker.agent.delete(`/api/admin/admins/${broker.id}`)).status).toBe(409);
    expect((await admin.agent.delete('/api/admin/admins/00000000-0000-4000-8000-000000000000')).status).toBe(404);
    expect((await admin.agent.delete('/api/admin/admins/not-an-id')).status).toBe(404);

    const res = await admin.agent.delete(`/api/admin/admins/${broker.id}`);
    expect(res.status).toBe(204);
    expect((await broker.agent.get('/api/admin/analytics')).status).toBe(403);
    expect((await admin.agent.delete(`/api/admin/admins/${broker.id}`)).status).toBe(404);
    const audit = await t.em().findOneOrFail(AdminAction, { action: 'admin_revoked' });
    expect(audit).toMatchObject({ adminId: admin.id, targetId: broker.id, before: { isAdmin: true }, after: { isAdmin: false } });
    expect((await admin.agent.get('/api/admin/admins')).body.map((a: { id: string }) => a.id)).toEqual([admin.id]);
  });
});
