import type { ActivityItem } from '../types.ts';

/** An event's title in the app's language (the server's words for a kind this app does not know yet). */
export function activityTitle(item: Pick<ActivityItem, 'kind' | 'title'>, titles: Record<string, string>): string {
  return titles[item.kind] ?? item.title;
}
