import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';

import type { CurrentUser } from '../types.ts';
import { CURRENT_USER_KEY, fetchCurrentUser } from './currentUser.ts';

/** The signed-in broker (null when signed out); its branding drives the theme and the shell. */
export function useCurrentUser() {
  return useQuery({ queryKey: CURRENT_USER_KEY, queryFn: fetchCurrentUser });
}

/**
 * The same, asked again each time a page using it opens: for what an owner may have changed since
 * the member signed in (the agency's "agents see only the clients assigned to them", which the
 * server applies from the member's next click). The cached answer shows meanwhile.
 */
export function useFreshCurrentUser() {
  return useQuery({ queryKey: CURRENT_USER_KEY, queryFn: fetchCurrentUser, refetchOnMount: 'always' });
}

/** Replaces the cached user, e.g. after saving branding, so theme and shell change at once. */
export function useSetCurrentUser() {
  const queryClient = useQueryClient();
  return useCallback(
    (update: (user: CurrentUser) => CurrentUser) =>
      queryClient.setQueryData<CurrentUser | null>(CURRENT_USER_KEY, (user) => (user ? update(user) : user)),
    [queryClient],
  );
}
