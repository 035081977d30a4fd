/** Every text of the client sign-in page (SPEC §2 Client login, §5 Login, §8 Client portal and Success messages). */
export const LOGIN = {
  title: 'Client Sign In',
  welcome: 'Welcome back. Sign in to see your medications and reminders.',
  /** The welcome on an agency's branded sign-in page (/client/login?agency=…). */
  agencyWelcome: (agency: string) => `Sign in to see your reminders from ${agency}.`,
  username: 'Username',
  password: 'Password',
  submit: 'Sign In',
  submitting: 'Signing In…',
  forgotPassword: 'Forgot your password?',
  invitationNote: 'New here? Ask your insurance agent for an invitation to create your account.',
  missingFieldsTitle: 'Missing fields',
  missingFieldsText: 'Please enter your username and password',
  failedTitle: 'Sign in failed',
  failedFallback: 'Invalid username or password',
  successTitle: 'Login successful!',
  successText: (firstName: string) => `Welcome back, ${firstName}!`,
} as const;

/** The show/hide button of a password field. */
export const PASSWORD_TOGGLE = {
  show: 'Show',
  hide: 'Hide',
} as const;

export const PORTAL_PATH = '/client/portal';
export const LOGIN_PATH = '/client/login';
export const FORGOT_PASSWORD_PATH = '/client/forgot-password';
/** SPEC §9: login to portal after 0.5 s. */
export const LOGIN_REDIRECT_MS = 500;
