import DownloadIcon from '@mui/icons-material/Download';
import { Box, Button, Card, CardContent, type Theme, useMediaQuery } from '@mui/material';
import { DataTable, FilterButton, List, TopToolbar, useListContext } from 'react-admin';

import { serverMessage } from '../../lib/http.ts';
import { useBrokerTexts } from '../i18n/useBrokerTexts.ts';
import type { AgencyEvent } from '../types.ts';
import { LoadError } from '../ui/EmptyState.tsx';
import { filteredExportUrl, isFiltered } from '../ui/listFilter.ts';
import { EntryCardsSkeleton, EntryField, EntryTime, LogEmpty } from '../ui/LogEntries.tsx';
import { PageHeader } from '../ui/PageHeader.tsx';
import { ActionText, ChangeList, EntryAddress, EntrySummary, MemberName } from './ActivityEntryParts.tsx';
import { useActivityFilters } from './ActivityFilters.tsx';
import { ACTIVITY_EXPORT_PATH } from './format.ts';

export const ACTIVITY_PER_PAGE = 25;

/**
 * /activity-log: who in the agency changed what, newest first, for its owners and read-only members
 * (activity:read), with filters kept in the address and the CSV of everything under them
 * (docs/broker-app.md). A table on wide screens; below 900 px each entry is a card.
 */
export function ActivityLogPage() {
  const { ACTIVITY_LOG_TEXTS: T } = useBrokerTexts().activityLog;
  const narrow = useMediaQuery((theme: Theme) => theme.breakpoints.down('md'), { noSsr: true });
  const filters = useActivityFilters(narrow);
  return (
    <Box>
      <PageHeader title={T.title} subtitle={`${T.subtitle} ${T.appendOnly}`} />
      <List<AgencyEvent>
        resource="agency-log"
        title={false}
        filters={filters}
        actions={<ActivityActions narrow={narrow} />}
        sort={{ field: 'createdAt', order: 'DESC' }}
        perPage={ACTIVITY_PER_PAGE}
        empty={false}
        error={<ActivityLoadError />}
        component={narrow ? 'div' : Card}
        // The failure shows in the list's place, with Try again (a lost session has its own toast).
        queryOptions={{ onError: () => undefined }}
        // The list's flex column must not grow to the table's width: the table scrolls sideways instead of the page.
        sx={{ '& .RaList-main': { minWidth: 0 }, '& .RaList-actions': { mb: 1 } }}
      >
        {narrow ? <ActivityEntryCards /> : <ActivityTable />}
      </List>
    </Box>
  );
}

/** Add filter (narrow screens), Clear Filters, and the CSV export under the current filters. */
function ActivityActions({ narrow }: { narrow: boolean }) {
  const { ACTIVITY_LOG_TEXTS: T } = useBrokerTexts().activityLog;
  const { filterValues, setFilters } = useListContext<AgencyEvent>();
  return (
    <TopToolbar sx={{ alignItems: 'center', gap: 1 }}>
      {narrow ? (
        <FilterButton disableSaveQuery />
      ) : (
        isFiltered(filterValues) && (
          <Button size="small" onClick={() => setFilters({}, {})}>
            {T.clearFilters}
          </Button>
        )
      )}
      <Button
        variant="outlined"
        size="small"
        startIcon={<DownloadIcon />}
        href={filteredExportUrl(ACTIVITY_EXPORT_PATH, filterValues)}
        download
        title={T.exportHint}
      >
        {T.exportCsv}
      </Button>
    </TopToolbar>
  );
}

function ActivityTable() {
  const { ACTIVITY_LOG_TEXTS: T } = useBrokerTexts().activityLog;
  return (
    <DataTable<AgencyEvent>
      rowClick={false}
      bulkActionButtons={false}
      size="small"
      empty={<ActivityEmpty />}
      sx={{
        '& .RaDataTable-tableWrapper': { overflowX: 'auto' },
        '& td': { verticalAlign: 'top' },
      }}
    >
      <DataTable.Col<AgencyEvent> source="createdAt" label={T.columns.when} render={(entry) => <EntryTime entry={entry} />} />
      <DataTable.Col<AgencyEvent> label={T.columns.member} disableSort render={(entry) => <MemberName entry={entry} />} />
      <DataTable.Col<AgencyEvent> source="action" label={T.columns.action} render={(entry) => <ActionText entry={entry} />} />
      <DataTable.Col<AgencyEvent> label={T.columns.about} disableSort render={(entry) => <EntrySummary entry={entry} />} />
      <DataTable.Col<AgencyEvent> label={T.columns.change} disableSort render={(entry) => <ChangeList entry={entry} />} />
      <DataTable.Col<AgencyEvent> label={T.columns.address} disableSort render={(entry) => <EntryAddress entry={entry} />} />
    </DataTable>
  );
}

/** Narrow screens: one card per entry, the table's columns stacked. */
function ActivityEntryCards() {
  const { ACTIVITY_LOG_TEXTS: T } = useBrokerTexts().activityLog;
  const { data, isPending } = useListContext<AgencyEvent>();
  if (isPending) return <EntryCardsSkeleton />;
  if (!data || data.length === 0) return <ActivityEmpty />;
  return (
    <Box component="ol" aria-label={T.tableLabel} sx={{ listStyle: 'none', m: 0, p: 0, display: 'grid', gap: 1.5 }}>
      {data.map((entry) => (
        <Card key={entry.id} component="li" data-testid="activity-entry">
          <CardContent sx={{ display: 'grid', gap: 1, '&:last-child': { pb: 2 } }}>
            <Box sx={{ display: 'flex', flexWrap: 'wrap', justifyContent: 'space-between', columnGap: 2, rowGap: 0.5 }}>
              <ActionText entry={entry} />
              <Box sx={{ color: 'text.secondary' }}>
                <EntryTime entry={entry} />
              </Box>
            </Box>
            <EntryField label={T.columns.member}>
              <MemberName entry={entry} />
            </EntryField>
            <EntryField label={T.columns.about}>
              <EntrySummary entry={entry} />
            </EntryField>
            {(entry.before || entry.after) && (
              <EntryField label={T.columns.change}>
                <ChangeList entry={entry} />
              </EntryField>
            )}
            <EntryField label={T.columns.address}>
              <EntryAddress entry={entry} />
            </EntryField>
          </CardContent>
        </Card>
      ))}
    </Box>
  );
}

function ActivityEmpty() {
  const { ACTIVITY_LOG_TEXTS: T } = useBrokerTexts().activityLog;
  const filtered = isFiltered(useListContext<AgencyEvent>().filterValues);
  return <LogEmpty filtered={filtered} title={T.emptyTitle} body={filtered ? T.emptyFiltered : T.emptyNone} />;
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
