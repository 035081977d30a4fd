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

type DialogTexts = ReturnType<typeof useBrokerTexts>['adminBrokers']['DIALOG_TEXTS'];
type CareKeepDataProvider = ReturnType<typeof useCareKeepDataProvider>;

/**
 * One admin change of a broker: the call, then its toast (title and description from the answer),
 * the caller's `onDone` and a refresh of every admin figure; or the failure's toast with the
 * server's reason (a lost session has its own 'Unauthorized' toast: one toast shows at a time).
 */
function useBrokerChange<Vars, Broker extends AdminBrokerDetailBroker>(
  change: {
    call: (dataProvider: CareKeepDataProvider, vars: Vars) => Promise<Broker>;
    done: (T: DialogTexts, broker: Broker, vars: Vars) => { title: string; description: string };
    failed: (T: DialogTexts) => string;
  },
  onDone: (broker: Broker) => void,
) {
  const { DIALOG_TEXTS: T } = useBrokerTexts().adminBrokers;
  const dataProvider = useCareKeepDataProvider();
  const refresh = useRefreshAfterChange();
  const toast = useToast();
  const errorToast = useErrorToast();
  return useMutation({
    mutationFn: (vars: Vars) => change.call(dataProvider, vars),
    onSuccess: (broker, vars) => {
      toast(change.done(T, broker, vars));
      onDone(broker);
      return refresh();
    },
    onError: (error) => {
      if (!isUnauthorized(error)) errorToast(error, change.failed(T));
    },
  });
}

/** POST /api/admin/brokers/{id}/trial: 'Trial Extended' or 'Failed to extend trial' (or the server's reason). */
export function useExtendTrial(onDone: (broker: AdminBrokerDetailBroker) => void) {
  return useBrokerChange(
    {
      call: (dataProvider, { id, days }: { id: string; days: number }) => dataProvider.extendTrial(id, days),
      done: (T, broker) => ({
        title: T.trialExtended,
        description: T.trialExtendedDescription(brokerName(broker), formatDay(broker.trialEndsAt) || null),
      }),
      failed: (T) => T.extendFailed,
    },
    onDone,
  );
}

/**
 * POST /api/admin/brokers/{id}/subscription with only the chosen fields: 'Subscription Updated'
 * (with the server's notice when it sends one) or 'Failed to update subscription'.
 */
export function useUpdateSubscription(onDone: (broker: AdminBrokerDetailBroker & { notice?: string }) => void) {
  return useBrokerChange(
    {
      call: (dataProvider, { id, change }: { id: string; change: AdminSubscriptionChange }) =>
        dataProvider.updateBrokerSubscription(id, change),
      done: (T, broker) => ({
        title: T.subscriptionUpdated,
        description:
          broker.notice ?? T.subscriptionUpdatedDescription(brokerName(broker), broker.subscriptionTier, broker.subscriptionStatus),
      }),
      failed: (T) => T.updateFailed,
    },
    onDone,
  );
}

/** POST /api/admin/brokers/{id}/suspend with the admin's reason: 'Broker Suspended' or 'Failed to suspend broker' (with the server's reason). */
export function useSuspendBroker(onDone: (broker: AdminBrokerDetailBroker) => void) {
  return useBrokerChange(
    {
      call: (dataProvider, { id, reason }: { id: string; reason: string }) => dataProvider.suspendBroker(id, reason),
      done: (T, broker) => ({ title: T.brokerSuspended, description: T.brokerSuspendedDescription(brokerName(broker)) }),
      failed: (T) => T.suspendFailed,
    },
    onDone,
  );
}

/** POST /api/admin/brokers/{id}/reactivate: 'Broker Reactivated' or 'Failed to reactivate broker'. */
export function useReactivateBroker(onDone: (broker: AdminBrokerDetailBroker) => void) {
  return useBrokerChange(
    {
      call: (dataProvider, id: string) => dataProvider.reactivateBroker(id),
      done: (T, broker) => ({ title: T.brokerReactivated, description: T.brokerReactivatedDescription(brokerName(broker)) }),
      failed: (T) => T.reactivateFailed,
    },
    onDone,
  );
}

/**
 * PUT /api/admin/brokers/{id}/trial-end: 'Trial End Date Set', saying the new end or that the
 * trial has ended; or 'Failed to set trial end date'.
 */
export function useSetTrialEnd(onDone: (broker: AdminBrokerDetailBroker) => void) {
  return useBrokerChange(
    {
      call: (dataProvider, { id, trialEndsAt }: { id: string; trialEndsAt: string; endsNow: boolean }) =>
        dataProvider.setTrialEnd(id, trialEndsAt),
      done: (T, broker, { endsNow }) => ({
        title: T.trialEndSet,
        description: endsNow
          ? T.trialEndedDescription(brokerName(broker))
          : T.trialEndSetDescription(brokerName(broker), formatDay(broker.trialEndsAt)),
      }),
      failed: (T) => T.trialEndFailed,
    },
    onDone,
  );
}
