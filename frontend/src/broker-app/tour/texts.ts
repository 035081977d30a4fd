import { INDUSTRY_AVERAGE_RETENTION } from '../dashboard/texts.ts';

export { TOUR_LOCALE } from '../../shared/tourOptions.ts';

/** The broker_welcome tour's words (SPEC §4 Dashboard tour), step by step. */
export const TOUR_TEXTS = {
  welcomeTitle: (agencyName: string) => `Welcome to ${agencyName}!`,
  welcome:
    'This quick tour shows you the tools that keep your clients with you through the Annual Enrollment Period. It takes about a minute.',
  statsTitle: 'Your book at a glance',
  stats: `Total clients, retention against the ${INDUSTRY_AVERAGE_RETENTION}% industry average, how many reminder calls were completed, and your engagement score.`,
  clientsTitle: 'Clients',
  clients: 'Add clients one by one or upload a CSV, invite them to their private portal, and watch their engagement scores.',
  remindersTitle: 'Reminders',
  reminders:
    'Schedule one-time reminder calls or texts with a generic message. They go out within a minute of the time you pick, with your sponsor message.',
  campaignsTitle: 'Campaigns',
  campaigns: 'Send an e-mail or SMS to all your active clients at once, and see how many opened and clicked.',
  resourcesTitle: 'Resources',
  resources: 'Training materials, sales scripts, templates and compliance documents, ready to download.',
  brandingTitle: 'Branding',
  branding: 'Your logo, colours and sponsor message on every call, e-mail and your clients’ portal.',
  helpTitle: 'Help',
  help: 'Guides for every page, troubleshooting, and this tour again whenever you want it.',
} as const;
