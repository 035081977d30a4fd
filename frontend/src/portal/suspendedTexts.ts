/**
 * The page a suspended broker lands on after signing in (/account-suspended): the server sends them
 * here instead of starting a session. Loaded with the page, not in the portal's first load.
 */
export const SUSPENDED_TEXTS = {
  productName: 'CareKeep',
  title: 'Your account is suspended',
  body: 'Your CareKeep account has been suspended by the platform. Your clients can still use their portal and their own reminders. Contact CareKeep support to restore access.',
  signOut: 'Sign Out',
} as const;

/** Ends the session (and the identity provider's), then back to the landing page. */
export const SUSPENDED_SIGN_OUT_URL = '/api/logout';
