/**
 * Which bundle a page loads. The public and client pages (landing, client registration, sign-in
 * and portal) are a small bundle of their own; the broker and admin app, with react-admin and
 * Material UI, loads only for a signed-in broker or admin.
 */
export type Entry = 'portal' | 'admin';

export function isClientPath(pathname: string): boolean {
  return pathname === '/client' || pathname.startsWith('/client/');
}

export function chooseEntry(pathname: string, brokerSignedIn: boolean): Entry {
  if (isClientPath(pathname)) return 'portal';
  return brokerSignedIn ? 'admin' : 'portal';
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
