import CampaignIcon from '@mui/icons-material/Campaign';

import { List } from './List.tsx';

export const campaigns = { name: 'campaigns', list: List, icon: CampaignIcon } as const;
