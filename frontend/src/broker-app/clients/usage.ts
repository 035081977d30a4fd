import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';

import { useBrokerTexts } from '../i18n/useBrokerTexts.ts';
import { useCareKeepDataProvider } from '../providers/dataProvider.ts';
import { useToast } from '../ui/toast.tsx';
import { POLICY_CARRIERS_KEY } from './policies.ts';

/** Under the clients resource, so refreshing the clients also refreshes the usage. */
export const CLIENT_USAGE_KEY = ['clients', 'usage'] as const;

/** SPEC §7: the usage is polled every 30 s (the only other polling is of a CSV import while it runs). */
export const USAGE_POLL_MS = 30_000;

/**
 * SPEC §4: the flat plan's grace allows up to 105 active clients (the limit plus 5 %). The server
 * answers 'soft' from the limit up to one below this cap, and 'blocked' from the cap on, where adding is refused.
 */
export const graceCap = (limit: number) => Math.round(limit * 1.05);

/** The approaching dialog opens once per browser session and level. */
export const usageDialogStorageKey = (level: string) => `carekeep.usageDialogShown.${level}`;

export function useClientUsage() {
  const dataProvider = useCareKeepDataProvider();
  return useQuery({
    queryKey: CLIENT_USAGE_KEY,
    queryFn: () => dataProvider.getClientUsage(),
    refetchInterval: USAGE_POLL_MS,
  });
}

/** Re-reads the list and the usage after clients were added, imported or deleted. */
export function useRefreshClients() {
  const queryClient = useQueryClient();
  return useCallback(
    (options: { exceptUsage?: boolean } = {}) =>
      Promise.all([
        queryClient.invalidateQueries({
          queryKey: ['clients'],
          predicate: (query) => !options.exceptUsage || query.queryKey[1] !== CLIENT_USAGE_KEY[1],
        }),
        // Imported or deleted clients change the carriers the list's filter offers.
        queryClient.invalidateQueries({ queryKey: POLICY_CARRIERS_KEY }),
      ]),
    [queryClient],
  );
}

export function useRefreshUsage() {
  const queryClient = useQueryClient();
  return useCallback(() => queryClient.invalidateQueries({ queryKey: CLIENT_USAGE_KEY }), [queryClient]);
}

/** SPEC §8: the 'Client limit reached' toast, with the server's message when it has one. */
export function useLimitToast() {
  const { CLIENT_TEXTS } = useBrokerTexts().clients;
  const toast = useToast();
  return useCallback(
    (description: string = CLIENT_TEXTS.limitDescription) => toast({ title: CLIENT_TEXTS.limitTitle, description, variant: 'destructive' }),
    [toast, CLIENT_TEXTS],
  );
}
