import { describe, expect, it } from 'vitest';

import { EXPIRATIONS_SHOWN, formatCents, isUrgent, tierRows, type TrialExpiration, upcomingTrials } from './figures.ts';

const DAY = 86_400_000;

describe('admin dashboard figures', () => {
  it.each([
    [123_456, '$1,234.56'],
    [29_700, '$297.00'],
    [0, '$0.00'],
    [-1_250, '-$12.50'],
  ])('writes %i cents as %s', (cents, text) => {
    expect(formatCents(cents)).toBe(text);
  });

  it.each([
    [0, true],
    [1, true],
    [7, true],
    [8, false],
    [30, false],
  ])('a trial with %i days left is urgent: %s', (days, urgent) => {
    expect(isUrgent(days)).toBe(urgent);
  });

  it('keeps the first five trials to end, soonest first', () => {
    const trials: TrialExpiration[] = [9, 2, 5, 1, 7, 3, 4].map((d) => ({
      brokerId: `b${d}`,
      email: `b${d}@agency.test`,
      trialEndsAt: new Date(Date.UTC(2026, 0, 1) + d * DAY).toISOString(),
      daysRemaining: d,
    }));
    const shown = upcomingTrials(trials);
    expect(shown).toHaveLength(EXPIRATIONS_SHOWN);
    expect(shown.map((t) => t.brokerId)).toEqual(['b1', 'b2', 'b3', 'b4', 'b5']);
  });

  it('lists PMPM, Flat and Trial with their shares, zero for a missing tier', () => {
    expect(
      tierRows([
        { tier: 'trial', count: 3, revenue: 0 },
        { tier: 'pmpm', count: 1, revenue: 12_500 },
      ]),
    ).toEqual([
      { tier: 'pmpm', label: 'PMPM', count: 1, revenue: 12_500, share: 25 },
      { tier: 'flat', label: 'Flat', count: 0, revenue: 0, share: 0 },
      { tier: 'trial', label: 'Trial', count: 3, revenue: 0, share: 75 },
    ]);
    expect(tierRows([]).map((row) => row.share)).toEqual([0, 0, 0]);
  });
});
