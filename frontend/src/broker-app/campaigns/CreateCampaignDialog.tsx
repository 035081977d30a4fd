import AddIcon from '@mui/icons-material/Add';
import DeleteOutlineOutlinedIcon from '@mui/icons-material/DeleteOutlineOutlined';
import EmailOutlinedIcon from '@mui/icons-material/EmailOutlined';
import SmsOutlinedIcon from '@mui/icons-material/SmsOutlined';
import {
  Alert,
  Box,
  Button,
  Checkbox,
  CircularProgress,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  FormControl,
  FormControlLabel,
  FormHelperText,
  FormLabel,
  MenuItem,
  Paper,
  Radio,
  RadioGroup,
  Stack,
  TextField,
  ToggleButton,
  ToggleButtonGroup,
  Typography,
} from '@mui/material';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Form, NumberInput, SelectInput, TextInput, useCreate, useInput, useLocaleState, useUpdate } from 'react-admin';
import { useFieldArray, useFormContext, useWatch } from 'react-hook-form';

import { languageOf } from '../../i18n/translation.ts';
import { errorBodyField, serverMessage } from '../../lib/http.ts';
import { useBrokerTexts } from '../i18n/useBrokerTexts.ts';
import type { CampaignAudience } from '../types.ts';
import { useErrorToast } from '../ui/errors.ts';
import { useToast } from '../ui/toast.tsx';
import { audienceWords } from './audience.ts';
import {
  applyTemplate,
  type BuilderErrors,
  type BuilderForm,
  builderFromCampaign,
  DEFAULT_DAYS_BEFORE,
  emptyBuilder,
  medicareDay,
  needsDaysBefore,
  NEW_FOLLOW_UP,
  scheduleMoment,
  triggerFields,
  validateBuilder,
  type When,
} from './builderForm.ts';
import type { CampaignType } from './campaignForm.ts';
import { useCampaignLifecycleApi } from './lifecycleApi.ts';
import {
  CAMPAIGN_PURPOSES,
  type CampaignPurpose,
  type CampaignTemplate,
  DAYS_BEFORE_MIN,
  DAYS_MAX,
  DAYS_MIN,
  FOLLOW_UPS_MAX,
  type LifecycleCampaign,
  MEDICARE_DATES,
  TRIGGER_KINDS,
  type TriggerKind,
} from './lifecycleTypes.ts';
import { ScheduleInputs } from './ScheduleCampaignDialog.tsx';
import { LIMITS, SMS_SEGMENT } from './texts.ts';

/**
 * SPEC §5 Campaign, as a builder: a draft e-mail or SMS campaign, optionally from a ready-made
 * template, sent now (a draft to Send), scheduled, or as a sequence started by a trigger with
 * follow-up steps. The same dialog edits a draft.
 */
