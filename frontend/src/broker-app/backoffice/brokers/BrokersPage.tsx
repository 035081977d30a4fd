import DownloadIcon from '@mui/icons-material/Download';
import SearchIcon from '@mui/icons-material/Search';
import SearchOffIcon from '@mui/icons-material/SearchOff';
import SupervisorAccountIcon from '@mui/icons-material/SupervisorAccount';
import { Box, Button, Card, CardContent, InputAdornment, Skeleton, type Theme, Typography, useMediaQuery } from '@mui/material';
import { type ReactNode, useState } from 'react';
import {
  DataTable,
  DataTableBody,
  type DataTableBodyProps,
  DataTableRow,
  type DataTableRowProps,
  FilterLiveForm,
  List,
  Pagination,
  TextInput,
  TopToolbar,
  useListContext,
} from 'react-admin';

import { formatCents } from '../../billing/pricing.ts';
import { useBrokerTexts } from '../../i18n/useBrokerTexts.ts';
import type { AdminBrokerRow } from '../../types.ts';
import { LoadError } from '../../ui/EmptyState.tsx';
import { useErrorToast } from '../../ui/errors.ts';
import { FilterRow, FilterSelectInput } from '../../ui/ListFilters.tsx';
import { PageHeader } from '../../ui/PageHeader.tsx';
import { TierBadge } from './Badges.tsx';
import { brokerDetailPath, BrokerIdentity, type BrokerRowAction, BrokerRowMenu, BrokerStatus, LastActivity } from './BrokerRowParts.tsx';
import { ExtendTrialDialog, type ExtendTrialTarget } from './ExtendTrialDialog.tsx';
import { brokerName, brokersExportUrl } from './format.ts';
import { type SubscriptionTarget, UpdateSubscriptionDialog } from './UpdateSubscriptionDialog.tsx';

/** Typing in the search box waits this long before asking the server ("real-time results"). */
export const SEARCH_DEBOUNCE_MS = 300;
export const PAGE_SIZES = [10, 25, 50];
export const DEFAULT_PAGE_SIZE = 25;

type Dialog = { kind: 'extend'; target: ExtendTrialTarget } | { kind: 'subscription'; target: SubscriptionTarget };
type OnAction = (action: BrokerRowAction, row: AdminBrokerRow) => void;

/**
 * /admin/brokers (SPEC §2 Broker management): search, tier and status filters kept in the address,
 * the sortable, paged broker table with each row's actions, and the CSV export of everything under
 * the filters (docs/admin.md). Below 900 px each broker is a card.
 */
export function BrokersPage() {
  const { BROKERS_TEXTS: T } = useBrokerTexts().adminBrokers;
  const narrow = useMediaQuery((theme: Theme) => theme.breakpoints.down('md'), { noSsr: true });
  const errorToast = useErrorToast();
  const [dialog, setDialog] = useState<Dialog | null>(null);
  const onAction: OnAction = (action, row) => {
    const target = { id: row.id, name: brokerName(row.broker) };
    setDialog(
      action === 'extend'
        ? { kind: 'extend', target }
        : {
            kind: 'subscription',
            target: { ...target, subscriptionTier: row.broker.subscriptionTier, subscriptionStatus: row.broker.subscriptionStatus },
          },
    );
  };

  return (
    <Box>
      <PageHeader title={T.title} subtitle={T.subtitle} />
      <List<AdminBrokerRow>
        resource="admin/brokers"
        title={false}
        filters={<BrokerFilters />}
        actions={<BrokerListActions />}
        // Newest sign-ups first.
        sort={{ field: 'createdAt', order: 'DESC' }}
        perPage={DEFAULT_PAGE_SIZE}
        pagination={<Pagination rowsPerPageOptions={PAGE_SIZES} />}
        empty={false}
        error={<BrokersLoadError />}
        component={narrow ? 'div' : Card}
        queryOptions={{
          // A lost session has its own 'Unauthorized' toast (one toast shows at a time).
          onError: (failure) => {
            if ((failure as { status?: number }).status !== 401) errorToast(undefined, T.fetchFailed);
          },
        }}
        // The table scrolls sideways inside the card rather than widening the page.
        sx={{ '& .RaList-main': { minWidth: 0 }, '& .RaList-actions': { mb: 1, bgcolor: 'transparent' } }}
      >
        {narrow ? <BrokerCards onAction={onAction} /> : <BrokerTable onAction={onAction} />}
      </List>
      <ExtendTrialDialog
        open={dialog?.kind === 'extend'}
        broker={dialog?.kind === 'extend' ? dialog.target : null}
        rule="range"
        onClose={() => setDialog(null)}
      />
      <UpdateSubscriptionDialog
        open={dialog?.kind === 'subscription'}
        broker={dialog?.kind === 'subscription' ? dialog.target : null}
        onClose={() => setDialog(null)}
      />
    </Box>
  );
}

