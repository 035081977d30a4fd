import { describeClientFilter } from '../clients/ClientFilters.tsx';
import type { CampaignAudience } from '../types.ts';
import { CAMPAIGN_TEXTS as T } from './texts.ts';

/** Who a campaign is for, in words: 'All your active clients', 'Clients matching: Active · At risk (0–39)', '12 chosen clients'. */
export function audienceWords(audience: CampaignAudience): string {
  if (audience.kind === 'filter') return T.audienceFilter(describeClientFilter(audience.filter));
  if (audience.kind === 'clients') return T.audienceClients(audience.clientIds.length);
  return T.audienceAll;
}
