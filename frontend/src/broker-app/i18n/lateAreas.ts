import * as adminAdmins from '../backoffice/admins/texts.ts';
import * as adminAudit from '../backoffice/audit/texts.ts';
import * as adminBrokers from '../backoffice/brokers/texts.ts';
import * as adminDashboard from '../backoffice/dashboard/texts.ts';
import * as adminHelp from '../backoffice/help/texts.ts';
import * as adminResources from '../backoffice/resources/texts.ts';
import * as commissions from '../commissions/texts.ts';
import * as help from '../help/texts.ts';
import * as inbox from '../inbox/texts.ts';
import * as soa from '../soa/texts.ts';
import * as tasks from '../tasks/texts.ts';

/**
 * The English areas that are not in the broker app's first load: the back office's (a broker who
 * is not an admin never opens it), the guide's, the Commissions page's, the Scope of Appointment's
 * and the tasks' (docs/tasks.md). They load with the pages and cards that show them.
 */
export const late = {
  adminAdmins,
  adminAudit,
  adminBrokers,
  adminDashboard,
  adminHelp,
  adminResources,
  commissions,
  help,
  inbox,
  soa,
  tasks,
};
