import CampaignIcon from '@mui/icons-material/Campaign';
import DownloadIcon from '@mui/icons-material/Download';
import GridViewIcon from '@mui/icons-material/GridView';
import PeopleIcon from '@mui/icons-material/People';
import PersonAddIcon from '@mui/icons-material/PersonAdd';
import SearchIcon from '@mui/icons-material/Search';
import TableRowsIcon from '@mui/icons-material/TableRows';
import UploadFileIcon from '@mui/icons-material/UploadFile';
import {
  Alert,
  Box,
  Button,
  Card,
  CardContent,
  Pagination,
  Paper,
  Skeleton,
  type Theme,
  ToggleButton,
  ToggleButtonGroup,
  Typography,
  useMediaQuery,
} from '@mui/material';
import { useState } from 'react';
import { ListBase, useListContext, useStore } from 'react-admin';

import { CreateCampaignDialog } from '../campaigns/CreateCampaignDialog.tsx';
import { useBrokerTexts } from '../i18n/useBrokerTexts.ts';
import { useMemberMay } from '../providers/memberMay.tsx';
import { useCurrentUser, useFreshCurrentUser } from '../providers/useCurrentUser.ts';
import type { Client } from '../types.ts';
import { useErrorToast } from '../ui/errors.ts';
import { ListSearchBox } from '../ui/ListSearchBox.tsx';
import { PageHeader } from '../ui/PageHeader.tsx';
import { AddClientDialog } from './AddClientDialog.tsx';
import { useSeesOnlyAssigned } from './AssignClientsDialog.tsx';
import { ClientCard } from './ClientCard.tsx';
import { ClientFilters } from './ClientFilters.tsx';
import { ClientTable } from './ClientTable.tsx';
import { ClientUsageWidget } from './ClientUsageWidget.tsx';
import { UploadCsvDialog } from './UploadCsvDialog.tsx';

export const CLIENTS_PER_PAGE = 25;
/** Typing in the search box waits this long before asking the server. */
export const SEARCH_DEBOUNCE_MS = 400;

export type ClientView = 'table' | 'cards';

/** Table or cards, remembered for each signed-in broker (react-admin's store, kept in the browser). */
function useClientView(): [ClientView, (view: ClientView) => void] {
  const { data: user } = useCurrentUser();
  return useStore<ClientView>(`clients.view.${user?.id ?? 'signed-out'}`, 'table');
}

/**
 * SPEC §2 Clients page: usage, search and filters, the clients as a table (sortable, with bulk
 * actions) or as cards, export, add and CSV import. Below 600 px the table becomes the cards' list.
 * An agent kept to their own clients is told so above the list.
 */
export function ClientList() {
  const may = useMemberMay();
  // Whether the member sees only their own clients may have changed since they signed in.
  useFreshCurrentUser();
  const seesOnlyAssigned = useSeesOnlyAssigned();
  const { CLIENT_TEXTS } = useBrokerTexts().clients;
  const [addOpen, setAddOpen] = useState(false);
  const [uploadOpen, setUploadOpen] = useState(false);
  const errorToast = useErrorToast();
  const [view, setView] = useClientView();
  const narrow = useMediaQuery((theme: Theme) => theme.breakpoints.down('sm'), { noSsr: true });
  const shown: ClientView = narrow ? 'cards' : view;

  return (
    <ListBase<Client>
      resource="clients"
      perPage={CLIENTS_PER_PAGE}
      sort={{ field: 'createdAt', order: 'DESC' }}
      debounce={SEARCH_DEBOUNCE_MS}
      storeKey={false}
      queryOptions={{
        // In the list's cache key: the list is asked again when the member's book changes (a list
        // read before is kept, as every list is, until something changes it).
        meta: { seesOnlyAssigned },
        // A 401 is handled centrally (Unauthorized toast and redirect).
        onError: (error) => {
          if ((error as { status?: number }).status !== 401) errorToast(error, CLIENT_TEXTS.loadFailed);
        },
      }}
    >
      <PageHeader
        title={CLIENT_TEXTS.title}
        subtitle={CLIENT_TEXTS.subtitle}
        actions={
          <>
            {may('campaigns:write') && <CampaignToTheseButton />}
            {may('clients:export') && <ExportButton />}
            {may('clients:import') && (
              <Button variant="outlined" startIcon={<UploadFileIcon />} onClick={() => setUploadOpen(true)}>
                {CLIENT_TEXTS.uploadCsv}
              </Button>
            )}
            {may('clients:write') && (
              <Button variant="contained" startIcon={<PersonAddIcon />} onClick={() => setAddOpen(true)}>
                {CLIENT_TEXTS.addClient}
              </Button>
            )}
          </>
        }
      />
      <ClientUsageWidget />
      {seesOnlyAssigned && (
        <Alert severity="info" role="note" sx={{ mb: 2 }}>
          {CLIENT_TEXTS.onlyAssignedNote}
        </Alert>
      )}
      <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 2, alignItems: 'flex-start', justifyContent: 'space-between' }}>
        <ListSearchBox label={CLIENT_TEXTS.searchLabel} placeholder={CLIENT_TEXTS.searchPlaceholder} />
        {!narrow && (
          <ToggleButtonGroup
            size="small"
            exclusive
            value={view}
            onChange={(_, next: ClientView | null) => next && setView(next)}
            aria-label={CLIENT_TEXTS.viewLabel}
            sx={{ bgcolor: 'background.paper', '& .MuiToggleButton-root': { textTransform: 'none', gap: 0.5 } }}
          >
            <ToggleButton value="table" aria-label={CLIENT_TEXTS.viewTable}>
              <TableRowsIcon fontSize="small" sx={{ mr: 0.75 }} />
              {CLIENT_TEXTS.viewTable}
            </ToggleButton>
            <ToggleButton value="cards" aria-label={CLIENT_TEXTS.viewCards}>
              <GridViewIcon fontSize="small" sx={{ mr: 0.75 }} />
              {CLIENT_TEXTS.viewCards}
            </ToggleButton>
          </ToggleButtonGroup>
        )}
      </Box>
      <ClientFilters />
      <ClientGrid view={shown} />
      <AddClientDialog open={addOpen} onClose={() => setAddOpen(false)} />
      <UploadCsvDialog open={uploadOpen} onClose={() => setUploadOpen(false)} />
    </ListBase>
  );
}

