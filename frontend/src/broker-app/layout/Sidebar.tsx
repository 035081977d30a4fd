import HealthAndSafetyIcon from '@mui/icons-material/HealthAndSafety';
import LogoutIcon from '@mui/icons-material/Logout';
import {
  Avatar,
  Badge,
  Box,
  Button,
  Divider,
  IconButton,
  List,
  ListItem,
  ListItemButton,
  ListItemIcon,
  ListItemText,
  ListSubheader,
  Tooltip,
  Typography,
} from '@mui/material';
import { Link, useLocation } from 'react-router-dom';

import { DEFAULT_PRODUCT_NAME } from '../branding/theme.ts';
import { useBrokerTexts } from '../i18n/useBrokerTexts.ts';
import { useInboxUnread } from '../inbox/unread.ts';
import { LOGOUT_URL } from '../providers/authProvider.ts';
import type { CurrentUser } from '../types.ts';
import { ADMIN_MENU, isActive, MAIN_MENU, type MenuItem, OUTBOX_MENU_ITEM } from './menu.ts';

/** Read by screen readers, not shown. */
const visuallyHidden = {
  position: 'absolute',
  width: 1,
  height: 1,
  overflow: 'hidden',
  clip: 'rect(0 0 0 0)',
  whiteSpace: 'nowrap',
} as const;

/** Initials from first and last name; U when there is neither. */
export function initials(user: Pick<CurrentUser, 'firstName' | 'lastName'> | null | undefined): string {
  const letters = `${user?.firstName?.trim()[0] ?? ''}${user?.lastName?.trim()[0] ?? ''}`.toUpperCase();
  return letters || 'U';
}

export function fullName(user: Pick<CurrentUser, 'firstName' | 'lastName'> | null | undefined): string {
  return [user?.firstName, user?.lastName].filter(Boolean).join(' ');
}

interface SidebarContentProps {
  user: CurrentUser | null | undefined;
  /** Icons only (collapsed desktop sidebar). */
  compact: boolean;
  showOutbox: boolean;
  onNavigate?: () => void;
}

function NavItem({ item, compact, onNavigate, count = 0 }: { item: MenuItem; compact: boolean; onNavigate?: () => void; count?: number }) {
  const { MENU_TITLES, SIDEBAR_TEXTS } = useBrokerTexts().shell;
  const name = MENU_TITLES[item.to];
  // A count (the Inbox's unread threads) is part of the item's name: "Inbox, 3 unread".
  const title = count > 0 ? `${name}, ${SIDEBAR_TEXTS.unread(count)}` : name;
  const { pathname } = useLocation();
  const active = isActive(item, pathname);
  const Icon = item.icon;
  const button = (
    <ListItemButton
      component={Link}
      to={item.to}
      selected={active}
      aria-current={active ? 'page' : undefined}
      aria-label={compact ? title : undefined}
      data-tour={item.tour}
      onClick={onNavigate}
      sx={{
        borderRadius: 1,
        mx: compact ? 0.5 : 1,
        px: compact ? 1 : 1.5,
        minHeight: 40,
        justifyContent: compact ? 'center' : 'flex-start',
        '&.Mui-selected': { bgcolor: 'primary.main', color: 'primary.contrastText' },
        '&.Mui-selected:hover': { bgcolor: 'primary.dark' },
        '&.Mui-selected .MuiListItemIcon-root': { color: 'primary.contrastText' },
      }}
    >
      <ListItemIcon sx={{ minWidth: compact ? 0 : 36 }}>
        {compact && count > 0 ? (
          <Badge badgeContent={count} color="error" max={99}>
            <Icon fontSize="small" />
          </Badge>
        ) : (
          <Icon fontSize="small" />
        )}
      </ListItemIcon>
      {!compact && <ListItemText primary={name} slotProps={{ primary: { noWrap: true, sx: { fontSize: 14 } } }} />}
      {!compact && count > 0 && (
        <Box
          component="span"
          data-testid="inbox-unread"
          sx={{
            ml: 1,
            px: 0.75,
            minWidth: 20,
            borderRadius: 10,
            bgcolor: 'error.dark',
            color: 'common.white',
            fontSize: 12,
            fontWeight: 700,
            textAlign: 'center',
            lineHeight: '20px',
          }}
        >
          <span aria-hidden="true">{count > 99 ? '99+' : count}</span>
          <Box component="span" sx={visuallyHidden}>
            {SIDEBAR_TEXTS.unread(count)}
          </Box>
        </Box>
      )}
    </ListItemButton>
  );
  // Each link in its own <li>: a list holds list items only, or screen readers miscount it.
  return (
    <ListItem disablePadding sx={{ display: 'block' }}>
      {compact ? (
        <Tooltip title={title} placement="right">
          {button}
        </Tooltip>
      ) : (
        button
      )}
    </ListItem>
  );
}

