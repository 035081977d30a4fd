import type { SubscriptionStatus } from '../users/user.entity.js';

export interface SubscriptionDenial {
  message: string;
  trialExpired?: true;
  subscriptionStatus: SubscriptionStatus;
}

export const TRIAL_EXPIRED_MESSAGE = 'Your trial has expired. Please upgrade to continue.';
export const PAST_DUE_MESSAGE = 'Your payment is past due. Please update your payment method to continue.';
export const CANCELED_MESSAGE = 'Your subscription has been canceled. Please contact support to restore access.';

/**
 * Whether a broker may use the paid features now: an active subscription, or a trial that has not
 * ended. Answers the reason when not.
 */
export function subscriptionDenial(
  broker: { subscriptionStatus: SubscriptionStatus; trialEndsAt?: Date | null },
  now: Date,
): SubscriptionDenial | undefined {
  switch (broker.subscriptionStatus) {
    case 'active':
      return undefined;
    case 'trial':
      if (broker.trialEndsAt && broker.trialEndsAt.getTime() > now.getTime()) return undefined;
      return { message: TRIAL_EXPIRED_MESSAGE, trialExpired: true, subscriptionStatus: 'trial' };
    case 'past_due':
      return { message: PAST_DUE_MESSAGE, subscriptionStatus: 'past_due' };
    case 'canceled':
      return { message: CANCELED_MESSAGE, subscriptionStatus: 'canceled' };
  }
}
