import { Alert, Box, Button, Card, CardContent, Grid, Skeleton } from '@mui/material';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';

import { serverMessage } from '../../lib/http.ts';
import { RetentionCard } from '../dashboard/RetentionCard.tsx';
import { useBrokerTexts } from '../i18n/useBrokerTexts.ts';
import { useCareKeepDataProvider } from '../providers/dataProvider.ts';
import { useSetCurrentUser } from '../providers/useCurrentUser.ts';
import type { BillingChange, Subscription, SubscriptionTier } from '../types.ts';
import { useErrorToast } from '../ui/errors.ts';
import { PageHeader } from '../ui/PageHeader.tsx';
import { useToast } from '../ui/toast.tsx';
import { MonthlyAnalyticsCard } from './MonthlyAnalyticsCard.tsx';
import { PlanChooser } from './PlanChooser.tsx';
import { PricingCard } from './PricingCard.tsx';
import { MONTHLY_ANALYTICS_KEY, SUBSCRIPTION_KEY } from './queries.ts';
import { goToExternal } from './redirect.ts';
import { StartSubscriptionDialog } from './StartSubscriptionDialog.tsx';
import { CurrentSubscriptionCard, TrialUpgradeCard } from './SubscriptionCards.tsx';

function LoadingCards() {
  return (
    <Grid container spacing={3} aria-busy="true">
      {[0, 1].map((i) => (
        <Grid key={i} size={{ xs: 12, md: 6 }}>
          <Card>
            <CardContent>
              <Skeleton width="40%" height={32} />
              <Skeleton width="60%" height={48} />
              <Skeleton />
              <Skeleton />
              <Skeleton width="80%" />
            </CardContent>
          </Card>
        </Grid>
      ))}
    </Grid>
  );
}

