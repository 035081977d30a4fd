/** Every text of the Forgot password and Choose a new password pages (loaded with them, not on the first page). */
export const RESET_TEXTS = {
  forgotTitle: 'Reset Your Password',
  forgotIntro:
    'Enter your username, your phone number or your e-mail address. We will send you a code by text message, or a link by e-mail.',
  identifier: 'Username, phone number or e-mail',
  identifierHint: 'For example: mary.j, (615) 555-0142 or mary@example.com',
  send: 'Send Me a Code',
  sending: 'Sending…',
  missingIdentifierTitle: 'Missing information',
  missingIdentifier: 'Please enter your username, phone number or e-mail address',
  sendFailedTitle: 'Could not send',
  sendFailedFallback: 'Please try again in a few minutes',

  sentTitle: 'Check your phone or e-mail',
  sentText: 'If an account matches, we sent a code by text message or a link by e-mail. It works for 30 minutes.',
  emailNext: 'Open the link in the e-mail we sent you to choose a new password.',
  gotText: 'I got a code by text message',
  codeIntro: 'Enter the 6-digit code from the text message, then choose a new password.',
  emailInstead: 'Got an e-mail instead? Open the link in it.',
  code: '6-digit code',
  codeHint: 'From the text message we sent you',
  newPassword: 'New Password',
  newPasswordHint: 'At least 8 characters',
  confirmPassword: 'Confirm New Password',
  confirmPasswordHint: 'Type the same password again',
  save: 'Set New Password',
  saving: 'Saving…',
  missingFieldsTitle: 'Missing fields',
  missingFieldsText: 'Please fill in all fields',
  badCodeTitle: 'Check the code',
  badCodeText: 'The code has 6 digits',
  mismatchTitle: "Passwords don't match",
  tooShortTitle: 'Password too short',
  tooShortText: 'Password must be at least 8 characters',
  failedTitle: 'Password not changed',
  failedFallback: 'Please try again',
  successTitle: 'Password changed!',
  successText: (firstName: string) => `Welcome back, ${firstName}! Opening your portal…`,
  sendAgain: 'Send a New Code',
  backToSignIn: 'Back to sign in',

  resetTitle: 'Choose a New Password',
  resetIntro: 'Choose a new password for your portal. You will use it to sign in.',
  noLinkTitle: 'This link is not complete',
  noLinkText: 'Open the link from the e-mail again, or ask for a new one.',
  askAgain: 'Ask for a New Link',
  helpNote: 'Still stuck? Call your insurance agent: they can send you a new code.',
} as const;

/** A 6-digit code, as the text message gives it (spaces allowed). */
export const CODE_LENGTH = 6;
/** Registration's minimum (registerTexts.ts), kept here so these pages do not pull the registration's words apart from the first load. */
export const NEW_PASSWORD_MIN_LENGTH = 8;
