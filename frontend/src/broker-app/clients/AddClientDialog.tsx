import { Button, Dialog, DialogActions, DialogContent, DialogContentText, DialogTitle, Stack, Typography } from '@mui/material';
import { email as emailRule, Form, required, TextInput, useCreate } from 'react-admin';

import { attestationsIn } from '../../../../backend/src/consent/attestations.ts';
import type { Language } from '../../i18n/translation.ts';
import { errorBodyField, serverMessage } from '../../lib/http.ts';
import { useBrokerLanguage, useBrokerTexts } from '../i18n/useBrokerTexts.ts';
import type { CreatedClient } from '../types.ts';
import { useErrorToast } from '../ui/errors.ts';
import { useToast } from '../ui/toast.tsx';
import { AttestationInput } from './AttestationInput.tsx';
import { ClientFactsInputs } from './ClientFactsInputs.tsx';
import { LanguageInput } from './LanguageInput.tsx';
import type { PlanType } from './retentionTypes.ts';
import { useLimitToast, useRefreshUsage } from './usage.ts';

type Field = 'firstName' | 'lastName' | 'email' | 'phone' | 'zip' | 'state' | 'dateOfBirth' | 'planEffectiveDate' | 'carrier';
type Values = Partial<Record<Field, string | null>> & {
  remindersConsent?: boolean;
  marketingConsent?: boolean;
  language?: Language;
  planType?: PlanType | null;
};
const SERVER_FIELDS: string[] = ['phone', 'email', 'zip', 'state', 'language', 'dateOfBirth', 'planType', 'planEffectiveDate', 'carrier'];

/** SPEC §8: a limit error is one whose message mentions 'limit' or whose body says limitReached. */
export function isLimitError(error: unknown): boolean {
  if (errorBodyField(error, 'limitReached') === true) return true;
  const message = serverMessage(error) ?? (error instanceof Error ? error.message : '');
  return /limit/i.test(message);
}

const trimmed = (value: string | null | undefined) => (value ?? '').trim();
/** A name or phone of spaces only is as good as none. */
const filled = (message: string) => (value: unknown) => (typeof value === 'string' && !value.trim() ? message : undefined);

/**
 * SPEC §5 Add client: first name, last name and phone required, email optional — react-admin's
 * form, the server's field errors (a duplicate phone, an e-mail it cannot take) under their fields.
 * The server may answer a warning near the plan's limit, refuse at the limit, or refuse a duplicate
 * phone (409).
 */
