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
  type Theme,
  Typography,
  useMediaQuery,
} from '@mui/material';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { ShowBase, useGetList, useShowContext } from 'react-admin';
import { Link as RouterLink } from 'react-router-dom';

import { MarketingDetailsNotice } from '../branding/MarketingDetailsNotice.tsx';
import { useBrokerTexts } from '../i18n/useBrokerTexts.ts';
import { useCareKeepDataProvider } from '../providers/dataProvider.ts';
import { shownReason } from '../texting/heldReason.ts';
import type { CampaignRecipient } from '../types.ts';
import { formatDateTime } from '../ui/format.ts';
import { PageHeader } from '../ui/PageHeader.tsx';
import { scheduleMoment, triggerWords } from './builderForm.ts';
import { LifecycleButtons, STATUS_CHIP_COLORS, useLifecycleActions } from './LifecycleActions.tsx';
import { type CampaignStep, isSequence, type LifecycleCampaign } from './lifecycleTypes.ts';

type Campaign = LifecycleCampaign;

const STATUS_COLORS: Record<CampaignRecipient['status'], ChipProps['color']> = {
  waiting: 'default',
  sent: 'info',
  delivered: 'success',
  failed: 'error',
  skipped: 'warning',
};

/**
 * `/campaigns/{id}/show`: a campaign, its figures, and who it went to with each delivery's status;
 * for a sequence, its trigger, lifecycle actions, how many clients entered it and each step's figures.
 */
export function CampaignShow() {
  return (
    <ShowBase<Campaign> resource="campaigns" queryOptions={{ retry: false, onError: () => undefined }}>
      <CampaignPage />
    </ShowBase>
  );
}

function CampaignPage() {
  const { CAMPAIGN_TEXTS: T, LIFECYCLE_TEXTS: L } = useBrokerTexts().campaigns;
  const lifecycle = useLifecycleActions();
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
  const sequence = isSequence(campaign);
  return (
    <Box>
      {back}
      {lifecycle.dialogs}
      <PageHeader
        title={campaign.name}
        actions={<LifecycleButtons campaign={campaign} controls={lifecycle} />}
        subtitle={
          <Stack component="span" direction="row" spacing={1} sx={{ alignItems: 'center', flexWrap: 'wrap' }}>
            <Chip component="span" size="small" variant="outlined" label={T.typeLabel[campaign.type]} />
            <Chip
              component="span"
              size="small"
              color={STATUS_CHIP_COLORS[campaign.status]}
              variant={campaign.status === 'finished' ? 'outlined' : 'filled'}
              label={T.status[campaign.status]}
            />
            <span>
              {isSent && campaign.sentAt ? T.sentOn(formatDateTime(campaign.sentAt)) : T.createdOn(formatDateTime(campaign.createdAt))}
            </span>
            {campaign.trigger && <span>{triggerWords(campaign.trigger, L)}</span>}
            {campaign.status === 'scheduled' && campaign.schedule && <span>{L.scheduledFor(scheduleMoment(campaign.schedule))}</span>}
          </Stack>
        }
      />
      {(campaign.status === 'draft' || campaign.status === 'paused') && <MarketingDetailsNotice />}
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
      {sequence ? (
        <SequenceSteps campaign={campaign} />
      ) : (
        <>
          <Typography component="h2" variant="h6" sx={{ mb: 1 }}>
            {T.recipientsTitle}
          </Typography>
          {isSent && <SkippedSummary campaign={campaign} />}
          {isSent ? <Recipients campaign={campaign} /> : <Alert severity="info">{T.recipientsEmptyDraft}</Alert>}
        </>
      )}
    </Box>
  );
}

const FIGURES = ['sent', 'opened', 'clicked', 'replied', 'skipped'] as const;

