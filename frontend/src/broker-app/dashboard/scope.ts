import { useQuery } from '@tanstack/react-query';
import { useStore } from 'react-admin';

import { useCareKeepDataProvider } from '../providers/dataProvider.ts';
import { useCurrentUser } from '../providers/useCurrentUser.ts';
import { MEMBERS_KEY } from '../team/members.ts';
import type { DashboardScope } from '../types.ts';

/** Where the member's choice is kept (react-admin's store: it stays when they come back). */
export const DASHBOARD_SCOPE_STORE_KEY = 'dashboard.scope';

/**
 * Whose clients the dashboard shows. A member picks "My clients" or "The agency's" when the agency
 * has more than one person who has joined; a member kept to their own clients has no choice (the
 * server gives them theirs whatever is asked), and neither has a one-person agency.
 */
export function useDashboardScope() {
  const member = useCurrentUser().data?.member;
  const ownOnly = member?.seesOnlyAssigned ?? false;
  const dataProvider = useCareKeepDataProvider();
  const members = useQuery({ queryKey: MEMBERS_KEY, queryFn: () => dataProvider.getMembers() });
  const joined = (members.data ?? []).filter((one) => one.status === 'active').length;
  const [stored, setScope] = useStore<DashboardScope>(DASHBOARD_SCOPE_STORE_KEY, 'agency');
  // While the team loads, a member who chose "My clients" keeps it: no flash of the agency's figures.
  const canChoose = !ownOnly && (members.isPending ? stored === 'mine' : joined > 1);
  const scope: DashboardScope = canChoose && stored === 'mine' ? 'mine' : 'agency';
  /** The clients list's filter for "mine": the member's own clients. */
  const assignedTo = scope === 'mine' ? member?.id : undefined;
  return { scope, setScope, canChoose, ownOnly, assignedTo };
}
