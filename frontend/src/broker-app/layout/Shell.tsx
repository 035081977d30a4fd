import ViewSidebarIcon from '@mui/icons-material/ViewSidebar';
import { Box, Drawer, IconButton, Tooltip, useMediaQuery } from '@mui/material';
import { useQuery } from '@tanstack/react-query';
import type { ReactNode } from 'react';

import { answersOk } from '../../lib/http.ts';
import { useBrokerTexts } from '../i18n/useBrokerTexts.ts';
import { useCurrentUser } from '../providers/useCurrentUser.ts';
import { TextingBanner } from '../texting/TextingBanner.tsx';
import { BillingBanner } from './BillingBanner.tsx';
import { LanguageMenu } from './LanguageMenu.tsx';
import { SidebarContent } from './Sidebar.tsx';
import { MOBILE_QUERY, SIDEBAR_WIDTH, SIDEBAR_WIDTH_ICON, SIDEBAR_WIDTH_MOBILE, useSidebarState } from './sidebarState.ts';

/**
 * Whether messages go to the development outbox: the server answers 404 in production and when
 * every channel has a provider (Twilio and SMTP).
 */
function useOutboxAvailable(): boolean {
  const { data } = useQuery({
    queryKey: ['dev', 'outbox', 'available'],
    queryFn: () => answersOk('/api/dev/outbox?range=[0,0]'),
  });
  return data === true;
}

/**
 * The signed-in shell: a collapsible sidebar (16rem, 3rem as icons; an 18rem slide-over sheet
 * below 768 px) and a header with the sidebar toggle. react-admin's layout slot.
 */
export function Shell({ children }: { children?: ReactNode }) {
  const isMobile = useMediaQuery(MOBILE_QUERY, { noSsr: true });
  const { expanded, mobileOpen, setMobileOpen, toggle } = useSidebarState(isMobile);
  const { data: user } = useCurrentUser();
  const showOutbox = useOutboxAvailable();
  const width = expanded ? SIDEBAR_WIDTH : SIDEBAR_WIDTH_ICON;
  const { SHELL_TEXTS } = useBrokerTexts().shell;

  return (
    <Box sx={{ display: 'flex', minHeight: '100vh', bgcolor: 'background.default' }}>
      {isMobile ? (
        <Drawer
          variant="temporary"
          open={mobileOpen}
          onClose={() => setMobileOpen(false)}
          slotProps={{ paper: { sx: { width: SIDEBAR_WIDTH_MOBILE }, 'data-testid': 'sidebar' } as object }}
        >
          <SidebarContent user={user} compact={false} showOutbox={showOutbox} onNavigate={() => setMobileOpen(false)} />
        </Drawer>
      ) : (
        // The aside spans the whole page (its background and border reach the bottom of a long
        // page, also in a full-page screenshot or print); its content stays in view while scrolling.
        <Box
          component="aside"
          data-testid="sidebar"
          data-state={expanded ? 'expanded' : 'collapsed'}
          sx={{
            width,
            flexShrink: 0,
            transition: 'width 200ms ease',
            borderRight: 1,
            borderColor: 'divider',
            bgcolor: 'background.paper',
          }}
        >
          <Box sx={{ position: 'sticky', top: 0, height: '100vh', overflow: 'hidden' }}>
            <SidebarContent user={user} compact={!expanded} showOutbox={showOutbox} />
          </Box>
        </Box>
      )}
      <Box sx={{ flex: 1, minWidth: 0, display: 'flex', flexDirection: 'column' }}>
        <Box
          component="header"
          sx={{
            height: 56,
            display: 'flex',
            alignItems: 'center',
            gap: 1,
            px: 2,
            borderBottom: 1,
            borderColor: 'divider',
            bgcolor: 'background.paper',
            position: 'sticky',
            top: 0,
            zIndex: 2,
          }}
        >
          <Tooltip title={SHELL_TEXTS.toggleSidebarShortcut}>
            <IconButton onClick={toggle} aria-label={SHELL_TEXTS.toggleSidebar} edge="start">
              <ViewSidebarIcon />
            </IconButton>
          </Tooltip>
          <LanguageMenu />
        </Box>
        <BillingBanner />
        <TextingBanner />
        <Box component="main" id="main-content" sx={{ flex: 1, p: { xs: 2, md: 3 }, maxWidth: 1400, width: '100%', mx: 'auto' }}>
          {children}
        </Box>
      </Box>
    </Box>
  );
}
