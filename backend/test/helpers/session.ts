import { Member } from '../../src/members/member.entity.js';
import { MembersService } from '../../src/members/members.service.js';
import type { MemberRole } from '../../src/members/roles.js';
import { User } from '../../src/users/user.entity.js';
import { type Agent, browser, joinThroughLink, signInAsBroker } from './browser-agent.js';
import type { TestApp } from './test-app.js';

/**
 * A browser signed in as a broker with this e-mail (created on first sign-in) through the real OIDC
 * flow; `readyForCampaigns`: with the onboarding answers a campaign needs (see below).
 */
export async function brokerSession(
  t: TestApp,
  email: string,
  options: { readyForCampaigns?: boolean } = {},
): Promise<{ agent: Agent; id: string }> {
  if (!t.listening) throw new Error('brokerSession needs createTestApp({ listen: true })');
  const agent = browser(t);
  await signInAsBroker(agent, t.appUrl, email);
  const me = await agent.get('/api/auth/user');
  if (me.status !== 200) throw new Error(`sign-in as ${email} failed: ${me.status}`);
  if (options.readyForCampaigns) await readyForCampaigns(agent);
  return { agent, id: me.body.id as string };
}

/** The postal address a test agency gives (see `readyForCampaigns`). */
export const TEST_AGENCY_ADDRESS = '100 Main Street, Nashville, TN 37201';

/**
 * The agency's onboarding answers that a campaign needs before it goes out: its postal address, and
 * whether it sells plans (no, unless the test says so).
 */
export async function readyForCampaigns(agent: Agent, sellsPlans = false): Promise<void> {
  const answer = await agent.put('/api/branding').send({ agencyAddress: TEST_AGENCY_ADDRESS, sellsPlans });
  if (answer.status !== 200) throw new Error(`PUT /api/branding failed: ${answer.status} ${JSON.stringify(answer.body)}`);
}

/**
 * A person signed in as a member of `agencyId` with `role`: invited by the agency's first owner and
 * joined through the invitation's link. Returns the browser and the member's id.
 */
export async function memberSession(
  t: TestApp,
  agencyId: string,
  role: MemberRole,
  email: string,
): Promise<{ agent: Agent; memberId: string }> {
  const em = t.em();
  const agency = await em.findOneOrFail(User, agencyId);
  const [owner] = await em.find(Member, { agencyId, role: 'owner', removedAt: null }, { orderBy: { createdAt: 'asc' }, limit: 1 });
  const asOwner = { agencyId, memberId: owner.id, tokenId: null, ip: null };
  const { member, url } = await t.app.get(MembersService).invite(agency, asOwner, { email, role });
  const agent = browser(t);
  await joinThroughLink(agent, t.appUrl, url, email);
  const me = await agent.get('/api/auth/user');
  if (me.body?.member?.id !== member.id) throw new Error(`${email} did not join: ${me.status} ${JSON.stringify(me.body)}`);
  return { agent, memberId: member.id };
}
