/**
 * Twilio's A2P 10DLC fees, passed through to the agency, and the monthly cost of a local number.
 * Dated: these change (The Campaign Registry and the carriers set most of them). Each figure is as
 * its source page stated it on the date below; check the pages again before relying on them.
 *
 * Sources (as read on FEES_AS_OF):
 * - Brand registration $4 (one time, every brand type); secondary vetting $40 (one time, Standard
 *   brands); campaign vetting $15 (one time, every campaign, again on a resubmission after external
 *   vetting denied it); monthly campaign fee $2 (Sole Proprietor) and $1.50–$10 by use case (Standard):
 *   https://support.twilio.com/hc/en-us/articles/11587910480155-A2P-10DLC-Campaign-Vetting-FAQ
 *   (the MIXED use case of a Standard brand is billed at the top of that range, $10).
 * - A US local number: $1.15 a month: https://www.twilio.com/en-us/sms/pricing/us
 */
export const FEES_AS_OF = '2026-11-29';

export const FEE_SOURCES = [
  'https://support.twilio.com/hc/en-us/articles/11587910480155-A2P-10DLC-Campaign-Vetting-FAQ',
  'https://www.twilio.com/en-us/sms/pricing/us',
] as const;

export type BrandKind = 'standard' | 'sole_proprietor';

export interface A2pFees {
  brandRegistrationCents: number;
  secondaryVettingCents: number;
  campaignVettingCents: number;
  campaignMonthlyCents: number;
  localNumberMonthlyCents: number;
}

const FEES: Record<BrandKind, A2pFees> = {
  standard: {
    brandRegistrationCents: 400,
    secondaryVettingCents: 4000,
    campaignVettingCents: 1500,
    campaignMonthlyCents: 1000,
    localNumberMonthlyCents: 115,
  },
  sole_proprietor: {
    brandRegistrationCents: 400,
    secondaryVettingCents: 0,
    campaignVettingCents: 1500,
    campaignMonthlyCents: 200,
    localNumberMonthlyCents: 115,
  },
};

export function feesFor(kind: BrandKind): A2pFees {
  return FEES[kind];
}

/** What is paid once when submitting (a resubmission pays the campaign vetting again, and the brand's fee when the brand is made anew). */
export function oneTimeCents(fees: A2pFees): number {
  return fees.brandRegistrationCents + fees.secondaryVettingCents + fees.campaignVettingCents;
}

/** What is paid every month once approved: the campaign and one local number. */
export function monthlyCents(fees: A2pFees): number {
  return fees.campaignMonthlyCents + fees.localNumberMonthlyCents;
}

/**
 * The registration's cost in each of these months (YYYY-MM), in cents: the one-time fees the owner
 * confirmed in the month submitted, the campaign's monthly fee from the month approved, and each
 * active number's monthly fee from the month bought. Nothing for a simulated registration.
 */
export function registrationCostsByMonth(
  registration:
    | { status: string; confirmed_fees_cents: number; submitted_at: Date; approved_at: Date | null; brand: { businessType: string } }
    | undefined,
  numbers: { created_at: Date }[],
  months: string[],
): Map<string, number> {
  const costs = new Map(months.map((month) => [month, 0]));
  if (!registration || registration.status === 'simulated') return costs;
  const monthOf = (date: Date) => new Date(date).toISOString().slice(0, 7);
  const fees = feesFor(registration.brand.businessType === 'sole_proprietor' ? 'sole_proprietor' : 'standard');
  const add = (month: string, cents: number) => {
    if (costs.has(month)) costs.set(month, costs.get(month)! + cents);
  };
  add(monthOf(registration.submitted_at), registration.confirmed_fees_cents);
  for (const month of months) {
    if (registration.approved_at && month >= monthOf(registration.approved_at)) add(month, fees.campaignMonthlyCents);
    for (const number of numbers) if (month >= monthOf(number.created_at)) add(month, fees.localNumberMonthlyCents);
  }
  return costs;
}
