import EmailOutlinedIcon from '@mui/icons-material/EmailOutlined';
import SmsOutlinedIcon from '@mui/icons-material/SmsOutlined';
import {
  Alert,
  Button,
  CircularProgress,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  FormControl,
  FormControlLabel,
  FormHelperText,
  FormLabel,
  Radio,
  RadioGroup,
  Stack,
  ToggleButton,
  ToggleButtonGroup,
  Typography,
} from '@mui/material';
import { useState } from 'react';
import { Form, TextInput, useCreate, useInput, useUpdate } from 'react-admin';
import { useWatch } from 'react-hook-form';

import { errorBodyField, serverMessage } from '../../lib/http.ts';
import { useBrokerTexts } from '../i18n/useBrokerTexts.ts';
import type { Campaign, CampaignAudience } from '../types.ts';
import { useErrorToast } from '../ui/errors.ts';
import { useToast } from '../ui/toast.tsx';
import { audienceWords } from './audience.ts';
import { type CampaignForm, type CampaignFormErrors, type CampaignType, EMPTY_CAMPAIGN, validateCampaign } from './campaignForm.ts';
import { LIMITS, SMS_SEGMENT } from './texts.ts';

/** SPEC §5 Campaign: a draft e-mail or SMS campaign; the same dialog edits a draft. */
export function CreateCampaignDialog({
  open,
  onClose,
  editing,
  audience,
}: {
  open: boolean;
  onClose: () => void;
  editing?: Campaign;
  /** Who a new campaign is for, when it starts from the Clients page. */
  audience?: CampaignAudience;
}) {
  // The form starts fresh each time the dialog opens.
  return (
    <Dialog
      open={open}
      onClose={onClose}
      fullWidth
      maxWidth="sm"
      aria-labelledby="create-campaign-title"
      // Held near the top so the toasts (bottom right) never cover the dialog's buttons.
      sx={{ '& .MuiDialog-container': { alignItems: 'flex-start' }, '& .MuiDialog-paper': { mt: { xs: 2, sm: 4 } } }}
    >
      {open && <CreateCampaignForm onClose={onClose} editing={editing} audience={audience} />}
    </Dialog>
  );
}

type Values = CampaignForm & { audienceKind: 'given' | 'all' };

/**
 * react-admin's form: the record-level check is the spec's (validateCampaign), shown under each
 * field after a submit; the server's refusals of a field land under it too.
 */
function CreateCampaignForm({ onClose, editing, audience }: { onClose: () => void; editing?: Campaign; audience?: CampaignAudience }) {
  const { CAMPAIGN_TEXTS: T } = useBrokerTexts().campaigns;
  // The audience it came with (a filter or chosen clients), or all active clients.
  const given = editing?.audience ?? audience ?? { kind: 'all' };
  const [defaults] = useState<Values>(() => ({
    ...(editing ? { name: editing.name, type: editing.type, subject: editing.subject ?? '', message: editing.message } : EMPTY_CAMPAIGN),
    audienceKind: given.kind === 'all' ? 'all' : 'given',
  }));
  const [serverError, setServerError] = useState<string>();
  const [create, { isPending: creating }] = useCreate<Campaign>();
  const [update, { isPending: updating }] = useUpdate<Campaign>();
  const isPending = creating || updating;
  const toast = useToast();
  const errorToast = useErrorToast();
  const failed = editing ? T.saveFailed : T.createFailed;

  const submit = async (values: Values): Promise<CampaignFormErrors | undefined> => {
    setServerError(undefined);
    const { errors, campaign } = validateCampaign(values, T);
    if (!campaign) return errors;
    campaign.audience = values.audienceKind === 'given' ? given : { kind: 'all' };
    try {
      if (editing) {
        const { status: _draft, ...changes } = campaign;
        await update(
          'campaigns',
          { id: editing.id, data: { ...changes, subject: changes.subject ?? null }, previousData: editing },
          { mutationMode: 'pessimistic', returnPromise: true },
        );
        toast({ title: T.saved });
      } else {
        await create('campaigns', { data: campaign }, { returnPromise: true });
        toast({ title: T.created, description: T.createdDescription });
      }
      onClose();
      return undefined;
    } catch (error) {
      errorToast(error, failed);
      const message = serverMessage(error);
      const field = errorBodyField(error, 'field');
      if (message && (field === 'name' || field === 'subject' || field === 'message')) return { [field]: message };
      setServerError(message ?? failed);
      return undefined;
    }
  };

  return (
    <Form<Values>
      defaultValues={defaults}
      validate={(values) => validateCampaign(values as Values).errors}
      onSubmit={submit as never}
      noValidate
    >
      <DialogTitle id="create-campaign-title">{editing ? T.editTitle : T.dialogTitle}</DialogTitle>
      <DialogContent>
        <Stack spacing={1.5} sx={{ pt: 1 }}>
          {serverError && <Alert severity="error">{serverError}</Alert>}
          <TextInput
            source="name"
            label={T.name}
            placeholder={T.namePlaceholder}
            isRequired
            fullWidth
            autoFocus
            helperText={false}
            slotProps={{ htmlInput: { maxLength: LIMITS.name } }}
          />
          <TypeInput />
          <SubjectInput />
          <MessageInput />
          <AudienceInput given={given} />
          <Typography variant="body2" color="text.secondary">
            {T.draftHint}
          </Typography>
        </Stack>
      </DialogContent>
      <DialogActions sx={{ px: 3, pb: 2 }}>
        <Button onClick={onClose} disabled={isPending}>
          {T.cancel}
        </Button>
        <Button
          type="submit"
          variant="contained"
          disabled={isPending}
          startIcon={isPending ? <CircularProgress size={16} color="inherit" /> : undefined}
        >
          {editing ? T.save : T.submit}
        </Button>
      </DialogActions>
    </Form>
  );
}

