import type { ReactNode } from 'react';
import { useCallback } from 'react';

import type { Permission } from '../types.ts';
import { useCurrentUser } from './useCurrentUser.ts';

/**
 * What the signed-in member's role allows (the server's answer in /api/auth/user), so that a page
 * offers only what the person may do: no button that the server would refuse. The server decides;
 * this only hides what it would refuse.
 */
export function useMemberMay(): (permission: Permission) => boolean {
  const { data: user } = useCurrentUser();
  const permissions = user?.member.permissions;
  return useCallback((permission: Permission) => permissions?.includes(permission) ?? false, [permissions]);
}

/**
 * Whether the signed-in member sees only the clients assigned to them (an agent, when the agency
 * keeps agents to their own clients). The server keeps them to it; the pages leave out what would
 * only be about other members' clients.
 */
export function useSeesOnlyAssigned(): boolean {
  const { data: user } = useCurrentUser();
  return user?.member.seesOnlyAssigned ?? false;
}

/** Its children only when the member's role allows `permission`. */
export function IfMemberMay({ permission, children }: { permission: Permission; children: ReactNode }) {
  return useMemberMay()(permission) ? children : null;
}
