import DownloadIcon from '@mui/icons-material/Download';
import { Box, Button, Card, CardContent, type Theme, useMediaQuery } from '@mui/material';
import { DataTable, FilterButton, List, TopToolbar, useListContext } from 'react-admin';

import { useBrokerTexts } from '../../i18n/useBrokerTexts.ts';
import type { AuditEntry } from '../../types.ts';
import { useErrorToast } from '../../ui/errors.ts';
import { isFiltered } from '../../ui/listFilter.ts';
import { EntryCardsSkeleton, EntryField, EntryTime, LogEmpty } from '../../ui/LogEntries.tsx';
import { PageHeader } from '../../ui/PageHeader.tsx';
import { ActionText, AdminName, BrokerLink, ChangeList, EntryNotes } from './AuditEntryParts.tsx';
import { useAuditFilters } from './AuditFilters.tsx';
import { auditExportUrl } from './format.ts';

export const AUDIT_PER_PAGE = 25;

/**
 * /admin/audit: every admin action on the platform, newest first, with filters kept in the address
 * and the CSV export of everything under them (docs/admin.md). A table on wide screens; below
 * 900 px each entry is a card.
 */
export function AuditLogPage() {
  const { AUDIT_TEXTS: T } = useBrokerTexts().adminAudit;
  const narrow = useMediaQuery((theme: Theme) => theme.breakpoints.down('md'), { noSsr: true });
  const errorToast = useErrorToast();
  const filters = useAuditFilters(narrow);
  return (
    <Box>
      <PageHeader title={T.title} subtitle={`${T.subtitle} ${T.appendOnly}`} />
      <List<AuditEntry>
        resource="audit"
        title={false}
        filters={filters}
        actions={<AuditActions narrow={narrow} />}
        sort={{ field: 'createdAt', order: 'DESC' }}
        perPage={AUDIT_PER_PAGE}
        empty={false}
        component={narrow ? 'div' : Card}
        queryOptions={{
          // A lost session has its own toast; a refused filter says why (e.g. 'filter from must not be after to').
          onError: (error) => {
            if ((error as { status?: number }).status !== 401) errorToast(error, T.loadFailed);
          },
        }}
        // The list's flex column must not grow to the table's width: the table scrolls sideways instead of the page.
        sx={{ '& .RaList-main': { minWidth: 0 }, '& .RaList-actions': { mb: 1 } }}
      >
        {narrow ? <AuditEntryCards /> : <AuditTable />}
      </List>
    </Box>
  );
}

/** Add filter (narrow screens), Clear Filters, and the CSV export under the current filters. */
function AuditActions({ narrow }: { narrow: boolean }) {
  const { AUDIT_TEXTS: T } = useBrokerTexts().adminAudit;
  const { filterValues, setFilters } = useListContext<AuditEntry>();
  const filtered = isFiltered(filterValues);
  return (
    <TopToolbar sx={{ alignItems: 'center', gap: 1 }}>
      {narrow ? (
        <FilterButton disableSaveQuery />
      ) : (
        filtered && (
          <Button size="small" onClick={() => setFilters({}, {})}>
            {T.clearFilters}
          </Button>
        )
      )}
      <Button
        variant="outlined"
        size="small"
        startIcon={<DownloadIcon />}
        href={auditExportUrl(filterValues)}
        download
        title={T.exportHint}
      >
        {T.exportCsv}
      </Button>
    </TopToolbar>
  );
}

function AuditTable() {
  const { AUDIT_TEXTS: T } = useBrokerTexts().adminAudit;
  return (
    <DataTable<AuditEntry>
      rowClick={false}
      bulkActionButtons={false}
      size="small"
      empty={<AuditEmpty />}
      sx={{
        '& .RaDataTable-tableWrapper': { overflowX: 'auto' },
        '& td': { verticalAlign: 'top' },
      }}
    >
      <DataTable.Col<AuditEntry> source="createdAt" label={T.columns.when} render={(entry) => <EntryTime entry={entry} />} />
      <DataTable.Col<AuditEntry> label={T.columns.admin} disableSort render={(entry) => <AdminName admin={entry.admin} />} />
      <DataTable.Col<AuditEntry> source="action" label={T.columns.action} render={(entry) => <ActionText entry={entry} />} />
      <DataTable.Col<AuditEntry> label={T.columns.broker} disableSort render={(entry) => <BrokerLink broker={entry.broker} />} />
      <DataTable.Col<AuditEntry> label={T.columns.change} disableSort render={(entry) => <ChangeList entry={entry} />} />
      <DataTable.Col<AuditEntry> label={T.columns.notes} disableSort render={(entry) => <EntryNotes entry={entry} />} />
    </DataTable>
  );
}

/** Narrow screens: one card per entry, the table's columns stacked. */
function AuditEntryCards() {
  const { AUDIT_TEXTS: T } = useBrokerTexts().adminAudit;
  const { data, isPending } = useListContext<AuditEntry>();
  if (isPending) return <EntryCardsSkeleton />;
  if (!data || data.length === 0) return <AuditEmpty />;
  return (
    <Box component="ol" aria-label={T.tableLabel} sx={{ listStyle: 'none', m: 0, p: 0, display: 'grid', gap: 1.5 }}>
      {data.map((entry) => (
        <Card key={entry.id} component="li" data-testid="audit-entry">
          <CardContent sx={{ display: 'grid', gap: 1, '&:last-child': { pb: 2 } }}>
            <Box sx={{ display: 'flex', flexWrap: 'wrap', justifyContent: 'space-between', columnGap: 2, rowGap: 0.5 }}>
              <ActionText entry={entry} />
              <Box sx={{ color: 'text.secondary' }}>
                <EntryTime entry={entry} />
              </Box>
            </Box>
            <EntryField label={T.columns.admin}>
              <AdminName admin={entry.admin} />
            </EntryField>
            <EntryField label={T.columns.broker}>
              <BrokerLink broker={entry.broker} />
            </EntryField>
            <EntryField label={T.columns.change}>
              <ChangeList entry={entry} />
            </EntryField>
            {entry.notes && (
              <EntryField label={T.columns.notes}>
                <EntryNotes entry={entry} />
              </EntryField>
            )}
          </CardContent>
        </Card>
      ))}
    </Box>
  );
}

function AuditEmpty() {
  const { AUDIT_TEXTS: T } = useBrokerTexts().adminAudit;
  const { filterValues } = useListContext<AuditEntry>();
  const filtered = isFiltered(filterValues);
  return <LogEmpty filtered={filtered} title={T.emptyTitle} body={filtered ? T.emptyFiltered : T.emptyNone} />;
}
