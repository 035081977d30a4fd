import type { Translation } from '../../i18n/translation.ts';
import * as activityLog from '../activity-log/texts.ts';
import * as apiAccess from '../api-access/texts.ts';
import * as billing from '../billing/texts.ts';
import * as branding from '../branding/texts.ts';
import * as campaigns from '../campaigns/texts.ts';
import * as clientPage from '../clients/pageTexts.ts';
import * as clients from '../clients/texts.ts';
import * as compliance from '../compliance/texts.ts';
import * as dashboard from '../dashboard/texts.ts';
import * as shell from '../layout/texts.ts';
import * as outbox from '../outbox/texts.ts';
import * as portalPreview from '../portal-preview/texts.ts';
import * as reminders from '../reminders/texts.ts';
import * as resources from '../resources/texts.ts';
import * as settings from '../settings/texts.ts';
import * as team from '../team/texts.ts';
import * as texting from '../texting/texts.ts';
import * as tour from '../tour/texts.ts';
import type { late } from './lateAreas.ts';

/**
 * The broker app's English catalogue: each page's texts module, by area. The areas every broker
 * needs are here, in the first load; the back office's and the guide's (`LateAreas`, over a fifth
 * of the words) load with the pages that show them (`loadLateAreas`). Another language's
 * catalogue has the same areas with its own words for every text export; numbers and ids stay
 * English's.
 */
const early = {
  activityLog,
  apiAccess,
  billing,
  branding,
  campaigns,
  clientPage,
  clients,
  compliance,
  dashboard,
  shell,
  outbox,
  portalPreview,
  reminders,
  resources,
  settings,
  team,
  texting,
  tour,
};

/** The areas that load with their pages (lateAreas.ts). */
export type LateAreas = typeof late;

/** Every area, once the late ones have loaded; until then those are missing (`loadLateAreas`). */
export const english = early as typeof early & LateAreas;

/** Adds the late areas to the English catalogue. */
export function addLateAreas(late: LateAreas): void {
  Object.assign(english, late);
}

export type BrokerCatalogue = { [Area in keyof typeof english]: Translation<(typeof english)[Area]> };
/** Another language's words: every area, with the text exports it translates. */
export type BrokerTranslation = { [Area in keyof typeof english]: Partial<BrokerCatalogue[Area]> };

/** A language's catalogue over English's: its words, English's numbers and ids. */
export function over(translation: BrokerTranslation): BrokerCatalogue {
  return Object.fromEntries(
    Object.entries(english).map(([area, module]) => [area, { ...module, ...translation[area as keyof typeof english] }]),
  ) as BrokerCatalogue;
}
