import { useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';

/** The admin list's queries: react-admin's ['admin/resources', 'getList', …]. */
export const ADMIN_RESOURCES_KEY = ['admin/resources'] as const;

/**
 * After every change: the admin list, and the broker library (the same tab may show it next, and
 * queries never go stale on their own).
 */
export function useRefreshResources() {
  const queryClient = useQueryClient();
  return useCallback(
    () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: ADMIN_RESOURCES_KEY }),
        queryClient.invalidateQueries({ queryKey: ['resources'] }),
      ]),
    [queryClient],
  );
}
