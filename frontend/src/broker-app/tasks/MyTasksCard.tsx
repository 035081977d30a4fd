import { Alert, Box, Button, Card, CardContent, CardHeader, Skeleton, Typography } from '@mui/material';
import { useQuery } from '@tanstack/react-query';
import { Link as RouterLink } from 'react-router-dom';

import { useBrokerTexts } from '../i18n/useBrokerTexts.ts';
import { useCareKeepDataProvider } from '../providers/dataProvider.ts';
import { useMemberMay } from '../providers/memberMay.tsx';
import { TaskItem } from './TaskItem.tsx';
import { TASKS_KEY } from './tasks.ts';

/** The dashboard's "My tasks": how many of the member's own are due today, overdue and this week, and the next few. */
export function MyTasksCard() {
  const { TASK_TEXTS: T } = useBrokerTexts().tasks;
  const dataProvider = useCareKeepDataProvider();
  const mayChange = useMemberMay()('clients:write');
  const { data, isPending, isError } = useQuery({ queryKey: [...TASKS_KEY, 'summary'], queryFn: () => dataProvider.getTaskSummary() });
  const counts = data && [
    { label: T.myTasksToday, value: data.today },
    { label: T.myTasksOverdue, value: data.overdue, alert: data.overdue > 0 },
    { label: T.myTasksWeek, value: data.week },
  ];
  return (
    <Card component="section" aria-labelledby="my-tasks-title">
      <CardHeader
        title={T.myTasks}
        slotProps={{ title: { id: 'my-tasks-title', variant: 'h6', component: 'h2' } }}
        action={
          <Button component={RouterLink} to="/tasks" size="small">
            {T.seeAll}
          </Button>
        }
      />
      <CardContent sx={{ pt: 0, display: 'grid', gap: 2 }}>
        {isPending ? (
          <Skeleton height={80} />
        ) : isError ? (
          <Alert severity="error">{T.myTasksFailed}</Alert>
        ) : (
          <>
            <Box component="dl" sx={{ display: 'grid', gridTemplateColumns: 'repeat(3, 1fr)', gap: 1, m: 0 }}>
              {counts!.map((count) => (
                <Box key={count.label} sx={{ textAlign: 'center' }}>
                  <Typography component="dd" variant="h5" sx={{ m: 0, fontWeight: 700 }} color={count.alert ? 'error' : undefined}>
                    {count.value}
                  </Typography>
                  <Typography component="dt" variant="caption" color="text.secondary">
                    {count.label}
                  </Typography>
                </Box>
              ))}
            </Box>
            {data.next.length === 0 ? (
              <Typography variant="body2" color="text.secondary">
                {T.myTasksNone}
              </Typography>
            ) : (
              <Box component="ul" aria-label={T.myTasks} sx={{ listStyle: 'none', m: 0, p: 0, display: 'grid', gap: 0.5 }}>
                {data.next.map((task) => (
                  <TaskItem key={task.id} task={task} mayChange={mayChange} compact />
                ))}
              </Box>
            )}
          </>
        )}
      </CardContent>
    </Card>
  );
}
