import { Alert, Button } from '@mui/material';
import { useMutation, useQuery } from '@tanstack/react-query';
import { useLocation, useNavigate } from 'react-router-dom';

import { SUBSCRIPTION_KEY } from '../billing/queries.ts';
import { goToExternal } from '../billing/redirect.ts';
import { brokerTexts, useBrokerTexts } from '../i18n/useBrokerTexts.ts';
import { useCareKeepDataProvider } from '../providers/dataProvider.ts';
import { useCurrentUser } from '../providers/useCurrentUser.ts';
import type { CurrentUser } from '../types.ts';
import { useErrorToast } from '../ui/errors.ts';
import { formatDay } from '../ui/format.ts';

const DAY_MS = 24 * 60 * 60 * 1000;
/** The trial's last days, in which every page reminds the broker that it ends. */
export const TRIAL_ENDING_DAYS = 7;

export type BillingNotice =
  | { kind: 'past_due'; severity: 'error'; message: string }
  | { kind: 'trial_ending'; severity: 'warning'; message: string }
  | { kind: 'trial_ended'; severity: 'error'; message: string }
  | { kind: 'canceled'; severity: 'error'; message: string };

/** What every page says about the subscription, if anything: past due, the trial's last 7 days or its end, canceled. */
export function billingNotice(
  user: Pick<CurrentUser, 'subscriptionStatus' | 'subscriptionTier' | 'trialEndsAt'>,
  now: Date,
  texts = brokerTexts(),
): BillingNotice | null {
  const BANNER_TEXTS = texts.shell.BANNER_TEXTS;
  switch (user.subscriptionStatus) {
    case 'active':
      return null;
    case 'past_due':
      return { kind: 'past_due', severity: 'error', message: BANNER_TEXTS.pastDue };
    case 'canceled':
      return { kind: 'canceled', severity: 'error', message: BANNER_TEXTS.canceled };
    case 'trial': {
      const end = user.trialEndsAt ? new Date(user.trialEndsAt) : null;
      if (!end || Number.isNaN(end.getTime()) || end.getTime() <= now.getTime()) {
        return { kind: 'trial_ended', severity: 'error', message: BANNER_TEXTS.trialEnded };
      }
      const days = Math.ceil((end.getTime() - now.getTime()) / DAY_MS);
      if (days > TRIAL_ENDING_DAYS) return null;
      return {
        kind: 'trial_ending',
        severity: 'warning',
        message: BANNER_TEXTS.trialEnding(days, formatDay(end), texts.billing.BILLING_TEXTS.tierNames[user.subscriptionTier]),
      };
    }
  }
}

/**
 * The subscription banner above every page but Billing (which shows the same state with its
 * actions): with the way out — start the subscription, or update the payment method.
 */
export function BillingBanner() {
  const { data: user } = useCurrentUser();
  const { pathname } = useLocation();
  const navigate = useNavigate();
  const dataProvider = useCareKeepDataProvider();
  const errorToast = useErrorToast();
  const texts = useBrokerTexts();
  const { BANNER_TEXTS } = texts.shell;
  const notice = user ? billingNotice(user, new Date(), texts) : null;
  // Past due: Stripe's portal when payments go through Stripe, else the Billing page.
  const subscription = useQuery({
    queryKey: SUBSCRIPTION_KEY,
    queryFn: () => dataProvider.getSubscription(),
    enabled: notice?.kind === 'past_due',
  });
  const portal = useMutation({
    mutationFn: () => dataProvider.openBillingPortal(),
    onSuccess: ({ url }) => goToExternal(url),
    onError: (error) => errorToast(error, BANNER_TEXTS.portalFailed),
  });
  if (!notice || pathname.startsWith('/billing')) return null;

  let action: { label: string; run: () => void } | null = null;
  if (notice.kind === 'trial_ending' || notice.kind === 'trial_ended') {
    action = { label: BANNER_TEXTS.startSubscription, run: () => void navigate('/billing') };
  } else if (notice.kind === 'past_due') {
    action =
      subscription.data?.billingMode === 'stripe'
        ? { label: BANNER_TEXTS.updatePaymentMethod, run: () => portal.mutate() }
        : { label: BANNER_TEXTS.goToBilling, run: () => void navigate('/billing') };
  }
  return (
    <Alert
      severity={notice.severity}
      role="region"
      aria-label={BANNER_TEXTS.label}
      data-testid="billing-banner"
      data-kind={notice.kind}
      sx={{ borderRadius: 0, alignItems: 'center' }}
      action={
        action && (
          <Button
            color="inherit"
            size="small"
            variant="outlined"
            onClick={action.run}
            disabled={portal.isPending}
            sx={{ whiteSpace: 'nowrap' }}
          >
            {action.label}
          </Button>
        )
      }
    >
      {notice.message}
    </Alert>
  );
}
