import RefreshIcon from '@mui/icons-material/Refresh';
import SendIcon from '@mui/icons-material/Send';
import {
  Alert,
  Box,
  Button,
  Checkbox,
  Chip,
  CircularProgress,
  FormControlLabel,
  FormHelperText,
  MenuItem,
  Skeleton,
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableRow,
  TextField,
  Typography,
} from '@mui/material';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';

import { formatCents } from '../billing/pricing.ts';
import { useBrokerLanguage, useBrokerTexts } from '../i18n/useBrokerTexts.ts';
import { useCareKeepDataProvider } from '../providers/dataProvider.ts';
import { fieldErrorsOf } from '../settings/profile.ts';
import type { TextingFees, TextingPreview, TextingRegistration, TextingSubmission } from '../types.ts';
import { useErrorToast } from '../ui/errors.ts';
import { formatDay } from '../ui/format.ts';
import { FormSection } from '../ui/FormSection.tsx';
import { PageHeader } from '../ui/PageHeader.tsx';
import { useToast } from '../ui/toast.tsx';
import { TEXTING_STATUS_KEY } from './TextingBanner.tsx';
import { brandErrors, type BrandValues, BUSINESS_TYPES, emptyBrand, valuesOf } from './validation.ts';

export const REGISTRATION_KEY = ['messaging-registration'] as const;
const PREVIEW_KEY = ['messaging-registration', 'preview'] as const;

type Texts = ReturnType<typeof useBrokerTexts>['texting']['TEXTING_TEXTS'];

const STEP_COLORS: Record<string, 'default' | 'info' | 'success' | 'error'> = {
  not_started: 'default',
  pending: 'info',
  approved: 'success',
  failed: 'error',
};

/** Where the registration stands: the overall status, the four steps, Twilio's reasons in plain words. */
function StatusSection({ registration, onResubmit }: { registration: TextingRegistration; onResubmit: () => void }) {
  const { TEXTING_TEXTS: T } = useBrokerTexts().texting;
  const language = useBrokerLanguage();
  const dataProvider = useCareKeepDataProvider();
  const queryClient = useQueryClient();
  const toast = useToast();
  const errorToast = useErrorToast();
  const check = useMutation({
    mutationFn: () => dataProvider.checkTextingRegistration(),
    onSuccess: (updated) => {
      queryClient.setQueryData(REGISTRATION_KEY, updated);
      void queryClient.invalidateQueries({ queryKey: TEXTING_STATUS_KEY });
      toast({ title: T.checked });
    },
    onError: (error) => errorToast(error, T.loadFailed),
  });
  const severity = registration.status === 'failed' ? 'error' : registration.status === 'pending' ? 'info' : 'success';
  return (
    <FormSection id="texting-status" title={T.statusTitle}>
      <Alert severity={severity} data-testid="texting-status" data-status={registration.status}>
        <strong>{T.statusNames[registration.status]}</strong> — {T.statusLines[registration.status]}
      </Alert>
      <Box
        component="ol"
        aria-label={T.stepsLabel}
        sx={{ listStyle: 'none', p: 0, m: 0, display: 'grid', gap: 1, gridTemplateColumns: { xs: '1fr 1fr', md: 'repeat(4, 1fr)' } }}
      >
        {registration.steps.map(({ step, status }, index) => (
          <Box
            component="li"
            key={step}
            data-step={step}
            data-step-status={status}
            sx={{ border: 1, borderColor: 'divider', borderRadius: 1, p: 1.5 }}
          >
            <Typography variant="body2" sx={{ fontWeight: 600 }}>
              {`${index + 1}. ${T.stepNames[step]}`}
            </Typography>
            <Chip size="small" variant="outlined" color={STEP_COLORS[status]} label={T.stepStatus[status]} sx={{ mt: 0.5 }} />
          </Box>
        ))}
      </Box>
      {registration.failures.length > 0 && (
        <Box>
          <Typography variant="subtitle1" component="h3" sx={{ fontWeight: 600 }}>
            {T.failuresTitle}
          </Typography>
          <Box component="ul" sx={{ pl: 2.5, my: 0.5 }}>
            {registration.failures.map((failure, index) => (
              <li key={index} data-testid="texting-failure">
                <Typography>{language === 'es' ? failure.plainEs : failure.plainEn}</Typography>
                <Typography variant="body2" color="text.secondary">
                  {T.twilioWords(failure.raw, failure.code)}
                </Typography>
              </li>
            ))}
          </Box>
        </Box>
      )}
      {registration.numbers.length > 0 && <Typography>{T.numbersLabel(registration.numbers.join(', '))}</Typography>}
      <Typography variant="body2" color="text.secondary">
        {T.submittedOn(formatDay(registration.submittedAt))}
      </Typography>
      <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap' }}>
        {registration.status === 'pending' && (
          <Button
            variant="outlined"
            onClick={() => check.mutate()}
            disabled={check.isPending}
            startIcon={check.isPending ? <CircularProgress size={18} color="inherit" /> : <RefreshIcon />}
          >
            {T.checkNow}
          </Button>
        )}
        {registration.status === 'failed' && (
          <Button variant="contained" onClick={onResubmit}>
            {T.fixAndResubmit}
          </Button>
        )}
      </Box>
    </FormSection>
  );
}

