import FolderOpenIcon from '@mui/icons-material/FolderOpen';

import { lazyNamed } from '../ui/lazyNamed.ts';

const ResourceList = lazyNamed(() => import('./ResourceList.tsx'), 'ResourceList');

export const resources = { name: 'resources', list: ResourceList, icon: FolderOpenIcon } as const;