/** A sequence's steps: the first message, then each follow-up, with its wait and figures; cards on a phone. */
function SequenceSteps({ campaign }: { campaign: Campaign }) {
  const { CAMPAIGN_TEXTS: T, LIFECYCLE_TEXTS: L } = useBrokerTexts().campaigns;
  const narrow = useMediaQuery((theme: Theme) => theme.breakpoints.down('sm'), { noSsr: true });
  const figuresOf = (step: number): CampaignStep =>
    campaign.steps.find((row) => row.step === step) ?? { step, sent: 0, opened: 0, clicked: 0, replied: 0, skipped: 0 };
  const rows = [
    { step: 1, wait: L.waitFirst, skips: false },
    ...campaign.followUps.map((followUp, index) => ({
      step: index + 2,
      wait: L.waitAfter(followUp.delayDays),
      skips: followUp.skipIfEngaged,
    })),
  ].map((row) => ({ ...row, figures: figuresOf(row.step) }));
  const label = { sent: L.colSent, opened: L.colOpened, clicked: L.colClicked, replied: L.colReplied, skipped: L.colSkipped };
  const shown = FIGURES.filter((figure) => figure !== 'opened' || campaign.type === 'email');
  return (
    <Box component="section" aria-labelledby="campaign-steps-title">
      <Typography id="campaign-steps-title" component="h2" variant="h6" sx={{ mb: 0.5 }}>
        {L.stepsTitle}
      </Typography>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 1.5 }}>
        {L.enrolledCount(campaign.enrolledCount)}
      </Typography>
      {narrow ? (
        <Stack component="ul" aria-label={L.stepsTitle} spacing={1.5} sx={{ listStyle: 'none', p: 0, m: 0 }}>
          {rows.map((row) => (
            <Card key={row.step} component="li" variant="outlined" aria-label={L.followUpTitle(row.step)}>
              <CardContent sx={{ '&:last-child': { pb: 2 } }}>
                <Typography sx={{ fontWeight: 600 }}>{L.followUpTitle(row.step)}</Typography>
                <Typography variant="body2" color="text.secondary">
                  {row.wait}
                </Typography>
                {row.skips && (
                  <Typography variant="caption" color="text.secondary" sx={{ display: 'block' }}>
                    {L.stepSkipsEngaged}
                  </Typography>
                )}
                <Stack component="dl" direction="row" sx={{ flexWrap: 'wrap', columnGap: 3, rowGap: 1, mt: 1.5, mb: 0 }}>
                  {shown.map((figure) => (
                    <Figure key={figure} label={label[figure]} value={row.figures[figure]} />
                  ))}
                </Stack>
              </CardContent>
            </Card>
          ))}
        </Stack>
      ) : (
        <Card variant="outlined">
          <TableContainer>
            <Table size="small" aria-label={L.stepsTitle}>
              <TableHead>
                <TableRow>
                  <TableCell>{L.colStep}</TableCell>
                  <TableCell>{L.colWait}</TableCell>
                  {shown.map((figure) => (
                    <TableCell key={figure} align="right">
                      {label[figure]}
                    </TableCell>
                  ))}
                </TableRow>
              </TableHead>
              <TableBody>
                {rows.map((row) => (
                  <TableRow key={row.step}>
                    <TableCell component="th" scope="row">
                      {row.step}
                    </TableCell>
                    <TableCell>
                      {row.wait}
                      {row.skips && (
                        <Typography variant="caption" component="div" color="text.secondary">
                          {L.stepSkipsEngaged}
                        </Typography>
                      )}
                    </TableCell>
                    {shown.map((figure) => (
                      <TableCell key={figure} align="right">
                        {row.figures[figure]}
                      </TableCell>
                    ))}
                  </TableRow>
                ))}
              </TableBody>
            </Table>
          </TableContainer>
        </Card>
      )}
      <Typography variant="caption" color="text.secondary" sx={{ display: 'block', mt: 1.5 }}>
        {L.sequenceNoRecipients} {T.noHealthData}
      </Typography>
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
                      {shownReason(recipient.reason)}
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