/** E-mail or SMS, as two toggle buttons. */
function TypeInput() {
  const { CAMPAIGN_TEXTS: T } = useBrokerTexts().campaigns;
  const { field } = useInput<CampaignType>({ source: 'type' });
  return (
    <FormControl>
      <FormLabel id="campaign-type-label" sx={{ mb: 1 }}>
        {T.type}
      </FormLabel>
      <ToggleButtonGroup
        exclusive
        color="primary"
        aria-labelledby="campaign-type-label"
        value={field.value}
        onChange={(_, value: CampaignType | null) => value && field.onChange(value)}
      >
        <ToggleButton value="email" sx={{ gap: 1, px: 2.5, textTransform: 'none' }}>
          <EmailOutlinedIcon fontSize="small" aria-hidden />
          {T.email}
        </ToggleButton>
        <ToggleButton value="sms" sx={{ gap: 1, px: 2.5, textTransform: 'none' }}>
          <SmsOutlinedIcon fontSize="small" aria-hidden />
          {T.sms}
        </ToggleButton>
      </ToggleButtonGroup>
    </FormControl>
  );
}

/** The subject: only for an e-mail. */
function SubjectInput() {
  const { CAMPAIGN_TEXTS: T } = useBrokerTexts().campaigns;
  const type = useWatch<Values, 'type'>({ name: 'type' });
  if (type !== 'email') return null;
  return (
    <TextInput
      source="subject"
      label={T.subject}
      isRequired
      fullWidth
      helperText={false}
      slotProps={{ htmlInput: { maxLength: LIMITS.subject } }}
    />
  );
}

/** The message, with a text's length and the parts it goes in. */
function MessageInput() {
  const { CAMPAIGN_TEXTS: T } = useBrokerTexts().campaigns;
  const type = useWatch<Values, 'type'>({ name: 'type' });
  const message = useWatch<Values, 'message'>({ name: 'message' }) ?? '';
  const isEmail = type === 'email';
  return (
    <TextInput
      source="message"
      label={T.message}
      isRequired
      multiline
      minRows={isEmail ? 5 : 3}
      fullWidth
      helperText={isEmail ? false : T.smsHint(message.length)}
      slotProps={{
        htmlInput: { maxLength: LIMITS.message },
        formHelperText: { sx: { color: message.length > SMS_SEGMENT ? 'warning.dark' : undefined } },
      }}
    />
  );
}

/** The audience it came with, or all active clients instead; a campaign for all clients just says so. */
function AudienceInput({ given }: { given: CampaignAudience }) {
  const { CAMPAIGN_TEXTS: T } = useBrokerTexts().campaigns;
  const { CLIENT_TEXTS } = useBrokerTexts().clients;
  const { field } = useInput<'given' | 'all'>({ source: 'audienceKind' });
  if (given.kind === 'all') {
    return (
      <Typography variant="body2" color="text.secondary">
        {T.audienceFor(T.audienceAll)}. {T.audienceHint}
      </Typography>
    );
  }
  return (
    <FormControl>
      <FormLabel id="campaign-audience-label">{T.audienceLabel}</FormLabel>
      <RadioGroup aria-labelledby="campaign-audience-label" value={field.value} onChange={(event) => field.onChange(event.target.value)}>
        <FormControlLabel value="given" control={<Radio />} label={audienceWords(given, T, CLIENT_TEXTS)} />
        <FormControlLabel value="all" control={<Radio />} label={T.audienceAll} />
      </RadioGroup>
      <FormHelperText sx={{ mx: 0 }}>{T.audienceHint}</FormHelperText>
    </FormControl>
  );
}
