import { CANCELED_MESSAGE, PAST_DUE_MESSAGE, subscriptionDenial, TRIAL_EXPIRED_MESSAGE } from './subscription-access.js';

const now = new Date('2026-11-21T12:00:00Z');
const later = new Date('2026-11-22T12:00:00Z');
const earlier = new Date('2026-11-20T12:00:00Z');

describe('subscriptionDenial', () => {
  it.each([
    ['active', null],
    ['active', earlier],
    ['trial', later],
  ] as const)('lets %s (trial ends %s) through', (status, trialEndsAt) => {
    expect(subscriptionDenial({ subscriptionStatus: status, trialEndsAt }, now)).toBeUndefined();
  });

  it('stops an ended trial with trialExpired, which the UI looks for', () => {
    expect(subscriptionDenial({ subscriptionStatus: 'trial', trialEndsAt: earlier }, now)).toEqual({
      message: TRIAL_EXPIRED_MESSAGE,
      trialExpired: true,
      subscriptionStatus: 'trial',
    });
    expect(subscriptionDenial({ subscriptionStatus: 'trial', trialEndsAt: now }, now)?.trialExpired).toBe(true);
    expect(subscriptionDenial({ subscriptionStatus: 'trial', trialEndsAt: null }, now)?.trialExpired).toBe(true);
    expect(TRIAL_EXPIRED_MESSAGE).toContain('trial has expired');
  });

  it('stops past due and canceled with their own messages', () => {
    expect(subscriptionDenial({ subscriptionStatus: 'past_due', trialEndsAt: later }, now)).toEqual({
      message: PAST_DUE_MESSAGE,
      subscriptionStatus: 'past_due',
    });
    expect(subscriptionDenial({ subscriptionStatus: 'canceled' }, now)).toEqual({
      message: CANCELED_MESSAGE,
      subscriptionStatus: 'canceled',
    });
  });
});
