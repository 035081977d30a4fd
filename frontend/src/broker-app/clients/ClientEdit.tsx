import ArrowBackIcon from '@mui/icons-material/ArrowBack';
import { Alert, Box, Button, Card, CardContent, Skeleton } from '@mui/material';
import { BooleanInput, EditBase, Form, RadioButtonGroupInput, required, SaveButton, TextInput, useEditContext } from 'react-admin';
import { useWatch } from 'react-hook-form';
import { Link as RouterLink, useNavigate } from 'react-router-dom';

import { useBrokerTexts } from '../i18n/useBrokerTexts.ts';
import type { Client, UpdatedClient } from '../types.ts';
import { useErrorToast } from '../ui/errors.ts';
import { PageHeader } from '../ui/PageHeader.tsx';
import { useToast } from '../ui/toast.tsx';
import { ClientFactsInputs } from './ClientFactsInputs.tsx';
import { formatPhone } from './format.ts';
import { LanguageInput } from './LanguageInput.tsx';
import { type ClientWithFacts, DEPARTURE_REASONS } from './retentionTypes.ts';
import { useRefreshUsage } from './usage.ts';

/** The fields the broker edits; the record's other fields (invitation state, score…) are the server's. */
const EDITABLE = [
  'firstName',
  'lastName',
  'phone',
  'email',
  'isActive',
  'notes',
  'zip',
  'state',
  'language',
  'dateOfBirth',
  'planType',
  'planEffectiveDate',
  'carrier',
] as const;

/** What the form sends: the editable fields (an emptied fact as null), and why the client leaves when marked inactive here. */
export function editable(data: Partial<ClientWithFacts>, previous?: Partial<ClientWithFacts>): Partial<ClientWithFacts> {
  const sent: Record<string, unknown> = Object.fromEntries(EDITABLE.filter((key) => key in data).map((key) => [key, data[key]]));
  for (const key of ['dateOfBirth', 'planType', 'planEffectiveDate', 'carrier'] as const) {
    if (key in sent && (sent[key] === '' || sent[key] === undefined)) sent[key] = null;
    if (typeof sent[key] === 'string') sent[key] = (sent[key] as string).trim() || null;
  }
  if (previous?.isActive && data.isActive === false) sent.departureReason = data.departureReason ?? 'other';
  return sent as Partial<ClientWithFacts>;
}

/** Whether the server named fields (react-admin's `{ errors: { field: message } }`): the form shows them there. */
function hasFieldErrors(error: unknown): boolean {
  const errors = (error as { body?: { errors?: unknown } } | null)?.body?.errors;
  return typeof errors === 'object' && errors !== null && Object.keys(errors).length > 0;
}

/**
 * `/clients/{id}/edit`: react-admin's form over the client. The server's field errors land under
 * their fields; a registered client's new phone or e-mail waits for their confirmation, as the form
 * says beforehand and the notice says after saving.
 */
export function ClientEdit() {
  const { CLIENT_PAGE_TEXTS: T } = useBrokerTexts().clientPage;
  const navigate = useNavigate();
  const toast = useToast();
  const errorToast = useErrorToast();
  const refreshUsage = useRefreshUsage();
  return (
    <EditBase<Client>
      resource="clients"
      mutationMode="pessimistic"
      redirect={false}
      transform={(data, options) => editable(data, options?.previousData)}
      // The page says what went wrong; react-admin's default would leave for the list.
      queryOptions={{ retry: false, onError: () => undefined }}
      mutationOptions={{
        onSuccess: (saved) => {
          const notice = (saved as UpdatedClient).notice;
          toast({ title: T.saved, description: notice?.message });
          void refreshUsage();
          void navigate(`/clients/${saved.id}`);
        },
        onError: (error) => {
          if (!hasFieldErrors(error)) errorToast(error, T.saveFailed);
        },
      }}
    >
      <EditForm />
    </EditBase>
  );
}

function EditForm() {
  const { CLIENT_PAGE_TEXTS: T } = useBrokerTexts().clientPage;
  const { CLIENT_TEXTS } = useBrokerTexts().clients;
  const { record: client, isPending, error } = useEditContext<Client>();
  if (isPending) return <Skeleton variant="rounded" height={320} />;
  if (error || !client) return <Alert severity="error">{T.loadFailed}</Alert>;
  const name = `${client.firstName} ${client.lastName}`;
  const registered = client.inviteStatus === 'accepted';
  return (
    <Box sx={{ maxWidth: 720 }}>
      <Button component={RouterLink} to={`/clients/${client.id}`} startIcon={<ArrowBackIcon />} sx={{ mb: 1 }}>
        {name}
      </Button>
      <PageHeader title={T.editTitle(name)} subtitle={T.editSubtitle} />
      <Card variant="outlined">
        <CardContent>
          <Form record={{ ...client, phone: formatPhone(client.phone), departureReason: 'other' }}>
            <Box sx={{ display: 'grid', gap: 1, gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' } }}>
              <TextInput source="firstName" label={T.firstName} validate={required(T.required)} autoComplete="off" fullWidth />
              <TextInput source="lastName" label={T.lastName} validate={required(T.required)} autoComplete="off" fullWidth />
              <TextInput source="phone" label={T.phone} validate={required(T.required)} type="tel" autoComplete="off" fullWidth />
              <TextInput source="email" label={T.email} type="email" autoComplete="off" fullWidth />
              <TextInput source="zip" label={T.zip} helperText={T.zipHelp} autoComplete="off" fullWidth />
              <TextInput source="state" label={T.state} helperText={T.stateHelp} autoComplete="off" fullWidth />
              <LanguageInput texts={CLIENT_TEXTS} />
            </Box>
            <ClientFactsInputs />
            {registered && (
              <Alert severity="info" sx={{ mb: 2 }}>
                {T.registeredRule(client.firstName)}
              </Alert>
            )}
            {client.pendingContactChanges.map((change) => (
              <Alert severity="warning" key={change.field} sx={{ mb: 2 }}>
                {T.pendingChange(change.field, change.value && (change.field === 'phone' ? formatPhone(change.value) : change.value))}
              </Alert>
            ))}
            <BooleanInput source="isActive" label={T.active} helperText={T.activeHelp} />
            {client.isActive && <LeavingReasonInput />}
            <TextInput source="notes" label={T.notes} multiline minRows={3} helperText={T.notesHelp} fullWidth />
            <Box sx={{ display: 'flex', gap: 1, mt: 1 }}>
              <SaveButton label={T.save} />
              <Button component={RouterLink} to={`/clients/${client.id}`}>
                {T.cancel}
              </Button>
            </Box>
          </Form>
        </CardContent>
      </Card>
    </Box>
  );
}

/** Turning an active client off here asks why they leave, as the list's Mark Inactive does. */
function LeavingReasonInput() {
  const { CLIENT_TEXTS } = useBrokerTexts().clients;
  const isActive = useWatch({ name: 'isActive' }) as boolean | undefined;
  if (isActive !== false) return null;
  return (
    <RadioButtonGroupInput
      source="departureReason"
      label={CLIENT_TEXTS.leavingQuestion}
      choices={DEPARTURE_REASONS.map((id) => ({ id, name: CLIENT_TEXTS.departureReasons[id] }))}
      translateChoice={false}
      row={false}
    />
  );
}
