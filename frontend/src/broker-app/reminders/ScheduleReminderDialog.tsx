import PhoneInTalkOutlinedIcon from '@mui/icons-material/PhoneInTalkOutlined';
import PrivacyTipOutlinedIcon from '@mui/icons-material/PrivacyTipOutlined';
import SmsOutlinedIcon from '@mui/icons-material/SmsOutlined';
import {
  Alert,
  Box,
  Button,
  CircularProgress,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  FormControl,
  FormControlLabel,
  FormLabel,
  Radio,
  RadioGroup,
  Stack,
  TextField,
  Typography,
} from '@mui/material';
import { type FormEvent, useState } from 'react';
import { useCreate, useUpdate } from 'react-admin';
import { Link as RouterLink } from 'react-router-dom';

import { errorBodyField, serverMessage } from '../../lib/http.ts';
import { ClientPicker, useHasClients } from '../clients/ClientPicker.tsx';
import type { Client, Reminder } from '../types.ts';
import { useErrorToast } from '../ui/errors.ts';
import { useToast } from '../ui/toast.tsx';
import {
  type DeliveryMethod,
  formFromReminder,
  initialForm,
  type ReminderForm,
  type ReminderFormErrors,
  validateReminder,
} from './schedule.ts';
import { MESSAGE_MAX_LENGTH, REMINDER_TEXTS as T } from './texts.ts';

interface Props {
  open: boolean;
  onClose: () => void;
  /** A pending reminder to change, with its client; without it the dialog schedules a new one. */
  editing?: { reminder: Reminder; client: Client | null };
}

/**
 * SPEC §5 "Schedule reminder (broker)": a one-time call or text to one client, with a generic
 * message. The same dialog edits a pending reminder.
 */
export function ScheduleReminderDialog({ open, onClose, editing }: Props) {
  // The form starts fresh each time the dialog opens.
  return (
    <Dialog
      open={open}
      onClose={onClose}
      fullWidth
      maxWidth="sm"
      aria-labelledby="schedule-reminder-title"
      // Held near the top so the toasts (bottom right) never cover the dialog's buttons.
      sx={{ '& .MuiDialog-container': { alignItems: 'flex-start' }, '& .MuiDialog-paper': { mt: { xs: 2, sm: 4 } } }}
    >
      {open && <ScheduleReminderForm onClose={onClose} editing={editing} />}
    </Dialog>
  );
}

