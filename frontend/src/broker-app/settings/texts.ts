/** The Settings page's and the profile step's texts (not pages of the spec: docs/broker-app.md). */
export const PROFILE_NAME_MAX = 100;

export const SETTINGS_TEXTS = {
  title: 'Settings',
  subtitle: 'Your name, your agency phone and the e-mails we send you',
  loadFailed: 'Could not load your settings.',
  retry: 'Try again',

  profileTitle: 'Your Profile',
  firstName: 'First name',
  lastName: 'Last name',
  email: 'E-mail',
  emailHint: 'From your sign-in provider. Change it there.',
  emailNone: 'Your sign-in provider did not give an e-mail address.',
  agencyPhone: 'Agency Phone',
  agencyPhonePlaceholder: '(555) 010-2000',
  agencyPhoneHint: 'Shown in e-mail footers. The same number as on the Branding page.',
  timeZone: 'Time Zone',
  timeZoneHint: 'Your weekly digest comes at 8:00 AM on Mondays in this time zone, and your scheduled sends count their days in it.',
  deviceZoneButton: (zone: string) => `Use this device’s time zone (${zone})`,

  notificationsTitle: 'E-mail Notifications',
  emailNotifications: 'E-mail me about my clients',
  emailNotificationsHint:
    'An e-mail when a client joins their portal, and when a client confirms or refuses a phone or e-mail change you asked for.',
  emailNotificationsNoEmail: 'We have no e-mail address for you, so nothing can be sent.',
  weeklyDigest: 'Weekly digest e-mail',
  weeklyDigestHint:
    'Every Monday at 8:00 AM: clients newly at risk, lapsed consents, upcoming birthdays and anniversaries, campaign results',

  save: 'Save',
  saved: 'Settings saved',
  saveFailed: 'Failed to save settings',

  firstNameRequired: 'First name is required',
  lastNameRequired: 'Last name is required',
  firstNameTooLong: `First name must be at most ${PROFILE_NAME_MAX} characters`,
  lastNameTooLong: `Last name must be at most ${PROFILE_NAME_MAX} characters`,
} as const;

export const PROFILE_STEP_TEXTS = {
  title: 'Welcome! What is your name?',
  description:
    'Your sign-in provider did not tell us your name. Your clients see it in messages from you, so we ask once. You can change it later in Settings.',
  save: 'Save and continue',
  saved: 'Welcome',
  saveFailed: 'Failed to save your name',
  signOut: 'Sign Out',
} as const;
