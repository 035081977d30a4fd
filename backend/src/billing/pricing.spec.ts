import { FLAT_MONTHLY_CENTS, monthlyPriceCents, overageCents, pmpmCents } from './pricing.js';

describe('pricing', () => {
  it.each([
    [0, 0],
    [100, 0],
    [101, 400],
    [130, 12_000],
  ])('overage for %i active clients is %i cents', (active, cents) => {
    expect(overageCents(active)).toBe(cents);
  });

  it.each([
    ['flat', 50, false, 29_700],
    ['flat', 130, false, 29_700],
    ['flat', 130, true, 41_700],
    ['pmpm', 60, false, 30_000],
    ['pmpm', 0, true, 0],
  ] as const)('%s with %i active clients (overage %s) costs %i cents a month', (tier, active, overage, cents) => {
    expect(monthlyPriceCents(tier, active, overage)).toBe(cents);
  });

  it('puts break-even between the tiers near 60 clients', () => {
    expect(pmpmCents(59)).toBeLessThan(FLAT_MONTHLY_CENTS);
    expect(pmpmCents(60)).toBeGreaterThan(FLAT_MONTHLY_CENTS);
  });
});
