import RocketLaunchIcon from '@mui/icons-material/RocketLaunch';
import WorkspacePremiumIcon from '@mui/icons-material/WorkspacePremium';
import { Alert, Box, Button, Card, CardContent, Chip, Divider, LinearProgress, Stack, Typography } from '@mui/material';
import type { ReactNode } from 'react';

import { useBrokerTexts } from '../i18n/useBrokerTexts.ts';
import type { Subscription, SubscriptionStatus, SubscriptionTier } from '../types.ts';
import { formatDay } from '../ui/format.ts';
import { formatCents } from './pricing.ts';

/** 'Dec 10, 2026', or null without a date. */
export function trialEndDate(trialEndsAt: string | null): string | null {
  if (!trialEndsAt) return null;
  const date = new Date(trialEndsAt);
  return Number.isNaN(date.getTime()) ? null : formatDay(date);
}

/** SPEC §4: trial shows days left, active shows normally, past due and canceled are destructive. */
export function StatusChip({ status, daysLeft }: { status: SubscriptionStatus; daysLeft: number }) {
  const { BILLING_TEXTS: T } = useBrokerTexts().billing;
  const label = status === 'trial' ? `${T.statusLabels.trial} · ${T.daysLeft(daysLeft)}` : T.statusLabels[status];
  const color = status === 'trial' ? 'info' : status === 'active' ? 'success' : 'error';
  const variant = status === 'past_due' || status === 'canceled' ? 'destructive' : 'default';
  return <Chip label={label} color={color} size="small" data-variant={variant} data-testid="subscription-status" />;
}

function Figure({ label, children }: { label: string; children: ReactNode }) {
  return (
    <Box sx={{ minWidth: 0 }}>
      <Typography variant="overline" color="text.secondary" component="div" sx={{ lineHeight: 1.6 }}>
        {label}
      </Typography>
      {children}
    </Box>
  );
}

export function CurrentSubscriptionCard({
  subscription,
  onUpdatePayment,
  onMarkPaid,
  busy = false,
}: {
  subscription: Subscription;
  /** Past due, Stripe billing: opens Stripe's customer portal. */
  onUpdatePayment?: () => void;
  /** Past due, local billing in development: settles the payment. */
  onMarkPaid?: () => void;
  busy?: boolean;
}) {
  const { BILLING_TEXTS: T } = useBrokerTexts().billing;
  const s = subscription;
  const onTrial = s.subscriptionStatus === 'trial';
  const pastDueAction =
    s.subscriptionStatus !== 'past_due' ? null : s.billingMode === 'stripe' ? (
      <Button color="inherit" size="small" variant="outlined" onClick={onUpdatePayment} disabled={busy} sx={{ whiteSpace: 'nowrap' }}>
        {T.updatePaymentMethod}
      </Button>
    ) : s.markPaidAvailable ? (
      <Button color="inherit" size="small" variant="outlined" onClick={onMarkPaid} disabled={busy} sx={{ whiteSpace: 'nowrap' }}>
        {T.markPaid}
      </Button>
    ) : null;
  const tier = s.subscriptionTier;
  const endsOn = trialEndDate(s.trialEndsAt);
  const sentence =
    s.subscriptionStatus === 'trial' ? T.statusSentence.trial(s.trialDaysLeft, endsOn) : T.statusSentence[s.subscriptionStatus];
  const destructive = s.subscriptionStatus === 'past_due' || s.subscriptionStatus === 'canceled';
  const limit = s.clientLimit;
  return (
    <Card component="section" aria-labelledby="current-subscription-title" sx={{ height: '100%' }}>
      <CardContent sx={{ display: 'grid', gap: 2 }}>
        <Box sx={{ display: 'flex', alignItems: 'center', justifyContent: 'space-between', gap: 1, flexWrap: 'wrap' }}>
          <Typography id="current-subscription-title" variant="h6" component="h2" sx={{ fontWeight: 600 }}>
            {T.currentTitle}
          </Typography>
          <StatusChip status={s.subscriptionStatus} daysLeft={s.trialDaysLeft} />
        </Box>

        <Box sx={{ display: 'flex', gap: 1.5, alignItems: 'center' }}>
          <Box
            sx={{
              width: 44,
              height: 44,
              borderRadius: 2,
              bgcolor: 'primary.main',
              color: 'primary.contrastText',
              display: 'grid',
              placeItems: 'center',
              flexShrink: 0,
            }}
          >
            <WorkspacePremiumIcon />
          </Box>
          <Box sx={{ minWidth: 0 }}>
            {onTrial && (
              <Typography variant="overline" color="text.secondary" component="p" sx={{ lineHeight: 1.4 }}>
                {T.planAfterTrialLabel}
              </Typography>
            )}
            <Typography variant="h5" component="p" sx={{ fontWeight: 700 }} data-testid="current-tier">
              {T.tierNames[tier]}
            </Typography>
            <Typography variant="body2" color="text.secondary">
              {T.tierPrice[tier]}
            </Typography>
            {tier === 'flat' && (
              <Typography variant="body2" color="text.secondary">
                {s.overageEnabled ? T.overageOn : T.overageOptional}
              </Typography>
            )}
          </Box>
        </Box>

        {destructive ? (
          <Alert severity="error" variant="outlined" action={pastDueAction}>
            {sentence}
            {pastDueAction && s.billingMode === 'local' && (
              <Typography variant="caption" component="div" sx={{ mt: 0.5 }}>
                {T.markPaidHint}
              </Typography>
            )}
          </Alert>
        ) : (
          <Typography variant="body2">{sentence}</Typography>
        )}

        <Divider />

        <Box sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' }, gap: 2 }}>
          <Figure label={T.clientsLabel}>
            <Typography variant="h6" component="p" sx={{ fontWeight: 600 }}>
              {T.clientsValue(s.activeClients, s.totalClients)}
            </Typography>
            {limit ? (
              <>
                <LinearProgress
                  variant="determinate"
                  value={Math.min(100, (s.activeClients / limit) * 100)}
                  color={s.activeClients > limit ? 'warning' : 'primary'}
                  aria-label={T.limitValue(s.activeClients, limit)}
                  sx={{ mt: 1, height: 6, borderRadius: 3 }}
                />
                <Typography variant="caption" color="text.secondary">
                  {T.limitValue(s.activeClients, limit)}
                </Typography>
              </>
            ) : (
              <Typography variant="caption" color="text.secondary">
                {T.noLimit}
              </Typography>
            )}
          </Figure>
          <Figure label={T.thisMonthLabel}>
            <Typography variant="h6" component="p" sx={{ fontWeight: 600 }} data-testid="monthly-amount">
              {formatCents(s.monthlyPriceCents)}
            </Typography>
            {s.overageCents > 0 && (
              <Typography variant="caption" color="text.secondary" component="div">
                {T.overageLine(s.overageClients, formatCents(s.overageCents))}
              </Typography>
            )}
            {s.subscriptionStatus === 'trial' && (
              <Typography variant="caption" color="text.secondary" component="div">
                {T.notChargedOnTrial}
              </Typography>
            )}
          </Figure>
        </Box>

        {s.billingMode === 'local' && (
          <Typography variant="caption" color="text.secondary">
            {T.localMode}
          </Typography>
        )}
      </CardContent>
    </Card>
  );
}

