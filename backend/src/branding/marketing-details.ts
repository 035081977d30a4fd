/**
 * What an agency must have told CareKeep before any campaign goes out (sent, test-sent, scheduled or
 * started): its postal address, which every commercial e-mail carries (CAN-SPAM, 15 U.S.C.
 * 7704(a)(5)), and whether it sells Medicare plans, which decides the TPMO disclaimer on its
 * marketing. Pure, so the broker app shows the same rule the API enforces.
 */

export type MarketingDetail = 'agencyAddress' | 'sellsPlans';

export interface MarketingDetailsState {
  agencyAddress: string;
  /** Whether the broker answered "does the agency sell Medicare plans?" (yes or no). */
  tpmoAnswered: boolean;
}

/** The details still missing, in the order the onboarding card asks them; empty: ready. */
export function missingMarketingDetails(state: MarketingDetailsState): MarketingDetail[] {
  const missing: MarketingDetail[] = [];
  if (!state.agencyAddress.trim()) missing.push('agencyAddress');
  if (!state.tpmoAnswered) missing.push('sellsPlans');
  return missing;
}

/** The API's answer when a campaign cannot go out yet (409, with `code` and `missing`). */
export function marketingDetailsMessage(missing: readonly MarketingDetail[]): string {
  const parts = missing.map((detail) =>
    detail === 'agencyAddress' ? 'add your agency’s postal address' : 'say whether your agency sells Medicare plans',
  );
  return `Before a campaign goes out, ${parts.join(' and ')} (Branding).`;
}

export const MARKETING_DETAILS_MISSING = 'marketingDetailsMissing';
