import PeopleIcon from '@mui/icons-material/People';

import { lazyNamed } from '../ui/lazyNamed.ts';

// Each page is its own chunk, loaded when opened.
const ClientList = lazyNamed(() => import('./ClientList.tsx'), 'ClientList');
const ClientShow = lazyNamed(() => import('./ClientShow.tsx'), 'ClientShow');
export const ClientEdit = lazyNamed(() => import('./ClientEdit.tsx'), 'ClientEdit');

/**
 * The client page is `/clients/{id}` (react-admin's edit path, given to the page) and
 * `/clients/{id}/show`; the form is `/clients/{id}/edit`, a route of its own (BrokerApp).
 */
export const clients = { name: 'clients', list: ClientList, edit: ClientShow, show: ClientShow, icon: PeopleIcon } as const;
