import NotificationsActiveIcon from '@mui/icons-material/NotificationsActive';

import { lazyNamed } from '../ui/lazyNamed.ts';

const ReminderList = lazyNamed(() => import('./ReminderList.tsx'), 'ReminderList');

export const reminders = { name: 'reminders', list: ReminderList, icon: NotificationsActiveIcon } as const;
