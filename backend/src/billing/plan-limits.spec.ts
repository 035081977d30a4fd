import { clientUsage, remainingCapacity, upgradeOptions, warningLevel } from './plan-limits.js';

describe('warningLevel', () => {
  // Every count from 89 to 106: the level the widget shows and whether the server still adds a client.
  it.each([
    [0, 'none', true],
    [89, 'none', true],
    [90, 'approaching', true],
    [91, 'approaching', true],
    [98, 'approaching', true],
    [99, 'approaching', true],
    [100, 'soft', true],
    [101, 'soft', true],
    [102, 'soft', true],
    [103, 'soft', true],
    [104, 'soft', true],
    [105, 'blocked', false],
    [106, 'blocked', false],
    [140, 'blocked', false],
  ] as const)('flat without overage at %i active is %s (can add: %s)', (active, level, canAdd) => {
    expect(warningLevel('flat', active, false)).toBe(level);
    expect(remainingCapacity('flat', active, false) >= 1).toBe(canAdd);
  });

  it('is blocked exactly when no more clients can be added, at every count from 0 to 200', () => {
    for (let active = 0; active <= 200; active++) {
      expect(warningLevel('flat', active, false) === 'blocked').toBe(remainingCapacity('flat', active, false) < 1);
    }
  });

  it.each([89, 90, 99, 100, 101, 105, 106, 500])('flat with overage at %i active has no warning', (active) => {
    expect(warningLevel('flat', active, true)).toBe('none');
  });

  it.each([89, 90, 99, 100, 101, 105, 106, 10_000])('pmpm at %i active has no warning', (active) => {
    expect(warningLevel('pmpm', active, false)).toBe('none');
  });
});

describe('remainingCapacity', () => {
  it.each([
    [0, 105],
    [99, 6],
    [105, 0],
    [110, 0],
  ])('flat without overage at %i active can add %i', (active, room) => {
    expect(remainingCapacity('flat', active, false)).toBe(room);
  });

  it('is unlimited with overage or on pmpm', () => {
    expect(remainingCapacity('flat', 300, true)).toBe(Number.POSITIVE_INFINITY);
    expect(remainingCapacity('pmpm', 300, false)).toBe(Number.POSITIVE_INFINITY);
  });
});

describe('upgradeOptions', () => {
  it('prices overage at $4 per client over 100 and pmpm at $5 per active client', () => {
    const options = upgradeOptions('flat', 130, false);
    expect(options.map((o) => [o.type, o.estimatedCost])).toEqual([
      ['overage', 12_000],
      ['pmpm', 65_000],
      ['manage', 0],
    ]);
    expect(options[0]?.description).toContain('30 over today: $120.00/month');
  });

  it('drops overage once enabled, and offers nothing on pmpm', () => {
    expect(upgradeOptions('flat', 95, true).map((o) => o.type)).toEqual(['pmpm', 'manage']);
    expect(upgradeOptions('pmpm', 95, false)).toEqual([]);
  });
});

describe('clientUsage', () => {
  it('reports no limit on pmpm', () => {
    expect(clientUsage({ tier: 'pmpm', activeCount: 150, totalCount: 160, overageEnabled: false })).toMatchObject({
      limit: null,
      warningLevel: 'none',
      upgradeOptions: [],
    });
  });

  it('reports the flat limit of 100', () => {
    expect(clientUsage({ tier: 'flat', activeCount: 95, totalCount: 99, overageEnabled: false })).toMatchObject({
      tier: 'flat',
      activeCount: 95,
      totalCount: 99,
      limit: 100,
      overageEnabled: false,
      warningLevel: 'approaching',
    });
  });
});
