import EventRepeatIcon from '@mui/icons-material/EventRepeat';
import MoreVertIcon from '@mui/icons-material/MoreVert';
import SearchIcon from '@mui/icons-material/Search';
import SearchOffIcon from '@mui/icons-material/SearchOff';
import SupervisorAccountIcon from '@mui/icons-material/SupervisorAccount';
import SwapHorizIcon from '@mui/icons-material/SwapHoriz';
import VisibilityIcon from '@mui/icons-material/Visibility';
import {
  Box,
  Button,
  FormControl,
  IconButton,
  InputAdornment,
  InputLabel,
  LinearProgress,
  Link as MuiLink,
  ListItemIcon,
  ListItemText,
  Menu,
  MenuItem,
  Paper,
  Select,
  Skeleton,
  Table,
  TableBody,
  TableCell,
  TableContainer,
  TableHead,
  TablePagination,
  TableRow,
  TableSortLabel,
  TextField,
  Typography,
} from '@mui/material';
import { keepPreviousData } from '@tanstack/react-query';
import { useEffect, useId, useState } from 'react';
import { useGetList } from 'react-admin';
import { Link, useNavigate } from 'react-router-dom';

import { formatCents } from '../../billing/pricing.ts';
import { useBrokerTexts } from '../../i18n/useBrokerTexts.ts';
import type { AdminBrokerRow, SubscriptionStatus, SubscriptionTier } from '../../types.ts';
import { LoadError } from '../../ui/EmptyState.tsx';
import { useErrorToast } from '../../ui/errors.ts';
import { formatDateTime } from '../../ui/format.ts';
import { PageHeader } from '../../ui/PageHeader.tsx';
import { StatusBadge, SuspendedBadge, TierBadge } from './Badges.tsx';
import { ExtendTrialDialog, type ExtendTrialTarget } from './ExtendTrialDialog.tsx';
import { brokerName, lastActivityLabel } from './format.ts';
import { type SubscriptionTarget, UpdateSubscriptionDialog } from './UpdateSubscriptionDialog.tsx';

/** Typing in the search box waits this long before asking the server ("real-time results"). */
export const SEARCH_DEBOUNCE_MS = 300;
export const PAGE_SIZES = [10, 25, 50] as const;
export const DEFAULT_PAGE_SIZE = 25;

type TierFilter = SubscriptionTier | 'all';
type StatusFilter = SubscriptionStatus | 'all';
type SortField = 'email' | 'subscriptionTier' | 'subscriptionStatus' | 'clientCount' | 'lastActivity' | 'createdAt';

interface ListState {
  search: string;
  tier: TierFilter;
  status: StatusFilter;
  page: number;
  perPage: number;
  sort: { field: SortField; order: 'ASC' | 'DESC' };
}

const INITIAL: ListState = {
  search: '',
  tier: 'all',
  status: 'all',
  page: 1,
  perPage: DEFAULT_PAGE_SIZE,
  // Newest sign-ups first.
  sort: { field: 'createdAt', order: 'DESC' },
};

/** The server reads search, tier and status from react-admin's filter; 'All' sends nothing. */
export function brokerFilter(state: Pick<ListState, 'search' | 'tier' | 'status'>): Record<string, string> {
  return {
    ...(state.search ? { search: state.search } : {}),
    ...(state.tier !== 'all' ? { tier: state.tier } : {}),
    ...(state.status !== 'all' ? { status: state.status } : {}),
  };
}

type Dialog = { kind: 'extend'; target: ExtendTrialTarget } | { kind: 'subscription'; target: SubscriptionTarget };

