import OutboxIcon from '@mui/icons-material/Outbox';

import { OutboxList } from './OutboxList.tsx';

export const outbox = { name: 'dev/outbox', list: OutboxList, icon: OutboxIcon } as const;
