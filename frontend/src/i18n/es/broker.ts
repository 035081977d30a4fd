import type { BrokerTranslation } from '../../broker-app/i18n/catalogue.ts';
import * as activityLog from './activity-log.ts';
import * as adminAdmins from './admin-admins.ts';
import * as adminAudit from './admin-audit.ts';
import * as adminBrokers from './admin-brokers.ts';
import * as adminDashboard from './admin-dashboard.ts';
import * as adminHelp from './admin-help.ts';
import * as adminResources from './admin-resources.ts';
import * as apiAccess from './api-access.ts';
import * as billing from './billing.ts';
import * as branding from './branding.ts';
import * as help from './broker-help.ts';
import * as tour from './broker-tour.ts';
import * as campaigns from './campaigns.ts';
import * as clientPage from './client-page.ts';
import * as clients from './clients.ts';
import * as commissions from './commissions.ts';
import * as compliance from './compliance.ts';
import * as dashboard from './dashboard.ts';
import * as inbox from './inbox.ts';
import * as outbox from './outbox.ts';
import * as portalPreview from './portal-preview.ts';
import * as reminders from './reminders.ts';
import * as resources from './resources.ts';
import * as settings from './settings.ts';
import * as shell from './shell.ts';
import * as soa from './soa.ts';
import * as tasks from './tasks.ts';
import * as team from './team.ts';
import * as texting from './texting.ts';

/** The broker app in Spanish, by area (one chunk, loaded when Spanish is chosen). */
export const spanish: BrokerTranslation = {
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
  commissions,
  compliance,
  dashboard,
  help,
  inbox,
  soa,
  shell,
  tasks,
  outbox,
  portalPreview,
  reminders,
  resources,
  settings,
  team,
  texting,
  tour,
};