export function TrialUpgradeCard({
  daysLeft,
  trialEndsAt,
  tier,
  onStart,
}: {
  daysLeft: number;
  trialEndsAt: string | null;
  /** The plan after the trial, which "Start my subscription now" starts. */
  tier: SubscriptionTier;
  onStart: () => void;
}) {
  const { BILLING_TEXTS: T } = useBrokerTexts().billing;
  const ended = daysLeft <= 0;
  return (
    <Card
      component="section"
      aria-labelledby="trial-upgrade-title"
      data-testid="trial-upgrade"
      sx={{
        borderColor: ended ? 'error.main' : 'primary.main',
        borderWidth: 2,
        background: (theme) => `linear-gradient(135deg, ${theme.palette.background.paper} 55%, ${theme.palette.action.hover})`,
      }}
    >
      <CardContent sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: 3, '&:last-child': { pb: 2 } }}>
        <Box sx={{ textAlign: 'center', minWidth: 96 }}>
          <Typography
            variant="h3"
            component="p"
            sx={{ fontWeight: 800, lineHeight: 1, color: ended ? 'error.main' : 'primary.main' }}
            data-testid="trial-days-left"
          >
            {Math.max(0, daysLeft)}
          </Typography>
          <Typography variant="body2" color="text.secondary">
            {T.trialDaysUnit(daysLeft)}
          </Typography>
        </Box>
        <Box sx={{ flex: '1 1 280px', minWidth: 0 }}>
          <Typography id="trial-upgrade-title" variant="h6" component="h2" sx={{ fontWeight: 600 }}>
            {T.trialTitle}
          </Typography>
          <Typography variant="body2" color="text.secondary" data-testid="trial-body">
            {ended ? T.trialEnded : T.trialBody(tier, trialEndDate(trialEndsAt))}
          </Typography>
        </Box>
        <Stack spacing={0.5} sx={{ alignItems: { xs: 'stretch', sm: 'flex-end' }, flex: { xs: '1 1 100%', sm: '0 0 auto' } }}>
          <Button variant="contained" size="large" onClick={onStart} startIcon={<RocketLaunchIcon />}>
            {T.startNow}
          </Button>
          <Typography variant="caption" color="text.secondary">
            {T.upgradeHint}
          </Typography>
        </Stack>
      </CardContent>
    </Card>
  );
}
