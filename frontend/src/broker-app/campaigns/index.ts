import CampaignIcon from '@mui/icons-material/Campaign';

import { CampaignList } from './CampaignList.tsx';
import { CampaignShow } from './CampaignShow.tsx';

export const campaigns = { name: 'campaigns', list: CampaignList, show: CampaignShow, icon: CampaignIcon } as const;
