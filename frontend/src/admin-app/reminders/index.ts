import NotificationsActiveIcon from '@mui/icons-material/NotificationsActive';

import { List } from './List.tsx';

export const reminders = { name: 'reminders', list: List, icon: NotificationsActiveIcon } as const;
