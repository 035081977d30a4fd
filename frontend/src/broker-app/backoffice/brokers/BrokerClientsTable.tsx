import PeopleIcon from '@mui/icons-material/People';
import {
  Box,
  Card,
  CardHeader,
  Chip,
  Table,
  TableBody,
  TableCell,
  TableContainer,
  TableHead,
  TablePagination,
  TableRow,
  Typography,
} from '@mui/material';
import { useId, useState } from 'react';

import { formatPhone } from '../../clients/format.ts';
import { useBrokerTexts } from '../../i18n/useBrokerTexts.ts';
import type { AdminClientRow } from '../../types.ts';
import { formatDateTime } from '../../ui/format.ts';
import { formatDay } from './format.ts';

export const CLIENTS_PER_PAGE = 10;

/** SPEC §2: the broker's clients (contact rows only), ten to a page. */
export function BrokerClientsTable({ clients }: { clients: AdminClientRow[] }) {
  const { DETAIL_TEXTS: T } = useBrokerTexts().adminBrokers;
  const titleId = useId();
  const [page, setPage] = useState(0);
  const shown = clients.slice(page * CLIENTS_PER_PAGE, (page + 1) * CLIENTS_PER_PAGE);
  const columns = T.clientColumns;

  return (
    <Card component="section" aria-labelledby={titleId}>
      <CardHeader
        avatar={<PeopleIcon color="action" aria-hidden />}
        title={T.clientsTitle}
        subheader={T.clientsCount(clients.length)}
        slotProps={{ title: { id: titleId, variant: 'h6', component: 'h2' } }}
      />
      {clients.length === 0 ? (
        <Box sx={{ py: 5, textAlign: 'center', borderTop: 1, borderColor: 'divider' }}>
          <Typography color="text.secondary">{T.noClients}</Typography>
        </Box>
      ) : (
        <>
          {/* Scrolls sideways on a phone: focusable, so the keyboard can scroll it too. */}
          <TableContainer tabIndex={0} role="region" aria-labelledby={titleId}>
            <Table aria-labelledby={titleId} sx={{ minWidth: 640 }}>
              <TableHead>
                <TableRow>
                  <TableCell>{columns.name}</TableCell>
                  <TableCell>{columns.email}</TableCell>
                  <TableCell>{columns.phone}</TableCell>
                  <TableCell>{columns.status}</TableCell>
                  <TableCell>{columns.joined}</TableCell>
                </TableRow>
              </TableHead>
              <TableBody>
                {shown.map((client) => (
                  <TableRow key={client.id} hover>
                    <TableCell sx={{ fontWeight: 500 }}>{`${client.firstName} ${client.lastName}`}</TableCell>
                    <TableCell sx={{ overflowWrap: 'anywhere' }}>{client.email ?? T.noEmail}</TableCell>
                    <TableCell sx={{ whiteSpace: 'nowrap' }}>{formatPhone(client.phone)}</TableCell>
                    <TableCell>
                      <Chip
                        size="small"
                        label={client.isActive ? T.active : T.inactive}
                        color={client.isActive ? 'success' : 'default'}
                        variant={client.isActive ? 'filled' : 'outlined'}
                      />
                    </TableCell>
                    <TableCell sx={{ whiteSpace: 'nowrap' }} title={formatDateTime(client.createdAt)}>
                      {formatDay(client.createdAt)}
                    </TableCell>
                  </TableRow>
                ))}
              </TableBody>
            </Table>
          </TableContainer>
          {clients.length > CLIENTS_PER_PAGE && (
            <TablePagination
              component="div"
              count={clients.length}
              page={page}
              onPageChange={(_, next) => setPage(next)}
              rowsPerPage={CLIENTS_PER_PAGE}
              rowsPerPageOptions={[CLIENTS_PER_PAGE]}
            />
          )}
        </>
      )}
    </Card>
  );
}
