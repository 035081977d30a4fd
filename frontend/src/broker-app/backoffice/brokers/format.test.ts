import { describe, expect, it } from 'vitest';

import { formatCents } from '../../billing/pricing.ts';
import {
  actionLabel,
  actionNotes,
  brokerName,
  changeLines,
  entryNotes,
  extendedTrialEnd,
  formatInputDay,
  lastActivityLabel,
  parseTrialDaysInRange,
  parseTrialDaysInteger,
  revenueNote,
  trialDaysLeft,
  trialEndDateRange,
  trialEndForDay,
} from './format.ts';
import { subscriptionChange } from './UpdateSubscriptionDialog.tsx';

const NOW = new Date('2026-11-21T12:00:00.000Z');

describe('broker formatting', () => {
  it.each([
    ['trial_extended', 'Trial extended'],
    ['subscription_updated', 'Subscription updated'],
    ['resource_public_toggled', 'Resource public toggled'],
    ['note', 'Note'],
  ])('shows the action %s as "%s"', (action, label) => {
    expect(actionLabel(action)).toBe(label);
  });

  it.each([
    ['Changed subscriptionStatus', 'Changed subscription status'],
    ['Changed subscriptionTier and subscriptionStatus', 'Changed subscription tier and subscription status'],
    ['Extended by 14 days', 'Extended by 14 days'],
    ['No change', 'No change'],
  ])('writes the notes %j as %j', (notes, text) => {
    expect(actionNotes(notes)).toBe(text);
  });

  it.each([
    [null, '—'],
    ['2026-11-21T11:59:30.000Z', 'just now'],
    ['2026-11-21T09:00:00.000Z', '3 hours ago'],
    ['2026-11-18T12:00:00.000Z', '3 days ago'],
    ['2026-11-02T12:00:00.000Z', 'Nov 02, 2026'],
    ['not a date', '—'],
  ])('shows the last activity %s as "%s"', (value, label) => {
    expect(lastActivityLabel(value, NOW)).toBe(label);
  });

  it('writes money from cents', () => {
    expect(formatCents(29_700)).toBe('$297.00');
    expect(formatCents(12_500)).toBe('$125.00');
    expect(formatCents(0)).toBe('$0.00');
  });

  it('names a broker by first and last name, else by e-mail', () => {
    expect(brokerName({ firstName: 'Dana', lastName: 'Whitfield', email: 'd@x.test' })).toBe('Dana Whitfield');
    expect(brokerName({ firstName: null, lastName: null, email: 'd@x.test' })).toBe('d@x.test');
    expect(brokerName({ firstName: ' ', lastName: null, email: null as unknown as string })).toBe('Unnamed broker');
  });

  it('explains the monthly revenue: nothing on trial or canceled, overage only when enabled, at active clients', () => {
    const note = (tier: 'pmpm' | 'flat', status: 'trial' | 'active' | 'past_due' | 'canceled', overageEnabled: boolean, active: number) =>
      revenueNote({ subscriptionTier: tier, subscriptionStatus: status, overageEnabled }, active);
    expect(note('flat', 'trial', false, 25)).toBe('Trial: no revenue until it converts');
    expect(note('pmpm', 'trial', false, 25)).toBe('Trial: no revenue until it converts');
    expect(note('flat', 'canceled', true, 130)).toBe('Canceled: no revenue');
    expect(note('pmpm', 'active', false, 25)).toBe('$5 per active client × 25 active clients');
    expect(note('pmpm', 'past_due', false, 10)).toBe('$5 per active client × 10 active clients');
    expect(note('flat', 'active', false, 25)).toBe('Flat plan: $297/month for up to 100 clients');
    expect(note('flat', 'active', false, 103)).toBe('Flat plan: $297/month for up to 100 clients');
    expect(note('flat', 'active', true, 100)).toBe('Overage enabled: $4 per client over 100');
    expect(note('flat', 'past_due', true, 130)).toBe('Includes $120.00 overage for 30 active clients over 100');
  });
});

describe('audit values before and after', () => {
  it('lists the fields that changed, with readable values', () => {
    expect(
      changeLines({ subscriptionTier: 'flat', subscriptionStatus: 'trial' }, { subscriptionTier: 'pmpm', subscriptionStatus: 'trial' }),
    ).toEqual([{ field: 'subscriptionTier', label: 'Subscription tier', before: 'Flat', after: 'PMPM' }]);
    const [line] = changeLines({ trialEndsAt: '2026-12-10T12:00:00.000Z' }, { trialEndsAt: '2026-12-24T12:00:00.000Z' });
    expect(line).toEqual({ field: 'trialEndsAt', label: 'Trial ends', before: 'Dec 10, 2026', after: 'Dec 24, 2026' });
  });

  it('shows every field when nothing changed, and a dash for missing values', () => {
    expect(changeLines({ subscriptionStatus: 'past_due' }, { subscriptionStatus: 'past_due' })).toEqual([
      { field: 'subscriptionStatus', label: 'Subscription status', before: 'Past Due', after: 'Past Due' },
    ]);
    expect(changeLines({ trialEndsAt: null }, { trialEndsAt: '2026-12-24T12:00:00.000Z' })[0]?.before).toBe('—');
    expect(changeLines(null, null)).toEqual([]);
  });
});

