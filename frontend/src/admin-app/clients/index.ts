import PeopleIcon from '@mui/icons-material/People';

import { List } from './List.tsx';

export const clients = { name: 'clients', list: List, icon: PeopleIcon } as const;
