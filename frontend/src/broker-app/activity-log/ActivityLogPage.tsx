import { Box } from '@mui/material';
import { useListContext } from 'react-admin';

import { serverMessage } from '../../lib/http.ts';
import { useBrokerTexts } from '../i18n/useBrokerTexts.ts';
import type { AgencyEvent } from '../types.ts';
import { LoadError } from '../ui/EmptyState.tsx';
import { filteredExportUrl } from '../ui/listFilter.ts';
import { LOG_PER_PAGE, LogList, useNarrowLog } from '../ui/LogList.tsx';
import { ActionText, ChangeList, EntryAddress, EntrySummary, MemberName } from './ActivityEntryParts.tsx';
import { useActivityFilters } from './ActivityFilters.tsx';
import { ACTIVITY_EXPORT_PATH } from './format.ts';

export const ACTIVITY_PER_PAGE = LOG_PER_PAGE;

/**
 * /activity-log: who in the agency changed what, newest first, for its owners and read-only members
 * (activity:read), with filters kept in the address and the CSV of everything under them
 * (docs/broker-app.md).
 */
export function ActivityLogPage() {
  const { ACTIVITY_LOG_TEXTS: T } = useBrokerTexts().activityLog;
  const narrow = useNarrowLog();
  return (
    <LogList<AgencyEvent>
      narrow={narrow}
      resource="agency-log"
      texts={{ ...T, subtitle: `${T.subtitle} ${T.appendOnly}`, whenColumn: T.columns.when }}
      filters={useActivityFilters(narrow)}
      exportUrl={(filterValues) => filteredExportUrl(ACTIVITY_EXPORT_PATH, filterValues)}
      cardTestId="activity-entry"
      columns={[
        { label: T.columns.member, render: (entry) => <MemberName entry={entry} /> },
        { label: T.columns.action, source: 'action', heads: true, render: (entry) => <ActionText entry={entry} /> },
        { label: T.columns.about, render: (entry) => <EntrySummary entry={entry} /> },
        {
          label: T.columns.change,
          render: (entry) => <ChangeList entry={entry} />,
          onCard: (entry) => Boolean(entry.before || entry.after),
        },
        { label: T.columns.address, render: (entry) => <EntryAddress entry={entry} /> },
      ]}
      error={<ActivityLoadError />}
      // The failure shows in the list's place, with Try again (a lost session has its own toast).
      queryOptions={{ onError: () => undefined }}
    />
  );
}

/** The list could not be loaded: why, when the server said (a refused filter), and Try again. */
function ActivityLoadError() {
  const { ACTIVITY_LOG_TEXTS: T } = useBrokerTexts().activityLog;
  const { error, refetch } = useListContext<AgencyEvent>();
  const reason = (error as { status?: number } | null)?.status === 400 ? serverMessage(error) : undefined;
  return (
    <Box sx={{ p: { md: 2 } }}>
      <LoadError message={reason ? `${T.loadFailed}: ${reason}` : T.loadFailed} retryLabel={T.retry} onRetry={() => void refetch()} />
    </Box>
  );
}
