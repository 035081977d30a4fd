import { agencyDay, DEFAULT_WEEK, isOpenAt, type OfficeHours, replyOverdueBefore } from './office-hours.js';

const NEW_YORK: OfficeHours = {
  week: DEFAULT_WEEK,
  holidays: [{ date: '2026-12-25', name: 'Christmas Day' }],
  zone: 'America/New_York',
};

describe('office hours', () => {
  it.each([
    ['2026-12-01T14:00:00Z', true], // Tuesday 09:00 EST: opens
    ['2026-12-01T13:59:00Z', false], // 08:59
    ['2026-12-01T21:59:00Z', true], // 16:59
    ['2026-12-01T22:00:00Z', false], // 17:00: closed
    ['2026-12-05T16:00:00Z', false], // Saturday
    ['2026-12-25T16:00:00Z', false], // Christmas Day, a Friday
    ['2026-12-24T16:00:00Z', true], // Christmas Eve, a Thursday
  ])('at %s the office is open: %s', (at, open) => {
    expect(isOpenAt(NEW_YORK, new Date(at))).toBe(open);
  });

  it('reads the hours in the agency’s zone, on both sides of the change to daylight time', () => {
    // Friday 6 March 2026, 09:30 EST = 14:30 UTC; Monday 9 March (EDT), 09:30 = 13:30 UTC.
    expect(isOpenAt(NEW_YORK, new Date('2026-03-06T14:30:00Z'))).toBe(true);
    expect(isOpenAt(NEW_YORK, new Date('2026-03-06T13:30:00Z'))).toBe(false);
    expect(isOpenAt(NEW_YORK, new Date('2026-03-09T13:30:00Z'))).toBe(true);
    expect(isOpenAt(NEW_YORK, new Date('2026-03-09T12:30:00Z'))).toBe(false);
    expect(agencyDay(new Date('2026-03-10T03:00:00Z'), 'America/New_York')).toBe('2026-03-09');
  });

  it('counts a promise of one business day on the open days: a text of Tuesday 10:00 is late from Wednesday 10:00', () => {
    const text = new Date('2026-12-01T15:00:00Z');
    const late = (now: string) => text < replyOverdueBefore(NEW_YORK, new Date(now), 1);
    expect(late('2026-12-02T14:59:00Z')).toBe(false); // Wednesday 09:59
    expect(late('2026-12-02T15:01:00Z')).toBe(true); // Wednesday 10:01
  });

  it('starts the count at the next opening for a text of a closed evening, skipping the weekend', () => {
    const friday = new Date('2026-12-04T23:30:00Z'); // Friday 18:30
    const late = (now: string, days = 1) => friday < replyOverdueBefore(NEW_YORK, new Date(now), days);
    expect(late('2026-12-07T21:59:00Z')).toBe(false); // Monday 16:59
    expect(late('2026-12-07T23:00:00Z')).toBe(false); // Monday 18:00, closed
    expect(late('2026-12-08T13:00:00Z')).toBe(false); // Tuesday 08:00, before the opening
    expect(late('2026-12-08T14:01:00Z')).toBe(true); // Tuesday 09:01
    expect(late('2026-12-08T14:01:00Z', 2)).toBe(false);
    expect(late('2026-12-09T14:01:00Z', 2)).toBe(true);
  });

  it('does not count a holiday as a business day', () => {
    const thursday = new Date('2026-12-24T15:00:00Z'); // Thursday 10:00; Friday is Christmas Day
    const late = (now: string) => thursday < replyOverdueBefore(NEW_YORK, new Date(now), 1);
    expect(late('2026-12-25T20:00:00Z')).toBe(false); // Christmas Day
    expect(late('2026-12-28T14:59:00Z')).toBe(false); // Monday 09:59
    expect(late('2026-12-28T15:01:00Z')).toBe(true); // Monday 10:01
  });

  it('keeps a day’s own hours when days differ in length', () => {
    const short: OfficeHours = { ...NEW_YORK, week: { ...DEFAULT_WEEK, fri: { open: '09:00', close: '12:00' } } };
    const thursday = new Date('2026-12-03T20:00:00Z'); // Thursday 15:00
    const late = (now: string) => thursday < replyOverdueBefore(short, new Date(now), 1);
    // Friday closes at noon.
    expect(late('2026-12-04T16:59:00Z')).toBe(false); // Friday 11:59
    expect(late('2026-12-04T18:00:00Z')).toBe(false); // Friday 13:00, closed
    expect(late('2026-12-07T13:59:00Z')).toBe(false); // Monday 08:59, before the opening
    expect(late('2026-12-07T14:01:00Z')).toBe(true); // Monday 09:01: Friday, the next business day, has gone by
  });

  it('never finds a text late when the agency is never open', () => {
    const closed: OfficeHours = { ...NEW_YORK, week: { mon: null, tue: null, wed: null, thu: null, fri: null, sat: null, sun: null } };
    expect(replyOverdueBefore(closed, new Date('2026-12-01T15:00:00Z'), 1).getTime()).toBe(0);
  });
});
