import FolderOpenIcon from '@mui/icons-material/FolderOpen';

import { ResourceList } from './ResourceList.tsx';

export const resources = { name: 'resources', list: ResourceList, icon: FolderOpenIcon } as const;
