import ArrowBackIcon from '@mui/icons-material/ArrowBack';
import AttachMoneyIcon from '@mui/icons-material/AttachMoney';
import BlockIcon from '@mui/icons-material/Block';
import EventIcon from '@mui/icons-material/Event';
import EventRepeatIcon from '@mui/icons-material/EventRepeat';
import HourglassEmptyIcon from '@mui/icons-material/HourglassEmpty';
import LockOpenIcon from '@mui/icons-material/LockOpen';
import PeopleIcon from '@mui/icons-material/People';
import PersonOffIcon from '@mui/icons-material/PersonOff';
import SwapHorizIcon from '@mui/icons-material/SwapHoriz';
import TrendingUpIcon from '@mui/icons-material/TrendingUp';
import { Alert, AlertTitle, Avatar, Box, Button, Card, CardContent, CardHeader, Grid, Skeleton, Stack, Typography } from '@mui/material';
import { useQuery } from '@tanstack/react-query';
import { type ReactNode, useId, useState } from 'react';
import { Link, useParams } from 'react-router-dom';

import { BrokerActivityCard } from '../../activity-log/BrokerActivityCard.tsx';
import { BrokerTokensCard } from '../../api-access/BrokerTokensCard.tsx';
import { formatCents } from '../../billing/pricing.ts';
import { normaliseStats } from '../../dashboard/metrics.ts';
import { useBrokerTexts } from '../../i18n/useBrokerTexts.ts';
import { useCareKeepDataProvider } from '../../providers/dataProvider.ts';
import type { AdminBrokerDetailBroker, BrokerDetail } from '../../types.ts';
import { LoadError } from '../../ui/EmptyState.tsx';
import { formatDateTime } from '../../ui/format.ts';
import { StatCard } from '../../ui/StatCard.tsx';
import { ActivityTimeline } from './ActivityTimeline.tsx';
import { StatusBadge, SuspendedBadge, TierBadge } from './Badges.tsx';
import { BrokerClientsTable } from './BrokerClientsTable.tsx';
import { BrokerCompliance } from './BrokerCompliance.tsx';
import { BrokerTrendsCard } from './BrokerTrendsCard.tsx';
import { ExtendTrialDialog } from './ExtendTrialDialog.tsx';
import { brokerInitials, brokerName, formatDay, revenueNote, trialDaysLeft } from './format.ts';
import { SetTrialEndDialog } from './SetTrialEndDialog.tsx';
import { ReactivateBrokerDialog, SuspendBrokerDialog } from './SuspendBrokerDialog.tsx';
import { UpdateSubscriptionDialog } from './UpdateSubscriptionDialog.tsx';
import { brokerDetailKey } from './useBrokerActions.ts';

const BROKERS_PATH = '/admin/brokers';

function BackLink() {
  const { DETAIL_TEXTS: T } = useBrokerTexts().adminBrokers;
  return (
    <Button component={Link} to={BROKERS_PATH} startIcon={<ArrowBackIcon />} sx={{ mb: 2, ml: -1 }}>
      {T.back}
    </Button>
  );
}

/**
 * /admin/brokers/{id} (SPEC §2 Admin broker detail): the account, its figures and their last 12
 * months, its history (the admins' changes, then what the agency's own people changed), its
 * clients, its API tokens and its compliance report.
 */
export function BrokerDetailPage() {
  const { DETAIL_TEXTS: T } = useBrokerTexts().adminBrokers;
  const { id = '' } = useParams<{ id: string }>();
  const dataProvider = useCareKeepDataProvider();
  const detail = useQuery({ queryKey: brokerDetailKey(id), queryFn: () => dataProvider.getBrokerDetail(id) });

  if (detail.isPending) return <LoadingDetail />;
  const status = (detail.error as { status?: number } | null)?.status;
  if (detail.isError && status !== 404) {
    return (
      <Box>
        <BackLink />
        <LoadError message={T.loadFailed} retryLabel={T.retry} onRetry={() => void detail.refetch()} />
      </Box>
    );
  }
  if (!detail.data?.broker) return <BrokerNotFound />;
  return <BrokerDetailView detail={detail.data} />;
}

