import NotificationsActiveIcon from '@mui/icons-material/NotificationsActive';

import { ReminderList } from './ReminderList.tsx';

export const reminders = { name: 'reminders', list: ReminderList, icon: NotificationsActiveIcon } as const;
