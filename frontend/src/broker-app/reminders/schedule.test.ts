import { describe, expect, it } from 'vitest';

import { displayPhone, formatDateTime, initialForm, localDateTime, validateReminder } from './schedule.ts';

const now = new Date(2030, 0, 10, 12, 0);
const valid = { clientId: 'c1', date: '2030-01-10', time: '12:01', deliveryMethod: 'voice' as const, message: 'Hi' };

describe('reminder form rules', () => {
  it.each([
    ['2030-02-30', '10:00'],
    ['2030-13-01', '10:00'],
    ['2030-01-10', '25:00'],
    ['', '10:00'],
    ['2030-01-10', ''],
  ])('does not parse %s %s', (date, time) => {
    expect(localDateTime(date, time)).toBeUndefined();
  });

  it('reads the inputs as local time', () => {
    expect(localDateTime('2030-01-10', '07:05')).toEqual(new Date(2030, 0, 10, 7, 5));
  });

  it.each([
    ['12:00', 'Scheduled time must be in the future'],
    ['11:59', 'Scheduled time must be in the future'],
    ['12:01', undefined],
  ])('at %s the time error is %s', (time, error) => {
    expect(validateReminder({ ...valid, time }, now).errors.when).toBe(error);
  });

  it('needs a message that is more than spaces', () => {
    expect(validateReminder({ ...valid, message: '   ' }, now).errors.message).toBe('Message is required');
  });

  it('starts at the next quarter hour at least an hour ahead, by voice, with no client', () => {
    expect(initialForm(new Date(2030, 0, 10, 9, 7))).toEqual({
      clientId: '',
      date: '2030-01-10',
      time: '10:15',
      deliveryMethod: 'voice',
      message: '',
    });
    expect(initialForm(new Date(2030, 0, 10, 9, 0)).time).toBe('10:00');
    expect(initialForm(new Date(2030, 0, 10, 23, 50))).toMatchObject({ date: '2030-01-11', time: '01:00' });
  });

  it("formats dates as 'MMM dd, yyyy at h:mm a'", () => {
    expect(formatDateTime(new Date(2030, 6, 4, 0, 5).toISOString())).toBe('Jul 04, 2030 at 12:05 AM');
  });
});

describe('client phone in the select', () => {
  it.each([
    ['+13055550142', '(305) 555-0142'],
    ['+442071838750', '+442071838750'],
  ])('%s reads %s', (phone, shown) => {
    expect(displayPhone(phone)).toBe(shown);
  });
});
