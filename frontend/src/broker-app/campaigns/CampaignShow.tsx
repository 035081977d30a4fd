import ArrowBackIcon from '@mui/icons-material/ArrowBack';
import {
  Alert,
  Box,
  Button,
  Card,
  CardContent,
  Chip,
  type ChipProps,
  Skeleton,
  Stack,
  Table,
  TableBody,
  TableCell,
  TableContainer,
  TableHead,
  TablePagination,
  TableRow,
  Typography,
} from '@mui/material';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { ShowBase, useGetList, useShowContext } from 'react-admin';
import { Link as RouterLink } from 'react-router-dom';

import { useBrokerTexts } from '../i18n/useBrokerTexts.ts';
import { useCareKeepDataProvider } from '../providers/dataProvider.ts';
import type { Campaign, CampaignRecipient } from '../types.ts';
import { formatDateTime } from '../ui/format.ts';
import { PageHeader } from '../ui/PageHeader.tsx';

const STATUS_COLORS: Record<CampaignRecipient['status'], ChipProps['color']> = {
  waiting: 'default',
  sent: 'info',
  delivered: 'success',
  failed: 'error',
  skipped: 'warning',
};

/** `/campaigns/{id}/show`: a campaign, its figures, and who it went to with each delivery's status. */
export function CampaignShow() {
  return (
    <ShowBase<Campaign> resource="campaigns" queryOptions={{ retry: false, onError: () => undefined }}>
      <CampaignPage />
    </ShowBase>
  );
}

function CampaignPage() {
  const { CAMPAIGN_TEXTS: T } = useBrokerTexts().campaigns;
  const { record: campaign, isPending, error } = useShowContext<Campaign>();
  const back = (
    <Button component={RouterLink} to="/campaigns" startIcon={<ArrowBackIcon />} sx={{ mb: 1 }}>
      {T.pageBack}
    </Button>
  );
  if (isPending) {
    return (
      <Box>
        {back}
        <Skeleton variant="text" width="40%" height={48} />
        <Skeleton variant="rounded" height={160} sx={{ mt: 2 }} />
      </Box>
    );
  }
  if (error || !campaign) {
    return (
      <Box>
        {back}
        <Alert severity="error">{(error as { status?: number } | null)?.status === 404 ? T.pageNotFound : T.loadFailed}</Alert>
      </Box>
    );
  }
  const isSent = campaign.status === 'sent';
  return (
    <Box>
      {back}
      <PageHeader
        title={campaign.name}
        subtitle={
          <Stack component="span" direction="row" spacing={1} sx={{ alignItems: 'center', flexWrap: 'wrap' }}>
            <Chip component="span" size="small" variant="outlined" label={T.typeLabel[campaign.type]} />
            <Chip component="span" size="small" color={isSent ? 'success' : 'default'} label={T.status[campaign.status]} />
            <span>
              {isSent && campaign.sentAt ? T.sentOn(formatDateTime(campaign.sentAt)) : T.createdOn(formatDateTime(campaign.createdAt))}
            </span>
          </Stack>
        }
      />
      <Card variant="outlined" sx={{ mb: 3 }}>
        <CardContent>
          {campaign.subject && <Typography sx={{ fontWeight: 600, mb: 1, overflowWrap: 'anywhere' }}>{campaign.subject}</Typography>}
          <Typography variant="body2" sx={{ whiteSpace: 'pre-line', overflowWrap: 'anywhere' }}>
            {campaign.message}
          </Typography>
          {isSent && (
            <Stack component="dl" direction="row" spacing={4} sx={{ mt: 2, mb: 0 }}>
              <Figure label={T.recipients} value={campaign.recipientCount} />
              <Figure label={T.opened} value={campaign.openedCount} />
              <Figure label={T.clicked} value={campaign.clickedCount} />
            </Stack>
          )}
        </CardContent>
      </Card>
      <Typography component="h2" variant="h6" sx={{ mb: 1 }}>
        {T.recipientsTitle}
      </Typography>
      {isSent && <SkippedSummary campaign={campaign} />}
      {isSent ? <Recipients campaign={campaign} /> : <Alert severity="info">{T.recipientsEmptyDraft}</Alert>}
    </Box>
  );
}