/**
 * Search (e-mail or name), tier and status, kept in the address; 'All' sends no filter. Its own live
 * form, for the search's pause (the list's default filter form waits 500 ms).
 */
function BrokerFilters() {
  const { BROKERS_TEXTS: T, STATUS_LABELS, TIER_LABELS } = useBrokerTexts().adminBrokers;
  return (
    <FilterLiveForm debounce={SEARCH_DEBOUNCE_MS} formComponent={FilterRow}>
      <TextInput
        source="search"
        type="search"
        size="small"
        label={T.searchLabel}
        placeholder={T.searchPlaceholder}
        helperText={false}
        sx={{ width: { xs: '100%', sm: 320 } }}
        slotProps={{
          input: {
            startAdornment: (
              <InputAdornment position="start">
                <SearchIcon fontSize="small" />
              </InputAdornment>
            ),
          },
        }}
      />
      <FilterSelectInput
        source="tier"
        label={T.tierLabel}
        choices={(['pmpm', 'flat'] as const).map((id) => ({ id, name: TIER_LABELS[id] }))}
        emptyText={T.all}
        sx={{ width: 150 }}
      />
      <FilterSelectInput
        source="status"
        label={T.statusLabel}
        choices={(['trial', 'active', 'past_due', 'canceled'] as const).map((id) => ({ id, name: STATUS_LABELS[id] }))}
        emptyText={T.all}
        sx={{ width: 170 }}
      />
    </FilterLiveForm>
  );
}

/** The CSV export of every broker under the filters, in the list's order. */
function BrokerListActions() {
  const { BROKERS_TEXTS: T } = useBrokerTexts().adminBrokers;
  const { filterValues, sort } = useListContext<AdminBrokerRow>();
  return (
    <TopToolbar sx={{ alignItems: 'center' }}>
      <Button
        variant="outlined"
        size="small"
        startIcon={<DownloadIcon />}
        href={brokersExportUrl(filterValues, sort)}
        download
        title={T.exportHint}
      >
        {T.exportCsv}
      </Button>
    </TopToolbar>
  );
}

const BrokerRow = (props: DataTableRowProps) => <DataTableRow {...props} data-testid="broker-row" />;
const BrokerBody = (props: DataTableBodyProps) => <DataTableBody {...props} row={BrokerRow} />;

function BrokerTable({ onAction }: { onAction: OnAction }) {
  const { BROKERS_TEXTS: T } = useBrokerTexts().adminBrokers;
  const numeric = { fontVariantNumeric: 'tabular-nums' } as const;
  return (
    <DataTable<AdminBrokerRow>
      aria-label={T.tableLabel}
      body={BrokerBody}
      rowClick={(id) => brokerDetailPath({ id: String(id) })}
      bulkActionButtons={false}
      size="medium"
      empty={<EmptyBrokers />}
      sx={{ '& .RaDataTable-tableWrapper': { overflowX: 'auto' }, '& table': { minWidth: 880 }, '& th': { whiteSpace: 'nowrap' } }}
    >
      <DataTable.Col<AdminBrokerRow>
        source="email"
        label={T.columns.email}
        sx={{ maxWidth: 320 }}
        render={(row) => <BrokerIdentity row={row} />}
      />
      <DataTable.Col<AdminBrokerRow>
        source="subscriptionTier"
        label={T.columns.tier}
        render={(row) => <TierBadge tier={row.broker.subscriptionTier} />}
      />
      <DataTable.Col<AdminBrokerRow> source="subscriptionStatus" label={T.columns.status} render={(row) => <BrokerStatus row={row} />} />
      <DataTable.Col<AdminBrokerRow> source="clientCount" label={T.columns.clients} align="right" sx={numeric} />
      <DataTable.Col<AdminBrokerRow>
        label={T.columns.monthlyRevenue}
        disableSort
        align="right"
        sx={numeric}
        render={(row) => formatCents(row.monthlyRevenue)}
      />
      <DataTable.Col<AdminBrokerRow> source="lastActivity" label={T.columns.lastActivity} render={(row) => <LastActivity row={row} />} />
      <DataTable.Col<AdminBrokerRow>
        label={T.columns.actions}
        disableSort
        align="right"
        render={(row) => <BrokerRowMenu row={row} onAction={onAction} />}
      />
    </DataTable>
  );
}

