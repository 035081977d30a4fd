// The tasks' page and cards, one chunk (see lazy.ts).
export { CallLogCard } from './CallLogCard.tsx';
export { ClientTasksCard } from './ClientTasksCard.tsx';
export { MyTasksCard } from './MyTasksCard.tsx';
export { TaskRulesCard } from './TaskRulesCard.tsx';
export { TasksPage } from './TasksPage.tsx';
