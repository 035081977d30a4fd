import FolderOpenIcon from '@mui/icons-material/FolderOpen';

import { List } from './List.tsx';

export const resources = { name: 'resources', list: List, icon: FolderOpenIcon } as const;
