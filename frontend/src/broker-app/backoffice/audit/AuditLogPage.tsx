import { useBrokerTexts } from '../../i18n/useBrokerTexts.ts';
import type { AuditEntry } from '../../types.ts';
import { useErrorToast } from '../../ui/errors.ts';
import { LOG_PER_PAGE, LogList, useNarrowLog } from '../../ui/LogList.tsx';
import { ActionText, AdminName, BrokerLink, ChangeList, EntryNotes } from './AuditEntryParts.tsx';
import { useAuditFilters } from './AuditFilters.tsx';
import { auditExportUrl } from './format.ts';

export const AUDIT_PER_PAGE = LOG_PER_PAGE;

/**
 * /admin/audit: every admin action on the platform, newest first, with filters kept in the address
 * and the CSV export of everything under them (docs/admin.md).
 */
export function AuditLogPage() {
  const { AUDIT_TEXTS: T } = useBrokerTexts().adminAudit;
  const narrow = useNarrowLog();
  const errorToast = useErrorToast();
  return (
    <LogList<AuditEntry>
      narrow={narrow}
      resource="audit"
      texts={{ ...T, subtitle: `${T.subtitle} ${T.appendOnly}`, whenColumn: T.columns.when }}
      filters={useAuditFilters(narrow)}
      exportUrl={auditExportUrl}
      cardTestId="audit-entry"
      columns={[
        { label: T.columns.admin, render: (entry) => <AdminName admin={entry.admin} /> },
        { label: T.columns.action, source: 'action', heads: true, render: (entry) => <ActionText entry={entry} /> },
        { label: T.columns.broker, render: (entry) => <BrokerLink broker={entry.broker} /> },
        { label: T.columns.change, render: (entry) => <ChangeList entry={entry} /> },
        { label: T.columns.notes, render: (entry) => <EntryNotes entry={entry} />, onCard: (entry) => Boolean(entry.notes) },
      ]}
      queryOptions={{
        // A lost session has its own toast; a refused filter says why (e.g. 'filter from must not be after to').
        onError: (error) => {
          if ((error as { status?: number }).status !== 401) errorToast(error, T.loadFailed);
        },
      }}
    />
  );
}
