import type { AuthProvider } from 'react-admin';

import { isAccountSuspended, SUSPENDED_PAGE } from '../../lib/http.ts';
import type { CurrentUser } from '../types.ts';
import { fetchCurrentUser } from './currentUser.ts';

/** SPEC §9: the unauthorized redirect waits 500 ms so the toast can be read. */
export const LOGIN_REDIRECT_DELAY_MS = 500;
export const LOGIN_URL = '/api/login';
export const LOGOUT_URL = '/api/logout';

const listeners = new Set<() => void>();
let redirectScheduled = false;
// Set when the session ended before the shell was listening (a first load signed out): the
// listener gets it as soon as it registers, so the toast shows whichever comes first.
let unheard = false;

/** The shell listens so it can show the toast when a call finds the session gone. */
export function onSessionEnded(listener: () => void): () => void {
  listeners.add(listener);
  if (unheard) {
    unheard = false;
    listener();
  }
  return () => listeners.delete(listener);
}

/**
 * Schedules the trip to the sign-in page (once) and tells the listeners, now or when the first
 * one registers. Answers false when it had already happened.
 */
export function sessionEnded(navigate: (url: string) => void = (url) => window.location.assign(url)): boolean {
  if (redirectScheduled) return false;
  redirectScheduled = true;
  if (listeners.size === 0) unheard = true;
  for (const listener of listeners) listener();
  setTimeout(() => navigate(LOGIN_URL), LOGIN_REDIRECT_DELAY_MS);
  return true;
}

/** For tests. */
export function resetSessionState(): void {
  redirectScheduled = false;
  unheard = false;
}

/**
 * A platform admin suspended the account while the broker was signed in: the suspension page (a
 * full load of the public pages), once, instead of signing in again.
 */
export function accountSuspended(navigate: (url: string) => void = (url) => window.location.assign(url)): void {
  if (redirectScheduled) return;
  redirectScheduled = true;
  navigate(SUSPENDED_PAGE);
}

/** The signed-in user or null; any other failure is "Auth check failed: {status}". */
async function fetchUser(): Promise<CurrentUser | null> {
  try {
    return await fetchCurrentUser();
  } catch (error) {
    if (isAccountSuspended(error)) {
      accountSuspended();
      throw { message: false, redirectTo: false };
    }
    throw new Error(`Auth check failed: ${(error as { status?: number }).status ?? 'network'}`, { cause: error });
  }
}

/**
 * Brokers sign in at the identity provider (/api/login), never on a page of ours. When the server
 * says 401 — on load or on any later call — the broker sees 'Unauthorized' and is sent to sign in
 * again after 500 ms; react-admin itself never navigates (redirectTo false).
 */
export const authProvider: AuthProvider = {
  login: () => Promise.resolve(),
  logout: () => Promise.resolve(false),
  async checkAuth() {
    const user = await fetchUser();
    if (user) return;
    // The shell's listener shows the toast (react-admin does not notify for this check).
    sessionEnded();
    throw { message: false, redirectTo: false };
  },
  async checkError(error: { status?: number }) {
    if (error?.status !== 401) return;
    if (isAccountSuspended(error)) {
      accountSuspended();
      throw { message: false, redirectTo: false };
    }
    sessionEnded();
    throw { message: false, redirectTo: false };
  },
  async getIdentity() {
    const user = await fetchUser();
    if (!user) throw new Error('Unauthorized');
    // No name yet: the e-mail, never a made-up name.
    const fullName = [user.firstName, user.lastName].filter(Boolean).join(' ') || user.email || '';
    return { id: user.id, fullName, avatar: user.profileImageUrl ?? undefined };
  },
};
