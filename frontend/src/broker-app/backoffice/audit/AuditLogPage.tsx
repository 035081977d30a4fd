import DownloadIcon from '@mui/icons-material/Download';
import HistoryIcon from '@mui/icons-material/History';
import SearchOffIcon from '@mui/icons-material/SearchOff';
import { Box, Button, Card, CardContent, Skeleton, type Theme, Typography, useMediaQuery } from '@mui/material';
import { DataTable, FilterButton, List, TopToolbar, useListContext } from 'react-admin';

import { useBrokerTexts } from '../../i18n/useBrokerTexts.ts';
import type { AuditEntry } from '../../types.ts';
import { useErrorToast } from '../../ui/errors.ts';
import { PageHeader } from '../../ui/PageHeader.tsx';
import { ActionText, AdminName, BrokerLink, ChangeList, EntryNotes, EntryTime } from './AuditEntryParts.tsx';
import { useAuditFilters } from './AuditFilters.tsx';
import { auditExportUrl, auditFilter } from './format.ts';

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
  const filtered = Object.keys(auditFilter(filterValues)).length > 0;
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
  if (isPending) {
    return (
      <Box sx={{ display: 'grid', gap: 1.5 }} aria-busy="true">
        {Array.from({ length: 3 }, (_, index) => (
          <Card key={index}>
            <CardContent>
              <Skeleton width="50%" />
              <Skeleton width="80%" />
              <Skeleton width="60%" />
            </CardContent>
          </Card>
        ))}
      </Box>
    );
  }
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
            <Field label={T.columns.admin}>
              <AdminName admin={entry.admin} />
            </Field>
            <Field label={T.columns.broker}>
              <BrokerLink broker={entry.broker} />
            </Field>
            <Field label={T.columns.change}>
              <ChangeList entry={entry} />
            </Field>
            {entry.notes && (
              <Field label={T.columns.notes}>
                <EntryNotes entry={entry} />
              </Field>
            )}
          </CardContent>
        </Card>
      ))}
    </Box>
  );
}

function Field({ label, children }: { label: string; children: React.ReactNode }) {
  return (
    <Box sx={{ display: 'grid', gridTemplateColumns: '7.5rem minmax(0, 1fr)', columnGap: 1.5 }}>
      <Typography variant="body2" color="text.secondary">
        {label}
      </Typography>
      {children}
    </Box>
  );
}

function AuditEmpty() {
  const { AUDIT_TEXTS: T } = useBrokerTexts().adminAudit;
  const { filterValues } = useListContext<AuditEntry>();
  const filtered = Object.keys(auditFilter(filterValues)).length > 0;
  const Icon = filtered ? SearchOffIcon : HistoryIcon;
  return (
    <Box sx={{ py: 6, px: 2, textAlign: 'center' }}>
      <Icon sx={{ fontSize: 48, color: 'text.disabled' }} aria-hidden />
      <Typography component="h2" variant="h6" sx={{ mt: 1, fontWeight: 600 }}>
        {T.emptyTitle}
      </Typography>
      <Typography color="text.secondary" sx={{ mt: 0.5, maxWidth: 520, mx: 'auto' }}>
        {filtered ? T.emptyFiltered : T.emptyNone}
      </Typography>
    </Box>
  );
}