/** Header (agency logo and name), the menus, and the footer with the user and Sign Out. */
export function SidebarContent({ user, compact, showOutbox, onNavigate }: SidebarContentProps) {
  const { SIDEBAR_TEXTS } = useBrokerTexts().shell;
  const agencyName = user?.agencyName?.trim() || DEFAULT_PRODUCT_NAME;
  const name = fullName(user);
  const permissions = user?.member.permissions;
  const mainMenu = [...MAIN_MENU, ...(showOutbox ? [OUTBOX_MENU_ITEM] : [])].filter(
    (item) => !item.permission || permissions?.includes(item.permission),
  );
  const unread = useInboxUnread(permissions?.includes('inbox:read') ?? false);
  return (
    <Box component="nav" aria-label={SIDEBAR_TEXTS.mainNav} sx={{ display: 'flex', flexDirection: 'column', height: '100%' }}>
      <Box
        data-testid="sidebar-header"
        sx={{ display: 'flex', alignItems: 'center', gap: 1.5, px: compact ? 0.75 : 2, py: 1.5, minHeight: 56 }}
      >
        {/* Collapsed, the name is not shown: the mark carries it as a tooltip. */}
        <Tooltip title={compact ? agencyName : ''} placement="right">
          {user?.logoUrl ? (
            <Box
              component="img"
              src={user.logoUrl}
              alt={SIDEBAR_TEXTS.logo(agencyName)}
              sx={{ width: 32, height: 32, objectFit: 'contain', borderRadius: 1, flexShrink: 0 }}
            />
          ) : (
            <Box
              sx={{
                width: 32,
                height: 32,
                borderRadius: 1,
                bgcolor: 'primary.main',
                color: 'primary.contrastText',
                display: 'grid',
                placeItems: 'center',
                flexShrink: 0,
              }}
            >
              <HealthAndSafetyIcon fontSize="small" aria-label={SIDEBAR_TEXTS.agency} />
            </Box>
          )}
        </Tooltip>
        {!compact && (
          // Long names wrap to two lines; a longer one ends in an ellipsis and shows in full on hover.
          <Typography
            data-testid="sidebar-agency-name"
            title={agencyName}
            sx={{
              fontWeight: 700,
              lineHeight: 1.25,
              minWidth: 0,
              overflowWrap: 'anywhere',
              display: '-webkit-box',
              WebkitBoxOrient: 'vertical',
              WebkitLineClamp: 2,
              overflow: 'hidden',
            }}
          >
            {agencyName}
          </Typography>
        )}
      </Box>
      <Divider />
      <Box sx={{ flex: 1, overflowY: 'auto', overflowX: 'hidden', py: 1 }}>
        <List dense disablePadding sx={{ display: 'grid', gap: 0.25 }}>
          {mainMenu.map((item) => (
            <NavItem key={item.to} item={item} compact={compact} onNavigate={onNavigate} count={item.to === '/inbox' ? unread : 0} />
          ))}
        </List>
        {user?.isAdmin && (
          <List
            dense
            disablePadding
            sx={{ display: 'grid', gap: 0.25, mt: 1 }}
            aria-label={SIDEBAR_TEXTS.adminGroup}
            subheader={
              compact ? (
                <Divider sx={{ my: 1 }} />
              ) : (
                <ListSubheader disableSticky sx={{ lineHeight: '32px', bgcolor: 'transparent' }}>
                  {SIDEBAR_TEXTS.adminGroup}
                </ListSubheader>
              )
            }
          >
            {ADMIN_MENU.map((item) => (
              <NavItem key={item.to} item={item} compact={compact} onNavigate={onNavigate} />
            ))}
          </List>
        )}
      </Box>
      <Divider />
      <Box
        data-testid="sidebar-footer"
        sx={{ p: compact ? 0.5 : 1.5, display: 'grid', gap: 1, justifyItems: compact ? 'center' : 'stretch' }}
      >
        <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, minWidth: 0 }}>
          <Avatar
            src={user?.profileImageUrl ?? undefined}
            alt={name || undefined}
            // MUI's default grey is too light for white initials (WCAG AA).
            sx={{ width: 32, height: 32, fontSize: 14, bgcolor: 'grey.700' }}
          >
            {initials(user)}
          </Avatar>
          {!compact && (
            <Box sx={{ minWidth: 0, flex: 1 }}>
              {/* No name yet (the provider gave none): the e-mail stands in, never a made-up name. */}
              <Typography
                variant="body2"
                noWrap
                title={name || user?.email || undefined}
                sx={{ fontWeight: 600 }}
                data-testid="sidebar-user-name"
              >
                {name || user?.email}
              </Typography>
              {name && (
                <Typography variant="caption" color="text.secondary" noWrap component="div" title={user?.email ?? undefined}>
                  {user?.email}
                </Typography>
              )}
            </Box>
          )}
        </Box>
        {compact ? (
          <Tooltip title={SIDEBAR_TEXTS.signOut} placement="right">
            <IconButton href={LOGOUT_URL} aria-label={SIDEBAR_TEXTS.signOut} size="small">
              <LogoutIcon fontSize="small" />
            </IconButton>
          </Tooltip>
        ) : (
          <Button href={LOGOUT_URL} size="small" variant="outlined" color="inherit" startIcon={<LogoutIcon fontSize="small" />}>
            {SIDEBAR_TEXTS.signOut}
          </Button>
        )}
      </Box>
    </Box>
  );
}
