import OutboxIcon from '@mui/icons-material/Outbox';

import { lazyNamed } from '../ui/lazyNamed.ts';

const OutboxList = lazyNamed(() => import('./OutboxList.tsx'), 'OutboxList');

export const outbox = { name: 'dev/outbox', list: OutboxList, icon: OutboxIcon } as const;
