/**
 * Which bundle a page loads. The public and client pages (landing, client registration, sign-in
 * and portal) are a small bundle of their own; the broker and admin app, with react-admin and
 * Material UI, loads only for a signed-in broker or admin.
 */
export type Entry = 'portal' | 'admin';

export function isClientPath(pathname: string): boolean {
  return pathname === '/client' || pathname.startsWith('/client/');
}

/** The broker and admin pages. Signed out on one of these, the broker app says 'Unauthorized' and sends them to sign in. */
const PROTECTED_PATHS = ['/clients', '/reminders', '/campaigns', '/resources', '/billing', '/branding', '/help', '/admin', '/dev'];

export function isProtectedPath(pathname: string): boolean {
  return PROTECTED_PATHS.some((path) => pathname === path || pathname.startsWith(`${path}/`));
}

export function chooseEntry(pathname: string, brokerSignedIn: boolean): Entry {
  if (isClientPath(pathname)) return 'portal';
  return brokerSignedIn || isProtectedPath(pathname) ? 'admin' : 'portal';
}

/** Asks the server whether a broker or admin is signed in; any failure counts as signed out. */
export async function isBrokerSignedIn(fetcher: typeof fetch = fetch): Promise<boolean> {
  try {
    const response = await fetcher('/api/auth/user', { credentials: 'include' });
    return response.ok;
  } catch {
    return false;
  }
}
