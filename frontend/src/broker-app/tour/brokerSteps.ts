import type { Step } from 'react-joyride';

import { INDUSTRY_AVERAGE_RETENTION } from '../dashboard/texts.ts';

/** The eight steps of the broker_welcome tour (SPEC §4 Dashboard tour). */
export function brokerTourSteps(agencyName: string): Step[] {
  return [
    {
      target: 'body',
      placement: 'center',
      title: `Welcome to ${agencyName}!`,
      content:
        'This quick tour shows you the tools that keep your clients with you through the Annual Enrollment Period. It takes about a minute.',
    },
    {
      target: '[data-tour="dashboard-stats"]',
      title: 'Your book at a glance',
      content: `Total clients, retention against the ${INDUSTRY_AVERAGE_RETENTION}% industry average, how many reminder calls were completed, and your engagement score.`,
    },
    {
      target: '[data-tour="nav-clients"]',
      placement: 'right',
      title: 'Clients',
      content: 'Add clients one by one or upload a CSV, invite them to their private portal, and watch their engagement scores.',
    },
    {
      target: '[data-tour="nav-reminders"]',
      placement: 'right',
      title: 'Reminders',
      content:
        'Schedule one-time reminder calls or texts with a generic message. They go out within a minute of the time you pick, with your sponsor message.',
    },
    {
      target: '[data-tour="nav-campaigns"]',
      placement: 'right',
      title: 'Campaigns',
      content: 'Send an e-mail or SMS to all your active clients at once, and see how many opened and clicked.',
    },
    {
      target: '[data-tour="nav-resources"]',
      placement: 'right',
      title: 'Resources',
      content: 'Training materials, sales scripts, templates and compliance documents, ready to download.',
    },
    {
      target: '[data-tour="nav-branding"]',
      placement: 'right',
      title: 'Branding',
      content: 'Your logo, colours and sponsor message on every call, e-mail and your clients’ portal.',
    },
    {
      target: '[data-tour="nav-help"]',
      placement: 'right',
      title: 'Help',
      content: 'Guides for every page, troubleshooting, and this tour again whenever you want it.',
    },
  ];
}
