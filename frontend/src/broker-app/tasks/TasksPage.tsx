import AddIcon from '@mui/icons-material/Add';
import ChevronLeftIcon from '@mui/icons-material/ChevronLeft';
import ChevronRightIcon from '@mui/icons-material/ChevronRight';
import {
  Alert,
  Box,
  Button,
  Card,
  CardContent,
  Dialog,
  DialogActions,
  DialogTitle,
  IconButton,
  Skeleton,
  Tab,
  Tabs,
  ToggleButton,
  ToggleButtonGroup,
  Typography,
  useMediaQuery,
  useTheme,
} from '@mui/material';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { addWeeks, isSameDay } from 'date-fns';
import { useId, useState } from 'react';

import { useBrokerLanguage, useBrokerTexts } from '../i18n/useBrokerTexts.ts';
import { useCareKeepDataProvider } from '../providers/dataProvider.ts';
import { useMemberMay } from '../providers/memberMay.tsx';
import type { Task } from '../types.ts';
import { useErrorToast } from '../ui/errors.ts';
import { formatDay } from '../ui/format.ts';
import { PageHeader } from '../ui/PageHeader.tsx';
import { useToast } from '../ui/toast.tsx';
import { TaskDialog } from './TaskDialog.tsx';
import { TaskItem } from './TaskItem.tsx';
import { dayKey, TASKS_KEY, VIEW_FILTERS, weekDays } from './tasks.ts';

const VIEWS = ['today', 'overdue', 'week', 'all'] as const;

/** The Tasks page (docs/tasks.md): the open tasks by tab, or a week as a calendar; add, edit, tick done, delete. */
export function TasksPage() {
  const { TASK_TEXTS: T } = useBrokerTexts().tasks;
  const mayChange = useMemberMay()('clients:write');
  const [view, setView] = useState<(typeof VIEWS)[number]>('today');
  const [layout, setLayout] = useState<'list' | 'calendar'>('list');
  const [editing, setEditing] = useState<Task | null | undefined>(undefined);
  const [deleting, setDeleting] = useState<Task | null>(null);
  const actions = { mayChange, onEdit: setEditing, onDelete: setDeleting };

  return (
    <Box sx={{ display: 'grid', gap: 2 }}>
      <PageHeader
        title={T.title}
        subtitle={T.subtitle}
        actions={
          mayChange && (
            <Button variant="contained" startIcon={<AddIcon />} onClick={() => setEditing(null)}>
              {T.add}
            </Button>
          )
        }
      />
      <Box sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', justifyContent: 'space-between', gap: 1 }}>
        {layout === 'list' ? (
          <Tabs
            value={view}
            onChange={(_, next) => setView(next as (typeof VIEWS)[number])}
            aria-label={T.viewsLabel}
            variant="scrollable"
            allowScrollButtonsMobile
          >
            {VIEWS.map((value) => (
              <Tab key={value} value={value} label={T.views[value]} />
            ))}
          </Tabs>
        ) : (
          <span />
        )}
        <ToggleButtonGroup
          size="small"
          exclusive
          value={layout}
          onChange={(_, next) => next && setLayout(next as 'list' | 'calendar')}
          aria-label={T.layoutLabel}
        >
          <ToggleButton value="list">{T.list}</ToggleButton>
          <ToggleButton value="calendar">{T.calendar}</ToggleButton>
        </ToggleButtonGroup>
      </Box>
      {layout === 'list' ? <TaskListView view={view} {...actions} /> : <WeekView {...actions} />}
      {editing !== undefined && <TaskDialog task={editing} onClose={() => setEditing(undefined)} />}
      {deleting && <DeleteTaskDialog task={deleting} onClose={() => setDeleting(null)} />}
    </Box>
  );
}

type Actions = { mayChange: boolean; onEdit: (task: Task) => void; onDelete: (task: Task) => void };

function TaskListView({ view, ...actions }: { view: string } & Actions) {
  const { TASK_TEXTS: T } = useBrokerTexts().tasks;
  const dataProvider = useCareKeepDataProvider();
  const { data, isPending, isError } = useQuery({
    queryKey: [...TASKS_KEY, 'list', view],
    queryFn: () => dataProvider.getTasks(VIEW_FILTERS[view]),
  });
  return (
    <Card variant="outlined">
      <CardContent>
        {isPending ? (
          <Skeleton variant="rounded" height={120} />
        ) : isError ? (
          <Alert severity="error">{T.loadFailed}</Alert>
        ) : data.length === 0 ? (
          <Typography color="text.secondary">{T.empty}</Typography>
        ) : (
          <Box component="ul" aria-label={T.views[view]} sx={{ listStyle: 'none', m: 0, p: 0, display: 'grid', gap: 1 }}>
            {data.map((task) => (
              <TaskItem key={task.id} task={task} {...actions} />
            ))}
          </Box>
        )}
      </CardContent>
    </Card>
  );
}

