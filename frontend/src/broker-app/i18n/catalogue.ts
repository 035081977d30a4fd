import type { Translation } from '../../i18n/translation.ts';
import * as activityLog from '../activity-log/texts.ts';
import * as apiAccess from '../api-access/texts.ts';
import * as adminAdmins from '../backoffice/admins/texts.ts';
import * as adminAudit from '../backoffice/audit/texts.ts';
import * as adminBrokers from '../backoffice/brokers/texts.ts';
import * as adminDashboard from '../backoffice/dashboard/texts.ts';
import * as adminHelp from '../backoffice/help/texts.ts';
import * as adminResources from '../backoffice/resources/texts.ts';
import * as billing from '../billing/texts.ts';
import * as branding from '../branding/texts.ts';
import * as campaigns from '../campaigns/texts.ts';
import * as clientPage from '../clients/pageTexts.ts';
import * as clients from '../clients/texts.ts';
import * as compliance from '../compliance/texts.ts';
import * as dashboard from '../dashboard/texts.ts';
import * as help from '../help/texts.ts';
import * as shell from '../layout/texts.ts';
import * as outbox from '../outbox/texts.ts';
import * as portalPreview from '../portal-preview/texts.ts';
import * as reminders from '../reminders/texts.ts';
import * as resources from '../resources/texts.ts';
import * as settings from '../settings/texts.ts';
import * as team from '../team/texts.ts';
import * as tour from '../tour/texts.ts';

/**
 * The broker app's English catalogue: each page's texts module, by area. The back office's areas
 * are here too. Another language's catalogue has the same
 * areas with its own words for every text export; numbers and ids stay English's.
 */
export const english = {
  activityLog,
  adminAdmins,
  adminAudit,
  adminBrokers,
  adminDashboard,
  adminHelp,
  adminResources,
  apiAccess,
  billing,
  branding,
  campaigns,
  clientPage,
  clients,
  compliance,
  dashboard,
  help,
  shell,
  outbox,
  portalPreview,
  reminders,
  resources,
  settings,
  team,
  tour,
};

export type BrokerCatalogue = { [Area in keyof typeof english]: Translation<(typeof english)[Area]> };
/** Another language's words: every area, with the text exports it translates. */
export type BrokerTranslation = { [Area in keyof typeof english]: Partial<BrokerCatalogue[Area]> };

/** A language's catalogue over English's: its words, English's numbers and ids. */
export function over(translation: BrokerTranslation): BrokerCatalogue {
  return Object.fromEntries(
    Object.entries(english).map(([area, module]) => [area, { ...module, ...translation[area as keyof typeof english] }]),
  ) as BrokerCatalogue;
}
