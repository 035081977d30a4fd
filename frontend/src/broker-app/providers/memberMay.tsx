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

/** Its children only when the member's role allows `permission`. */
export function IfMemberMay({ permission, children }: { permission: Permission; children: ReactNode }) {
  return useMemberMay()(permission) ? children : null;
}