/** The campaign as it will be registered: generated from the agency's own texts and consent records. */
function CampaignSection({ preview, sole }: { preview: TextingPreview; sole: boolean }) {
  const { TEXTING_TEXTS: T } = useBrokerTexts().texting;
  const campaign = sole ? preview.soleProprietor : preview.company;
  return (
    <FormSection id="texting-campaign" title={T.campaignTitle}>
      <Box>
        <Typography sx={{ fontWeight: 600 }}>{T.useCase(campaign.useCase)}</Typography>
        <Typography variant="body2" color="text.secondary">
          {T.useCaseWhy[campaign.useCase]}
        </Typography>
      </Box>
      <Box>
        <Typography variant="subtitle1" component="h3" sx={{ fontWeight: 600 }}>
          {T.samplesTitle}
        </Typography>
        <Box component="ul" sx={{ pl: 2.5, my: 0.5, display: 'grid', gap: 0.5 }}>
          {campaign.messageSamples.map((sample) => (
            <li key={sample}>
              <Typography variant="body2" sx={{ overflowWrap: 'anywhere' }}>
                {sample}
              </Typography>
            </li>
          ))}
        </Box>
      </Box>
      <Box>
        <Typography variant="subtitle1" component="h3" sx={{ fontWeight: 600 }}>
          {T.optInTitle}
        </Typography>
        <Typography variant="body2">{campaign.messageFlow}</Typography>
      </Box>
      <Box>
        <Typography variant="subtitle1" component="h3" sx={{ fontWeight: 600 }}>
          {T.optOutTitle}
        </Typography>
        <Typography variant="body2">{T.keywords(campaign.optOutKeywords.join(', '))}</Typography>
        <Typography variant="body2" sx={{ mb: 1 }}>
          {campaign.optOutMessage}
        </Typography>
        <Typography variant="body2">{T.keywords(campaign.helpKeywords.join(', '))}</Typography>
        <Typography variant="body2">{campaign.helpMessage}</Typography>
      </Box>
    </FormSection>
  );
}

const FEE_ROWS = [
  'brandRegistrationCents',
  'secondaryVettingCents',
  'campaignVettingCents',
  'campaignMonthlyCents',
  'localNumberMonthlyCents',
] as const;

/** The fees, dated with their sources, and the owner's agreement to them. */
function CostsSection({
  fees,
  campaignOnly,
  agreed,
  onAgree,
  error,
}: {
  fees: TextingFees;
  campaignOnly: boolean;
  agreed: boolean;
  onAgree: (agreed: boolean) => void;
  error?: string;
}) {
  const { TEXTING_TEXTS: T } = useBrokerTexts().texting;
  return (
    <FormSection id="texting-costs" title={T.costsTitle}>
      <Typography variant="body2">{T.costsIntro(formatDay(`${fees.asOf}T12:00:00Z`))}</Typography>
      {campaignOnly && <Alert severity="info">{T.campaignOnly}</Alert>}
      <Box sx={{ overflowX: 'auto' }}>
        <Table size="small" aria-labelledby="texting-costs">
          <TableHead>
            <TableRow>
              <TableCell>{T.costItem}</TableCell>
              <TableCell align="right">{T.costAmount}</TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {FEE_ROWS.filter((row) => fees[row] > 0).map((row) => (
              <TableRow key={row}>
                <TableCell>{T.costRows[row]}</TableCell>
                <TableCell align="right">{formatCents(fees[row])}</TableCell>
              </TableRow>
            ))}
            <TableRow>
              <TableCell sx={{ fontWeight: 700 }}>{T.oneTimeTotal}</TableCell>
              <TableCell align="right" sx={{ fontWeight: 700 }} data-testid="texting-one-time">
                {formatCents(fees.oneTimeCents)}
              </TableCell>
            </TableRow>
            <TableRow>
              <TableCell sx={{ fontWeight: 700 }}>{T.monthlyTotal}</TableCell>
              <TableCell align="right" sx={{ fontWeight: 700 }} data-testid="texting-monthly">
                {formatCents(fees.monthlyCents)}
              </TableCell>
            </TableRow>
          </TableBody>
        </Table>
      </Box>
      <Typography variant="body2" color="text.secondary" sx={{ overflowWrap: 'anywhere' }}>
        {`${T.sources}: ${fees.sources.join(' · ')}`}
      </Typography>
      <Box>
        <FormControlLabel
          control={
            <Checkbox
              checked={agreed}
              onChange={(event) => onAgree(event.target.checked)}
              slotProps={{ input: { 'aria-describedby': error ? 'texting-agree-error' : undefined } }}
            />
          }
          label={T.confirmCosts(formatCents(fees.oneTimeCents), formatCents(fees.monthlyCents))}
        />
        {error && (
          <FormHelperText error id="texting-agree-error" sx={{ mx: 0 }}>
            {error}
          </FormHelperText>
        )}
      </Box>
    </FormSection>
  );
}

