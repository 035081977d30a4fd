import { derivedState, plusMonthsUtc } from './consent-ledger.service.js';

describe('plusMonthsUtc', () => {
  // Each expectation is what PostgreSQL answers for `at + make_interval(months => n)` in UTC, which
  // the ledger's SQL (consent-sql.ts) uses for the same lapse.
  it.each([
    ['2027-01-31T23:30:00.000Z', 1, '2027-02-28T23:30:00.000Z'],
    ['2028-01-31T10:00:00.000Z', 1, '2028-02-29T10:00:00.000Z'],
    ['2026-12-15T08:05:06.789Z', 12, '2027-12-15T08:05:06.789Z'],
    ['2026-03-31T00:00:00.000Z', -1, '2026-02-28T00:00:00.000Z'],
    ['2026-11-30T12:00:00.000Z', 27, '2029-02-28T12:00:00.000Z'],
  ])('%s plus %i months is %s, as in PostgreSQL', (at, months, expected) => {
    expect(plusMonthsUtc(new Date(at), months).toISOString()).toBe(expected);
  });
});

describe('derivedState', () => {
  const given = {
    opted_in: true,
    recorded_at: new Date('2026-01-31T15:00:00.000Z'),
    purpose: 'marketing',
    source: 'broker_added',
  } as const;

  it('keeps marketing permission until its months have passed, then calls it expired', () => {
    const granted = derivedState(given, new Date('2027-01-30T15:00:00.000Z'), 12);
    expect(granted).toMatchObject({ state: 'granted', expiresAt: new Date('2027-01-31T15:00:00.000Z') });
    expect(derivedState(given, new Date('2027-01-31T15:00:00.000Z'), 12).state).toBe('expired');
  });

  it('lapses a permission given on the 31st at the end of a shorter month', () => {
    expect(derivedState(given, new Date('2026-03-01T00:00:00.000Z'), 1)).toMatchObject({
      state: 'expired',
      expiresAt: new Date('2026-02-28T15:00:00.000Z'),
    });
  });

  it('never lapses permission for reminders', () => {
    expect(derivedState({ ...given, purpose: 'reminders' }, new Date('2036-01-01T00:00:00.000Z'), 12).state).toBe('granted');
  });
});
