import { Suspense } from 'react';

import { useCurrentUser } from '../providers/useCurrentUser.ts';
import { lazyNamed } from '../ui/lazyNamed.ts';
import { useMarketingDetails } from './marketingDetails.ts';

const MarketingDetailsCard = lazyNamed(() => import('./MarketingDetailsCard.tsx'), 'MarketingDetailsCard');

/** On the dashboard until the agency has given its postal address and its TPMO answer. */
export function MarketingDetailsStep() {
  const { data: user } = useCurrentUser();
  const details = useMarketingDetails();
  if (!user || !details || details.ready) return null;
  return (
    <Suspense fallback={null}>
      <MarketingDetailsCard user={user} />
    </Suspense>
  );
}