function BrokerDetailView({ detail }: { detail: BrokerDetail }) {
  const { DETAIL_TEXTS: T } = useBrokerTexts().adminBrokers;
  const { broker, clients, adminActions } = detail;
  const stats = normaliseStats(detail.stats);
  const name = brokerName(broker);
  const [dialog, setDialog] = useState<'extend' | 'subscription' | 'trialEnd' | 'suspend' | 'reactivate' | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const onTrial = broker.subscriptionStatus === 'trial';

  return (
    <Box>
      <BackLink />
      {broker.suspendedAt && <SuspendedAlert suspendedAt={broker.suspendedAt} reason={broker.suspensionReason} />}
      <DetailHeader broker={broker} name={name} onSuspend={() => setDialog('suspend')} onReactivate={() => setDialog('reactivate')} />
      <Grid container spacing={2} sx={{ mb: 3 }}>
        <Grid size={{ xs: 12, sm: 6, lg: 3 }}>
          <StatCard
            title={T.totalClients}
            icon={<PeopleIcon fontSize="small" />}
            value={String(stats.totalClients)}
            caption={T.clientsCaption(stats.activeClients, stats.totalClients)}
          />
        </Grid>
        <Grid size={{ xs: 12, sm: 6, lg: 3 }}>
          <StatCard
            title={T.monthlyRevenue}
            icon={<AttachMoneyIcon fontSize="small" />}
            value={formatCents(broker.monthlyRevenue)}
            caption={revenueNote(broker, stats.activeClients)}
          />
        </Grid>
        <Grid size={{ xs: 12, sm: 6, lg: 3 }}>
          <StatCard
            title={T.retentionRate}
            icon={<TrendingUpIcon fontSize="small" />}
            value={stats.retentionRate === null ? T.noRetention : `${stats.retentionRate}%`}
            caption={
              stats.retentionRate === null
                ? `${T.notEnoughHistory} · ${T.callCompletion(stats.callCompletionRate)}`
                : T.callCompletion(stats.callCompletionRate)
            }
          />
        </Grid>
        <Grid size={{ xs: 12, sm: 6, lg: 3 }}>
          <TrialStatusCard broker={broker} />
        </Grid>
      </Grid>
      <BrokerTrendsCard brokerId={broker.id} />
      <Grid container spacing={2} sx={{ mb: 3 }}>
        <Grid size={{ xs: 12, md: 5 }}>
          <SubscriptionCard
            broker={broker}
            notice={notice}
            onDismissNotice={() => setNotice(null)}
            onChange={() => setDialog('subscription')}
            onExtend={onTrial ? () => setDialog('extend') : undefined}
            onSetTrialEnd={onTrial ? () => setDialog('trialEnd') : undefined}
          />
        </Grid>
        <Grid size={{ xs: 12, md: 7 }}>
          <ActivityTimeline actions={adminActions} />
        </Grid>
      </Grid>
      <BrokerActivityCard brokerId={broker.id} />
      <BrokerClientsTable clients={clients} />
      <BrokerTokensCard brokerId={broker.id} />
      <BrokerCompliance brokerId={broker.id} />
      <ExtendTrialDialog
        open={dialog === 'extend'}
        broker={{ id: broker.id, name, trialEndsAt: broker.trialEndsAt }}
        rule="integer"
        onClose={() => setDialog(null)}
        onExtended={() => setNotice(null)}
      />
      <UpdateSubscriptionDialog
        open={dialog === 'subscription'}
        broker={{ id: broker.id, name, subscriptionTier: broker.subscriptionTier, subscriptionStatus: broker.subscriptionStatus }}
        onClose={() => setDialog(null)}
        onUpdated={(updated) => setNotice(updated.notice ?? null)}
      />
      <SetTrialEndDialog
        open={dialog === 'trialEnd'}
        broker={{ id: broker.id, name, trialEndsAt: broker.trialEndsAt }}
        onClose={() => setDialog(null)}
        onSet={() => setNotice(null)}
      />
      <SuspendBrokerDialog open={dialog === 'suspend'} broker={{ id: broker.id, name }} onClose={() => setDialog(null)} />
      <ReactivateBrokerDialog open={dialog === 'reactivate'} broker={{ id: broker.id, name }} onClose={() => setDialog(null)} />
    </Box>
  );
}

/** At the top of a suspended broker's detail: since when, the admin's reason and what it means. */
function SuspendedAlert({ suspendedAt, reason }: { suspendedAt: string; reason: string | null }) {
  const { DETAIL_TEXTS: T } = useBrokerTexts().adminBrokers;
  return (
    <Alert severity="error" data-testid="suspended-alert" sx={{ mb: 3 }}>
      <AlertTitle>{T.suspendedSince(formatDateTime(suspendedAt))}</AlertTitle>
      {reason && <Typography sx={{ overflowWrap: 'anywhere' }}>{T.suspendedReason(reason)}</Typography>}
      <Typography variant="body2" sx={{ mt: 0.5 }}>
        {T.suspendedEffect}
      </Typography>
    </Alert>
  );
}