/** /billing: the broker's plan, trial, plan change, monthly cost and profit, and the price list. */
export function BillingPage() {
  const { BILLING_TEXTS: T } = useBrokerTexts().billing;
  const dataProvider = useCareKeepDataProvider();
  const queryClient = useQueryClient();
  const setCurrentUser = useSetCurrentUser();
  const toast = useToast();
  const errorToast = useErrorToast();

  const subscription = useQuery({ queryKey: SUBSCRIPTION_KEY, queryFn: () => dataProvider.getSubscription() });
  const analytics = useQuery({ queryKey: MONTHLY_ANALYTICS_KEY, queryFn: () => dataProvider.getMonthlyAnalytics() });

  const currentTier = subscription.data?.subscriptionTier;
  const [selected, setSelected] = useState<SubscriptionTier | undefined>(currentTier);
  // The choice starts at (and after a change, returns to) the plan the broker is on.
  useEffect(() => setSelected(currentTier), [currentTier]);

  /** A plan state the server answered: the page, the shell (current user) and the other pages follow it. */
  const applySubscription = (next: Subscription) => {
    queryClient.setQueryData(SUBSCRIPTION_KEY, next);
    setCurrentUser((user) => ({
      ...user,
      subscriptionTier: next.subscriptionTier,
      subscriptionStatus: next.subscriptionStatus,
      trialEndsAt: next.trialEndsAt,
    }));
    void queryClient.invalidateQueries({
      predicate: (query) => query.queryKey[0] !== SUBSCRIPTION_KEY[0] || query.queryKey[1] !== SUBSCRIPTION_KEY[1],
    });
  };

  /** Stripe mode, first paid plan: off to Stripe Checkout (the plan starts once paid); else applied here. */
  const applyChange = (answer: BillingChange): Subscription | null => {
    if (answer.checkoutUrl) {
      goToExternal(answer.checkoutUrl);
      return null;
    }
    const { checkoutUrl: _ignored, ...next } = answer;
    applySubscription(next);
    return next;
  };

  const change = useMutation({
    mutationFn: (tier: SubscriptionTier) => dataProvider.changeSubscription(tier),
    onSuccess: (answer: BillingChange) => {
      const next = applyChange(answer);
      if (!next) return;
      toast({
        title: T.updated,
        description:
          next.subscriptionStatus === 'trial' ? T.updatedDuringTrial(next.subscriptionTier) : T.updatedDescription(next.subscriptionTier),
      });
    },
    onError: (error) => errorToast(error, T.updateFailed),
  });

  const [starting, setStarting] = useState(false);
  const [startError, setStartError] = useState<string>();
  const start = useMutation({
    mutationFn: ({ tier, amountCents }: { tier: SubscriptionTier; amountCents: number }) =>
      dataProvider.startSubscription(tier, amountCents),
    onSuccess: (answer: BillingChange) => {
      const next = applyChange(answer);
      if (!next) return;
      setStarting(false);
      toast({ title: T.started, description: T.startedDescription(next.subscriptionTier) });
    },
    onError: (error) => {
      // Shown in the dialog, over which a toast would sit; a changed amount is fetched again to confirm.
      setStartError(serverMessage(error) ?? T.startFailed);
      void subscription.refetch();
    },
  });

  const markPaid = useMutation({
    mutationFn: () => dataProvider.markPaid(),
    onSuccess: (next: Subscription) => {
      applySubscription(next);
      toast({ title: T.markedPaid, description: T.markedPaidDescription });
    },
    onError: (error) => errorToast(error, T.markPaidFailed),
  });

  const portal = useMutation({
    mutationFn: () => dataProvider.openBillingPortal(),
    onSuccess: ({ url }) => goToExternal(url),
    onError: (error) => errorToast(error, T.portalFailed),
  });

  const s = subscription.data;
  const chosen = selected ?? currentTier ?? 'flat';

  return (
    <Box>
      <PageHeader title={T.title} subtitle={T.subtitle} />
      <Alert severity="info" role="note" sx={{ mb: 3 }}>
        {T.seatsFree}
      </Alert>
      {subscription.isPending ? (
        <LoadingCards />
      ) : subscription.isError || !s ? (
        <Alert
          severity="error"
          action={
            <Button color="inherit" size="small" onClick={() => void subscription.refetch()}>
              {T.retry}
            </Button>
          }
        >
          {T.loadFailed}
        </Alert>
      ) : (
        <Grid container spacing={3}>
          {s.subscriptionStatus === 'trial' && (
            <Grid size={12}>
              <TrialUpgradeCard
                daysLeft={s.trialDaysLeft}
                trialEndsAt={s.trialEndsAt}
                tier={s.subscriptionTier}
                onStart={() => {
                  setStartError(undefined);
                  setStarting(true);
                }}
              />
              <StartSubscriptionDialog
                open={starting}
                subscription={s}
                tier={chosen}
                pending={start.isPending}
                error={startError}
                onConfirm={(amountCents) => {
                  setStartError(undefined);
                  start.mutate({ tier: chosen, amountCents });
                }}
                onClose={() => setStarting(false)}
              />
            </Grid>
          )}
          <Grid size={{ xs: 12, md: 6 }}>
            <CurrentSubscriptionCard
              subscription={s}
              onUpdatePayment={() => portal.mutate()}
              onMarkPaid={() => markPaid.mutate()}
              busy={portal.isPending || markPaid.isPending}
            />
          </Grid>
          <Grid size={{ xs: 12, md: 6 }}>
            <PlanChooser
              subscription={s}
              selected={chosen}
              onSelect={setSelected}
              onUpdate={() => change.mutate(chosen)}
              updating={change.isPending}
              onManageBilling={() => portal.mutate()}
              openingPortal={portal.isPending}
            />
          </Grid>
          <Grid size={12}>
            <MonthlyAnalyticsCard items={analytics.data} loading={analytics.isPending} failed={analytics.isError} />
          </Grid>
          <Grid size={12}>
            <RetentionCard />
          </Grid>
          <Grid size={12}>
            <PricingCard />
          </Grid>
        </Grid>
      )}
    </Box>
  );
}
