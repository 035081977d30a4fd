/** Every text of the public landing page, from the spec (§1, §2 "Public landing page", §9 Marketing). */
export const LANDING = {
  productName: 'CareKeep',
  signIn: 'Sign In',
  resultsLabel: 'Results',
  heroTitle: 'Stop AEP Churn. Grow Your Book of Business.',
  heroSubtitle:
    'Keep your Medicare clients through the Annual Enrollment Period with automated reminder calls, branded campaigns and retention analytics — all under your agency’s name.',
  trialButton: 'Start Your Free 30-Day Trial',
  trialNote: 'No credit card required · Full access · Cancel anytime',
  featuresTitle: 'Everything you need to keep your clients',
  features: [
    {
      title: 'Automated Medication Reminders',
      text: 'Automated medication reminder calls and messages keep your clients on track — and thinking of you.',
    },
    {
      title: 'White-Label Branding',
      text: 'Your agency logo, colours and branded messages on every screen, e-mail and call.',
    },
    {
      title: 'Client Management',
      text: 'Every client in one place, with engagement scoring that shows who needs a call.',
    },
    {
      title: 'Bulk Email & SMS Campaigns',
      text: 'Reach your whole book in minutes with e-mail and text campaigns.',
    },
    {
      title: 'Retention Analytics',
      text: 'See retention, call completion and engagement at a glance.',
    },
    {
      title: 'Sponsor Messages',
      text: 'A sponsor message from your agency is added to every reminder call.',
    },
  ],
  stats: [
    { value: '85%', label: 'Client retention rate' },
    { value: '50%', label: 'Reduction in churn' },
    { value: '$2.5K', label: 'Average commission saved per client' },
  ],
  closingTitle: 'Ready to keep every client this AEP?',
  closingText: 'Start your free 30-day trial today. No credit card, full access, cancel anytime.',
  clientPrompt: 'Are you a client of an agency that uses CareKeep?',
  clientSignIn: 'Sign in to your portal',
  footer: '© 2025 CareKeep. All rights reserved.',
} as const;

/** Sign In and the trial buttons start the broker sign-in. */
export const LOGIN_URL = '/api/login';

/** A client's way to their portal. */
export const CLIENT_LOGIN_URL = '/client/login';
