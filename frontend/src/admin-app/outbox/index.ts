import OutboxIcon from '@mui/icons-material/Outbox';

import { List } from './List.tsx';

export const outbox = { name: 'dev/outbox', list: List, icon: OutboxIcon } as const;
