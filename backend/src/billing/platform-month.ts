import type { SubscriptionStatus } from './pricing.js';

/** A broker's standing at the end of a month: their subscription status and what they brought that month. */
export interface BrokerMonthState {
  brokerId: string;
  status: SubscriptionStatus;
  revenueCents: number;
}

/** The platform's month (docs/admin.md "Trends"); conversions and churn are null when the month before is unknown. */
export interface PlatformMonthFigures {
  mrrCents: number;
  activeBrokers: number;
  trialBrokers: number;
  trialConversions: number | null;
  churnedBrokers: number | null;
}

/** Billed brokers: past due still pays (docs/billing.md "Monthly revenue"). */
const isPaying = (status: SubscriptionStatus | undefined): boolean => status === 'active' || status === 'past_due';

/**
 * A month's platform figures from its brokers at the end of the month and their statuses at the end
 * of the month before (`previous`, by broker id; null when that month's statuses were never recorded).
 *
 * - A trial conversion: paying at the end of the month, and on trial at the end of the month before or
 *   not there yet (every account starts on trial, so one that signed up and paid within the month converted).
 * - A churned broker: paying at the end of the month before, and canceled or gone (the account deleted)
 *   at its end. A trial that ends unpaid is not churn; a canceled broker restored is not a conversion.
 */
export function platformMonth(
  end: readonly BrokerMonthState[],
  previous: ReadonlyMap<string, SubscriptionStatus> | null,
): PlatformMonthFigures {
  const figures = {
    mrrCents: end.reduce((sum, broker) => sum + broker.revenueCents, 0),
    activeBrokers: end.filter((broker) => broker.status === 'active').length,
    trialBrokers: end.filter((broker) => broker.status === 'trial').length,
  };
  if (!previous) return { ...figures, trialConversions: null, churnedBrokers: null };
  const now = new Map(end.map((broker) => [broker.brokerId, broker.status]));
  let trialConversions = 0;
  for (const broker of end) {
    const before = previous.get(broker.brokerId);
    if (isPaying(broker.status) && (before === undefined || before === 'trial')) trialConversions += 1;
  }
  let churnedBrokers = 0;
  for (const [brokerId, before] of previous) {
    const after = now.get(brokerId);
    if (isPaying(before) && (after === undefined || after === 'canceled')) churnedBrokers += 1;
  }
  return { ...figures, trialConversions, churnedBrokers };
}

/** The known statuses of a month's brokers, by broker id. */
export function statusesOf(states: readonly { brokerId: string; status: SubscriptionStatus | null }[]): Map<string, SubscriptionStatus> {
  return new Map(states.flatMap((state) => (state.status ? [[state.brokerId, state.status] as const] : [])));
}
