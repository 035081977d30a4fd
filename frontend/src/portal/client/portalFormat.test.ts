import { describe, expect, it } from 'vitest';

import {
  followUpSummary,
  formatCalendarDate,
  formatDateTime,
  parseInterval,
  recurrenceSummary,
  reminderPayload,
  todayInputValue,
} from './portalFormat.ts';

const base = {
  medicationId: '',
  date: '2030-03-04',
  time: '09:30',
  message: '',
  deliveryMethod: 'voice' as const,
  sayMedicationName: false,
  isRecurring: false,
  pattern: 'daily' as const,
  days: [],
  interval: '1',
  endDate: '',
  retryAfterMinutes: '10',
  maxAttempts: '2',
  retryChannel: 'same' as const,
  alertCaregivers: true,
};

describe('portal dates', () => {
  it("formats times as 'MMM dd, yyyy at h:mm a' in the browser's zone", () => {
    expect(formatDateTime(new Date(2027, 2, 5, 8, 0).toISOString())).toBe('Mar 05, 2027 at 8:00 AM');
    expect(formatDateTime(new Date(2027, 11, 31, 0, 7).toISOString())).toBe('Dec 31, 2027 at 12:07 AM');
    expect(formatDateTime(new Date(2027, 0, 1, 12, 30).toISOString())).toBe('Jan 01, 2027 at 12:30 PM');
    expect(formatDateTime(new Date(2027, 6, 4, 19, 45).toISOString())).toBe('Jul 04, 2027 at 7:45 PM');
  });

  it('formats a calendar date without shifting it', () => {
    expect(formatCalendarDate('2027-03-01')).toBe('Mar 01, 2027');
    expect(todayInputValue(new Date(2027, 0, 9, 23, 59))).toBe('2027-01-09');
  });
});

describe('recurrence summary', () => {
  const rule = { isRecurring: true, recurrenceInterval: 1, recurrenceDays: null, recurrenceEndDate: null };
  it('says the pattern in words', () => {
    expect(recurrenceSummary({ ...rule, recurrencePattern: 'daily' }, 'One time')).toBe('Every day');
    expect(recurrenceSummary({ ...rule, recurrencePattern: 'daily', recurrenceInterval: 3 }, 'One time')).toBe('Every 3 days');
    expect(recurrenceSummary({ ...rule, recurrencePattern: 'weekly', recurrenceInterval: 2, recurrenceDays: [3, 1] }, 'One time')).toBe(
      'Every 2 weeks on Mon, Wed',
    );
    expect(recurrenceSummary({ ...rule, recurrencePattern: 'monthly', recurrenceEndDate: '2027-03-01' }, 'One time')).toBe(
      'Every month until Mar 01, 2027',
    );
    expect(recurrenceSummary({ ...rule, isRecurring: false, recurrencePattern: null }, 'One time')).toBe('One time');
  });
});

describe('schedule reminder payload', () => {
  it('falls back to an interval of 1 for anything but a whole number of at least 1', () => {
    expect(parseInterval('3')).toBe(3);
    expect(parseInterval('')).toBe(1);
    expect(parseInterval('abc')).toBe(1);
    expect(parseInterval('0')).toBe(1);
    expect(parseInterval('-2')).toBe(1);
  });

  it('sends a one-time reminder as the local date-time in ISO, with the time zone and no recurrence', () => {
    expect(reminderPayload(base, 'America/Chicago')).toEqual({
      medicationId: null,
      scheduledTime: new Date('2030-03-04T09:30').toISOString(),
      message: null,
      timeZone: 'America/Chicago',
      deliveryMethod: 'voice',
      sayMedicationName: false,
      retryAfterMinutes: 10,
      maxAttempts: 2,
      retryChannel: 'same',
      alertCaregivers: true,
    });
  });

  it('sends the follow-up chosen: minutes and tries as numbers, the channel, the caregivers', () => {
    expect(
      reminderPayload({ ...base, retryAfterMinutes: '30', maxAttempts: '3', retryChannel: 'other', alertCaregivers: false }, 'UTC'),
    ).toMatchObject({
      retryAfterMinutes: 30,
      maxAttempts: 3,
      retryChannel: 'other',
      alertCaregivers: false,
    });
  });

  it('sums up the follow-up in words', () => {
    expect(followUpSummary({ deliveryMethod: 'voice', retryAfterMinutes: 10, maxAttempts: 2, retryChannel: 'same' })).toBe(
      'If not confirmed: tried again after 10 min, 2 tries in all',
    );
    expect(followUpSummary({ deliveryMethod: 'voice', retryAfterMinutes: 5, maxAttempts: 3, retryChannel: 'other' })).toBe(
      'If not confirmed: tried again as a text after 5 min, 3 tries in all',
    );
    expect(followUpSummary({ deliveryMethod: 'sms', retryAfterMinutes: 5, maxAttempts: 3, retryChannel: 'other' })).toBe(
      'If not confirmed: tried again as a call after 5 min, 3 tries in all',
    );
    expect(followUpSummary({ deliveryMethod: 'sms', retryAfterMinutes: 10, maxAttempts: 1, retryChannel: 'same' })).toBe(
      'Sent once, not tried again',
    );
    expect(followUpSummary({ deliveryMethod: 'sms' })).toBeNull();
  });

  it('sends weekly days sorted, and only for weekly', () => {
    const weekly = reminderPayload({ ...base, isRecurring: true, pattern: 'weekly', days: [5, 1, 3], interval: 'x' }, 'UTC');
    expect(weekly).toMatchObject({ isRecurring: true, recurrencePattern: 'weekly', recurrenceInterval: 1, recurrenceDays: [1, 3, 5] });
    expect(weekly.recurrenceEndDate).toBeUndefined();
    const monthly = reminderPayload({ ...base, isRecurring: true, pattern: 'monthly', days: [2], endDate: '2030-06-01' }, 'UTC');
    expect(monthly.recurrenceDays).toBeUndefined();
    expect(monthly.recurrenceEndDate).toBe('2030-06-01');
  });

  it('says the medication name only when a medication is chosen', () => {
    expect(reminderPayload({ ...base, sayMedicationName: true }, 'UTC').sayMedicationName).toBe(false);
    expect(reminderPayload({ ...base, medicationId: 'm1', sayMedicationName: true }, 'UTC')).toMatchObject({
      medicationId: 'm1',
      sayMedicationName: true,
    });
  });
});