/** A week, Monday to Sunday: seven columns on a wide screen, a list of days on a phone; done tasks too. */
function WeekView(actions: Actions) {
  const { TASK_TEXTS: T } = useBrokerTexts().tasks;
  const language = useBrokerLanguage();
  const dataProvider = useCareKeepDataProvider();
  const theme = useTheme();
  const wide = useMediaQuery(theme.breakpoints.up('md'));
  const [week, setWeek] = useState(0);
  const days = weekDays(addWeeks(new Date(), week));
  const from = dayKey(days[0]);
  const to = dayKey(days[6]);
  const { data, isPending, isError } = useQuery({
    queryKey: [...TASKS_KEY, 'week', from],
    queryFn: () => dataProvider.getTasks({ from, to }),
  });
  const weekday = new Intl.DateTimeFormat(language === 'es' ? 'es' : 'en-US', { weekday: 'long', month: 'short', day: 'numeric' });
  const headingId = useId();
  return (
    <Card variant="outlined" component="section" aria-labelledby={headingId}>
      <CardContent sx={{ display: 'grid', gap: 2 }}>
        <Box sx={{ display: 'flex', alignItems: 'center', gap: 1 }}>
          <IconButton aria-label={T.previousWeek} onClick={() => setWeek(week - 1)}>
            <ChevronLeftIcon />
          </IconButton>
          <Typography id={headingId} component="h2" variant="h6" sx={{ flex: 1, textAlign: 'center' }}>
            {T.weekOf(formatDay(days[0]))}
          </Typography>
          <IconButton aria-label={T.nextWeek} onClick={() => setWeek(week + 1)}>
            <ChevronRightIcon />
          </IconButton>
        </Box>
        {week !== 0 && (
          <Button size="small" onClick={() => setWeek(0)} sx={{ justifySelf: 'center' }}>
            {T.thisWeek}
          </Button>
        )}
        {isPending ? (
          <Skeleton variant="rounded" height={160} />
        ) : isError ? (
          <Alert severity="error">{T.loadFailed}</Alert>
        ) : (
          <Box sx={{ display: 'grid', gap: 1, gridTemplateColumns: wide ? 'repeat(7, minmax(0, 1fr))' : '1fr' }}>
            {days.map((day) => {
              const tasks = data.filter((task) => isSameDay(new Date(task.dueAt), day));
              const today = isSameDay(day, new Date());
              const label = weekday.format(day);
              return (
                <Box
                  key={dayKey(day)}
                  component="section"
                  aria-label={label}
                  sx={{ border: 1, borderColor: today ? 'primary.main' : 'divider', borderRadius: 1, p: 1, minWidth: 0 }}
                >
                  <Typography component="h3" variant="subtitle2" sx={{ textTransform: 'capitalize' }}>
                    {label}
                  </Typography>
                  {tasks.length === 0 ? (
                    <Typography variant="caption" color="text.secondary">
                      {T.noTasksDay}
                    </Typography>
                  ) : (
                    <Box component="ul" sx={{ listStyle: 'none', m: 0, p: 0, display: 'grid', gap: 0.5 }}>
                      {tasks.map((task) => (
                        <TaskItem key={task.id} task={task} compact timeOnly mayChange={actions.mayChange} />
                      ))}
                    </Box>
                  )}
                </Box>
              );
            })}
          </Box>
        )}
      </CardContent>
    </Card>
  );
}

export function DeleteTaskDialog({ task, onClose }: { task: Task; onClose: () => void }) {
  const { TASK_TEXTS: T } = useBrokerTexts().tasks;
  const dataProvider = useCareKeepDataProvider();
  const queryClient = useQueryClient();
  const toast = useToast();
  const errorToast = useErrorToast();
  const titleId = useId();
  const remove = useMutation({
    mutationFn: () => dataProvider.deleteTask(task.id),
    onSuccess: async () => {
      toast({ title: T.deleted });
      await queryClient.invalidateQueries({ queryKey: TASKS_KEY });
      onClose();
    },
    onError: (error) => errorToast(error, T.saveFailed),
  });
  return (
    <Dialog open onClose={onClose} aria-labelledby={titleId}>
      <DialogTitle id={titleId}>{T.deleteConfirm(task.title)}</DialogTitle>
      <DialogActions>
        <Button onClick={onClose}>{T.cancel}</Button>
        <Button color="error" variant="contained" onClick={() => remove.mutate()} disabled={remove.isPending}>
          {T.delete}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