export function CreateCampaignDialog({
  open,
  onClose,
  editing,
  audience,
}: {
  open: boolean;
  onClose: () => void;
  editing?: LifecycleCampaign;
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

type Values = BuilderForm & { audienceKind: 'given' | 'all' };

const FIELDS = ['name', 'subject', 'message', 'date', 'time', 'daysBefore'] as const;

/**
 * react-admin's form: the record-level check is the spec's and the schedule's or sequence's
 * (validateBuilder), shown under each field after a submit; the server's refusals of a field land
 * under it too. A scheduled campaign is saved as a draft, then scheduled; when the schedule is
 * refused, the draft stays and the dialog goes on editing it.
 */
function CreateCampaignForm({
  onClose,
  editing,
  audience,
}: {
  onClose: () => void;
  editing?: LifecycleCampaign;
  audience?: CampaignAudience;
}) {
  const { CAMPAIGN_TEXTS: T, LIFECYCLE_TEXTS: L } = useBrokerTexts().campaigns;
  // The audience it came with (a filter or chosen clients), or all active clients.
  const given = editing?.audience ?? audience ?? { kind: 'all' };
  const [defaults] = useState<Values>(() => ({
    ...(editing ? builderFromCampaign(editing) : emptyBuilder()),
    audienceKind: given.kind === 'all' ? 'all' : 'given',
  }));
  const [saved, setSaved] = useState<LifecycleCampaign | undefined>(editing);
  const [serverError, setServerError] = useState<string>();
  const [create, { isPending: creating }] = useCreate<LifecycleCampaign>();
  const [update, { isPending: updating }] = useUpdate<LifecycleCampaign>();
  const [scheduling, setScheduling] = useState(false);
  const api = useCampaignLifecycleApi();
  const queryClient = useQueryClient();
  const isPending = creating || updating || scheduling;
  const toast = useToast();
  const errorToast = useErrorToast();
  const failed = editing ? T.saveFailed : T.createFailed;

  const refused = (error: unknown, fallback: string): BuilderErrors | undefined => {
    errorToast(error, fallback);
    const message = serverMessage(error);
    const field = errorBodyField(error, 'field');
    if (message && (FIELDS as readonly unknown[]).includes(field)) return { [field as (typeof FIELDS)[number]]: message };
    setServerError(message ?? fallback);
    return undefined;
  };

  const submit = async (values: Values): Promise<BuilderErrors | undefined> => {
    setServerError(undefined);
    const { errors, result } = validateBuilder(values, T, L);
    if (!result) return errors;
    const { campaign, schedule } = result;
    campaign.audience = values.audienceKind === 'given' ? given : { kind: 'all' };
    let draft: LifecycleCampaign;
    try {
      if (saved) {
        const { status: _draft, ...changes } = campaign;
        draft = (await update(
          'campaigns',
          { id: saved.id, data: { ...changes, subject: changes.subject ?? null }, previousData: saved },
          { mutationMode: 'pessimistic', returnPromise: true },
        )) as LifecycleCampaign;
      } else {
        draft = (await create('campaigns', { data: campaign }, { returnPromise: true })) as LifecycleCampaign;
      }
    } catch (error) {
      return refused(error, failed);
    }
    setSaved(draft);
    if (schedule) {
      setScheduling(true);
      try {
        const scheduled = await api.scheduleCampaign(draft.id, schedule);
        toast({ title: L.scheduled, description: L.scheduledDescription(scheduleMoment(scheduled.schedule ?? schedule)) });
      } catch (error) {
        void queryClient.invalidateQueries({ queryKey: ['campaigns'] });
        const fieldErrors = refused(error, L.scheduleFailed);
        setServerError((shown) => (shown ? `${L.savedNotScheduled} ${shown}` : L.savedNotScheduled));
        return fieldErrors;
      } finally {
        setScheduling(false);
      }
      void queryClient.invalidateQueries({ queryKey: ['campaigns'] });
    } else if (campaign.trigger) {
      toast({ title: L.sequenceCreated, description: L.sequenceCreatedDescription });
    } else if (editing) {
      toast({ title: T.saved });
    } else {
      toast({ title: T.created, description: T.createdDescription });
    }
    onClose();
    return undefined;
  };

  return (
    <Form<Values>
      defaultValues={defaults}
      validate={(values) => validateBuilder(values as Values, T, L).errors}
      onSubmit={submit as never}
      noValidate
    >
      <DialogTitle id="create-campaign-title">{editing ? T.editTitle : T.dialogTitle}</DialogTitle>
      <DialogContent>
        <Stack spacing={1.5} sx={{ pt: 1 }}>
          {serverError && <Alert severity="error">{serverError}</Alert>}
          <TemplatePicker />
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
          <PurposeInput />
          <AudienceInput given={given} />
          <WhenInput />
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

/**
 * "Start from a template": the five ready-made campaigns in the broker's language, or the other's.
 * Choosing one fills the name, the subject and message of the chosen channel and the purpose (and a
 * sequence's trigger).
 */
function TemplatePicker() {
  const { LIFECYCLE_TEXTS: L } = useBrokerTexts().campaigns;
  const [locale] = useLocaleState();
  const own = languageOf(locale) ?? 'en';
  const [language, setLanguage] = useState(own);
  const other = language === 'en' ? 'es' : 'en';
  const api = useCampaignLifecycleApi();
  const templates = useQuery({ queryKey: ['campaigns', 'templates'], queryFn: () => api.getCampaignTemplates(), staleTime: Infinity });
  const { setValue, getValues } = useFormContext<Values>();
  const key = useWatch<Values, 'templateKey'>({ name: 'templateKey' });
  const shown = (templates.data ?? []).filter((template) => template.language === language);
  // The option chosen, as language/key: the same template in the other language is another choice.
  const [chosen, setChosen] = useState(() => (key ? `${own}/${key}` : ''));
  const optionOf = (template: CampaignTemplate) => `${template.language}/${template.key}`;

  const choose = (template: CampaignTemplate | undefined) => {
    setChosen(template ? optionOf(template) : '');
    if (!template) {
      setValue('templateKey', null, { shouldDirty: true });
      return;
    }
    for (const [field, value] of Object.entries(applyTemplate(getValues(), template))) {
      setValue(field as keyof Values, value as never, { shouldDirty: true, shouldValidate: false });
    }
  };

  return (
    <Box>
      <TextField
        select
        fullWidth
        label={L.templateLabel}
        value={key && shown.some((template) => optionOf(template) === chosen) ? chosen : ''}
        onChange={(event) => choose(shown.find((template) => optionOf(template) === event.target.value))}
        disabled={templates.isPending}
        error={Boolean(templates.error)}
        helperText={templates.error ? L.templateLoadFailed : L.templateHint}
        slotProps={{ inputLabel: { shrink: true }, select: { displayEmpty: true } }}
      >
        <MenuItem value="">{L.templateNone}</MenuItem>
        {shown.map((template) => (
          <MenuItem key={template.key} value={optionOf(template)} lang={template.language}>
            {template.name}
          </MenuItem>
        ))}
      </TextField>
      <Button size="small" onClick={() => setLanguage(other)} sx={{ mt: 0.5 }} disabled={!templates.data}>
        {L.templatesIn[other]}
      </Button>
    </Box>
  );
}

/** Marketing or informational, with what marketing needs. */
function PurposeInput() {
  const { LIFECYCLE_TEXTS: L } = useBrokerTexts().campaigns;
  const { field } = useInput<CampaignPurpose>({ source: 'purpose' });
  return (
    <FormControl>
      <FormLabel id="campaign-purpose-label">{L.purposeLabel}</FormLabel>
      <RadioGroup
        row
        aria-labelledby="campaign-purpose-label"
        aria-describedby="campaign-purpose-hint"
        value={field.value}
        onChange={(event) => field.onChange(event.target.value)}
      >
        {CAMPAIGN_PURPOSES.map((purpose) => (
          <FormControlLabel key={purpose} value={purpose} control={<Radio />} label={L.purpose[purpose]} />
        ))}
      </RadioGroup>
      <FormHelperText id="campaign-purpose-hint" sx={{ mx: 0 }}>
        {L.purposeHint}
      </FormHelperText>
    </FormControl>
  );
}

/** Save as a draft (sent later from its card), Schedule (a day and time), or Sequence (a trigger and follow-up steps). */
function WhenInput() {
  const { LIFECYCLE_TEXTS: L } = useBrokerTexts().campaigns;
  const { field } = useInput<When>({ source: 'when' });
  const { setValue, getValues } = useFormContext<Values>();
  const queryClient = useQueryClient();
  const choose = (when: When) => {
    field.onChange(when);
    // A sequence from a template starts on the template's suggested trigger.
    const key = getValues('templateKey');
    const template = queryClient
      .getQueryData<CampaignTemplate[]>(['campaigns', 'templates'])
      ?.find((candidate) => candidate.key === key && candidate.trigger);
    if (when === 'sequence' && template?.trigger) {
      for (const [name, value] of Object.entries(triggerFields(template.trigger))) setValue(name as keyof Values, value as never);
    }
  };
  return (
    <FormControl>
      <FormLabel id="campaign-when-label">{L.whenLabel}</FormLabel>
      <RadioGroup
        row
        aria-labelledby="campaign-when-label"
        aria-describedby="campaign-when-hint"
        value={field.value}
        onChange={(event) => choose(event.target.value as When)}
      >
        {(['now', 'schedule', 'sequence'] as const).map((when) => (
          <FormControlLabel key={when} value={when} control={<Radio />} label={L.when[when]} />
        ))}
      </RadioGroup>
      <FormHelperText id="campaign-when-hint" sx={{ mx: 0, mb: 1 }}>
        {L.whenHint[field.value as When]}
      </FormHelperText>
      {field.value === 'schedule' && <ScheduleInputs />}
      {field.value === 'sequence' && <SequenceInputs />}
    </FormControl>
  );
}

/** A sequence's trigger (with its days before, or the Medicare date) and its follow-up steps. */
function SequenceInputs() {
  const { LIFECYCLE_TEXTS: L } = useBrokerTexts().campaigns;
  const kind = useWatch<Values, 'triggerKind'>({ name: 'triggerKind' });
  const { setValue } = useFormContext<Values>();
  return (
    <Stack spacing={1.5}>
      <SelectInput
        source="triggerKind"
        label={L.triggerLabel}
        choices={TRIGGER_KINDS.map((id) => ({ id, name: L.trigger[id] }))}
        translateChoice={false}
        fullWidth
        helperText={false}
        // Each trigger starts from its own sensible days before (a birthday on the day).
        onChange={(event: { target?: { value?: unknown } }) => {
          const picked = event.target?.value as TriggerKind;
          if (needsDaysBefore(picked)) setValue('daysBefore', DEFAULT_DAYS_BEFORE[picked], { shouldDirty: true });
        }}
      />
      {needsDaysBefore(kind) && (
        <NumberInput source="daysBefore" label={L.daysBefore} min={DAYS_BEFORE_MIN} max={DAYS_MAX} step={1} helperText={false} />
      )}
      {kind === 'medicare_date' && (
        <SelectInput
          source="medicareDate"
          label={L.medicareDateLabel}
          choices={MEDICARE_DATES.map((id) => ({ id, name: L.medicareDateOption(L.medicareDate[id], medicareDay(id)) }))}
          translateChoice={false}
          fullWidth
          helperText={false}
        />
      )}
      <FollowUpsInput />
    </Stack>
  );
}

/** Up to four follow-up steps: wait, subject (e-mail), message, and whether to skip clients who engaged. */
function FollowUpsInput() {
  const { CAMPAIGN_TEXTS: T, LIFECYCLE_TEXTS: L } = useBrokerTexts().campaigns;
  const { fields, append, remove } = useFieldArray<Values, 'followUps'>({ name: 'followUps' });
  const type = useWatch<Values, 'type'>({ name: 'type' });
  return (
    <Box component="section" aria-labelledby="campaign-follow-ups-title">
      <Typography id="campaign-follow-ups-title" component="h3" variant="subtitle2">
        {L.followUpsTitle}
      </Typography>
      <Typography variant="caption" color="text.secondary" sx={{ display: 'block', mb: 1 }}>
        {L.followUpsHint}
      </Typography>
      <Stack spacing={1.5}>
        {fields.map((step, index) => (
          <Paper key={step.id} variant="outlined" role="group" aria-labelledby={`campaign-step-${step.id}`} sx={{ p: 1.5 }}>
            <Stack direction="row" sx={{ alignItems: 'center', justifyContent: 'space-between', mb: 1 }}>
              <Typography id={`campaign-step-${step.id}`} component="h4" variant="subtitle2">
                {L.followUpTitle(index + 2)}
              </Typography>
              <Button
                size="small"
                color="error"
                startIcon={<DeleteOutlineOutlinedIcon />}
                onClick={() => remove(index)}
                aria-label={L.removeFollowUpFor(index + 2)}
              >
                {L.removeFollowUp}
              </Button>
            </Stack>
            <Stack spacing={1.5}>
              <NumberInput
                source={`followUps.${index}.delayDays`}
                label={L.waitDays}
                min={DAYS_MIN}
                max={DAYS_MAX}
                step={1}
                helperText={false}
              />
              {type === 'email' && (
                <TextInput
                  source={`followUps.${index}.subject`}
                  label={T.subject}
                  isRequired
                  fullWidth
                  helperText={false}
                  slotProps={{ htmlInput: { maxLength: LIMITS.subject } }}
                />
              )}
              <TextInput
                source={`followUps.${index}.message`}
                label={T.message}
                isRequired
                multiline
                minRows={3}
                fullWidth
                helperText={false}
                slotProps={{ htmlInput: { maxLength: LIMITS.message } }}
              />
              <SkipIfEngagedInput source={`followUps.${index}.skipIfEngaged`} />
            </Stack>
          </Paper>
        ))}
      </Stack>
      {fields.length < FOLLOW_UPS_MAX ? (
        <Button size="small" startIcon={<AddIcon />} onClick={() => append({ ...NEW_FOLLOW_UP })} sx={{ mt: 1 }}>
          {L.addFollowUp}
        </Button>
      ) : (
        <Typography variant="caption" color="text.secondary" sx={{ display: 'block', mt: 1 }}>
          {L.followUpsFull}
        </Typography>
      )}
    </Box>
  );
}

function SkipIfEngagedInput({ source }: { source: string }) {
  const { LIFECYCLE_TEXTS: L } = useBrokerTexts().campaigns;
  const { field } = useInput<boolean>({ source });
  return (
    <FormControlLabel
      control={<Checkbox checked={Boolean(field.value)} onChange={(event) => field.onChange(event.target.checked)} />}
      label={L.skipIfEngaged}
    />
  );
}

/** E-mail or SMS, as two toggle buttons. */
function TypeInput() {
  const { CAMPAIGN_TEXTS: T } = useBrokerTexts().campaigns;
  const { field } = useInput<CampaignType>({ source: 'type' });
  const { setValue, getValues } = useFormContext<Values>();
  const queryClient = useQueryClient();
  // A message still as its template wrote it follows the channel: the e-mail's words or the text's.
  const choose = (type: CampaignType) => {
    const values = getValues();
    const template = queryClient
      .getQueryData<CampaignTemplate[]>(['campaigns', 'templates'])
      ?.find(
        (candidate) => candidate.key === values.templateKey && [candidate.email.message, candidate.sms.message].includes(values.message),
      );
    field.onChange(type);
    if (!template) return;
    setValue('message', type === 'email' ? template.email.message : template.sms.message);
    if (type === 'email' && !values.subject) setValue('subject', template.email.subject);
  };
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
        onChange={(_, value: CampaignType | null) => value && choose(value)}
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
      helperText={isEmail ? T.mergeFieldsHint : T.smsHint(message.length)}
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