function ScheduleReminderForm({ onClose, editing }: Omit<Props, 'open'>) {
  const [form, setForm] = useState<ReminderForm>(() => (editing ? formFromReminder(editing.reminder) : initialForm()));
  const [client, setClient] = useState<Client | null>(editing?.client ?? null);
  const [errors, setErrors] = useState<ReminderFormErrors>({});
  const [serverError, setServerError] = useState<string>();
  const [create, { isPending: creating }] = useCreate<Reminder>();
  const [update, { isPending: updating }] = useUpdate<Reminder>();
  const isPending = creating || updating;
  const hasClients = useHasClients();
  const toast = useToast();
  const errorToast = useErrorToast();
  const failed = editing ? T.saveFailed : T.scheduleFailed;

  const set = <K extends keyof ReminderForm>(key: K, value: ReminderForm[K]) => {
    setForm((current) => ({ ...current, [key]: value }));
    const field = key === 'date' || key === 'time' ? 'when' : key;
    if (field !== 'deliveryMethod') setErrors((current) => ({ ...current, [field]: undefined }));
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setServerError(undefined);
    const { errors: found, reminder } = validateReminder(form);
    setErrors(found);
    if (!reminder) return;
    const onError = (error: unknown) => {
      const message = serverMessage(error);
      const field = errorBodyField(error, 'field');
      // The server names the field to blame (a health word is the message's).
      if (message && (field === 'message' || errorBodyField(error, 'term') !== undefined)) setErrors({ message });
      else if (message && field === 'scheduledTime') setErrors({ when: message });
      else if (message && field === 'clientId') setErrors({ clientId: message });
      else setServerError(message ?? failed);
      errorToast(error, failed);
    };
    if (editing) {
      const { status: _pending, ...changes } = reminder;
      void update(
        'reminders',
        { id: editing.reminder.id, data: changes, previousData: editing.reminder },
        {
          mutationMode: 'pessimistic',
          onSuccess: () => {
            toast({ title: T.saved });
            onClose();
          },
          onError,
        },
      );
      return;
    }
    void create(
      'reminders',
      { data: reminder },
      {
        onSuccess: () => {
          toast({ title: T.scheduled });
          onClose();
        },
        onError,
      },
    );
  };

  const noClients = hasClients === false;

  return (
    <Box component="form" noValidate onSubmit={submit}>
      <DialogTitle id="schedule-reminder-title">{editing ? T.editTitle : T.dialogTitle}</DialogTitle>
      <DialogContent>
        <Stack spacing={2.5} sx={{ pt: 1 }}>
          {serverError && <Alert severity="error">{serverError}</Alert>}
          {noClients && (
            <Alert
              severity="info"
              action={
                <Button component={RouterLink} to="/clients" color="inherit" size="small" onClick={onClose}>
                  {T.goToClients}
                </Button>
              }
            >
              {T.noClients}
            </Alert>
          )}
          <ClientPicker
            label={T.client}
            value={client}
            onChange={(next) => {
              setClient(next);
              set('clientId', next?.id ?? '');
            }}
            error={errors.clientId}
            helperText={T.clientHint}
            disabled={noClients}
            required
          />

          <Box>
            <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
              <TextField
                type="date"
                label={T.date}
                value={form.date}
                onChange={(event) => set('date', event.target.value)}
                error={Boolean(errors.when)}
                required
                fullWidth
                slotProps={{ inputLabel: { shrink: true }, htmlInput: { 'aria-describedby': 'reminder-when-help' } }}
              />
              <TextField
                type="time"
                label={T.time}
                value={form.time}
                onChange={(event) => set('time', event.target.value)}
                error={Boolean(errors.when)}
                required
                fullWidth
                slotProps={{ inputLabel: { shrink: true }, htmlInput: { 'aria-describedby': 'reminder-when-help' } }}
              />
            </Stack>
            <Typography
              id="reminder-when-help"
              variant="caption"
              role={errors.when ? 'alert' : undefined}
              color={errors.when ? 'error' : 'text.secondary'}
              sx={{ display: 'block', mt: 0.5, mx: 1.75 }}
            >
              {errors.when ?? T.whenHint}
            </Typography>
          </Box>

          <FormControl>
            <FormLabel id="reminder-method-label">{T.deliveryMethod}</FormLabel>
            <RadioGroup
              row
              aria-labelledby="reminder-method-label"
              value={form.deliveryMethod}
              onChange={(event) => set('deliveryMethod', event.target.value as DeliveryMethod)}
            >
              <FormControlLabel
                value="voice"
                control={<Radio />}
                label={
                  <Stack direction="row" spacing={0.75} sx={{ alignItems: 'center' }}>
                    <PhoneInTalkOutlinedIcon fontSize="small" aria-hidden />
                    <span>{T.voice}</span>
                  </Stack>
                }
              />
              <FormControlLabel
                value="sms"
                control={<Radio />}
                label={
                  <Stack direction="row" spacing={0.75} sx={{ alignItems: 'center' }}>
                    <SmsOutlinedIcon fontSize="small" aria-hidden />
                    <span>{T.sms}</span>
                  </Stack>
                }
              />
            </RadioGroup>
          </FormControl>

          <TextField
            label={T.message}
            value={form.message}
            onChange={(event) => set('message', event.target.value.slice(0, MESSAGE_MAX_LENGTH))}
            placeholder={T.messagePlaceholder}
            error={Boolean(errors.message)}
            helperText={errors.message ?? `${form.message.length}/${MESSAGE_MAX_LENGTH}`}
            required
            multiline
            minRows={3}
            fullWidth
          />
          <Alert severity="info" icon={<PrivacyTipOutlinedIcon fontSize="inherit" />} sx={{ py: 0 }}>
            {T.messageHint}
          </Alert>
        </Stack>
      </DialogContent>
      <DialogActions sx={{ px: 3, pb: 2 }}>
        <Button onClick={onClose} disabled={isPending}>
          {T.cancel}
        </Button>
        <Button
          type="submit"
          variant="contained"
          disabled={isPending || noClients}
          startIcon={isPending ? <CircularProgress size={16} color="inherit" /> : undefined}
        >
          {editing ? T.save : T.submit}
        </Button>
      </DialogActions>
    </Box>
  );
}
