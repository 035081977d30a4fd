import PeopleIcon from '@mui/icons-material/People';

import { ClientList } from './ClientList.tsx';
import { ClientShow } from './ClientShow.tsx';

export { ClientEdit } from './ClientEdit.tsx';

/**
 * The client page is `/clients/{id}` (react-admin's edit path, given to the page) and
 * `/clients/{id}/show`; the form is `/clients/{id}/edit`, a route of its own (BrokerApp).
 */
export const clients = { name: 'clients', list: ClientList, edit: ClientShow, show: ClientShow, icon: PeopleIcon } as const;
