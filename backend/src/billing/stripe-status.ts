import type { SubscriptionStatus } from '../users/user.entity.js';

/**
 * Stripe subscription status → ours. `incomplete` (first payment pending) and `paused` change
 * nothing: the broker keeps the status they had.
 */
export function mapStripeStatus(status: string): SubscriptionStatus | undefined {
  switch (status) {
    case 'trialing':
      return 'trial';
    case 'active':
      return 'active';
    case 'past_due':
    case 'unpaid':
      return 'past_due';
    case 'canceled':
    case 'incomplete_expired':
      return 'canceled';
    default:
      return undefined;
  }
}
