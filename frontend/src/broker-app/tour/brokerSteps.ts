import type { Step } from 'react-joyride';

import type { Translation } from '../../i18n/translation.ts';
import { TOUR_TEXTS } from './texts.ts';

/** The eight steps of the broker_welcome tour (SPEC §4 Dashboard tour), in the app's language. */
export function brokerTourSteps(agencyName: string, T: Translation<typeof TOUR_TEXTS> = TOUR_TEXTS): Step[] {
  const nav = (area: string) => ({ target: `[data-tour="nav-${area}"]`, placement: 'right' as const });
  return [
    { target: 'body', placement: 'center', title: T.welcomeTitle(agencyName), content: T.welcome },
    { target: '[data-tour="dashboard-stats"]', title: T.statsTitle, content: T.stats },
    { ...nav('clients'), title: T.clientsTitle, content: T.clients },
    { ...nav('reminders'), title: T.remindersTitle, content: T.reminders },
    { ...nav('campaigns'), title: T.campaignsTitle, content: T.campaigns },
    { ...nav('resources'), title: T.resourcesTitle, content: T.resources },
    { ...nav('branding'), title: T.brandingTitle, content: T.branding },
    { ...nav('help'), title: T.helpTitle, content: T.help },
  ];
}
