import { Box, Button, Dialog, DialogActions, DialogContent, DialogContentText, DialogTitle, Stack, TextField } from '@mui/material';
import { type FormEvent, useState } from 'react';
import { useCreate } from 'react-admin';

import { errorBodyField, serverMessage } from '../../lib/http.ts';
import type { CreatedClient } from '../types.ts';
import { useErrorToast } from '../ui/errors.ts';
import { useToast } from '../ui/toast.tsx';
import { CLIENT_TEXTS } from './texts.ts';
import { useLimitToast, useRefreshUsage } from './usage.ts';

type Field = 'firstName' | 'lastName' | 'email' | 'phone';
type Values = Record<Field, string>;

const EMPTY: Values = { firstName: '', lastName: '', email: '', phone: '' };
const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

export function validateClient(values: Values): Partial<Record<Field, string>> {
  const errors: Partial<Record<Field, string>> = {};
  if (!values.firstName.trim()) errors.firstName = CLIENT_TEXTS.firstNameRequired;
  if (!values.lastName.trim()) errors.lastName = CLIENT_TEXTS.lastNameRequired;
  if (!values.phone.trim()) errors.phone = CLIENT_TEXTS.phoneRequired;
  if (values.email.trim() && !EMAIL.test(values.email.trim())) errors.email = CLIENT_TEXTS.emailInvalid;
  return errors;
}

/** SPEC §8: a limit error is one whose message mentions 'limit' or whose body says limitReached. */
export function isLimitError(error: unknown): boolean {
  if (errorBodyField(error, 'limitReached') === true) return true;
  const message = serverMessage(error) ?? (error instanceof Error ? error.message : '');
  return /limit/i.test(message);
}

/**
 * SPEC §5 Add client: first name, last name and phone required, email optional. The server may
 * answer a warning near the plan's limit, refuse at the limit, or refuse a duplicate phone (409).
 */
export function AddClientDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const [values, setValues] = useState<Values>(EMPTY);
  const [errors, setErrors] = useState<Partial<Record<Field, string>>>({});
  const [create, { isPending }] = useCreate<CreatedClient>();
  const toast = useToast();
  const errorToast = useErrorToast();
  const limitToast = useLimitToast();
  const refreshUsage = useRefreshUsage();

  const close = () => {
    setValues(EMPTY);
    setErrors({});
    onClose();
  };

  const change = (field: Field) => (event: { target: { value: string } }) => {
    setValues((current) => ({ ...current, [field]: event.target.value }));
    if (errors[field]) setErrors((current) => ({ ...current, [field]: undefined }));
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const found = validateClient(values);
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    const data = {
      firstName: values.firstName.trim(),
      lastName: values.lastName.trim(),
      phone: values.phone.trim(),
      ...(values.email.trim() ? { email: values.email.trim() } : {}),
    };
    void create(
      'clients',
      { data },
      {
        onSuccess: (client) => {
          const name = `${client.firstName} ${client.lastName}`;
          toast({ title: CLIENT_TEXTS.added, description: client.warning?.message ?? CLIENT_TEXTS.addedDescription(name) });
          void refreshUsage();
          close();
        },
        onError: (error) => {
          if (isLimitError(error)) {
            limitToast();
            void refreshUsage();
            return;
          }
          const field = errorBodyField(error, 'field');
          const message = serverMessage(error);
          if (message && (field === 'phone' || field === 'email')) setErrors({ [field]: message });
          errorToast(error, CLIENT_TEXTS.addFailed);
        },
      },
    );
  };

  const fieldProps = (field: Field) => ({
    name: field,
    value: values[field],
    onChange: change(field),
    error: Boolean(errors[field]),
    fullWidth: true,
  });

  return (
    <Dialog open={open} onClose={isPending ? undefined : close} maxWidth="sm" fullWidth aria-labelledby="add-client-title">
      <Box component="form" onSubmit={submit} noValidate>
        <DialogTitle id="add-client-title">{CLIENT_TEXTS.addTitle}</DialogTitle>
        <DialogContent>
          <DialogContentText sx={{ mb: 2 }}>{CLIENT_TEXTS.addIntro}</DialogContentText>
          <Stack spacing={2}>
            <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
              <TextField
                {...fieldProps('firstName')}
                label={CLIENT_TEXTS.firstName}
                required
                autoFocus
                autoComplete="off"
                helperText={errors.firstName}
              />
              <TextField
                {...fieldProps('lastName')}
                label={CLIENT_TEXTS.lastName}
                required
                autoComplete="off"
                helperText={errors.lastName}
              />
            </Stack>
            <TextField {...fieldProps('email')} label={CLIENT_TEXTS.email} type="email" autoComplete="off" helperText={errors.email} />
            <TextField
              {...fieldProps('phone')}
              label={CLIENT_TEXTS.phone}
              type="tel"
              required
              autoComplete="off"
              helperText={errors.phone ?? CLIENT_TEXTS.phoneHelp}
            />
          </Stack>
        </DialogContent>
        <DialogActions sx={{ px: 3, pb: 2 }}>
          <Button onClick={close} disabled={isPending}>
            {CLIENT_TEXTS.cancel}
          </Button>
          <Button type="submit" variant="contained" loading={isPending}>
            {CLIENT_TEXTS.addClient}
          </Button>
        </DialogActions>
      </Box>
    </Dialog>
  );
}
