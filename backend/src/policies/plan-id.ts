/**
 * A Medicare plan's ID as CMS writes it: the contract (H, R or E and four digits for Medicare
 * Advantage; S or E for a stand-alone Part D plan), the plan benefit package (three digits) and
 * the segment (three digits; `000` when the plan has none), e.g. `H1234-001-000`. Medigap and
 * dental, vision or other coverage have no CMS plan ID.
 */
const PLAN_ID = /^([HRSE])(\d{4})[-\s]?(\d{3})(?:[-\s]?(\d{3}))?$/;

/** The contract letters each plan type may have. */
const CONTRACT_LETTERS: Partial<Record<string, string>> = {
  medicare_advantage: 'HRE',
  mapd: 'HRE',
  pdp: 'SE',
};

/** The plan ID written as CMS does (upper case, dashes, the segment `000` when left out), or undefined when it is not one. */
export function normalizePlanId(text: string): string | undefined {
  const match = PLAN_ID.exec(text.trim().toUpperCase());
  if (!match) return undefined;
  const [, letter, contract, plan, segment] = match;
  return `${letter}${contract}-${plan}-${segment ?? '000'}`;
}

/** What is wrong with a plan ID for a plan of this type, or undefined. */
export function planIdProblem(planId: string, planType: string): string | undefined {
  const letters = CONTRACT_LETTERS[planType];
  if (!letters) return 'Only Medicare Advantage, MAPD and Part D plans have a CMS plan ID: leave it empty';
  if (!letters.includes(planId[0]))
    return planType === 'pdp'
      ? `A Part D plan’s contract starts with S (or E for an employer plan), not ${planId[0]}`
      : `A Medicare Advantage plan’s contract starts with H, R (or E for an employer plan), not ${planId[0]}`;
  return undefined;
}