function DetailHeader({
  broker,
  name,
  onSuspend,
  onReactivate,
}: {
  broker: AdminBrokerDetailBroker;
  name: string;
  onSuspend: () => void;
  onReactivate: () => void;
}) {
  const { DETAIL_TEXTS: T } = useBrokerTexts().adminBrokers;
  return (
    <Card sx={{ mb: 3 }}>
      <CardContent sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: 2.5 }}>
        <Avatar sx={{ width: 64, height: 64, bgcolor: 'primary.main', fontSize: '1.5rem', fontWeight: 600 }} aria-hidden>
          {brokerInitials(broker)}
        </Avatar>
        <Box sx={{ flex: '1 1 320px', minWidth: 0 }}>
          <Typography
            variant="h1"
            component="h1"
            sx={{ fontSize: { xs: '1.5rem', md: '1.875rem' }, fontWeight: 700, overflowWrap: 'anywhere' }}
          >
            {name}
          </Typography>
          {broker.email && (
            <Typography color="text.secondary" sx={{ overflowWrap: 'anywhere' }}>
              {broker.email}
            </Typography>
          )}
          {broker.agencyName && (
            <Typography variant="body2" color="text.secondary">
              {broker.agencyName}
            </Typography>
          )}
          <Typography variant="body2" color="text.secondary" sx={{ mt: 0.5 }}>
            {`${T.accountId}: `}
            <Box component="code" sx={{ fontFamily: 'monospace', fontSize: '0.8125rem', overflowWrap: 'anywhere' }}>
              {broker.id}
            </Box>
          </Typography>
        </Box>
        <Stack spacing={1} sx={{ alignItems: { xs: 'flex-start', sm: 'flex-end' } }}>
          <Stack direction="row" sx={{ flexWrap: 'wrap', gap: 1 }}>
            <TierBadge tier={broker.subscriptionTier} size="medium" />
            <StatusBadge status={broker.subscriptionStatus} size="medium" />
            {broker.suspendedAt && <SuspendedBadge size="medium" />}
          </Stack>
          <Typography variant="body2" color="text.secondary">
            {T.created(formatDay(broker.createdAt))}
          </Typography>
          {broker.suspendedAt ? (
            <Button variant="outlined" startIcon={<LockOpenIcon />} onClick={onReactivate}>
              {T.reactivateBroker}
            </Button>
          ) : (
            <Button variant="outlined" color="error" startIcon={<BlockIcon />} onClick={onSuspend}>
              {T.suspendBroker}
            </Button>
          )}
        </Stack>
      </CardContent>
    </Card>
  );
}

function TrialStatusCard({ broker }: { broker: AdminBrokerDetailBroker }) {
  const { DETAIL_TEXTS: T, STATUS_LABELS } = useBrokerTexts().adminBrokers;
  const icon = <HourglassEmptyIcon fontSize="small" />;
  if (broker.subscriptionStatus !== 'trial') {
    return (
      <StatCard
        title={T.trialStatus}
        icon={icon}
        value={STATUS_LABELS[broker.subscriptionStatus]}
        caption={T.statusCaptions[broker.subscriptionStatus]}
      />
    );
  }
  const days = trialDaysLeft(broker.trialEndsAt);
  return (
    <StatCard
      title={T.trialStatus}
      icon={icon}
      value={broker.trialEndsAt ? T.trialEnds(formatDay(broker.trialEndsAt)) : T.trialNoEnd}
      caption={days > 0 ? T.trialDaysLeft(days) : T.trialEnded}
    />
  );
}

