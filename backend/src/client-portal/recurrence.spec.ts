// Runs identically whatever the process time zone: npm test also runs it under TZ=UTC,
// TZ=America/New_York and TZ=Asia/Tokyo (see the recurrence-tz script in backend/package.json).
import { nextOccurrence, occurrences, type RecurrenceRule } from './recurrence.js';

const iso = (dates: Iterable<Date>) => [...dates].map((d) => d.toISOString());
/** The first n occurrences (a rule without end date has no last one). */
function take(rule: RecurrenceRule, n: number): string[] {
  const first: Date[] = [];
  for (const at of occurrences(rule)) {
    if (first.length === n) break;
    first.push(at);
  }
  return iso(first);
}

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

  it('goes on without an end date, until the client stops it', () => {
    const rule: RecurrenceRule = { start: new Date('2026-06-01T13:00:00Z'), zone: 'America/New_York', pattern: 'daily', interval: 1 };
    expect(take(rule, 200)).toHaveLength(200);
    // Three years on, still at 9:00 in New York (EDT then EST).
    expect(nextOccurrence(rule, new Date('2029-06-01T13:00:00Z'))?.toISOString()).toBe('2029-06-02T13:00:00.000Z');
    expect(nextOccurrence(rule, new Date('2029-12-01T14:00:00Z'))?.toISOString()).toBe('2029-12-02T14:00:00.000Z');
  });

  it.each([
    ['daily', 1, null],
    ['daily', 3, null],
    ['weekly', 1, [1, 3, 5]],
    ['weekly', 2, [0, 6]],
    ['monthly', 1, null],
    ['monthly', 2, null],
  ] as const)('steps to the next %s occurrence (every %i) from anywhere as it would counting from the start', (pattern, interval, days) => {
    // The 31st at 02:30 in New York: short months and the spring-forward gap on the way.
    const rule: RecurrenceRule = {
      start: new Date('2026-01-31T07:30:00Z'),
      zone: 'America/New_York',
      pattern,
      interval,
      days: days ? [...days] : null,
      endDate: '2028-12-31',
    };
    const all = [...occurrences(rule)];
    for (let hours = -5; hours < 2 * 365 * 24; hours += 37) {
      const after = new Date(rule.start.getTime() + hours * 3600_000);
      const expected = all.find((at) => at.getTime() > after.getTime()) ?? null;
      expect([after.toISOString(), nextOccurrence(rule, after)?.toISOString() ?? null]).toEqual([
        after.toISOString(),
        expected?.toISOString() ?? null,
      ]);
    }
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
