import { getOrNullOn401, isAccountSuspended } from '../../lib/http.ts';
import type { CurrentUser } from '../types.ts';

/**
 * Who is signed in to the broker app: the one place that asks /api/auth/user. The auth provider,
 * the bundle choice (entry.ts) and the app's useCurrentUser all go through fetchCurrentUser; the
 * hooks (useCurrentUser.ts) keep the answer under CURRENT_USER_KEY. No React here, so entry.ts
 * can use it without pulling the query library into the first load.
 */
export const CURRENT_USER_KEY = ['auth', 'user'] as const;

/**
 * The signed-in broker or admin, null when nobody is; other failures throw (ApiError or network),
 * among them a suspended broker's session (`isAccountSuspended`), which is not "signed out".
 */
export function fetchCurrentUser(): Promise<CurrentUser | null> {
  return getOrNullOn401<CurrentUser>('/api/auth/user', { unless: isAccountSuspended });
}
