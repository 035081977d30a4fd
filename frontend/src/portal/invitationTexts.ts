/**
 * The page an invitation's link ends on when it cannot be accepted (/invitation?problem=…): the
 * server sends the person here instead of starting a session. Loaded with the page, not in the
 * portal's first load.
 */
export const INVITATION_TEXTS = {
  productName: 'CareKeep',
  expiredTitle: 'This invitation no longer works',
  expiredBody:
    'Its link has expired, was replaced by a newer one, or was withdrawn. Ask the person who invited you to send the invitation again.',
  otherAgencyTitle: 'You already work in another agency',
  otherAgencyBody:
    'The account you signed in with belongs to another CareKeep agency, and a person works in one agency. Sign out and open the link again with another account, or ask the agency that invited you to invite another e-mail address.',
  home: 'Go to the home page',
  signOut: 'Sign Out',
} as const;

/** Why an invitation could not be accepted, as the server says it in `?problem=`. */
export type InvitationProblem = 'expired' | 'other-agency';
