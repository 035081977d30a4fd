import AddIcon from '@mui/icons-material/Add';
import { Alert, Box, Button, Skeleton, Typography } from '@mui/material';
import { useQuery } from '@tanstack/react-query';
import { type ReactNode, useState } from 'react';

import { useBrokerTexts } from '../i18n/useBrokerTexts.ts';
import { useCareKeepDataProvider } from '../providers/dataProvider.ts';
import { useMemberMay } from '../providers/memberMay.tsx';
import type { Client, Task } from '../types.ts';
import { TaskDialog } from './TaskDialog.tsx';
import { TaskItem } from './TaskItem.tsx';
import { TASKS_KEY } from './tasks.ts';
import { DeleteTaskDialog } from './TasksPage.tsx';

type Section = (props: { title: string; action?: ReactNode; children: ReactNode }) => ReactNode;

/** The client's tasks on their page: open ones first, then done ones; add one about them. */
export function ClientTasksCard({ client, section: Section }: { client: Client; section: Section }) {
  const { TASK_TEXTS: T } = useBrokerTexts().tasks;
  const dataProvider = useCareKeepDataProvider();
  const mayChange = useMemberMay()('clients:write');
  const { data, isPending, isError } = useQuery({
    queryKey: [...TASKS_KEY, 'client', client.id],
    queryFn: () => dataProvider.getTasks({ clientId: client.id }),
  });
  const [editing, setEditing] = useState<Task | null | undefined>(undefined);
  const [deleting, setDeleting] = useState<Task | null>(null);
  const tasks = data && [...data.filter((task) => !task.done), ...data.filter((task) => task.done)];
  return (
    <Section
      title={T.clientTasks}
      action={
        mayChange && (
          <Button size="small" startIcon={<AddIcon />} onClick={() => setEditing(null)}>
            {T.add}
          </Button>
        )
      }
    >
      {isPending ? (
        <Skeleton variant="rounded" height={60} />
      ) : isError ? (
        <Alert severity="error">{T.loadFailed}</Alert>
      ) : tasks!.length === 0 ? (
        <Typography variant="body2" color="text.secondary">
          {T.clientTasksEmpty}
        </Typography>
      ) : (
        <Box component="ul" aria-label={T.clientTasks} sx={{ listStyle: 'none', m: 0, p: 0, display: 'grid', gap: 0.5 }}>
          {tasks!.map((task) => (
            <TaskItem key={task.id} task={task} mayChange={mayChange} showClient={false} onEdit={setEditing} onDelete={setDeleting} />
          ))}
        </Box>
      )}
      {editing !== undefined && <TaskDialog task={editing} client={client} onClose={() => setEditing(undefined)} />}
      {deleting && <DeleteTaskDialog task={deleting} onClose={() => setDeleting(null)} />}
    </Section>
  );
}
