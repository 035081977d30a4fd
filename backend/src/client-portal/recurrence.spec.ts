// Runs identically whatever the process time zone: npm test also runs it under TZ=UTC,
// TZ=America/New_York and TZ=Asia/Tokyo (see the recurrence-tz script in backend/package.json).
import { nextOccurrence, occurrences, type RecurrenceRule } from './recurrence.js';

const iso = (dates: Iterable<Date>) => [...dates].map((d) => d.toISOString());
const take = (rule: RecurrenceRule, n: number) => iso([...occurrences(rule)].slice(0, n));

describe('daily reminders keep their local time across daylight-saving changes', () => {
  const rule: RecurrenceRule = {
    start: new Date('2026-03-06T14:00:00Z'), // 09:00 EST
    zone: 'America/New_York',
    pattern: 'daily',
    interval: 1,
    endDate: '2026-11-30',
  };

  it.each([
    ['2026-03-06T14:00:00Z', '2026-03-07T14:00:00.000Z'],
    ['2026-03-08T13:00:00Z', '2026-03-09T13:00:00.000Z'],
    ['2026-10-30T13:00:00Z', '2026-10-31T13:00:00.000Z'],
    ['2026-11-01T14:00:00Z', '2026-11-02T14:00:00.000Z'],
  ])('after %s the next is %s', (after, next) => {
    expect(nextOccurrence(rule, new Date(after))?.toISOString()).toBe(next);
  });

  it('steps 09:00 local through the spring change', () => {
    expect(take(rule, 4)).toEqual([
      '2026-03-06T14:00:00.000Z',
      '2026-03-07T14:00:00.000Z',
      '2026-03-08T13:00:00.000Z',
      '2026-03-09T13:00:00.000Z',
    ]);
  });
});

describe('nonexistent and repeated local times', () => {
  it('moves 02:30 on the spring-forward day to 03:00, the next valid minute', () => {
    const rule: RecurrenceRule = { start: new Date('2026-03-07T07:30:00Z'), zone: 'America/New_York', pattern: 'daily', interval: 1 };
    expect(take(rule, 3)).toEqual(['2026-03-07T07:30:00.000Z', '2026-03-08T07:00:00.000Z', '2026-03-09T06:30:00.000Z']);
  });

  it('uses the first 01:30 on the fall-back day', () => {
    const rule: RecurrenceRule = { start: new Date('2026-10-31T05:30:00Z'), zone: 'America/New_York', pattern: 'daily', interval: 1 };
    expect(take(rule, 3)).toEqual(['2026-10-31T05:30:00.000Z', '2026-11-01T05:30:00.000Z', '2026-11-02T06:30:00.000Z']);
  });
});

describe('intervals, weekdays, months and ends', () => {
  it('every 2 days', () => {
    const rule: RecurrenceRule = { start: new Date('2026-01-05T15:00:00Z'), zone: 'America/Chicago', pattern: 'daily', interval: 2 };
    expect(take(rule, 3)).toEqual(['2026-01-05T15:00:00.000Z', '2026-01-07T15:00:00.000Z', '2026-01-09T15:00:00.000Z']);
  });

  it('weekly on Monday and Thursday (sorted), from a Wednesday start', () => {
    // 2026-01-07 is a Wednesday; 08:00 in Los Angeles is 16:00Z in winter.
    const rule: RecurrenceRule = {
      start: new Date('2026-01-07T16:00:00Z'),
      zone: 'America/Los_Angeles',
      pattern: 'weekly',
      interval: 1,
      days: [4, 1],
    };
    expect(take(rule, 4)).toEqual([
      '2026-01-08T16:00:00.000Z',
      '2026-01-12T16:00:00.000Z',
      '2026-01-15T16:00:00.000Z',
      '2026-01-19T16:00:00.000Z',
    ]);
  });

  it('every other week on Sunday', () => {
    const rule: RecurrenceRule = { start: new Date('2026-01-04T12:00:00Z'), zone: 'UTC', pattern: 'weekly', interval: 2, days: [0] };
    expect(take(rule, 3)).toEqual(['2026-01-04T12:00:00.000Z', '2026-01-18T12:00:00.000Z', '2026-02-01T12:00:00.000Z']);
  });

  it('monthly on the 31st falls back to the last day of shorter months', () => {
    const rule: RecurrenceRule = {
      start: new Date('2026-01-31T14:00:00Z'),
      zone: 'America/New_York',
      pattern: 'monthly',
      interval: 1,
      endDate: '2026-05-31',
    };
    expect(take(rule, 5)).toEqual([
      '2026-01-31T14:00:00.000Z',
      '2026-02-28T14:00:00.000Z',
      '2026-03-31T13:00:00.000Z',
      '2026-04-30T13:00:00.000Z',
      '2026-05-31T13:00:00.000Z',
    ]);
  });

  it('stops after the end date (inclusive)', () => {
    const rule: RecurrenceRule = {
      start: new Date('2026-06-01T13:00:00Z'),
      zone: 'America/New_York',
      pattern: 'daily',
      interval: 1,
      endDate: '2026-06-03',
    };
    expect(take(rule, 10)).toHaveLength(3);
    expect(nextOccurrence(rule, new Date('2026-06-03T13:00:00Z'))).toBeNull();
  });

  it('lasts 90 days without an end date', () => {
    const rule: RecurrenceRule = { start: new Date('2026-06-01T13:00:00Z'), zone: 'America/New_York', pattern: 'daily', interval: 1 };
    const all = [...occurrences(rule)];
    expect(all).toHaveLength(91);
    expect(all.at(-1)?.toISOString()).toBe('2026-08-30T13:00:00.000Z');
  });

  it('treats an interval below 1 as 1', () => {
    const rule: RecurrenceRule = {
      start: new Date('2026-06-01T13:00:00Z'),
      zone: 'UTC',
      pattern: 'daily',
      interval: 0,
      endDate: '2026-06-02',
    };
    expect(take(rule, 5)).toHaveLength(2);
  });

  it('is the same in Tokyo', () => {
    const rule: RecurrenceRule = {
      start: new Date('2026-03-01T00:00:00Z'),
      zone: 'Asia/Tokyo',
      pattern: 'daily',
      interval: 1,
      endDate: '2026-03-03',
    };
    expect(take(rule, 5)).toEqual(['2026-03-01T00:00:00.000Z', '2026-03-02T00:00:00.000Z', '2026-03-03T00:00:00.000Z']);
  });
});
