import { mapStripeStatus } from './stripe-status.js';

describe('mapStripeStatus', () => {
  it.each([
    ['trialing', 'trial'],
    ['active', 'active'],
    ['past_due', 'past_due'],
    ['unpaid', 'past_due'],
    ['canceled', 'canceled'],
    ['incomplete_expired', 'canceled'],
    ['incomplete', undefined],
    ['paused', undefined],
  ])('maps %s to %s', (stripe, ours) => {
    expect(mapStripeStatus(stripe)).toBe(ours);
  });
});
