import { type BrokerMonthState, platformMonth, statusesOf } from './platform-month.js';
import type { SubscriptionStatus } from './pricing.js';

const at = (brokerId: string, status: SubscriptionStatus, revenueCents = 0): BrokerMonthState => ({ brokerId, status, revenueCents });
const before = (entries: [string, SubscriptionStatus][]) => new Map(entries);

describe('platformMonth', () => {
  it('sums MRR and counts active and trial brokers at month end', () => {
    expect(platformMonth([at('a', 'active', 29_700), at('b', 'past_due', 500), at('c', 'trial'), at('d', 'canceled')], null)).toEqual({
      mrrCents: 30_200,
      activeBrokers: 1,
      trialBrokers: 1,
      trialConversions: null,
      churnedBrokers: null,
    });
  });

  it.each<[string, SubscriptionStatus | undefined, SubscriptionStatus | undefined, number, number]>([
    // [case, status at the end of the month before (undefined: not there), at this month's end (undefined: gone), conversions, churned]
    ['a trial that starts paying converts', 'trial', 'active', 1, 0],
    ['a trial that ends past due converts (it is billed)', 'trial', 'past_due', 1, 0],
    ['a sign-up that pays within the month converts', undefined, 'active', 1, 0],
    ['a sign-up still on trial is neither', undefined, 'trial', 0, 0],
    ['a trial still on trial is neither', 'trial', 'trial', 0, 0],
    ['a trial canceled unpaid is not churn', 'trial', 'canceled', 0, 0],
    ['an active broker who cancels churns', 'active', 'canceled', 0, 1],
    ['a past-due broker who cancels churns', 'past_due', 'canceled', 0, 1],
    ['a paying broker whose account is deleted churns', 'active', undefined, 0, 1],
    ['active to past due is neither', 'active', 'past_due', 0, 0],
    ['past due paid again is neither', 'past_due', 'active', 0, 0],
    ['a canceled broker restored is not a conversion', 'canceled', 'active', 0, 0],
    ['a canceled broker deleted is not churn again', 'canceled', undefined, 0, 0],
  ])('%s', (_case, previous, now, trialConversions, churnedBrokers) => {
    const end = now ? [at('x', now)] : [];
    const figures = platformMonth(end, before(previous ? [['x', previous]] : []));
    expect({ trialConversions: figures.trialConversions, churnedBrokers: figures.churnedBrokers }).toEqual({
      trialConversions,
      churnedBrokers,
    });
  });

  it('keeps the known statuses of a month, by broker', () => {
    expect(
      statusesOf([
        { brokerId: 'a', status: 'trial' },
        { brokerId: 'b', status: null },
      ]),
    ).toEqual(new Map([['a', 'trial']]));
  });
});
