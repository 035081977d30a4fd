import type { SvgIconComponent } from '@mui/icons-material';
import AdminPanelSettingsIcon from '@mui/icons-material/AdminPanelSettings';
import CampaignIcon from '@mui/icons-material/Campaign';
import CreditCardIcon from '@mui/icons-material/CreditCard';
import DashboardIcon from '@mui/icons-material/Dashboard';
import FolderOpenIcon from '@mui/icons-material/FolderOpen';
import ForumIcon from '@mui/icons-material/Forum';
import GroupsIcon from '@mui/icons-material/Groups';
import HelpOutlineIcon from '@mui/icons-material/HelpOutlined';
import HistoryIcon from '@mui/icons-material/History';
import InsightsIcon from '@mui/icons-material/Insights';
import KeyIcon from '@mui/icons-material/Key';
import ManageAccountsIcon from '@mui/icons-material/ManageAccounts';
import ManageSearchIcon from '@mui/icons-material/ManageSearch';
import NotificationsActiveIcon from '@mui/icons-material/NotificationsActive';
import OutboxIcon from '@mui/icons-material/Outbox';
import PaidIcon from '@mui/icons-material/Paid';
import PaletteIcon from '@mui/icons-material/Palette';
import PeopleIcon from '@mui/icons-material/People';
import PhoneIphoneIcon from '@mui/icons-material/PhoneIphone';
import SettingsIcon from '@mui/icons-material/Settings';
import SupervisorAccountIcon from '@mui/icons-material/SupervisorAccount';
import TaskAltIcon from '@mui/icons-material/TaskAlt';
import VerifiedUserIcon from '@mui/icons-material/VerifiedUser';

import type { Permission } from '../types.ts';
import type { MENU_TITLES } from './texts.ts';

export interface MenuItem {
  /** The page; its title is the shell's MENU_TITLES of it, in the app's language. */
  to: keyof typeof MENU_TITLES;
  icon: SvgIconComponent;
  /** The dashboard tour points at this item (data-tour attribute). */
  tour?: string;
  /** Shown only to members whose role allows this (the page is theirs alone). */
  permission?: Permission;
}

/**
 * SPEC §2 Shell and sidebar: the main menu, in order, then the pages the spec's table lacks:
 * Inbox (the agency's two-way texts with its unread count, docs/messaging.md), Tasks (follow-ups and the week's calendar, docs/tasks.md),
 * Compliance (the consent ledger's report, docs/compliance.md), Team (the agency's members and
 * their roles), Activity log (who in the agency changed what: owners and read-only members),
 * Settings (/settings, which the guides mention: docs/broker-app.md) and API access (personal
 * access tokens for the broker's own tools). A member sees the items their role allows.
 */
export const MAIN_MENU: readonly MenuItem[] = [
  { to: '/', icon: DashboardIcon },
  { to: '/clients', icon: PeopleIcon, tour: 'nav-clients' },
  { to: '/reminders', icon: NotificationsActiveIcon, tour: 'nav-reminders' },
  { to: '/campaigns', icon: CampaignIcon, tour: 'nav-campaigns' },
  { to: '/resources', icon: FolderOpenIcon, tour: 'nav-resources' },
  { to: '/billing', icon: CreditCardIcon, permission: 'billing:manage' },
  { to: '/branding', icon: PaletteIcon, tour: 'nav-branding', permission: 'branding:manage' },
  { to: '/client/portal', icon: PhoneIphoneIcon },
  { to: '/help', icon: HelpOutlineIcon, tour: 'nav-help' },
  { to: '/inbox', icon: ForumIcon, permission: 'inbox:read' },
  { to: '/tasks', icon: TaskAltIcon },
  { to: '/commissions', icon: PaidIcon, permission: 'commissions:read' },
  { to: '/compliance', icon: VerifiedUserIcon },
  { to: '/team', icon: GroupsIcon },
  { to: '/activity-log', icon: ManageSearchIcon, permission: 'activity:read' },
  { to: '/settings', icon: SettingsIcon },
  { to: '/api-access', icon: KeyIcon, permission: 'tokens:manage' },
];

/** Shown only when the signed-in user is an admin. */
export const ADMIN_MENU: readonly MenuItem[] = [
  { to: '/admin', icon: InsightsIcon },
  { to: '/admin/brokers', icon: SupervisorAccountIcon },
  { to: '/admin/resources', icon: AdminPanelSettingsIcon },
  { to: '/admin/audit', icon: HistoryIcon },
  { to: '/admin/admins', icon: ManageAccountsIcon },
  { to: '/admin/help', icon: HelpOutlineIcon },
];

/**
 * The development outbox, shown only where the server offers it: outside production, while calls
 * and texts or e-mail have no provider and so go to the outbox instead of being sent.
 */
export const OUTBOX_MENU_ITEM: MenuItem = { to: '/dev/outbox', icon: OutboxIcon };

/**
 * The item a path belongs to: exact for '/' and '/admin' (their children are other items), else
 * the item itself or anything below it.
 */
export function isActive(item: MenuItem, pathname: string): boolean {
  if (item.to === '/' || item.to === '/admin') return pathname === item.to;
  return pathname === item.to || pathname.startsWith(`${item.to}/`);
}
