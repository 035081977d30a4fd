import PeopleIcon from '@mui/icons-material/People';
import PersonAddIcon from '@mui/icons-material/PersonAdd';
import SearchIcon from '@mui/icons-material/Search';
import UploadFileIcon from '@mui/icons-material/UploadFile';
import { Alert, Box, Button, Card, CardContent, InputAdornment, Pagination, Paper, Skeleton, TextField, Typography } from '@mui/material';
import { useEffect, useState } from 'react';
import { ListBase, useListContext } from 'react-admin';

import type { Client } from '../types.ts';
import { useErrorToast } from '../ui/errors.ts';
import { PageHeader } from '../ui/PageHeader.tsx';
import { AddClientDialog } from './AddClientDialog.tsx';
import { ClientCard } from './ClientCard.tsx';
import { ClientUsageWidget } from './ClientUsageWidget.tsx';
import { CLIENT_TEXTS } from './texts.ts';
import { UploadCsvDialog } from './UploadCsvDialog.tsx';

export const CLIENTS_PER_PAGE = 24;
/** Typing in the search box waits this long before asking the server. */
export const SEARCH_DEBOUNCE_MS = 400;

/** SPEC §2 Clients page: usage, search, a paginated grid of client cards, add and CSV import. */
export function ClientList() {
  const [addOpen, setAddOpen] = useState(false);
  const [uploadOpen, setUploadOpen] = useState(false);
  const errorToast = useErrorToast();

  return (
    <ListBase<Client>
      resource="clients"
      perPage={CLIENTS_PER_PAGE}
      sort={{ field: 'createdAt', order: 'DESC' }}
      debounce={SEARCH_DEBOUNCE_MS}
      storeKey={false}
      queryOptions={{
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
            <Button variant="outlined" startIcon={<UploadFileIcon />} onClick={() => setUploadOpen(true)}>
              {CLIENT_TEXTS.uploadCsv}
            </Button>
            <Button variant="contained" startIcon={<PersonAddIcon />} onClick={() => setAddOpen(true)}>
              {CLIENT_TEXTS.addClient}
            </Button>
          </>
        }
      />
      <ClientUsageWidget />
      <SearchBox />
      <ClientGrid />
      <AddClientDialog open={addOpen} onClose={() => setAddOpen(false)} />
      <UploadCsvDialog open={uploadOpen} onClose={() => setUploadOpen(false)} />
    </ListBase>
  );
}

/** Searches name, phone and e-mail on the server (filter q), debounced by the list controller. */
function SearchBox() {
  const { filterValues, setFilters } = useListContext<Client>();
  const current = typeof filterValues.q === 'string' ? filterValues.q : '';
  const [value, setValue] = useState(current);

  // Follow outside changes (e.g. back/forward through the URL).
  useEffect(() => {
    setValue((typed: string) => (typed.trim() === current.trim() ? typed : current));
  }, [current]);

  return (
    <TextField
      type="search"
      value={value}
      onChange={(event) => {
        const next = event.target.value;
        setValue(next);
        const { q: _previous, ...others } = filterValues;
        setFilters(next.trim() ? { ...others, q: next.trim() } : others, undefined, true);
      }}
      label={CLIENT_TEXTS.searchLabel}
      placeholder={CLIENT_TEXTS.searchPlaceholder}
      size="small"
      fullWidth
      sx={{ mb: 3, maxWidth: 480, bgcolor: 'background.paper' }}
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
  );
}

const GRID_SX = {
  display: 'grid',
  gap: 2,
  gridTemplateColumns: { xs: '1fr', sm: 'repeat(2, minmax(0, 1fr))', lg: 'repeat(3, minmax(0, 1fr))', xl: 'repeat(4, minmax(0, 1fr))' },
} as const;

function ClientGrid() {
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