/** The brand form, the campaign it registers and the costs to agree to; submits (or resubmits). */
function RegistrationForm({ preview, start, onDone }: { preview: TextingPreview; start: BrandValues; onDone: () => void }) {
  const { TEXTING_TEXTS: T } = useBrokerTexts().texting;
  const dataProvider = useCareKeepDataProvider();
  const queryClient = useQueryClient();
  const toast = useToast();
  const errorToast = useErrorToast();
  const [form, setForm] = useState<BrandValues>(start);
  const [errors, setErrors] = useState<Partial<Record<string, string>>>({});
  const [agreed, setAgreed] = useState(false);
  const sole = form.businessType === 'sole_proprietor';
  const fees = sole ? preview.soleProprietorFees : preview.companyFees;
  const set = (field: keyof BrandValues, value: string) => {
    setForm((current) => ({ ...current, [field]: value }));
    setErrors((current) => ({ ...current, [field]: undefined }));
  };
  const submit = useMutation({
    mutationFn: (input: TextingSubmission) => dataProvider.submitTextingRegistration(input),
    onSuccess: (registration) => {
      queryClient.setQueryData(REGISTRATION_KEY, registration);
      void queryClient.invalidateQueries({ queryKey: TEXTING_STATUS_KEY });
      void queryClient.invalidateQueries({ queryKey: PREVIEW_KEY });
      toast({ title: T.submitted });
      onDone();
    },
    onError: (error) => {
      const fields = fieldErrorsOf(error);
      if (fields) setErrors(fields);
      errorToast(error, T.submitFailed);
    },
  });
  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    const found: Partial<Record<string, string>> = brandErrors(form, T);
    if (!agreed) found.agree = T.confirmRequired;
    setErrors(found);
    if (Object.keys(found).length > 0) {
      const first = Object.keys(found)[0];
      document.getElementById(first === 'agree' ? 'texting-costs' : `texting-${first}`)?.focus();
      return;
    }
    submit.mutate({
      legalName: form.legalName.trim(),
      businessType: form.businessType as TextingSubmission['businessType'],
      ein: sole ? null : form.ein.trim(),
      street: form.street.trim(),
      city: form.city.trim(),
      state: form.state.trim().toUpperCase(),
      postalCode: form.postalCode.trim(),
      website: form.website.trim() || null,
      contactFirstName: form.contactFirstName.trim(),
      contactLastName: form.contactLastName.trim(),
      contactEmail: form.contactEmail.trim(),
      contactPhone: form.contactPhone.trim(),
      contactTitle: form.contactTitle.trim() || undefined,
      confirmOneTimeCents: fees.oneTimeCents,
      confirmMonthlyCents: fees.monthlyCents,
    });
  };
  const field = (name: keyof BrandValues, label: string, options: { hint?: string; type?: string; autoComplete?: string } = {}) => (
    <TextField
      id={`texting-${name}`}
      label={label}
      value={form[name]}
      onChange={(event) => set(name, event.target.value)}
      error={Boolean(errors[name])}
      helperText={errors[name] ?? options.hint}
      required={name !== 'contactTitle' && !(name === 'website' && sole)}
      type={options.type}
      autoComplete={options.autoComplete}
      fullWidth
    />
  );
  const hasErrors = Object.values(errors).some(Boolean);
  return (
    <Box component="form" noValidate onSubmit={onSubmit} sx={{ display: 'grid', gap: 3 }}>
      {hasErrors && <Alert severity="error">{T.fixErrors}</Alert>}
      <FormSection id="texting-business" title={T.businessTitle}>
        <TextField
          id="texting-businessType"
          select
          label={T.businessType}
          value={form.businessType}
          onChange={(event) => set('businessType', event.target.value)}
          helperText={sole ? T.soleProprietorHint : undefined}
          fullWidth
        >
          {BUSINESS_TYPES.map((type) => (
            <MenuItem key={type} value={type}>
              {T.businessTypes[type]}
            </MenuItem>
          ))}
        </TextField>
        {field('legalName', T.legalName, { hint: T.legalNameHint, autoComplete: 'organization' })}
        {!sole && field('ein', T.ein, { hint: T.einHint })}
        {field('street', T.street, { autoComplete: 'street-address' })}
        <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', sm: '2fr 1fr 1fr' } }}>
          {field('city', T.city, { autoComplete: 'address-level2' })}
          {field('state', T.state, { hint: T.stateHint, autoComplete: 'address-level1' })}
          {field('postalCode', T.postalCode, { autoComplete: 'postal-code' })}
        </Box>
        {field('website', T.website, { hint: T.websiteHint, type: 'url', autoComplete: 'url' })}
      </FormSection>
      <FormSection id="texting-contact" title={T.contactTitle}>
        <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' } }}>
          {field('contactFirstName', T.contactFirstName, { autoComplete: 'given-name' })}
          {field('contactLastName', T.contactLastName, { autoComplete: 'family-name' })}
          {field('contactEmail', T.contactEmail, { type: 'email', autoComplete: 'email' })}
          {field('contactPhone', T.contactPhone, { hint: T.contactPhoneHint, type: 'tel', autoComplete: 'tel' })}
          {field('contactTitle', T.contactJobTitle, { autoComplete: 'organization-title' })}
        </Box>
      </FormSection>
      <CampaignSection preview={preview} sole={sole} />
      <CostsSection
        fees={fees}
        campaignOnly={preview.campaignOnly}
        agreed={agreed}
        onAgree={(value) => {
          setAgreed(value);
          setErrors((current) => ({ ...current, agree: undefined }));
        }}
        error={errors.agree}
      />
      <Box>
        <Button
          type="submit"
          variant="contained"
          disabled={submit.isPending}
          startIcon={submit.isPending ? <CircularProgress size={18} color="inherit" /> : <SendIcon />}
        >
          {T.submit}
        </Button>
      </Box>
    </Box>
  );
}

