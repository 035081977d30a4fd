import LockIcon from '@mui/icons-material/Lock';
import { Box, Button, Typography } from '@mui/material';
import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';

import { Spinner } from '../../shared/Spinner.tsx';
import { useBrokerTexts } from '../i18n/useBrokerTexts.ts';
import { useCurrentUser } from '../providers/useCurrentUser.ts';
import type { Permission } from '../types.ts';

/** What a broker sees on an admin page: no data is requested (the API would answer 403 anyway). */
export function AccessDenied({ forMembers = false }: { forMembers?: boolean }) {
  const { ACCESS_DENIED_TEXTS } = useBrokerTexts().shell;
  return (
    <Box sx={{ textAlign: 'center', py: 8, px: 2 }}>
      <LockIcon sx={{ fontSize: 56, color: 'text.disabled' }} aria-hidden />
      <Typography variant="h1" component="h1" sx={{ fontSize: '1.75rem', fontWeight: 700, mt: 2 }}>
        {ACCESS_DENIED_TEXTS.title}
      </Typography>
      <Typography color="text.secondary" sx={{ mt: 1, maxWidth: 520, mx: 'auto' }}>
        {forMembers ? ACCESS_DENIED_TEXTS.memberBody : ACCESS_DENIED_TEXTS.body}
      </Typography>
      <Button component={Link} to="/" variant="contained" sx={{ mt: 3 }}>
        {ACCESS_DENIED_TEXTS.back}
      </Button>
    </Box>
  );
}

/** The admin pages: shown to platform admins (isAdmin), 'Not Authorized' to everyone else. */
export function AdminOnly({ children }: { children: ReactNode }) {
  const { data: user, isPending } = useCurrentUser();
  if (isPending) return <Spinner />;
  return user?.isAdmin ? <>{children}</> : <AccessDenied />;
}

/** A page for members whose role allows `permission`: 'Not Authorized' to the others (the API would refuse them). */
export function MemberOnly({ permission, children }: { permission: Permission; children: ReactNode }) {
  const { data: user, isPending } = useCurrentUser();
  if (isPending) return <Spinner />;
  return user?.member.permissions.includes(permission) ? <>{children}</> : <AccessDenied forMembers />;
}
