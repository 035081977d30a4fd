import DeleteIcon from '@mui/icons-material/DeleteOutlined';
import EditIcon from '@mui/icons-material/EditOutlined';
import { Box, Checkbox, Chip, IconButton, Link, Tooltip, Typography } from '@mui/material';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Link as RouterLink } from 'react-router-dom';

import { useBrokerLanguage, useBrokerTexts } from '../i18n/useBrokerTexts.ts';
import { useCareKeepDataProvider } from '../providers/dataProvider.ts';
import type { Task } from '../types.ts';
import { useErrorToast } from '../ui/errors.ts';
import { formatDateTime } from '../ui/format.ts';
import { isOverdue, TASKS_KEY } from './tasks.ts';

/** One task: a box to tick it done, its title, client, due time, priority; edit and delete for those who may change it. */
export function TaskItem({
  task,
  mayChange,
  onEdit,
  onDelete,
  showClient = true,
  compact = false,
  timeOnly = false,
}: {
  task: Task;
  mayChange: boolean;
  onEdit?: (task: Task) => void;
  onDelete?: (task: Task) => void;
  showClient?: boolean;
  compact?: boolean;
  /** In a day of the week: the time alone. */
  timeOnly?: boolean;
}) {
  const { TASK_TEXTS: T } = useBrokerTexts().tasks;
  const dataProvider = useCareKeepDataProvider();
  const queryClient = useQueryClient();
  const errorToast = useErrorToast();
  const toggle = useMutation({
    mutationFn: (done: boolean) => dataProvider.updateTask(task.id, { done }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: TASKS_KEY }),
    onError: (error) => errorToast(error, T.saveFailed),
  });
  const late = isOverdue(task);
  const language = useBrokerLanguage();
  const when = timeOnly
    ? new Intl.DateTimeFormat(language === 'es' ? 'es' : 'en-US', { hour: 'numeric', minute: '2-digit' }).format(new Date(task.dueAt))
    : T.due(formatDateTime(task.dueAt));
  return (
    <Box
      component="li"
      sx={{ display: 'flex', alignItems: 'flex-start', gap: 0.5, borderLeft: 3, borderColor: late ? 'error.main' : 'divider', pl: 0.5 }}
    >
      <Checkbox
        checked={task.done}
        disabled={!mayChange || toggle.isPending}
        onChange={(event) => toggle.mutate(event.target.checked)}
        slotProps={{ input: { 'aria-label': T.done(task.title) } }}
        size="small"
        sx={compact ? { p: 0.5 } : undefined}
      />
      <Box sx={{ flex: 1, minWidth: 0, py: 0.75 }}>
        <Typography
          variant="body2"
          sx={{ fontWeight: 600, overflowWrap: 'break-word', hyphens: 'auto', textDecoration: task.done ? 'line-through' : undefined }}
        >
          {task.title}
        </Typography>
        <Typography variant="caption" color={late ? 'error' : 'text.secondary'} component="div" sx={{ overflowWrap: 'break-word' }}>
          {late ? `${T.overdue} · ` : ''}
          {when}
          {showClient && task.clientId && task.clientName && (
            <>
              {' · '}
              <Link component={RouterLink} to={`/clients/${task.clientId}`}>
                {task.clientName}
              </Link>
            </>
          )}
          {!compact && task.source !== 'manual' && ` · ${T.sources[task.source]}`}
        </Typography>
      </Box>
      {task.priority !== 'normal' && !timeOnly && (
        <Chip
          size="small"
          label={T.priorities[task.priority]}
          variant="outlined"
          // The text keeps the body colour (an orange text reads under 4.5:1); the border marks a high one.
          sx={{ mt: 0.75, ...(task.priority === 'high' && { borderColor: 'warning.main', borderWidth: 2 }) }}
        />
      )}
      {mayChange && onEdit && (
        <Tooltip title={T.edit}>
          <IconButton size="small" aria-label={T.editTask(task.title)} onClick={() => onEdit(task)}>
            <EditIcon fontSize="small" />
          </IconButton>
        </Tooltip>
      )}
      {mayChange && onDelete && (
        <Tooltip title={T.delete}>
          <IconButton size="small" aria-label={T.deleteTask(task.title)} onClick={() => onDelete(task)}>
            <DeleteIcon fontSize="small" />
          </IconButton>
        </Tooltip>
      )}
    </Box>
  );
}