const GRID_SX = {
  display: 'grid',
  gap: 2,
  gridTemplateColumns: { xs: '1fr', sm: 'repeat(2, minmax(0, 1fr))', lg: 'repeat(3, minmax(0, 1fr))', xl: 'repeat(4, minmax(0, 1fr))' },
} as const;

/** With a search or filter on: a draft campaign for the clients under it. */
function CampaignToTheseButton() {
  const { CLIENT_TEXTS } = useBrokerTexts().clients;
  const { filterValues } = useListContext<Client>();
  const [open, setOpen] = useState(false);
  const { id: _ids, ...filter } = filterValues;
  if (Object.keys(filter).length === 0) return null;
  return (
    <>
      <Button variant="outlined" startIcon={<CampaignIcon />} onClick={() => setOpen(true)} title={CLIENT_TEXTS.campaignToTheseHint}>
        {CLIENT_TEXTS.campaignToThese}
      </Button>
      <CreateCampaignDialog open={open} onClose={() => setOpen(false)} audience={{ kind: 'filter', filter }} />
    </>
  );
}

/** Export CSV: the whole list under the current search, filters and sort, downloaded from the server. */
function ExportButton() {
  const { CLIENT_TEXTS } = useBrokerTexts().clients;
  const { filterValues, sort } = useListContext<Client>();
  const query = new URLSearchParams();
  if (Object.keys(filterValues).length > 0) query.set('filter', JSON.stringify(filterValues));
  if (sort?.field) query.set('sort', JSON.stringify([sort.field, sort.order]));
  const search = query.toString();
  return (
    <Button
      variant="outlined"
      startIcon={<DownloadIcon />}
      href={`/api/clients/export.csv${search ? `?${search}` : ''}`}
      download
      title={CLIENT_TEXTS.exportHint}
    >
      {CLIENT_TEXTS.exportCsv}
    </Button>
  );
}

function ClientGrid({ view }: { view: ClientView }) {
  const { CLIENT_TEXTS } = useBrokerTexts().clients;
  const { data, total, isPending, error, filterValues, page, perPage, setPage } = useListContext<Client>();

  if (isPending) {
    return (
      <Box sx={GRID_SX} aria-busy="true" data-testid="clients-loading">
        {Array.from({ length: 6 }, (_, index) => (
          <Card key={index}>
            <CardContent>
              <Skeleton variant="circular" width={40} height={40} />
              <Skeleton sx={{ mt: 2 }} />
              <Skeleton width="60%" />
              <Skeleton width="80%" />
            </CardContent>
          </Card>
        ))}
      </Box>
    );
  }
  if (error && !data) return <Alert severity="error">{CLIENT_TEXTS.loadFailed}</Alert>;

  const searching = typeof filterValues.q === 'string' && filterValues.q.trim() !== '';
  if (!data || data.length === 0) {
    return (
      <Paper variant="outlined" sx={{ py: 8, px: 2, textAlign: 'center' }}>
        {searching ? (
          <SearchIcon sx={{ fontSize: 48, color: 'text.disabled' }} />
        ) : (
          <PeopleIcon sx={{ fontSize: 48, color: 'text.disabled' }} />
        )}
        <Typography color="text.secondary" sx={{ mt: 1 }}>
          {searching ? CLIENT_TEXTS.emptyNoMatch : CLIENT_TEXTS.emptyNoClients}
        </Typography>
      </Paper>
    );
  }

  if (view === 'table') {
    return (
      <Paper variant="outlined">
        <ClientTable />
      </Paper>
    );
  }

  const shown: number = data.length;
  const count = total ?? shown;
  const pages = Math.max(1, Math.ceil(count / perPage));
  const from = (page - 1) * perPage + 1;
  const to = from + shown - 1;
  return (
    <>
      <Box sx={GRID_SX}>
        {data.map((client) => (
          <ClientCard key={client.id} client={client} />
        ))}
      </Box>
      <Box sx={{ mt: 3, display: 'flex', flexWrap: 'wrap', alignItems: 'center', justifyContent: 'space-between', gap: 2 }}>
        <Typography variant="body2" color="text.secondary">
          {CLIENT_TEXTS.showing(from, to, count)}
        </Typography>
        {pages > 1 && (
          <Pagination
            count={pages}
            page={page}
            onChange={(_, next) => setPage(next)}
            color="primary"
            shape="rounded"
            aria-label={CLIENT_TEXTS.paginationLabel}
          />
        )}
      </Box>
    </>
  );
}
