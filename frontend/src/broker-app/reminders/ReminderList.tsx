import AddAlarmOutlinedIcon from '@mui/icons-material/AddAlarmOutlined';
import NotificationsNoneOutlinedIcon from '@mui/icons-material/NotificationsNoneOutlined';
import PlayArrowOutlinedIcon from '@mui/icons-material/PlayArrowOutlined';
import SearchIcon from '@mui/icons-material/Search';
import { Alert, Button, CircularProgress, Paper, Stack, Typography } from '@mui/material';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import { Confirm, ListBase, Pagination, useDelete, useGetMany, useListContext } from 'react-admin';

import { clientName } from '../clients/ClientPicker.tsx';
import { useBrokerTexts } from '../i18n/useBrokerTexts.ts';
import { useCareKeepDataProvider } from '../providers/dataProvider.ts';
import { useMemberMay } from '../providers/memberMay.tsx';
import type { Client, Reminder } from '../types.ts';
import { EmptyState } from '../ui/EmptyState.tsx';
import { useErrorToast, useSubscriptionErrorHandler } from '../ui/errors.ts';
import { ListSearchBox } from '../ui/ListSearchBox.tsx';
import { PageHeader } from '../ui/PageHeader.tsx';
import { useToast } from '../ui/toast.tsx';
import { ReminderCard, ReminderCardSkeleton } from './ReminderCard.tsx';
import { ReminderFilters } from './ReminderFilters.tsx';
import { formatDateTime } from './schedule.ts';
import { ScheduleReminderDialog } from './ScheduleReminderDialog.tsx';

export const REMINDERS_PER_PAGE = 25;
/** Typing in the search box waits this long before asking the server. */
const SEARCH_DEBOUNCE_MS = 400;

type Editing = { reminder: Reminder; client: Client | null };

/**
 * SPEC §2 Reminders page: the broker's one-time reminders with search and filters (kept in the
 * URL), scheduling, changing or cancelling a pending one, and sending the due ones now.
 */
export function ReminderList() {
  const may = useMemberMay();
  const { REMINDER_TEXTS: T } = useBrokerTexts().reminders;
  const [dialogOpen, setDialogOpen] = useState(false);
  const [editing, setEditing] = useState<Editing>();
  const errorToast = useErrorToast();

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
  const schedule = () => {
    setEditing(undefined);
    setDialogOpen(true);
  };

  return (
    <ListBase<Reminder>
      resource="reminders"
      perPage={REMINDERS_PER_PAGE}
      sort={{ field: 'scheduledTime', order: 'ASC' }}
      debounce={SEARCH_DEBOUNCE_MS}
      storeKey={false}
      queryOptions={{
        onError: (error) => {
          if ((error as { status?: number }).status !== 401) errorToast(error, T.loadFailed);
        },
      }}
    >
      <PageHeader
        title={T.title}
        subtitle={T.subtitle}
        actions={
          may('reminders:write') && (
            <>
              <Button
                variant="outlined"
                onClick={() => execute.mutate()}
                disabled={execute.isPending}
                startIcon={execute.isPending ? <CircularProgress size={16} color="inherit" /> : <PlayArrowOutlinedIcon />}
              >
                {T.executePending}
              </Button>
              <Button variant="contained" onClick={schedule} startIcon={<AddAlarmOutlinedIcon />}>
                {T.scheduleReminder}
              </Button>
            </>
          )
        }
      />
      <ListSearchBox label={T.searchLabel} placeholder={T.searchPlaceholder} />
      <ReminderFilters />
      <Reminders
        onSchedule={schedule}
        onEdit={(next) => {
          setEditing(next);
          setDialogOpen(true);
        }}
      />
      <ScheduleReminderDialog open={dialogOpen} onClose={() => setDialogOpen(false)} editing={editing} />
    </ListBase>
  );
}

