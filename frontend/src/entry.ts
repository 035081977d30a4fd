/**
 * Which bundle a page loads. The public and client pages (landing, client registration, sign-in
 * and portal) are a small bundle of their own; the broker and admin app, with react-admin and
 * Material UI, loads only for a signed-in broker or admin. The portal's paths are shared: a
 * signed-in broker there sees the Client Portal Preview (sample data) in the broker app.
 */
import { fetchCurrentUser } from './broker-app/providers/currentUser.ts';
import { answersOk, isAccountSuspended, SUSPENDED_PAGE } from './lib/http.ts';

export type Entry = 'portal' | 'admin';

export function isClientPath(pathname: string): boolean {
  return pathname === '/client' || pathname.startsWith('/client/');
}

/** The broker and admin pages. Signed out on one of these, the broker app says 'Unauthorized' and sends them to sign in. */
const PROTECTED_PATHS = ['/clients', '/reminders', '/campaigns', '/resources', '/billing', '/branding', '/help', '/admin', '/dev'];

export function isProtectedPath(pathname: string): boolean {
  return PROTECTED_PATHS.some((path) => pathname === path || pathname.startsWith(`${path}/`));
}

/** The client portal (SPEC: /client/portal, also /client/dashboard), which is also the broker's preview. */
const PORTAL_PATHS = ['/client/portal', '/client/dashboard'];

export function isPortalPath(pathname: string): boolean {
  return PORTAL_PATHS.includes(pathname.replace(/\/+$/, ''));
}

export function chooseEntry(pathname: string, brokerSignedIn: boolean): Entry {
  const byPath = entryByPathAlone(pathname);
  if (byPath) return byPath;
  if (isPortalPath(pathname)) return brokerSignedIn ? 'admin' : 'portal';
  if (isClientPath(pathname)) return 'portal';
  return brokerSignedIn || isProtectedPath(pathname) ? 'admin' : 'portal';
}

/** Public pages that are the same for everyone, signed in or not (a reactivated broker reloading one, say). */
const PUBLIC_ONLY_PATHS = ['/account-suspended', '/invitation'];
/** Pages behind a link's own secret (a Scope of Appointment to sign): public whoever opens them. */
const PUBLIC_LINK_PREFIXES = ['/soa/'];

/** The bundle a page loads when its path alone says, or undefined when it does not. */
export function entryByPathAlone(pathname: string): Entry | undefined {
  if (PUBLIC_ONLY_PATHS.includes(pathname.replace(/\/+$/, ''))) return 'portal';
  if (PUBLIC_LINK_PREFIXES.some((prefix) => pathname.startsWith(prefix))) return 'portal';
  return isClientPath(pathname) && !isPortalPath(pathname) ? 'portal' : undefined;
}

/**
 * Asks the server who is signed in and answers the bundle. On the portal's paths a client is asked
 * about first, so a client's own portal makes no broker check (and no failed request) on the way.
 */
export async function resolveEntry(pathname: string): Promise<Entry> {
  const byPath = entryByPathAlone(pathname);
  if (byPath) return byPath;
  if (isPortalPath(pathname) && (await isClientSignedIn())) return 'portal';
  const session = await brokerSession();
  // A suspended broker's session, back on any page: the suspension page, not the landing page.
  if (session === 'suspended') {
    window.history.replaceState(null, '', SUSPENDED_PAGE);
    return 'portal';
  }
  return chooseEntry(pathname, session === 'signed-in');
}

/** Whether a broker or admin is signed in, signed out (any failure counts), or signed in to a suspended account. */
export async function brokerSession(): Promise<'signed-in' | 'signed-out' | 'suspended'> {
  try {
    return (await fetchCurrentUser()) ? 'signed-in' : 'signed-out';
  } catch (error) {
    return isAccountSuspended(error) ? 'suspended' : 'signed-out';
  }
}

/** Asks the server whether a client is signed in (through the portal's branding, never health data). */
export function isClientSignedIn(): Promise<boolean> {
  return answersOk('/api/client-portal/branding');
}
