import type { Member } from '../types.ts';

/** The team's query (GET /api/members): the Team page, its dialogs and the activity log's member filter share it. */
export const MEMBERS_KEY = ['members'] as const;
/** The team's settings (GET /api/team/settings). */
export const TEAM_SETTINGS_KEY = ['team', 'settings'] as const;

/** A member's name, or their e-mail while they have none (an invitation). */
export function memberName(member: Pick<Member, 'firstName' | 'lastName' | 'email'>, fallback: string): string {
  return [member.firstName, member.lastName].filter(Boolean).join(' ') || member.email || fallback;
}