function Reminders({ onSchedule, onEdit }: { onSchedule: () => void; onEdit: (editing: Editing) => void }) {
  const may = useMemberMay();
  const { REMINDER_TEXTS: T } = useBrokerTexts().reminders;
  const { data, isPending, error, filterValues } = useListContext<Reminder>();
  // The page's clients, by id (getMany): names for any number of clients.
  const ids = useMemo(() => [...new Set((data ?? []).map((r) => r.clientId))], [data]);
  const clients = useGetMany<Client>('clients', { ids }, { enabled: ids.length > 0 });
  const byId = useMemo(() => new Map((clients.data ?? []).map((c) => [c.id, c])), [clients.data]);
  const [cancelling, setCancelling] = useState<Reminder>();

  if (isPending) {
    return (
      <Stack spacing={1.5} role="status" aria-label={T.loadingReminders}>
        <ReminderCardSkeleton />
        <ReminderCardSkeleton />
        <ReminderCardSkeleton />
      </Stack>
    );
  }
  if (error && !data) return <Alert severity="error">{T.loadFailed}</Alert>;
  if (!data || data.length === 0) {
    if (Object.keys(filterValues).length > 0) {
      return (
        <Paper variant="outlined" sx={{ py: 8, px: 2, textAlign: 'center' }}>
          <SearchIcon sx={{ fontSize: 48, color: 'text.disabled' }} />
          <Typography color="text.secondary" sx={{ mt: 1 }}>
            {T.emptyNoMatch}
          </Typography>
        </Paper>
      );
    }
    return (
      <EmptyState
        icon={NotificationsNoneOutlinedIcon}
        title={T.emptyTitle}
        body={T.emptyBody}
        note={T.privacyNote}
        action={
          may('reminders:write') && (
            <Button variant="contained" onClick={onSchedule} startIcon={<AddAlarmOutlinedIcon />} sx={{ mt: 3 }}>
              {T.scheduleReminder}
            </Button>
          )
        }
      />
    );
  }

  const nameOf = (clientId: string): string | null | undefined => {
    if (clients.isPending) return undefined;
    const client = byId.get(clientId);
    return client ? clientName(client) : null;
  };
  return (
    <>
      <Stack component="ul" spacing={1.5} aria-label={T.listLabel} sx={{ listStyle: 'none', p: 0, m: 0 }}>
        {data.map((reminder) => (
          <ReminderCard
            key={reminder.id}
            reminder={reminder}
            client={nameOf(reminder.clientId)}
            onEdit={() => onEdit({ reminder, client: byId.get(reminder.clientId) ?? null })}
            onCancel={() => setCancelling(reminder)}
          />
        ))}
      </Stack>
      <Pagination rowsPerPageOptions={[25, 50, 100]} />
      <Typography variant="body2" color="text.secondary" sx={{ mt: 3 }}>
        {T.privacyNote}
      </Typography>
      {cancelling && (
        <CancelReminder
          reminder={cancelling}
          name={nameOf(cancelling.clientId) ?? T.unknownClient}
          onClose={() => setCancelling(undefined)}
        />
      )}
    </>
  );
}

/** "Cancel this reminder?": a pending reminder is removed once the broker confirms. */
function CancelReminder({ reminder, name, onClose }: { reminder: Reminder; name: string; onClose: () => void }) {
  const { REMINDER_TEXTS: T } = useBrokerTexts().reminders;
  const [remove, { isPending }] = useDelete<Reminder>();
  const toast = useToast();
  const errorToast = useErrorToast();
  return (
    <Confirm
      isOpen
      loading={isPending}
      title={T.cancelTitle}
      content={T.cancelBody(name, formatDateTime(reminder.scheduledTime))}
      confirm={T.cancelReminder}
      cancel={T.keepIt}
      confirmColor="primary"
      onClose={onClose}
      onConfirm={() =>
        void remove(
          'reminders',
          { id: reminder.id, previousData: reminder },
          {
            mutationMode: 'pessimistic',
            onSuccess: () => {
              toast({ title: T.cancelled });
              onClose();
            },
            onError: (error) => {
              errorToast(error, T.cancelFailed);
              onClose();
            },
          },
        )
      }
    />
  );
}
