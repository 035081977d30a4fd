import { normalizePlanId, planIdProblem } from './plan-id.js';

describe('plan IDs (contract-plan-segment)', () => {
  it.each([
    ['H1234-001-000', 'H1234-001-000'],
    ['h1234-001-002', 'H1234-001-002'],
    ['H1234-001', 'H1234-001-000'],
    ['H1234001000', 'H1234-001-000'],
    [' S5678 012 ', 'S5678-012-000'],
    ['R0001-100-001', 'R0001-100-001'],
    ['E9999-801-000', 'E9999-801-000'],
  ])('reads %j as %s', (text, planId) => {
    expect(normalizePlanId(text)).toBe(planId);
  });

  it.each(['', 'H123-001-000', 'H12345-001-000', 'X1234-001-000', 'H1234-01-000', 'H1234-001-0000', 'H1234_001_000', 'plan G'])(
    'refuses %j',
    (text) => {
      expect(normalizePlanId(text)).toBeUndefined();
    },
  );

  it('checks the contract letter against the plan type', () => {
    expect(planIdProblem('H1234-001-000', 'medicare_advantage')).toBeUndefined();
    expect(planIdProblem('R1234-001-000', 'mapd')).toBeUndefined();
    expect(planIdProblem('S1234-001-000', 'pdp')).toBeUndefined();
    expect(planIdProblem('E1234-001-000', 'pdp')).toBeUndefined();
    expect(planIdProblem('S1234-001-000', 'mapd')).toBe(
      'A Medicare Advantage plan’s contract starts with H, R (or E for an employer plan), not S',
    );
    expect(planIdProblem('H1234-001-000', 'pdp')).toBe('A Part D plan’s contract starts with S (or E for an employer plan), not H');
    expect(planIdProblem('H1234-001-000', 'medigap')).toBe(
      'Only Medicare Advantage, MAPD and Part D plans have a CMS plan ID: leave it empty',
    );
  });
});
