import { missingMarketingDetails } from '../../../../backend/src/branding/marketing-details.ts';
import { useCurrentUser } from '../providers/useCurrentUser.ts';

/**
 * What the signed-in agency has still to give before a campaign goes out (the API's own rule):
 * undefined while the user loads, and for an admin, who sends no campaigns.
 */
export function useMarketingDetails(): { missingAddress: boolean; missingAnswer: boolean; ready: boolean } | undefined {
  const { data: user } = useCurrentUser();
  if (!user || user.isAdmin) return undefined;
  const missing = missingMarketingDetails({ agencyAddress: user.agencyAddress ?? '', tpmoAnswered: Boolean(user.tpmoAnswered) });
  return {
    missingAddress: missing.includes('agencyAddress'),
    missingAnswer: missing.includes('sellsPlans'),
    ready: missing.length === 0,
  };
}