function SubscriptionCard({
  broker,
  notice,
  onDismissNotice,
  onChange,
  onExtend,
  onSetTrialEnd,
}: {
  broker: AdminBrokerDetailBroker;
  notice: string | null;
  onDismissNotice: () => void;
  onChange: () => void;
  onExtend?: () => void;
  onSetTrialEnd?: () => void;
}) {
  const { DETAIL_TEXTS: T } = useBrokerTexts().adminBrokers;
  const titleId = useId();
  const rows: { label: string; value: ReactNode }[] = [
    { label: T.currentTier, value: <TierBadge tier={broker.subscriptionTier} /> },
    { label: T.currentStatus, value: <StatusBadge status={broker.subscriptionStatus} /> },
  ];
  if (broker.subscriptionStatus === 'trial' && broker.trialEndsAt) {
    rows.push({ label: T.trialEndsLabel, value: <Typography variant="body2">{formatDay(broker.trialEndsAt)}</Typography> });
  }
  return (
    <Card component="section" aria-labelledby={titleId} sx={{ height: '100%' }}>
      <CardHeader title={T.subscriptionTitle} slotProps={{ title: { id: titleId, variant: 'h6', component: 'h2' } }} />
      <CardContent sx={{ pt: 0 }}>
        <Box component="dl" sx={{ m: 0 }}>
          {/* Each term and its value in one div, the only wrapper a dl may hold; the line between is a border. */}
          {rows.map((row, index) => (
            <Box
              key={row.label}
              sx={{
                display: 'flex',
                alignItems: 'center',
                justifyContent: 'space-between',
                py: 1.25,
                borderTop: index > 0 ? 1 : 0,
                borderColor: 'divider',
              }}
            >
              <Typography component="dt" variant="body2" color="text.secondary">
                {row.label}
              </Typography>
              <Box component="dd" sx={{ m: 0 }}>
                {row.value}
              </Box>
            </Box>
          ))}
        </Box>
        <Typography variant="body2" color="text.secondary" sx={{ mt: 1.5 }}>
          {T.subscriptionBody}
        </Typography>
        {notice && (
          <Alert severity="info" onClose={onDismissNotice} sx={{ mt: 2 }}>
            {notice}
          </Alert>
        )}
        <Stack direction={{ xs: 'column', sm: 'row' }} sx={{ mt: 2.5, flexWrap: 'wrap', gap: 1.5 }}>
          <Button variant="contained" startIcon={<SwapHorizIcon />} onClick={onChange}>
            {T.changeSubscription}
          </Button>
          {onExtend && (
            <Button variant="outlined" startIcon={<EventRepeatIcon />} onClick={onExtend}>
              {T.extendTrial}
            </Button>
          )}
          {onSetTrialEnd && (
            <Button variant="outlined" startIcon={<EventIcon />} onClick={onSetTrialEnd}>
              {T.setTrialEnd}
            </Button>
          )}
        </Stack>
      </CardContent>
    </Card>
  );
}

function BrokerNotFound() {
  const { DETAIL_TEXTS: T } = useBrokerTexts().adminBrokers;
  return (
    <Box sx={{ textAlign: 'center', py: 8, px: 2 }}>
      <PersonOffIcon sx={{ fontSize: 56, color: 'text.disabled' }} aria-hidden />
      <Typography variant="h1" component="h1" sx={{ fontSize: '1.75rem', fontWeight: 700, mt: 2 }}>
        {T.notFoundTitle}
      </Typography>
      <Typography color="text.secondary" sx={{ mt: 1, maxWidth: 520, mx: 'auto' }}>
        {T.notFoundBody}
      </Typography>
      <Button component={Link} to={BROKERS_PATH} variant="contained" startIcon={<ArrowBackIcon />} sx={{ mt: 3 }}>
        {T.back}
      </Button>
    </Box>
  );
}

function LoadingDetail() {
  const { DETAIL_TEXTS: T } = useBrokerTexts().adminBrokers;
  return (
    <Box aria-busy="true" aria-label={T.loading}>
      <Skeleton width={160} height={36} sx={{ mb: 2 }} />
      <Card sx={{ mb: 3 }}>
        <CardContent sx={{ display: 'flex', gap: 2.5, alignItems: 'center' }}>
          <Skeleton variant="circular" width={64} height={64} />
          <Box sx={{ flex: 1 }}>
            <Skeleton width="40%" height={40} />
            <Skeleton width="30%" />
            <Skeleton width="50%" />
          </Box>
        </CardContent>
      </Card>
      <Grid container spacing={2} sx={{ mb: 3 }}>
        {[0, 1, 2, 3].map((index) => (
          <Grid key={index} size={{ xs: 12, sm: 6, lg: 3 }}>
            <Card>
              <CardContent>
                <Skeleton width="50%" />
                <Skeleton width="40%" height={44} />
                <Skeleton width="70%" />
              </CardContent>
            </Card>
          </Grid>
        ))}
      </Grid>
      <Skeleton variant="rounded" height={240} />
    </Box>
  );
}
