import { type Agent, browser, signInAsBroker } from './browser-agent.js';
import type { TestApp } from './test-app.js';

/** A browser signed in as a broker with this e-mail (created on first sign-in) through the real OIDC flow. */
export async function brokerSession(t: TestApp, email: string): Promise<{ agent: Agent; id: string }> {
  if (!t.listening) throw new Error('brokerSession needs createTestApp({ listen: true })');
  const agent = browser(t);
  await signInAsBroker(agent, t.appUrl, email);
  const me = await agent.get('/api/auth/user');
  if (me.status !== 200) throw new Error(`sign-in as ${email} failed: ${me.status}`);
  return { agent, id: me.body.id as string };
}
