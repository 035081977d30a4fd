import PeopleIcon from '@mui/icons-material/People';

import { ClientList } from './ClientList.tsx';

export const clients = { name: 'clients', list: ClientList, icon: PeopleIcon } as const;
