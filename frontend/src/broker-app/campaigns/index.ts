import CampaignIcon from '@mui/icons-material/Campaign';

import { lazyNamed } from '../ui/lazyNamed.ts';

const CampaignList = lazyNamed(() => import('./CampaignList.tsx'), 'CampaignList');
const CampaignShow = lazyNamed(() => import('./CampaignShow.tsx'), 'CampaignShow');

export const campaigns = { name: 'campaigns', list: CampaignList, show: CampaignShow, icon: CampaignIcon } as const;