export function AddClientDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { CLIENT_TEXTS } = useBrokerTexts().clients;
  // In the app's language, as the server records them (in the broker's saved language).
  const attestations = attestationsIn(useBrokerLanguage());
  const [create, { isPending }] = useCreate<CreatedClient>();
  const toast = useToast();
  const errorToast = useErrorToast();
  const limitToast = useLimitToast();
  const refreshUsage = useRefreshUsage();

  // What the form shows under its fields: nothing when it worked, the server's field errors otherwise.
  const submit = async (values: Values): Promise<Partial<Record<Field, string>> | undefined> => {
    const email = trimmed(values.email);
    const zip = trimmed(values.zip);
    const state = trimmed(values.state);
    const carrier = trimmed(values.carrier);
    const data = {
      firstName: trimmed(values.firstName),
      lastName: trimmed(values.lastName),
      phone: trimmed(values.phone),
      ...(email ? { email } : {}),
      ...(zip ? { zip } : {}),
      ...(state ? { state } : {}),
      ...(values.dateOfBirth ? { dateOfBirth: values.dateOfBirth } : {}),
      ...(values.planType ? { planType: values.planType } : {}),
      ...(values.planEffectiveDate ? { planEffectiveDate: values.planEffectiveDate } : {}),
      ...(carrier ? { carrier } : {}),
      language: values.language ?? 'en',
      remindersConsent: values.remindersConsent === true,
      marketingConsent: values.marketingConsent === true,
    };
    try {
      const client = (await create('clients', { data }, { returnPromise: true })) as CreatedClient;
      const name = `${client.firstName} ${client.lastName}`;
      toast({ title: CLIENT_TEXTS.added, description: client.warning?.message ?? CLIENT_TEXTS.addedDescription(name) });
      void refreshUsage();
      onClose();
      return undefined;
    } catch (error) {
      if (isLimitError(error)) {
        limitToast();
        void refreshUsage();
        return undefined;
      }
      errorToast(error, CLIENT_TEXTS.addFailed);
      const field = errorBodyField(error, 'field');
      const message = serverMessage(error);
      return message && typeof field === 'string' && SERVER_FIELDS.includes(field) ? { [field]: message } : undefined;
    }
  };

  return (
    <Dialog open={open} onClose={isPending ? undefined : onClose} maxWidth="sm" fullWidth aria-labelledby="add-client-title">
      <Form onSubmit={submit} noValidate>
        <DialogTitle id="add-client-title">{CLIENT_TEXTS.addTitle}</DialogTitle>
        <DialogContent>
          <DialogContentText sx={{ mb: 2 }}>{CLIENT_TEXTS.addIntro}</DialogContentText>
          <Stack spacing={0.5}>
            <Stack direction={{ xs: 'column', sm: 'row' }} spacing={{ xs: 0.5, sm: 2 }}>
              <TextInput
                source="firstName"
                label={CLIENT_TEXTS.firstName}
                validate={[required(CLIENT_TEXTS.firstNameRequired), filled(CLIENT_TEXTS.firstNameRequired)]}
                autoFocus
                autoComplete="off"
                fullWidth
              />
              <TextInput
                source="lastName"
                label={CLIENT_TEXTS.lastName}
                validate={[required(CLIENT_TEXTS.lastNameRequired), filled(CLIENT_TEXTS.lastNameRequired)]}
                autoComplete="off"
                fullWidth
              />
            </Stack>
            <TextInput
              source="email"
              label={CLIENT_TEXTS.email}
              type="email"
              validate={emailRule(CLIENT_TEXTS.emailInvalid)}
              autoComplete="off"
              fullWidth
            />
            <TextInput
              source="phone"
              label={CLIENT_TEXTS.phone}
              type="tel"
              validate={[required(CLIENT_TEXTS.phoneRequired), filled(CLIENT_TEXTS.phoneRequired)]}
              helperText={CLIENT_TEXTS.phoneHelp}
              autoComplete="off"
              fullWidth
            />
            {/* Beside the contact details they are about, in view before saving; ticked only by the broker. */}
            <Typography component="h3" variant="subtitle2" sx={{ pt: 1 }}>
              {CLIENT_TEXTS.permissionTitle}
            </Typography>
            <AttestationInput source="remindersConsent" label={attestations.reminders} />
            <AttestationInput source="marketingConsent" label={attestations.marketing} />
            <Stack direction={{ xs: 'column', sm: 'row' }} spacing={{ xs: 0.5, sm: 2 }} sx={{ pt: 1 }}>
              <TextInput source="zip" label={CLIENT_TEXTS.zip} helperText={CLIENT_TEXTS.zipHelp} autoComplete="off" fullWidth />
              <TextInput source="state" label={CLIENT_TEXTS.state} helperText={CLIENT_TEXTS.stateHelp} autoComplete="off" fullWidth />
            </Stack>
            <LanguageInput texts={CLIENT_TEXTS} />
            <Typography component="h3" variant="subtitle2" sx={{ pt: 1, pb: 1 }}>
              {CLIENT_TEXTS.factsTitle}
            </Typography>
            <ClientFactsInputs />
          </Stack>
        </DialogContent>
        <DialogActions sx={{ px: 3, pb: 2 }}>
          <Button onClick={onClose} disabled={isPending}>
            {CLIENT_TEXTS.cancel}
          </Button>
          <Button type="submit" variant="contained" loading={isPending}>
            {CLIENT_TEXTS.addClient}
          </Button>
        </DialogActions>
      </Form>
    </Dialog>
  );
}
