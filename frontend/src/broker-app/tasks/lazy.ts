import { loadLateAreas } from '../i18n/useBrokerTexts.ts';
import { lazyNamed } from '../ui/lazyNamed.ts';

/** A module of the tasks' components, once their texts (a late area) have loaded too. */
const withTexts = <M>(module: Promise<M>): Promise<M> => Promise.all([module, loadLateAreas()]).then(([loaded]) => loaded);

// The tasks' page and cards are their own chunks, with their texts: the first load only knows their names.
export const TasksPage = lazyNamed(() => withTexts(import('./TasksPage.tsx')), 'TasksPage');
export const MyTasksCard = lazyNamed(() => withTexts(import('./MyTasksCard.tsx')), 'MyTasksCard');
export const ClientTasksCard = lazyNamed(() => withTexts(import('./ClientTasksCard.tsx')), 'ClientTasksCard');
export const CallLogCard = lazyNamed(() => withTexts(import('./CallLogCard.tsx')), 'CallLogCard');
export const TaskRulesCard = lazyNamed(() => withTexts(import('./TaskRulesCard.tsx')), 'TaskRulesCard');
