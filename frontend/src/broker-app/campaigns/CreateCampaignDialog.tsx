import EmailOutlinedIcon from '@mui/icons-material/EmailOutlined';
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
  FormHelperText,
  FormLabel,
  Radio,
  RadioGroup,
  Stack,
  TextField,
  ToggleButton,
  ToggleButtonGroup,
  Typography,
} from '@mui/material';
import { type FormEvent, useState } from 'react';
import { useCreate, useUpdate } from 'react-admin';

import { errorBodyField, serverMessage } from '../../lib/http.ts';
import type { Campaign, CampaignAudience } from '../types.ts';
import { useErrorToast } from '../ui/errors.ts';
import { useToast } from '../ui/toast.tsx';
import { audienceWords } from './audience.ts';
import { type CampaignForm, type CampaignFormErrors, type CampaignType, EMPTY_CAMPAIGN, validateCampaign } from './campaignForm.ts';
import { CAMPAIGN_TEXTS as T, LIMITS, SMS_SEGMENT } from './texts.ts';

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

function CreateCampaignForm({ onClose, editing, audience }: { onClose: () => void; editing?: Campaign; audience?: CampaignAudience }) {
  // The audience it came with (a filter or chosen clients), or all active clients.
  const given = editing?.audience ?? audience ?? { kind: 'all' };
  const [audienceKind, setAudienceKind] = useState<'given' | 'all'>(given.kind === 'all' ? 'all' : 'given');
  const [form, setForm] = useState<CampaignForm>(() =>
    editing ? { name: editing.name, type: editing.type, subject: editing.subject ?? '', message: editing.message } : EMPTY_CAMPAIGN,
  );
  const [errors, setErrors] = useState<CampaignFormErrors>({});
  const [serverError, setServerError] = useState<string>();
  const [create, { isPending: creating }] = useCreate<Campaign>();
  const [update, { isPending: updating }] = useUpdate<Campaign>();
  const isPending = creating || updating;
  const toast = useToast();
  const errorToast = useErrorToast();

  const set = <K extends keyof CampaignForm>(key: K, value: CampaignForm[K]) => {
    setForm((current) => ({ ...current, [key]: value }));
    if (key !== 'type') setErrors((current) => ({ ...current, [key]: undefined }));
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setServerError(undefined);
    const { errors: found, campaign } = validateCampaign(form);
    setErrors(found);
    if (!campaign) return;
    campaign.audience = audienceKind === 'given' ? given : { kind: 'all' };
    const failed = editing ? T.saveFailed : T.createFailed;
    const onError = (error: unknown) => {
      const message = serverMessage(error);
      const field = errorBodyField(error, 'field');
      if (message && (field === 'name' || field === 'subject' || field === 'message')) setErrors({ [field]: message });
      else setServerError(message ?? failed);
      errorToast(error, failed);
    };
    if (editing) {
      const { status: _draft, ...changes } = campaign;
      void update(
        'campaigns',
        { id: editing.id, data: { ...changes, subject: changes.subject ?? null }, previousData: editing },
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
      'campaigns',
      { data: campaign },
      {
        onSuccess: () => {
          toast({ title: T.created, description: T.createdDescription });
          onClose();
        },
        onError,
      },
    );
  };

  const isEmail = form.type === 'email';

  return (
    <Box component="form" noValidate onSubmit={submit}>
      <DialogTitle id="create-campaign-title">{editing ? T.editTitle : T.dialogTitle}</DialogTitle>
      <DialogContent>
        <Stack spacing={2.5} sx={{ pt: 1 }}>
          {serverError && <Alert severity="error">{serverError}</Alert>}
          <TextField
            label={T.name}
            value={form.name}
            onChange={(event) => set('name', event.target.value.slice(0, LIMITS.name))}
            placeholder={T.namePlaceholder}
            error={Boolean(errors.name)}
            helperText={errors.name}
            required
            fullWidth
            autoFocus
          />
          <FormControl>
            <FormLabel id="campaign-type-label" sx={{ mb: 1 }}>
              {T.type}
            </FormLabel>
            <ToggleButtonGroup
              exclusive
              color="primary"
              aria-labelledby="campaign-type-label"
              value={form.type}
              onChange={(_, value: CampaignType | null) => value && set('type', value)}
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
          {isEmail && (
            <TextField
              label={T.subject}
              value={form.subject}
              onChange={(event) => set('subject', event.target.value.slice(0, LIMITS.subject))}
              error={Boolean(errors.subject)}
              helperText={errors.subject}
              required
              fullWidth
            />
          )}
          <TextField
            label={T.message}
            value={form.message}
            onChange={(event) => set('message', event.target.value.slice(0, LIMITS.message))}
            error={Boolean(errors.message)}
            helperText={errors.message ?? (isEmail ? undefined : T.smsHint(form.message.length))}
            required
            multiline
            minRows={isEmail ? 5 : 3}
            fullWidth
            slotProps={{
              formHelperText: { sx: { color: !errors.message && form.message.length > SMS_SEGMENT ? 'warning.main' : undefined } },
            }}
          />
          {given.kind !== 'all' ? (
            <FormControl>
              <FormLabel id="campaign-audience-label">{T.audienceLabel}</FormLabel>
              <RadioGroup
                aria-labelledby="campaign-audience-label"
                value={audienceKind}
                onChange={(event) => setAudienceKind(event.target.value as 'given' | 'all')}
              >
                <FormControlLabel value="given" control={<Radio />} label={audienceWords(given)} />
                <FormControlLabel value="all" control={<Radio />} label={T.audienceAll} />
              </RadioGroup>
              <FormHelperText sx={{ mx: 0 }}>{T.audienceHint}</FormHelperText>
            </FormControl>
          ) : (
            <Typography variant="body2" color="text.secondary">
              {T.audienceFor(T.audienceAll)}. {T.audienceHint}
            </Typography>
          )}
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
    </Box>
  );
}