function Figure({ label, value }: { label: string; value: number }) {
  return (
    <Box sx={{ display: 'flex', flexDirection: 'column-reverse' }}>
      <Typography component="dt" variant="caption" color="text.secondary">
        {label}
      </Typography>
      <Typography component="dd" sx={{ fontWeight: 700, fontSize: '1.25rem', m: 0 }}>
        {value}
      </Typography>
    </Box>
  );
}

/** How many were not sent, by reason (no permission, lapsed, revoked, opted out, inactive). */
function SkippedSummary({ campaign }: { campaign: Campaign }) {
  const { CAMPAIGN_TEXTS: T } = useBrokerTexts().campaigns;
  const dataProvider = useCareKeepDataProvider();
  const { data } = useQuery({
    queryKey: ['campaigns', campaign.id, 'skipped'],
    queryFn: () => dataProvider.getCampaignSkipped(campaign.id),
  });
  if (!data || data.length === 0) return null;
  const total = data.reduce((sum, row) => sum + row.count, 0);
  return (
    <Alert severity="info" sx={{ mb: 2 }}>
      <Typography variant="body2" sx={{ fontWeight: 600 }}>
        {T.skippedTitle(total)}
      </Typography>
      <Box component="ul" sx={{ m: 0, pl: 2.5 }}>
        {data.map((row) => (
          <li key={row.reason}>
            <Typography variant="body2">{T.skippedLine(row.reason, row.count)}</Typography>
          </li>
        ))}
      </Box>
    </Alert>
  );
}

function Recipients({ campaign }: { campaign: Campaign }) {
  const { CAMPAIGN_TEXTS: T } = useBrokerTexts().campaigns;
  const [page, setPage] = useState(0);
  const [perPage, setPerPage] = useState(25);
  const { data, total, isPending, error } = useGetList<CampaignRecipient>(`campaigns/${campaign.id}/recipients`, {
    pagination: { page: page + 1, perPage },
    sort: { field: 'name', order: 'ASC' },
  });
  if (isPending) return <Skeleton variant="rounded" height={120} />;
  if (error) return <Alert severity="error">{T.loadFailed}</Alert>;
  if (!data || data.length === 0) return <Alert severity="info">{T.recipientsEmpty}</Alert>;
  const when = (iso: string | null) => (iso ? formatDateTime(iso) : T.no);
  return (
    <Card variant="outlined">
      <TableContainer>
        <Table size="small" aria-label={T.recipientsTitle}>
          <TableHead>
            <TableRow>
              <TableCell>{T.colName}</TableCell>
              <TableCell>{T.colAddress}</TableCell>
              <TableCell>{T.colStatus}</TableCell>
              {campaign.type === 'email' && <TableCell>{T.colOpened}</TableCell>}
              <TableCell>{T.colClicked}</TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {data.map((recipient) => (
              <TableRow key={recipient.id}>
                <TableCell sx={{ whiteSpace: 'nowrap' }}>
                  <RouterLink to={`/clients/${recipient.clientId}`}>{recipient.name}</RouterLink>
                </TableCell>
                <TableCell sx={{ whiteSpace: 'nowrap' }}>{recipient.address ?? T.no}</TableCell>
                <TableCell>
                  <Chip size="small" color={STATUS_COLORS[recipient.status]} label={T.recipientStatus[recipient.status]} />
                  {recipient.reason && (
                    <Typography variant="caption" component="div" color="text.secondary" sx={{ mt: 0.5 }}>
                      {recipient.reason}
                    </Typography>
                  )}
                </TableCell>
                {campaign.type === 'email' && <TableCell>{when(recipient.openedAt)}</TableCell>}
                <TableCell>{when(recipient.clickedAt)}</TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      </TableContainer>
      <TablePagination
        component="div"
        count={total ?? data.length}
        page={page}
        onPageChange={(_, next) => setPage(next)}
        rowsPerPage={perPage}
        onRowsPerPageChange={(event) => {
          setPerPage(Number(event.target.value));
          setPage(0);
        }}
        rowsPerPageOptions={[25, 50, 100]}
      />
      <Typography variant="caption" color="text.secondary" sx={{ display: 'block', px: 2, pb: 1.5 }}>
        {T.noHealthData}
      </Typography>
    </Card>
  );
}
