import { useQuery } from '@tanstack/react-query';

import { useCareKeepDataProvider } from '../providers/dataProvider.ts';

export const INBOX_KEY = ['inbox'] as const;
export const INBOX_UNREAD_KEY = ['inbox', 'unread'] as const;
/** How often the menu asks for the unread count (and whenever the window regains focus): no real-time push yet. */
export const UNREAD_POLL_MS = 30_000;

/** How many threads of the member's book have unread texts, for the menu's Inbox item (0 while unknown). */
export function useInboxUnread(enabled: boolean): number {
  const dataProvider = useCareKeepDataProvider();
  const { data } = useQuery({
    queryKey: INBOX_UNREAD_KEY,
    queryFn: () => dataProvider.getInboxUnread(),
    enabled,
    refetchInterval: UNREAD_POLL_MS,
    refetchOnWindowFocus: true,
  });
  return data?.threads ?? 0;
}
