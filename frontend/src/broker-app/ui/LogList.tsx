import DownloadIcon from '@mui/icons-material/Download';
import { Box, Button, Card, CardContent, type Theme, useMediaQuery } from '@mui/material';
import type { ReactElement, ReactNode } from 'react';
import { DataTable, FilterButton, List, type ListProps, type RaRecord, TopToolbar, useListContext } from 'react-admin';

import { isFiltered } from './listFilter.ts';
import { EntryCardsSkeleton, EntryField, EntryTime, LogEmpty } from './LogEntries.tsx';
import { PageHeader } from './PageHeader.tsx';

/** An entry of a log: recorded when, and shown newest first. */
export type LogRecord = RaRecord & { createdAt: string };

/** One column of a log after its time: the table's column, and the card's labelled field. */
export interface LogColumn<T extends LogRecord> {
  label: string;
  render: (entry: T) => ReactNode;
  /** The field it sorts by; none: the column does not sort. */
  source?: string;
  /** The card leads with this column beside the time (the entry's action), not as a field. */
  heads?: boolean;
  /** Whether the card shows the field for this entry (an empty change or note is left out); always when absent. */
  onCard?: (entry: T) => boolean;
}

/** The words a log page shows. */
export interface LogTexts {
  title: string;
  subtitle: string;
  /** The cards' list's accessible name. */
  tableLabel: string;
  whenColumn: string;
  clearFilters: string;
  exportCsv: string;
  exportHint: string;
  emptyTitle: string;
  emptyFiltered: string;
  emptyNone: string;
}

export const LOG_PER_PAGE = 25;

/** Below 900 px a log shows cards, and its filters open from Add filter. */
export function useNarrowLog(): boolean {
  return useMediaQuery((theme: Theme) => theme.breakpoints.down('md'), { noSsr: true });
}

/**
 * A log page (the admins' audit log, the agency's activity log): newest first, filters kept in the
 * address, the CSV of everything under them; a table on wide screens, and below 900 px one card per
 * entry with the table's columns stacked.
 */
export function LogList<T extends LogRecord>({
  narrow,
  resource,
  texts: T,
  filters,
  exportUrl,
  columns,
  cardTestId,
  error,
  queryOptions,
}: {
  /** From useNarrowLog, which the page's filters follow too. */
  narrow: boolean;
  resource: string;
  texts: LogTexts;
  filters: ReactElement[];
  exportUrl: (filterValues: Record<string, unknown>) => string;
  columns: LogColumn<T>[];
  cardTestId: string;
  error?: ReactElement;
  queryOptions: ListProps<T>['queryOptions'];
}) {
  return (
    <Box>
      <PageHeader title={T.title} subtitle={T.subtitle} />
      <List<T>
        resource={resource}
        title={false}
        filters={filters}
        actions={<LogActions narrow={narrow} texts={T} exportUrl={exportUrl} />}
        sort={{ field: 'createdAt', order: 'DESC' }}
        perPage={LOG_PER_PAGE}
        empty={false}
        error={error}
        component={narrow ? 'div' : Card}
        queryOptions={queryOptions}
        // The list's flex column must not grow to the table's width: the table scrolls sideways instead of the page.
        sx={{ '& .RaList-main': { minWidth: 0 }, '& .RaList-actions': { mb: 1 } }}
      >
        {narrow ? <LogCards texts={T} columns={columns} testId={cardTestId} /> : <LogTable texts={T} columns={columns} />}
      </List>
    </Box>
  );
}

/** Add filter (narrow screens), Clear Filters, and the CSV export under the current filters. */
function LogActions({
  narrow,
  texts: T,
  exportUrl,
}: {
  narrow: boolean;
  texts: LogTexts;
  exportUrl: (filterValues: Record<string, unknown>) => string;
}) {
  const { filterValues, setFilters } = useListContext();
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
      <Button variant="outlined" size="small" startIcon={<DownloadIcon />} href={exportUrl(filterValues)} download title={T.exportHint}>
        {T.exportCsv}
      </Button>
    </TopToolbar>
  );
}

function LogTable<T extends LogRecord>({ texts: T, columns }: { texts: LogTexts; columns: LogColumn<T>[] }) {
  return (
    <DataTable<T>
      rowClick={false}
      bulkActionButtons={false}
      size="small"
      empty={<LogListEmpty texts={T} />}
      sx={{
        '& .RaDataTable-tableWrapper': { overflowX: 'auto' },
        '& td': { verticalAlign: 'top' },
      }}
    >
      <DataTable.Col<T> source="createdAt" label={T.whenColumn} render={(entry) => <EntryTime entry={entry} />} />
      {columns.map((column) => (
        <DataTable.Col<T>
          key={column.label}
          source={column.source}
          label={column.label}
          disableSort={!column.source}
          render={column.render}
        />
      ))}
    </DataTable>
  );
}

/** Narrow screens: one card per entry, led by its action and time, the other columns stacked. */
function LogCards<T extends LogRecord>({ texts: T, columns, testId }: { texts: LogTexts; columns: LogColumn<T>[]; testId: string }) {
  const { data, isPending } = useListContext<T>();
  if (isPending) return <EntryCardsSkeleton />;
  if (!data || data.length === 0) return <LogListEmpty texts={T} />;
  const head = columns.find((column) => column.heads);
  const fields = columns.filter((column) => !column.heads);
  return (
    <Box component="ol" aria-label={T.tableLabel} sx={{ listStyle: 'none', m: 0, p: 0, display: 'grid', gap: 1.5 }}>
      {data.map((entry) => (
        <Card key={entry.id} component="li" data-testid={testId}>
          <CardContent sx={{ display: 'grid', gap: 1, '&:last-child': { pb: 2 } }}>
            <Box sx={{ display: 'flex', flexWrap: 'wrap', justifyContent: 'space-between', columnGap: 2, rowGap: 0.5 }}>
              {head?.render(entry)}
              <Box sx={{ color: 'text.secondary' }}>
                <EntryTime entry={entry} />
              </Box>
            </Box>
            {fields
              .filter((column) => column.onCard?.(entry) ?? true)
              .map((column) => (
                <EntryField key={column.label} label={column.label}>
                  {column.render(entry)}
                </EntryField>
              ))}
          </CardContent>
        </Card>
      ))}
    </Box>
  );
}

function LogListEmpty({ texts: T }: { texts: LogTexts }) {
  const filtered = isFiltered(useListContext().filterValues);
  return <LogEmpty filtered={filtered} title={T.emptyTitle} body={filtered ? T.emptyFiltered : T.emptyNone} />;
}
