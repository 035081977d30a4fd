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
import { useState } from 'react';
import { Form, TextInput, useCreate, useInput, useUpdate } from 'react-admin';
import { useFormState, useWatch } from 'react-hook-form';
import { Link as RouterLink } from 'react-router-dom';

import type { Translation } from '../../i18n/translation.ts';
import { errorBodyField, serverMessage } from '../../lib/http.ts';
import { ClientPicker, useHasClients } from '../clients/ClientPicker.tsx';
import { useBrokerTexts } from '../i18n/useBrokerTexts.ts';
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
import { MESSAGE_MAX_LENGTH, type REMINDER_TEXTS as EN_REMINDER_TEXTS } from './texts.ts';

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

/** The form's values: the chosen client as a whole (the picker shows their name), the rest as the spec's form. */
type Values = Omit<ReminderForm, 'clientId'> & { client: Client | null };

/** The spec's checks on the form's values, keyed by the form's fields ('client', 'when', 'message'). */
function checked(
  values: Values,
  texts: Translation<typeof EN_REMINDER_TEXTS>,
): { errors: Record<string, string>; reminder?: ReturnType<typeof validateReminder>['reminder'] } {
  const { errors, reminder } = validateReminder({ ...values, clientId: values.client?.id ?? '' }, undefined, texts);
  const { clientId, ...rest } = errors;
  return { errors: { ...rest, ...(clientId ? { client: clientId } : {}) }, reminder };
}

/**
 * react-admin's form: the record-level check is the spec's (validateReminder), shown under each
 * field after a submit; the server's refusals (a health word, a time in the past) land there too.
 */
function ScheduleReminderForm({ onClose, editing }: Omit<Props, 'open'>) {
  const { REMINDER_TEXTS: T } = useBrokerTexts().reminders;
  const [defaults] = useState<Values>(() => {
    const { clientId: _id, ...form } = editing ? formFromReminder(editing.reminder) : initialForm();
    return { ...form, client: editing?.client ?? null };
  });
  const [serverError, setServerError] = useState<string>();
  const [create, { isPending: creating }] = useCreate<Reminder>();
  const [update, { isPending: updating }] = useUpdate<Reminder>();
  const isPending = creating || updating;
  const hasClients = useHasClients();
  const toast = useToast();
  const errorToast = useErrorToast();
  const failed = editing ? T.saveFailed : T.scheduleFailed;
  const noClients = hasClients === false;

  const submit = async (values: Values): Promise<ReminderFormErrors | Record<string, string> | undefined> => {
    setServerError(undefined);
    const { errors, reminder } = checked(values, T);
    if (!reminder) return errors;
    try {
      if (editing) {
        const { status: _pending, ...changes } = reminder;
        await update(
          'reminders',
          { id: editing.reminder.id, data: changes, previousData: editing.reminder },
          { mutationMode: 'pessimistic', returnPromise: true },
        );
        toast({ title: T.saved });
      } else {
        await create('reminders', { data: reminder }, { returnPromise: true });
        toast({ title: T.scheduled });
      }
      onClose();
      return undefined;
    } catch (error) {
      errorToast(error, failed);
      const message = serverMessage(error);
      const field = errorBodyField(error, 'field');
      // The server names the field to blame (a health word is the message's).
      if (message && (field === 'message' || errorBodyField(error, 'term') !== undefined)) return { message };
      if (message && field === 'scheduledTime') return { when: message };
      if (message && field === 'clientId') return { client: message };
      setServerError(message ?? failed);
      return undefined;
    }
  };

  return (
    <Form<Values> defaultValues={defaults} validate={(values) => checked(values as Values, T).errors} onSubmit={submit as never} noValidate>
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
          <ClientInput disabled={noClients} />
          <WhenInputs />
          <MethodInput />
          <MessageInput />
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
    </Form>
  );
}

/** A form error, once the form was submitted (react-admin's rule for showing them). */
function useShownError(name: string): string | undefined {
  const { errors, isSubmitted } = useFormState({ name });
  // A record-level check's message comes wrapped ({ message }), a submission's as text.
  const found: unknown = errors[name]?.message;
  const message = typeof found === 'object' && found !== null ? (found as { message?: unknown }).message : found;
  return isSubmitted && typeof message === 'string' ? message : undefined;
}

function ClientInput({ disabled }: { disabled: boolean }) {
  const { REMINDER_TEXTS: T } = useBrokerTexts().reminders;
  // react-admin shows an empty value as '' by default, which the picker would take for a client
  // ("undefined undefined"): no client is null here.
  const { field } = useInput<Client | null>({ source: 'client', format: (value) => value || null });
  const error = useShownError('client');
  return (
    <ClientPicker
      label={T.client}
      value={field.value ?? null}
      onChange={(next) => field.onChange(next)}
      error={error}
      helperText={T.clientHint}
      disabled={disabled}
      required
    />
  );
}

/** Date and time, one error under both: the two make one moment. */
function WhenInputs() {
  const { REMINDER_TEXTS: T } = useBrokerTexts().reminders;
  const date = useInput<string>({ source: 'date' });
  const time = useInput<string>({ source: 'time' });
  const error = useShownError('when');
  const input = (label: string, type: 'date' | 'time', field: typeof date.field) => (
    <TextField
      type={type}
      label={label}
      name={field.name}
      value={field.value ?? ''}
      onChange={(event) => field.onChange(event.target.value)}
      onBlur={field.onBlur}
      error={Boolean(error)}
      required
      fullWidth
      slotProps={{ inputLabel: { shrink: true }, htmlInput: { 'aria-describedby': 'reminder-when-help' } }}
    />
  );
  return (
    <Box>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
        {input(T.date, 'date', date.field)}
        {input(T.time, 'time', time.field)}
      </Stack>
      <Typography
        id="reminder-when-help"
        variant="caption"
        role={error ? 'alert' : undefined}
        color={error ? 'error' : 'text.secondary'}
        sx={{ display: 'block', mt: 0.5, mx: 1.75 }}
      >
        {error ?? T.whenHint}
      </Typography>
    </Box>
  );
}

function MethodInput() {
  const { REMINDER_TEXTS: T } = useBrokerTexts().reminders;
  const { field } = useInput<DeliveryMethod>({ source: 'deliveryMethod' });
  return (
    <FormControl>
      <FormLabel id="reminder-method-label">{T.deliveryMethod}</FormLabel>
      <RadioGroup
        row
        aria-labelledby="reminder-method-label"
        value={field.value}
        onChange={(event) => field.onChange(event.target.value as DeliveryMethod)}
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
  );
}

function MessageInput() {
  const { REMINDER_TEXTS: T } = useBrokerTexts().reminders;
  const message = useWatch<Values, 'message'>({ name: 'message' }) ?? '';
  return (
    <TextInput
      source="message"
      label={T.message}
      placeholder={T.messagePlaceholder}
      helperText={`${message.length}/${MESSAGE_MAX_LENGTH}`}
      isRequired
      multiline
      minRows={3}
      fullWidth
      slotProps={{ htmlInput: { maxLength: MESSAGE_MAX_LENGTH } }}
    />
  );
}
