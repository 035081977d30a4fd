import CampaignIcon from '@mui/icons-material/Campaign';

import { CampaignList } from './CampaignList.tsx';

export const campaigns = { name: 'campaigns', list: CampaignList, icon: CampaignIcon } as const;
