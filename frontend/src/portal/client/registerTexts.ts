/** Every text of the client registration page (SPEC §2 Client registration, §5 Registration, §8 Client portal and Success messages). */
export const REGISTER = {
  title: 'Create Your Account',
  greeting: (firstName: string) => `Welcome, ${firstName}!`,
  invitedBy: (agency: string) => `${agency} invited you to your private portal for your medications and reminders.`,
  intro: 'Choose a username and password. You will use them to sign in to your personal health portal.',
  username: 'Username',
  usernameHint: 'At least 3 characters: letters, numbers, and .\u00a0_\u00a0-\u00a0@',
  password: 'Password',
  passwordHint: 'At least 8 characters',
  confirmPassword: 'Confirm Password',
  confirmPasswordHint: 'Type the same password again',
  submit: 'Create Account',
  submitting: 'Creating Account…',
  haveAccount: 'Already have an account?',
  signInLink: 'Sign in',

  missingFieldsTitle: 'Missing fields',
  missingFieldsText: 'Please fill in all fields',
  mismatchTitle: "Passwords don't match",
  tooShortTitle: 'Password too short',
  tooShortText: 'Password must be at least 8 characters',
  missingTokenTitle: 'Invalid invitation',
  missingTokenText: 'Missing invitation token',
  failedTitle: 'Registration failed',
  failedFallback: 'Please try again',
  successTitle: 'Registration successful!',
  successText: 'Opening your portal…',

  lookupFailedTitle: 'Invalid or expired invitation',
  invalidTitle: 'Invalid Invitation',
  invalidText: 'This invitation link is invalid or has expired. Please contact your broker for a new invitation.',
  goToLogin: 'Go to Login',
  registeredTitle: 'You already have an account',
  registeredText: 'You set up your account with this invitation. Sign in with your username and password.',
  signIn: 'Sign In',
} as const;

/** SPEC §9 Password: minimum 8 characters. */
export const PASSWORD_MIN_LENGTH = 8;
/** SPEC §9: registration to portal after 1 s. */
export const REGISTER_REDIRECT_MS = 1000;
