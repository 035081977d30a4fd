import { Box, Button, Dialog, DialogActions, DialogContent, DialogTitle, MenuItem, TextField } from '@mui/material';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { addHours, startOfHour } from 'date-fns';
import { useId, useState } from 'react';

import { errorBodyField } from '../../lib/http.ts';
import { useJoinedMembers } from '../clients/AssignClientsDialog.tsx';
import { ClientPicker } from '../clients/ClientPicker.tsx';
import { useBrokerTexts } from '../i18n/useBrokerTexts.ts';
import { useCareKeepDataProvider } from '../providers/dataProvider.ts';
import { useCurrentUser } from '../providers/useCurrentUser.ts';
import { memberName } from '../team/members.ts';
import type { Client, Task } from '../types.ts';
import { useErrorToast } from '../ui/errors.ts';
import { useToast } from '../ui/toast.tsx';
import { fromLocalInput, TASKS_KEY, toLocalInput } from './tasks.ts';

const PRIORITIES = ['low', 'normal', 'high'] as const;
const NOBODY = 'none';

type Picked = Pick<Client, 'id' | 'firstName' | 'lastName' | 'phone'>;

/**
 * Adds a task (`task` null) or changes one: title, due date and time (in the member's zone), client
 * (fixed on a client's page), who does it, priority and notes.
 */
export function TaskDialog({
  task,
  client,
  onClose,
}: {
  task: Task | null;
  /** On a client's page: the task is about this client. */
  client?: Picked;
  onClose: () => void;
}) {
  const { TASK_TEXTS: T } = useBrokerTexts().tasks;
  const dataProvider = useCareKeepDataProvider();
  const queryClient = useQueryClient();
  const toast = useToast();
  const errorToast = useErrorToast();
  const members = useJoinedMembers();
  const me = useCurrentUser().data?.member;
  const titleId = useId();
  const [title, setTitle] = useState(task?.title ?? '');
  const [due, setDue] = useState(toLocalInput(task ? new Date(task.dueAt) : startOfHour(addHours(new Date(), 2))));
  const [picked, setPicked] = useState<Picked | null>(
    client ?? (task?.clientId ? { id: task.clientId, firstName: task.clientName ?? '', lastName: '', phone: '' } : null),
  );
  const [assignee, setAssignee] = useState<string | undefined>(task ? (task.assigneeMemberId ?? NOBODY) : undefined);
  const [priority, setPriority] = useState<(typeof PRIORITIES)[number]>(task?.priority ?? 'normal');
  const [notes, setNotes] = useState(task?.notes ?? '');
  const [errors, setErrors] = useState<Partial<Record<'title' | 'due', string>>>({});
  const chosenAssignee = assignee ?? me?.id ?? NOBODY;

  const save = useMutation({
    mutationFn: (dueAt: string) => {
      const fields = {
        title: title.trim(),
        dueAt,
        clientId: picked?.id ?? null,
        assigneeMemberId: chosenAssignee === NOBODY ? null : chosenAssignee,
        priority,
        notes: notes.trim() || null,
      };
      return task ? dataProvider.updateTask(task.id, fields) : dataProvider.addTask(fields);
    },
    onSuccess: async () => {
      toast({ title: T.saved });
      await queryClient.invalidateQueries({ queryKey: TASKS_KEY });
      onClose();
    },
    onError: (error) => {
      const field = errorBodyField(error, 'field');
      const message = errorBodyField(error, 'message');
      if (field === 'title' && typeof message === 'string') setErrors({ title: message });
      else errorToast(error, T.saveFailed);
    },
  });

  const submit = () => {
    const dueAt = fromLocalInput(due);
    const found = { ...(title.trim() ? {} : { title: T.titleRequired }), ...(dueAt ? {} : { due: T.dueRequired }) };
    setErrors(found);
    if (dueAt && title.trim()) save.mutate(dueAt);
  };

  return (
    <Dialog open onClose={onClose} aria-labelledby={titleId} fullWidth maxWidth="sm">
      <DialogTitle id={titleId}>{task ? T.dialogEdit : T.dialogAdd}</DialogTitle>
      <DialogContent>
        <Box
          component="form"
          id={`${titleId}-form`}
          noValidate
          onSubmit={(event) => {
            event.preventDefault();
            submit();
          }}
          sx={{ display: 'grid', gap: 2, pt: 1 }}
        >
          <TextField
            label={T.fieldTitle}
            value={title}
            onChange={(event) => setTitle(event.target.value)}
            required
            autoFocus
            error={Boolean(errors.title)}
            helperText={errors.title}
            slotProps={{ htmlInput: { maxLength: 200 } }}
          />
          <TextField
            label={T.fieldDue}
            type="datetime-local"
            value={due}
            onChange={(event) => setDue(event.target.value)}
            required
            error={Boolean(errors.due)}
            helperText={errors.due}
            slotProps={{ inputLabel: { shrink: true } }}
          />
          {!client && <ClientPicker label={T.fieldClient} value={picked as Client | null} onChange={(next) => setPicked(next)} />}
          <TextField select label={T.fieldAssignee} value={chosenAssignee} onChange={(event) => setAssignee(event.target.value)}>
            <MenuItem value={NOBODY}>{T.nobody}</MenuItem>
            {members.map((member) => (
              <MenuItem key={member.id} value={member.id}>
                {memberName(member, T.noName)}
              </MenuItem>
            ))}
            {task?.assigneeMemberId && !members.some((member) => member.id === task.assigneeMemberId) && (
              <MenuItem value={task.assigneeMemberId}>{T.noName}</MenuItem>
            )}
          </TextField>
          <TextField
            select
            label={T.fieldPriority}
            value={priority}
            onChange={(event) => setPriority(event.target.value as (typeof PRIORITIES)[number])}
          >
            {PRIORITIES.map((value) => (
              <MenuItem key={value} value={value}>
                {T.priorities[value]}
              </MenuItem>
            ))}
          </TextField>
          <TextField label={T.fieldNotes} value={notes} onChange={(event) => setNotes(event.target.value)} multiline minRows={2} />
        </Box>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{T.cancel}</Button>
        <Button type="submit" form={`${titleId}-form`} variant="contained" disabled={save.isPending}>
          {T.save}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
