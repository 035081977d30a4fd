import type { AuthProvider } from 'react-admin';
import { isUnauthorizedError } from '../../lib/http.ts';
import { toastElement } from '../ui/toast.tsx';
import { httpClient } from './httpClient.ts';
import type { CurrentUser } from '../types.ts';

export const AUTH_TEXTS = {
  unauthorizedTitle: 'Unauthorized',
  unauthorizedDescription: 'You are logged out. Logging in again...',
} as const;

/** SPEC §9: the unauthorized redirect waits 500 ms so the toast can be read. */
export const LOGIN_REDIRECT_DELAY_MS = 500;
export const LOGIN_URL = '/api/login';
export const LOGOUT_URL = '/api/logout';

const listeners = new Set<() => void>();
let redirectScheduled = false;

/** The shell listens so it can show the toast when a call finds the session gone. */
export function onSessionEnded(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/**
 * Schedules the trip to the sign-in page (once) and tells the listeners. Answers whether someone
 * showed the toast ('shown'), nobody was listening ('unseen'), or it had already happened.
 */
export function sessionEnded(
  navigate: (url: string) => void = (url) => window.location.assign(url),
): 'shown' | 'unseen' | 'already' {
  if (redirectScheduled) return 'already';
  redirectScheduled = true;
  for (const listener of listeners) listener();
  setTimeout(() => navigate(LOGIN_URL), LOGIN_REDIRECT_DELAY_MS);
  return listeners.size > 0 ? 'shown' : 'unseen';
}

/** For tests. */
export function resetSessionState(): void {
  redirectScheduled = false;
}

export function unauthorizedToast() {
  return toastElement({
    title: AUTH_TEXTS.unauthorizedTitle,
    description: AUTH_TEXTS.unauthorizedDescription,
    variant: 'destructive',
  });
}

async function fetchUser(): Promise<CurrentUser | null> {
  try {
    const { json } = await httpClient('/api/auth/user');
    return json as CurrentUser;
  } catch (error) {
    if (isUnauthorizedError(error) || (error as { status?: number }).status === 401) return null;
    throw new Error(`Auth check failed: ${(error as { status?: number }).status ?? 'network'}`);
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
    // On a first load the shell is not there yet, so react-admin shows the toast from this error.
    const shown = sessionEnded();
    throw { message: shown === 'unseen' ? unauthorizedToast() : false, redirectTo: false };
  },
  async checkError(error: { status?: number }) {
    if (error?.status !== 401) return;
    sessionEnded();
    throw { message: false, redirectTo: false };
  },
  async getIdentity() {
    const user = await fetchUser();
    if (!user) throw new Error('Unauthorized');
    const fullName = [user.firstName, user.lastName].filter(Boolean).join(' ');
    return { id: user.id, fullName, avatar: user.profileImageUrl ?? undefined };
  },
  async getPermissions() {
    const user = await fetchUser();
    return { isAdmin: Boolean(user?.isAdmin) };
  },
};
