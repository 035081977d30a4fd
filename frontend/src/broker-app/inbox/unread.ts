import { useQuery } from '@tanstack/react-query';

import { useLiveRefetch } from '../live/useLive.ts';
import { useCareKeepDataProvider } from '../providers/dataProvider.ts';

export const INBOX_KEY = ['inbox'] as const;
export const INBOX_UNREAD_KEY = ['inbox', 'unread'] as const;
/**
 * How often the menu asks for the unread count when nothing has told it of a change: the live
 * stream (`/api/live`) makes every inbox query fetch again as soon as a text arrives or a thread
 * changes; this and the window regaining focus are the fallback.
 */
export const UNREAD_POLL_MS = 60_000;

/** How many threads of the member's book have unread texts, for the menu's Inbox item (0 while unknown). */
export function useInboxUnread(enabled: boolean): number {
  const dataProvider = useCareKeepDataProvider();
  // Mounted with the menu on every page: the one listener that keeps every inbox query current.
  useLiveRefetch('inbox', [INBOX_KEY], enabled);
  const { data } = useQuery({
    queryKey: INBOX_UNREAD_KEY,
    queryFn: () => dataProvider.getInboxUnread(),
    enabled,
    refetchInterval: UNREAD_POLL_MS,
    refetchOnWindowFocus: true,
  });
  return data?.threads ?? 0;
}