/** Narrow screens: one card per broker, the table's columns stacked. */
function BrokerCards({ onAction }: { onAction: OnAction }) {
  const { BROKERS_TEXTS: T } = useBrokerTexts().adminBrokers;
  const { data, isPending } = useListContext<AdminBrokerRow>();
  if (isPending) {
    return (
      <Box sx={{ display: 'grid', gap: 1.5 }} aria-busy="true">
        {Array.from({ length: 3 }, (_, index) => (
          <Card key={index}>
            <CardContent>
              <Skeleton width="60%" />
              <Skeleton width="40%" />
              <Skeleton width="80%" />
            </CardContent>
          </Card>
        ))}
      </Box>
    );
  }
  if (!data || data.length === 0) return <EmptyBrokers />;
  return (
    <Box component="ul" aria-label={T.tableLabel} sx={{ listStyle: 'none', m: 0, p: 0, display: 'grid', gap: 1.5 }}>
      {data.map((row) => (
        <Card key={row.id} component="li" data-testid="broker-card">
          <CardContent sx={{ display: 'grid', gap: 1, '&:last-child': { pb: 2 } }}>
            <Box sx={{ display: 'flex', alignItems: 'flex-start', gap: 1 }}>
              <Box sx={{ flex: 1, minWidth: 0 }}>
                <BrokerIdentity row={row} />
              </Box>
              <BrokerRowMenu row={row} onAction={onAction} />
            </Box>
            <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 0.75 }}>
              <TierBadge tier={row.broker.subscriptionTier} />
              <BrokerStatus row={row} />
            </Box>
            <Field label={T.columns.clients}>{row.clientCount}</Field>
            <Field label={T.columns.monthlyRevenue}>{formatCents(row.monthlyRevenue)}</Field>
            <Field label={T.columns.lastActivity}>
              <LastActivity row={row} />
            </Field>
          </CardContent>
        </Card>
      ))}
    </Box>
  );
}

function Field({ label, children }: { label: string; children: ReactNode }) {
  return (
    <Box sx={{ display: 'grid', gridTemplateColumns: '8.5rem minmax(0, 1fr)', columnGap: 1.5 }}>
      <Typography variant="body2" color="text.secondary">
        {label}
      </Typography>
      <Typography variant="body2" component="div" sx={{ fontVariantNumeric: 'tabular-nums' }}>
        {children}
      </Typography>
    </Box>
  );
}

function EmptyBrokers() {
  const { BROKERS_TEXTS: T } = useBrokerTexts().adminBrokers;
  const { filterValues, setFilters } = useListContext<AdminBrokerRow>();
  const filtered = Object.keys(filterValues).length > 0;
  const Icon = filtered ? SearchOffIcon : SupervisorAccountIcon;
  return (
    <Box sx={{ py: 6, px: 2, textAlign: 'center' }}>
      <Icon sx={{ fontSize: 48, color: 'text.disabled' }} aria-hidden />
      <Typography component="h2" variant="h6" sx={{ mt: 1, fontWeight: 600 }}>
        {T.emptyTitle}
      </Typography>
      <Typography color="text.secondary" sx={{ mt: 0.5, maxWidth: 520, mx: 'auto' }}>
        {filtered ? T.emptyFiltered : T.emptyNone}
      </Typography>
      {filtered && (
        <Button sx={{ mt: 2 }} onClick={() => setFilters({}, {})}>
          {T.clearFilters}
        </Button>
      )}
    </Box>
  );
}

function BrokersLoadError() {
  const { BROKERS_TEXTS: T } = useBrokerTexts().adminBrokers;
  const { refetch } = useListContext<AdminBrokerRow>();
  return (
    <Box sx={{ p: 2 }}>
      <LoadError message={T.fetchFailed} retryLabel={T.retry} onRetry={() => void refetch()} />
    </Box>
  );
}
