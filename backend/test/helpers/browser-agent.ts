import request from 'supertest';
import type TestAgent from 'supertest/lib/agent.js';

import { SESSION_COOKIE } from '../../src/auth/session.js';
import type { TestApp } from './test-app.js';

export type Agent = TestAgent;
type Res = request.Response;

/** A cookie-keeping HTTP client on the app's origin that sends Origin like a browser does. */
export function browser(t: TestApp): Agent {
  return request.agent(t.listening ? t.appUrl : t.http).set('Origin', t.appUrl);
}

/** Follows redirects on the same origin (keeping cookies), returning every response in order. */
export async function follow(agent: Agent, appUrl: string, first: Res, limit = 15): Promise<Res[]> {
  const chain = [first];
  let res = first;
  while (res.status >= 300 && res.status < 400 && res.headers.location && chain.length <= limit) {
    const target = new URL(res.headers.location, appUrl);
    if (target.origin !== new URL(appUrl).origin) break;
    res = await agent.get(target.pathname + target.search);
    chain.push(res);
  }
  return chain;
}

export function last<T>(items: T[]): T {
  return items[items.length - 1];
}

/** The form action of the development provider's sign-in page. */
export function signInAction(html: string): string {
  const action = /<form method="post" action="([^"]+)">\s*<label/.exec(html)?.[1];
  if (!action) throw new Error(`no sign-in form in: ${html.slice(0, 300)}`);
  return action.replace(/&amp;/g, '&');
}

/**
 * Signs in through the embedded OpenID provider as a person would: Sign In, the provider's page,
 * the e-mail, back to the app. Answers every response on the way.
 */
export async function signInAsBroker(agent: Agent, appUrl: string, email: string): Promise<Res[]> {
  const toProvider = await follow(agent, appUrl, await agent.get('/api/login'));
  const page = last(toProvider);
  if (page.status !== 200) throw new Error(`expected the sign-in page, got ${page.status} ${page.text}`);
  const submitted = await agent.post(signInAction(page.text)).type('form').send({ email });
  return [...toProvider, ...(await follow(agent, appUrl, submitted))];
}

/** Signs in through an invitation's link (its path and query), as the person it was sent to would. */
export async function joinThroughLink(agent: Agent, appUrl: string, link: string, email: string): Promise<Res[]> {
  const url = new URL(link, appUrl);
  const toProvider = await follow(agent, appUrl, await agent.get(url.pathname + url.search));
  const page = last(toProvider);
  // The link no longer works: the app's page says so, there is no provider to sign in with.
  if (page.status !== 200 || !/<form method="post"/.test(page.text)) return toProvider;
  const submitted = await agent.post(signInAction(page.text)).type('form').send({ email });
  return [...toProvider, ...(await follow(agent, appUrl, submitted))];
}

/** The raw session cookie value the agent holds (for fixation tests). */
export function sessionCookie(res: Res): string | undefined {
  const cookies = ([] as string[]).concat(res.headers['set-cookie'] ?? []);
  return cookies.find((c) => c.startsWith(`${SESSION_COOKIE}=`))?.split(';')[0];
}
