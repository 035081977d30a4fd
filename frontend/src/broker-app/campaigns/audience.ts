import type { Translation } from '../../i18n/translation.ts';
import { describeClientFilter } from '../clients/ClientFilters.tsx';
import { CLIENT_TEXTS } from '../clients/texts.ts';
import type { CampaignAudience } from '../types.ts';
import { CAMPAIGN_TEXTS } from './texts.ts';

/** Who a campaign is for, in words: 'All your active clients', 'Clients matching: Active · Low (0–39)', '12 chosen clients'. */
export function audienceWords(
  audience: CampaignAudience,
  T: Translation<typeof CAMPAIGN_TEXTS> = CAMPAIGN_TEXTS,
  C: Translation<typeof CLIENT_TEXTS> = CLIENT_TEXTS,
): string {
  if (audience.kind === 'filter') return T.audienceFilter(describeClientFilter(audience.filter, C));
  if (audience.kind === 'clients') return T.audienceClients(audience.clientIds.length);
  return T.audienceAll;
}
