import { loadLateAreas } from '../i18n/useBrokerTexts.ts';
import { lazyNamed } from '../ui/lazyNamed.ts';

// The tasks' page and cards are one chunk, loaded with their texts (a late area) when one of them
// first shows: the first load only knows their names.
const load = () => Promise.all([import('./components.ts'), loadLateAreas()]).then(([module]) => module);

export const TasksPage = lazyNamed(load, 'TasksPage');
export const MyTasksCard = lazyNamed(load, 'MyTasksCard');
export const ClientTasksCard = lazyNamed(load, 'ClientTasksCard');
export const CallLogCard = lazyNamed(load, 'CallLogCard');
export const TaskRulesCard = lazyNamed(load, 'TaskRulesCard');
