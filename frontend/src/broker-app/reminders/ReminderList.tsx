import AddAlarmOutlinedIcon from '@mui/icons-material/AddAlarmOutlined';
import NotificationsNoneOutlinedIcon from '@mui/icons-material/NotificationsNoneOutlined';
import PlayArrowOutlinedIcon from '@mui/icons-material/PlayArrowOutlined';
import { Alert, Box, Button, CircularProgress, Stack, Typography } from '@mui/material';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import { useGetList } from 'react-admin';

import { useCareKeepDataProvider } from '../providers/dataProvider.ts';
import type { Client, Reminder } from '../types.ts';
import { EmptyState } from '../ui/EmptyState.tsx';
import { useSubscriptionErrorHandler } from '../ui/errors.ts';
import { PageHeader } from '../ui/PageHeader.tsx';
import { useToast } from '../ui/toast.tsx';
import { ReminderCard, ReminderCardSkeleton } from './ReminderCard.tsx';
import { clientName } from './schedule.ts';
import { ScheduleReminderDialog } from './ScheduleReminderDialog.tsx';
import { REMINDER_TEXTS as T } from './texts.ts';

const PAGE_SIZE = 50;
// The server's largest page: every client of a broker fits in the select and the name lookup.
const ALL_CLIENTS = { pagination: { page: 1, perPage: 1000 }, sort: { field: 'lastName', order: 'ASC' as const } };

/** SPEC §2 Reminders page: the broker's one-time reminders, scheduling one, and sending the due ones now. */
export function ReminderList() {
  const [perPage, setPerPage] = useState(PAGE_SIZE);
  const [dialogOpen, setDialogOpen] = useState(false);
  const reminders = useGetList<Reminder>('reminders', {
    pagination: { page: 1, perPage },
    sort: { field: 'scheduledTime', order: 'ASC' },
  });
  const clients = useGetList<Client>('clients', ALL_CLIENTS);
  const names = useMemo(() => new Map((clients.data ?? []).map((c) => [c.id, clientName(c)])), [clients.data]);

  const dataProvider = useCareKeepDataProvider();
  const queryClient = useQueryClient();
  const toast = useToast();
  const handleSubscriptionError = useSubscriptionErrorHandler();
  const execute = useMutation({
    mutationFn: () => dataProvider.executeReminders(),
    onSuccess: ({ count }) => {
      toast({ title: T.executed(count), description: count === 0 ? T.nothingDue : undefined });
      void queryClient.invalidateQueries({ queryKey: ['reminders'] });
    },
    onError: (error) => handleSubscriptionError(error, T.executeFailed),
  });

  const nameOf = (clientId: string) => {
    if (clients.isPending) return undefined;
    return names.get(clientId) ?? null;
  };

  return (
    <Box>
      <PageHeader
        title={T.title}
        subtitle={T.subtitle}
        actions={
          <>
            <Button
              variant="outlined"
              onClick={() => execute.mutate()}
              disabled={execute.isPending}
              startIcon={execute.isPending ? <CircularProgress size={16} color="inherit" /> : <PlayArrowOutlinedIcon />}
            >
              {T.executePending}
            </Button>
            <Button variant="contained" onClick={() => setDialogOpen(true)} startIcon={<AddAlarmOutlinedIcon />}>
              {T.scheduleReminder}
            </Button>
          </>
        }
      />

      {reminders.isPending ? (
        <Stack spacing={1.5} role="status" aria-label="Loading reminders">
          <ReminderCardSkeleton />
          <ReminderCardSkeleton />
          <ReminderCardSkeleton />
        </Stack>
      ) : reminders.error ? (
        <Alert severity="error">{T.loadFailed}</Alert>
      ) : reminders.data.length === 0 ? (
        <EmptyState
          icon={NotificationsNoneOutlinedIcon}
          title={T.emptyTitle}
          body={T.emptyBody}
          note={T.privacyNote}
          action={
            <Button variant="contained" onClick={() => setDialogOpen(true)} startIcon={<AddAlarmOutlinedIcon />} sx={{ mt: 3 }}>
              {T.scheduleReminder}
            </Button>
          }
        />
      ) : (
        <>
          <Stack component="ul" spacing={1.5} aria-label={T.listLabel} sx={{ listStyle: 'none', p: 0, m: 0 }}>
            {reminders.data.map((reminder) => (
              <ReminderCard key={reminder.id} reminder={reminder} client={nameOf(reminder.clientId)} />
            ))}
          </Stack>
          {(reminders.total ?? 0) > reminders.data.length && (
            <Box sx={{ textAlign: 'center', mt: 2 }}>
              <Button onClick={() => setPerPage((n) => n + PAGE_SIZE)} disabled={reminders.isFetching}>
                {T.showMore}
              </Button>
            </Box>
          )}
          <Typography variant="body2" color="text.secondary" sx={{ mt: 3 }}>
            {T.privacyNote}
          </Typography>
        </>
      )}

      <ScheduleReminderDialog
        open={dialogOpen}
        onClose={() => setDialogOpen(false)}
        clients={clients.data ?? []}
        clientsLoading={clients.isPending}
      />
    </Box>
  );
}