function LoadFailed({ T, retry }: { T: Texts; retry: () => void }) {
  return (
    <Alert
      severity="error"
      action={
        <Button color="inherit" size="small" onClick={retry}>
          {T.retry}
        </Button>
      }
    >
      {T.loadFailed}
    </Alert>
  );
}

/** /settings/texting: the agency's text messaging registration (A2P 10DLC), for owners. */
export function TextingRegistrationPage() {
  const { TEXTING_TEXTS: T } = useBrokerTexts().texting;
  const dataProvider = useCareKeepDataProvider();
  const registration = useQuery({ queryKey: REGISTRATION_KEY, queryFn: () => dataProvider.getTextingRegistration() });
  const preview = useQuery({ queryKey: PREVIEW_KEY, queryFn: () => dataProvider.getTextingPreview() });
  const [editing, setEditing] = useState(false);
  const failed = registration.isError || preview.isError;
  const loading = registration.isPending || preview.isPending;
  const current = registration.data;
  return (
    <Box sx={{ display: 'grid', gap: 3, maxWidth: 960 }}>
      <PageHeader title={T.title} subtitle={T.subtitle} />
      {failed ? (
        <LoadFailed
          T={T}
          retry={() => {
            void registration.refetch();
            void preview.refetch();
          }}
        />
      ) : loading || !preview.data ? (
        <Box aria-busy="true">
          <Skeleton variant="rounded" height={320} />
        </Box>
      ) : (
        <>
          {preview.data.mode === 'simulated' && (!current || current.status === 'simulated') && (
            <Alert severity="info">{T.simulated}</Alert>
          )}
          {current && <StatusSection registration={current} onResubmit={() => setEditing(true)} />}
          {(!current || editing || current.status === 'simulated') && (
            <RegistrationForm
              key={current ? `${current.attempts}-${String(editing)}` : 'new'}
              preview={preview.data}
              start={current ? valuesOf(current) : emptyBrand()}
              onDone={() => setEditing(false)}
            />
          )}
        </>
      )}
    </Box>
  );
}
