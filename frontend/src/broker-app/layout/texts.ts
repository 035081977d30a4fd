/** The shell's own words: the header, the sidebar and its menu (SPEC §2 Shell and sidebar). */
export const SHELL_TEXTS = {
  toggleSidebar: 'Toggle Sidebar',
  language: 'Language',
  languageSaveFailed: 'Your language could not be saved',
} as const;

export const SIDEBAR_TEXTS = {
  signOut: 'Sign Out',
  mainNav: 'Main',
  adminGroup: 'Admin',
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
  '/compliance': 'Compliance',
  '/settings': 'Settings',
  '/admin': 'Admin Dashboard',
  '/admin/brokers': 'Brokers',
  '/admin/resources': 'Resources',
  '/admin/help': 'Admin Help',
  '/dev/outbox': 'Outbox (development)',
} as const;

/** The languages the app speaks, each named in itself. */
export const LANGUAGE_NAMES = { en: 'English', es: 'Español' } as const;
