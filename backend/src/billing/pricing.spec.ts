import {
  FLAT_MONTHLY_CENTS,
  monthlyPriceCents,
  monthlyRevenueCents,
  overageCents,
  pmpmCents,
  priceText,
  profitMarginPercent,
} from './pricing.js';

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

describe('revenue and margin', () => {
  it.each([
    ['trial', 'flat', 50, false, 0],
    ['trial', 'pmpm', 130, true, 0],
    ['canceled', 'pmpm', 50, false, 0],
    ['active', 'pmpm', 50, false, 25_000],
    ['active', 'flat', 80, false, 29_700],
    ['active', 'flat', 130, false, 29_700],
    ['active', 'flat', 130, true, 41_700],
    ['past_due', 'flat', 130, true, 41_700],
    ['past_due', 'pmpm', 10, false, 5_000],
  ] as const)('a %s %s broker with %i active clients (overage %s) brings in %i cents a month', (status, tier, active, overage, cents) => {
    expect(monthlyRevenueCents(status, tier, active, overage)).toBe(cents);
  });

  it.each([
    [29_700, 200, 99],
    [10_000, 5_000, 50],
    [10_000, 12_000, -20],
    [0, 300, 0],
  ])('margin of %i revenue and %i cost is %i%%', (revenue, cost, margin) => {
    expect(profitMarginPercent(revenue, cost)).toBe(margin);
  });

  it.each([
    [29_700, '$297'],
    [400, '$4'],
    [500, '$5'],
    [2, '$0.02'],
    [12_050, '$120.50'],
  ])('writes %i cents on the price list as %s', (cents, text) => {
    expect(priceText(cents)).toBe(text);
  });
});