/** /admin/brokers (SPEC §2 Broker management): search, tier and status filters, the broker table. */
export function BrokersPage() {
  const { BROKERS_TEXTS: T } = useBrokerTexts().adminBrokers;
  const [typed, setTyped] = useState('');
  const [state, setState] = useState<ListState>(INITIAL);
  const [dialog, setDialog] = useState<Dialog | null>(null);
  const errorToast = useErrorToast();

  // The search waits for a pause in typing; a new search starts again at page 1.
  useEffect(() => {
    const search = typed.trim();
    if (search === state.search) return;
    const timer = setTimeout(() => setState((current) => ({ ...current, search, page: 1 })), SEARCH_DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [typed, state.search]);

  const filter = brokerFilter(state);
  const { data, total, isPending, isFetching, error, refetch } = useGetList<AdminBrokerRow>(
    'admin/brokers',
    { pagination: { page: state.page, perPage: state.perPage }, sort: state.sort, filter },
    {
      // The table keeps the last answer while the next one loads, so typing does not flash.
      placeholderData: keepPreviousData,
      onError: (failure) => {
        // A lost session has its own 'Unauthorized' toast (one toast shows at a time).
        if ((failure as { status?: number }).status !== 401) errorToast(undefined, T.fetchFailed);
      },
    },
  );

  const filtered = Object.keys(filter).length > 0;
  const header = (field: SortField, label: string, align?: 'right') => (
    <SortableHeader
      field={field}
      label={label}
      align={align}
      sort={state.sort}
      onSort={(sort) => setState((current) => ({ ...current, sort, page: 1 }))}
    />
  );
  const clearFilters = () => {
    setTyped('');
    setState((current) => ({ ...current, search: '', tier: 'all', status: 'all', page: 1 }));
  };

  return (
    <Box>
      <PageHeader title={T.title} subtitle={T.subtitle} />
      <Filters
        typed={typed}
        onType={setTyped}
        tier={state.tier}
        onTier={(tier) => setState((current) => ({ ...current, tier, page: 1 }))}
        status={state.status}
        onStatus={(status) => setState((current) => ({ ...current, status, page: 1 }))}
      />
      {error && !data ? (
        <LoadError message={T.fetchFailed} retryLabel={T.retry} onRetry={() => void refetch()} />
      ) : (
        <Paper variant="outlined" sx={{ overflow: 'hidden' }}>
          <Box sx={{ height: 4 }}>{isFetching && !isPending && <LinearProgress aria-label={T.tableLabel} />}</Box>
          <TableContainer>
            <Table aria-label={T.tableLabel} sx={{ minWidth: 880 }} aria-busy={isFetching}>
              <TableHead sx={{ '& th': { whiteSpace: 'nowrap' } }}>
                <TableRow>
                  {header('email', T.columns.email)}
                  {header('subscriptionTier', T.columns.tier)}
                  {header('subscriptionStatus', T.columns.status)}
                  {header('clientCount', T.columns.clients, 'right')}
                  <TableCell align="right">{T.columns.monthlyRevenue}</TableCell>
                  {header('lastActivity', T.columns.lastActivity)}
                  <TableCell align="right">{T.columns.actions}</TableCell>
                </TableRow>
              </TableHead>
              <TableBody>
                {isPending ? (
                  <LoadingRows />
                ) : !data || data.length === 0 ? (
                  <TableRow>
                    <TableCell colSpan={7} sx={{ borderBottom: 0 }}>
                      <EmptyBrokers filtered={filtered} onClear={clearFilters} />
                    </TableCell>
                  </TableRow>
                ) : (
                  data.map((row) => (
                    <BrokerRow
                      key={row.id}
                      row={row}
                      onExtend={() => setDialog({ kind: 'extend', target: { id: row.id, name: brokerName(row.broker) } })}
                      onChangeSubscription={() =>
                        setDialog({
                          kind: 'subscription',
                          target: {
                            id: row.id,
                            name: brokerName(row.broker),
                            subscriptionTier: row.broker.subscriptionTier,
                            subscriptionStatus: row.broker.subscriptionStatus,
                          },
                        })
                      }
                    />
                  ))
                )}
              </TableBody>
            </Table>
          </TableContainer>
          {!isPending && (total ?? 0) > 0 && (
            <TablePagination
              component="div"
              count={total ?? 0}
              page={state.page - 1}
              onPageChange={(_, page) => setState((current) => ({ ...current, page: page + 1 }))}
              rowsPerPage={state.perPage}
              rowsPerPageOptions={[...PAGE_SIZES]}
              onRowsPerPageChange={(event) => setState((current) => ({ ...current, perPage: Number(event.target.value), page: 1 }))}
              labelRowsPerPage={T.rowsPerPage}
            />
          )}
        </Paper>
      )}
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

function Filters({
  typed,
  onType,
  tier,
  onTier,
  status,
  onStatus,
}: {
  typed: string;
  onType: (value: string) => void;
  tier: TierFilter;
  onTier: (tier: TierFilter) => void;
  status: StatusFilter;
  onStatus: (status: StatusFilter) => void;
}) {
  const { BROKERS_TEXTS: T, STATUS_LABELS, TIER_LABELS } = useBrokerTexts().adminBrokers;
  const tierId = useId();
  const statusId = useId();
  return (
    <Paper
      variant="outlined"
      component="section"
      aria-label={T.filtersLabel}
      sx={{ p: 2, mb: 3, display: 'flex', flexWrap: 'wrap', gap: 2 }}
    >
      <TextField
        type="search"
        label={T.searchLabel}
        placeholder={T.searchPlaceholder}
        size="small"
        value={typed}
        onChange={(event) => onType(event.target.value)}
        sx={{ flex: '1 1 300px' }}
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
      <FormControl size="small" sx={{ flex: '0 1 180px', minWidth: 150 }}>
        <InputLabel id={tierId}>{T.tierLabel}</InputLabel>
        <Select labelId={tierId} label={T.tierLabel} value={tier} onChange={(event) => onTier(event.target.value)}>
          <MenuItem value="all">{T.all}</MenuItem>
          <MenuItem value="pmpm">{TIER_LABELS.pmpm}</MenuItem>
          <MenuItem value="flat">{TIER_LABELS.flat}</MenuItem>
        </Select>
      </FormControl>
      <FormControl size="small" sx={{ flex: '0 1 200px', minWidth: 150 }}>
        <InputLabel id={statusId}>{T.statusLabel}</InputLabel>
        <Select labelId={statusId} label={T.statusLabel} value={status} onChange={(event) => onStatus(event.target.value)}>
          <MenuItem value="all">{T.all}</MenuItem>
          {(['trial', 'active', 'past_due', 'canceled'] as const).map((value) => (
            <MenuItem key={value} value={value}>
              {STATUS_LABELS[value]}
            </MenuItem>
          ))}
        </Select>
      </FormControl>
    </Paper>
  );
}

function SortableHeader({
  field,
  label,
  align,
  sort,
  onSort,
}: {
  field: SortField;
  label: string;
  align?: 'right';
  sort: ListState['sort'];
  onSort: (sort: ListState['sort']) => void;
}) {
  const active = sort.field === field;
  return (
    <TableCell align={align} sortDirection={active ? (sort.order === 'ASC' ? 'asc' : 'desc') : false}>
      <TableSortLabel
        active={active}
        direction={active && sort.order === 'DESC' ? 'desc' : 'asc'}
        onClick={() => onSort({ field, order: active && sort.order === 'ASC' ? 'DESC' : 'ASC' })}
      >
        {label}
      </TableSortLabel>
    </TableCell>
  );
}

function BrokerRow({
  row,
  onExtend,
  onChangeSubscription,
}: {
  row: AdminBrokerRow;
  onExtend: () => void;
  onChangeSubscription: () => void;
}) {
  const { BROKERS_TEXTS: T } = useBrokerTexts().adminBrokers;
  const navigate = useNavigate();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const menuId = useId();
  const { broker } = row;
  const name = [broker.firstName, broker.lastName].filter(Boolean).join(' ');
  const who = broker.email ?? brokerName(broker);
  const detailPath = `/admin/brokers/${encodeURIComponent(row.id)}`;
  const choose = (action: () => void) => () => {
    setAnchor(null);
    action();
  };

  return (
    <TableRow hover data-testid="broker-row">
      <TableCell sx={{ maxWidth: 320 }}>
        <MuiLink component={Link} to={detailPath} underline="hover" sx={{ fontWeight: 600, display: 'block', overflowWrap: 'anywhere' }}>
          {broker.email ?? brokerName(broker)}
        </MuiLink>
        {name && (
          <Typography variant="body2" color="text.secondary" sx={{ overflowWrap: 'anywhere' }}>
            {name}
          </Typography>
        )}
      </TableCell>
      <TableCell>
        <TierBadge tier={broker.subscriptionTier} />
      </TableCell>
      <TableCell>
        <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 0.75 }}>
          <StatusBadge status={broker.subscriptionStatus} />
          {broker.suspendedAt && <SuspendedBadge />}
        </Box>
      </TableCell>
      <TableCell align="right" sx={{ fontVariantNumeric: 'tabular-nums' }}>
        {row.clientCount}
      </TableCell>
      <TableCell align="right" sx={{ fontVariantNumeric: 'tabular-nums' }}>
        {formatCents(row.monthlyRevenue)}
      </TableCell>
      <TableCell>
        <Typography
          variant="body2"
          color={row.lastActivity ? 'text.primary' : 'text.secondary'}
          title={row.lastActivity ? formatDateTime(row.lastActivity) : undefined}
        >
          {row.lastActivity ? lastActivityLabel(row.lastActivity) : T.noActivity}
        </Typography>
      </TableCell>
      <TableCell align="right">
        <IconButton
          aria-label={T.rowActions(who)}
          aria-haspopup="menu"
          aria-controls={anchor ? menuId : undefined}
          aria-expanded={anchor ? 'true' : undefined}
          onClick={(event) => setAnchor(event.currentTarget)}
        >
          <MoreVertIcon />
        </IconButton>
        <Menu
          id={menuId}
          anchorEl={anchor}
          open={anchor !== null}
          onClose={() => setAnchor(null)}
          anchorOrigin={{ vertical: 'bottom', horizontal: 'right' }}
          transformOrigin={{ vertical: 'top', horizontal: 'right' }}
        >
          <MenuItem onClick={choose(() => void navigate(detailPath))}>
            <ListItemIcon>
              <VisibilityIcon fontSize="small" />
            </ListItemIcon>
            <ListItemText>{T.viewDetails}</ListItemText>
          </MenuItem>
          {broker.subscriptionStatus === 'trial' && (
            <MenuItem onClick={choose(onExtend)}>
              <ListItemIcon>
                <EventRepeatIcon fontSize="small" />
              </ListItemIcon>
              <ListItemText>{T.extendTrial}</ListItemText>
            </MenuItem>
          )}
          <MenuItem onClick={choose(onChangeSubscription)}>
            <ListItemIcon>
              <SwapHorizIcon fontSize="small" />
            </ListItemIcon>
            <ListItemText>{T.changeSubscription}</ListItemText>
          </MenuItem>
        </Menu>
      </TableCell>
    </TableRow>
  );
}

function LoadingRows() {
  return (
    <>
      {Array.from({ length: 5 }, (_, index) => (
        <TableRow key={index} data-testid="broker-row-loading">
          <TableCell>
            <Skeleton width="70%" />
            <Skeleton width="40%" />
          </TableCell>
          {Array.from({ length: 6 }, (__, cell) => (
            <TableCell key={cell}>
              <Skeleton />
            </TableCell>
          ))}
        </TableRow>
      ))}
    </>
  );
}

function EmptyBrokers({ filtered, onClear }: { filtered: boolean; onClear: () => void }) {
  const { BROKERS_TEXTS: T } = useBrokerTexts().adminBrokers;
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
        <Button sx={{ mt: 2 }} onClick={onClear}>
          {T.clearFilters}
        </Button>
      )}
    </Box>
  );
}