describe('trial days', () => {
  it.each([
    ['7', 7],
    ['1', 1],
    ['90', 90],
    [' 14 ', 14],
    ['0', null],
    ['-1', null],
    ['', null],
    ['abc', null],
    ['91', null],
    ['7.5', null],
  ])('the list dialog reads %j as %j (a whole number from 1 to 90)', (value, days) => {
    expect(parseTrialDaysInRange(value)).toBe(days);
  });

  it.each([
    ['14', 14],
    [' 30 ', 30],
    ['14.9', null],
    ['2.5', null],
    ['30 days', null],
    ['0', null],
    ['-1', null],
    ['', null],
    ['abc', null],
    ['91', null],
  ])('the detail dialog reads %j as the whole number %j (above 0)', (value, days) => {
    expect(parseTrialDaysInteger(value)).toBe(days);
  });

  it('extends from the later of now and the current end', () => {
    expect(extendedTrialEnd('2026-12-01T12:00:00.000Z', 14, NOW).toISOString()).toBe('2026-12-15T12:00:00.000Z');
    expect(extendedTrialEnd('2026-11-01T12:00:00.000Z', 7, NOW).toISOString()).toBe('2026-11-28T12:00:00.000Z');
    expect(extendedTrialEnd(null, 7, NOW).toISOString()).toBe('2026-11-28T12:00:00.000Z');
  });

  it('counts whole days left, 0 once the trial has ended', () => {
    expect(trialDaysLeft('2026-11-28T12:00:00.000Z', NOW)).toBe(7);
    expect(trialDaysLeft('2026-11-21T18:00:00.000Z', NOW)).toBe(1);
    expect(trialDaysLeft('2026-11-20T12:00:00.000Z', NOW)).toBe(0);
    expect(trialDaysLeft(null, NOW)).toBe(0);
  });
});

describe('the subscription change sent', () => {
  it('holds only the chosen fields', () => {
    expect(subscriptionChange('keep', 'keep')).toEqual({});
    expect(subscriptionChange('pmpm', 'keep')).toEqual({ subscriptionTier: 'pmpm' });
    expect(subscriptionChange('keep', 'canceled')).toEqual({ subscriptionStatus: 'canceled' });
    expect(subscriptionChange('flat', 'active')).toEqual({ subscriptionTier: 'flat', subscriptionStatus: 'active' });
  });
});

describe('the trial end an admin sets', () => {
  // 3 PM on Nov 26, 2026 in this machine's time zone: the dialog works in the admin's calendar.
  const LOCAL_NOW = new Date(2026, 10, 26, 15, 0);

  it('offers a year back and up to the last day whose end is within 365 days', () => {
    expect(trialEndDateRange(LOCAL_NOW)).toEqual({ min: '2025-11-26', max: '2027-11-25' });
  });

  it('sends the end of a later day in local time', () => {
    expect(trialEndForDay('2026-12-31', LOCAL_NOW)).toEqual({ trialEndsAt: new Date(2026, 11, 31, 23, 59, 59, 999), endsNow: false });
    expect(trialEndForDay('2026-11-27', LOCAL_NOW)?.endsNow).toBe(false);
    expect(trialEndForDay('2027-11-25', LOCAL_NOW)?.endsNow).toBe(false);
  });

  it('ends the trial now for today or an earlier day', () => {
    expect(trialEndForDay('2026-11-26', LOCAL_NOW)).toEqual({ trialEndsAt: LOCAL_NOW, endsNow: true });
    expect(trialEndForDay('2025-11-26', LOCAL_NOW)).toEqual({ trialEndsAt: LOCAL_NOW, endsNow: true });
  });

  it.each(['', '2027-11-26', '2025-11-25', '2026-02-31', '26/11/2026', 'tomorrow'])('refuses %j', (value) => {
    expect(trialEndForDay(value, LOCAL_NOW)).toBeNull();
  });

  it('writes a date input’s day as the app writes days', () => {
    expect(formatInputDay('2026-12-31')).toBe('Dec 31, 2026');
  });
});

describe('the timeline notes of suspensions and trial ends', () => {
  it.each([
    ['broker_suspended', 'Chargeback on iPhone order', 'Reason: Chargeback on iPhone order'],
    ['broker_reactivated', 'Suspended for: Unpaid invoices', 'Suspended for: Unpaid invoices'],
    ['broker_reactivated', null, null],
    ['trial_end_set', 'Trial ended now', 'The trial was ended at once'],
    ['trial_end_set', 'Trial end date set', 'A new end date was set'],
    ['subscription_updated', 'Changed subscriptionStatus', 'Changed subscription status'],
  ])('%s with %j shows %j', (action, notes, text) => {
    expect(entryNotes({ action, notes })).toBe(text);
  });

  it('shows the suspended flag as Suspended or Active', () => {
    expect(changeLines({ suspended: false }, { suspended: true })).toEqual([
      { field: 'suspended', label: 'Account', before: 'Active', after: 'Suspended' },
    ]);
  });
});
