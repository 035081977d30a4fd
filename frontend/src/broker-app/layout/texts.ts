import { plural } from '../ui/format.ts';

/** The shell's own words: the header, the sidebar and its menu (SPEC §2 Shell and sidebar). */
export const SHELL_TEXTS = {
  toggleSidebar: 'Toggle Sidebar',
  toggleSidebarShortcut: 'Toggle Sidebar (Ctrl+B)',
  language: 'Language',
  languageSaveFailed: 'Your language could not be saved',
} as const;

export const SIDEBAR_TEXTS = {
  signOut: 'Sign Out',
  mainNav: 'Main',
  adminGroup: 'Admin',
  logo: (agency: string) => `${agency} logo`,
  agency: 'Agency',
  /** The Inbox item's count, read after its name. */
  unread: (count: number) => `${count} unread`,
} as const;

/** The menu's titles by path, word for word from the spec in English. */
export const MENU_TITLES = {
  '/': 'Dashboard',
  '/clients': 'Clients',
  '/reminders': 'Reminders',
  '/campaigns': 'Campaigns',
  '/resources': 'Resources',
  '/billing': 'Billing',
  '/branding': 'Branding',
  '/client/portal': 'Client Portal Preview',
  '/help': 'Help',
  '/inbox': 'Inbox',
  '/tasks': 'Tasks',
  '/compliance': 'Compliance',
  '/team': 'Team',
  '/activity-log': 'Activity log',
  '/commissions': 'Commissions',
  '/settings': 'Settings',
  '/api-access': 'API access',
  '/admin': 'Admin Dashboard',
  '/admin/brokers': 'Brokers',
  '/admin/resources': 'Resources',
  '/admin/audit': 'Audit log',
  '/admin/admins': 'Admins',
  '/admin/help': 'Admin Help',
  '/dev/outbox': 'Outbox (development)',
} as const;

/** The languages the app speaks, each named in itself. */
export const LANGUAGE_NAMES = { en: 'English', es: 'Español' } as const;

/** The subscription banner above every page but Billing. */
export const BANNER_TEXTS = {
  label: 'Subscription notice',
  pastDue: 'Your payment is past due. Reminders and campaigns are paused until it is paid.',
  trialEnding: (days: number, endsOn: string, plan: string) =>
    `Your free trial ends in ${plural(days, 'day')} (${endsOn}). Your plan after the trial: ${plan}. Reminders and campaigns pause when it ends until your subscription starts.`,
  trialEnded: 'Your free trial has ended. Reminders and campaigns are paused until your subscription starts.',
  canceled: 'Your subscription is canceled. Reminders and campaigns are off until a platform admin restores it.',
  startSubscription: 'Start my subscription',
  updatePaymentMethod: 'Update Payment Method',
  goToBilling: 'Go to Billing',
  portalFailed: 'Failed to open billing portal',
} as const;

/** SPEC §9: the session is gone. */
export const AUTH_TEXTS = {
  unauthorizedTitle: 'Unauthorized',
  unauthorizedDescription: 'You are logged out. Logging in again...',
} as const;

/** SPEC §9: an action behind the subscription after the trial ended. */
export const ERROR_TEXTS = {
  trialExpiredTitle: 'Trial Expired',
  trialExpiredFallback: 'Your trial has expired. Please upgrade to continue.',
} as const;

/** A broker on an admin page. */
export const ACCESS_DENIED_TEXTS = {
  title: 'Not Authorized',
  body: 'This page is for platform administrators. If you need access, ask an administrator of your platform.',
  memberBody: 'Your role in this agency does not include this page. If you need it, ask your agency’s owner.',
  back: 'Back to Dashboard',
} as const;
