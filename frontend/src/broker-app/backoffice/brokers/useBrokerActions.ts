import { useMutation, useQueryClient } from '@tanstack/react-query';

import { useBrokerTexts } from '../../i18n/useBrokerTexts.ts';
import { useCareKeepDataProvider } from '../../providers/dataProvider.ts';
import type { AdminBrokerDetailBroker, AdminSubscriptionChange } from '../../types.ts';
import { useErrorToast } from '../../ui/errors.ts';
import { useToast } from '../../ui/toast.tsx';
import { brokerName, formatDay } from './format.ts';

/** The detail page's query key; the list is react-admin's ['admin/brokers', 'getList', …]. */
export const brokerDetailKey = (id: string) => ['admin', 'brokers', 'detail', id] as const;

const isUnauthorized = (error: unknown) => (error as { status?: number } | null)?.status === 401;

/**
 * After an admin change every cached admin figure may be out of date (the broker list, the detail
 * and its timeline, the admin dashboard): mark them stale so what is on screen refetches now and
 * the rest on its next visit.
 */
function useRefreshAfterChange() {
  const queryClient = useQueryClient();
  return () =>
    queryClient.invalidateQueries({
      predicate: (query) => typeof query.queryKey[0] === 'string' && query.queryKey[0].startsWith('admin'),
    });
}

/** POST /api/admin/brokers/{id}/trial: 'Trial Extended' or 'Failed to extend trial' (or the server's reason). */
export function useExtendTrial(onDone: (broker: AdminBrokerDetailBroker) => void) {
  const { DIALOG_TEXTS: T } = useBrokerTexts().adminBrokers;
  const dataProvider = useCareKeepDataProvider();
  const refresh = useRefreshAfterChange();
  const toast = useToast();
  const errorToast = useErrorToast();
  return useMutation({
    mutationFn: ({ id, days }: { id: string; days: number }) => dataProvider.extendTrial(id, days),
    onSuccess: (broker) => {
      toast({
        title: T.trialExtended,
        description: T.trialExtendedDescription(brokerName(broker), formatDay(broker.trialEndsAt) || null),
      });
      onDone(broker);
      return refresh();
    },
    // A lost session has its own 'Unauthorized' toast (one toast shows at a time).
    onError: (error) => {
      if (!isUnauthorized(error)) errorToast(error, T.extendFailed);
    },
  });
}

/**
 * POST /api/admin/brokers/{id}/subscription with only the chosen fields: 'Subscription Updated'
 * (with the server's notice when it sends one) or 'Failed to update subscription'.
 */
export function useUpdateSubscription(onDone: (broker: AdminBrokerDetailBroker & { notice?: string }) => void) {
  const { DIALOG_TEXTS: T } = useBrokerTexts().adminBrokers;
  const dataProvider = useCareKeepDataProvider();
  const refresh = useRefreshAfterChange();
  const toast = useToast();
  const errorToast = useErrorToast();
  return useMutation({
    mutationFn: ({ id, change }: { id: string; change: AdminSubscriptionChange }) => dataProvider.updateBrokerSubscription(id, change),
    onSuccess: (broker) => {
      toast({
        title: T.subscriptionUpdated,
        description:
          broker.notice ?? T.subscriptionUpdatedDescription(brokerName(broker), broker.subscriptionTier, broker.subscriptionStatus),
      });
      onDone(broker);
      return refresh();
    },
    onError: (error) => {
      if (!isUnauthorized(error)) errorToast(error, T.updateFailed);
    },
  });
}

/** POST /api/admin/brokers/{id}/suspend with the admin's reason: 'Broker Suspended' or 'Failed to suspend broker' (with the server's reason). */
export function useSuspendBroker(onDone: (broker: AdminBrokerDetailBroker) => void) {
  const { DIALOG_TEXTS: T } = useBrokerTexts().adminBrokers;
  const dataProvider = useCareKeepDataProvider();
  const refresh = useRefreshAfterChange();
  const toast = useToast();
  const errorToast = useErrorToast();
  return useMutation({
    mutationFn: ({ id, reason }: { id: string; reason: string }) => dataProvider.suspendBroker(id, reason),
    onSuccess: (broker) => {
      toast({ title: T.brokerSuspended, description: T.brokerSuspendedDescription(brokerName(broker)) });
      onDone(broker);
      return refresh();
    },
    onError: (error) => {
      if (!isUnauthorized(error)) errorToast(error, T.suspendFailed);
    },
  });
}

/** POST /api/admin/brokers/{id}/reactivate: 'Broker Reactivated' or 'Failed to reactivate broker'. */
export function useReactivateBroker(onDone: (broker: AdminBrokerDetailBroker) => void) {
  const { DIALOG_TEXTS: T } = useBrokerTexts().adminBrokers;
  const dataProvider = useCareKeepDataProvider();
  const refresh = useRefreshAfterChange();
  const toast = useToast();
  const errorToast = useErrorToast();
  return useMutation({
    mutationFn: (id: string) => dataProvider.reactivateBroker(id),
    onSuccess: (broker) => {
      toast({ title: T.brokerReactivated, description: T.brokerReactivatedDescription(brokerName(broker)) });
      onDone(broker);
      return refresh();
    },
    onError: (error) => {
      if (!isUnauthorized(error)) errorToast(error, T.reactivateFailed);
    },
  });
}

/**
 * PUT /api/admin/brokers/{id}/trial-end: 'Trial End Date Set', saying the new end or that the
 * trial has ended; or 'Failed to set trial end date'.
 */
export function useSetTrialEnd(onDone: (broker: AdminBrokerDetailBroker) => void) {
  const { DIALOG_TEXTS: T } = useBrokerTexts().adminBrokers;
  const dataProvider = useCareKeepDataProvider();
  const refresh = useRefreshAfterChange();
  const toast = useToast();
  const errorToast = useErrorToast();
  return useMutation({
    mutationFn: ({ id, trialEndsAt }: { id: string; trialEndsAt: string; endsNow: boolean }) => dataProvider.setTrialEnd(id, trialEndsAt),
    onSuccess: (broker, { endsNow }) => {
      const name = brokerName(broker);
      toast({
        title: T.trialEndSet,
        description: endsNow ? T.trialEndedDescription(name) : T.trialEndSetDescription(name, formatDay(broker.trialEndsAt)),
      });
      onDone(broker);
      return refresh();
    },
    onError: (error) => {
      if (!isUnauthorized(error)) errorToast(error, T.trialEndFailed);
    },
  });
}
