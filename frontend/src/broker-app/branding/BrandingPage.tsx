import SaveIcon from '@mui/icons-material/Save';
import { Alert, AlertTitle, Box, Button, CircularProgress, Grid, Skeleton, TextField, Typography } from '@mui/material';
import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';

import { contrastRatio, LIGHTEST_BACKGROUND, readableBrandColor, readsOnLight } from '../../../../backend/src/branding/readable-color.ts';
import { errorBodyField } from '../../lib/http.ts';
import { useBrokerTexts } from '../i18n/useBrokerTexts.ts';
import { fullName } from '../layout/Sidebar.tsx';
import { useCareKeepDataProvider } from '../providers/dataProvider.ts';
import { useCurrentUser, useSetCurrentUser } from '../providers/useCurrentUser.ts';
import type { BrandingInput, CurrentUser } from '../types.ts';
import { useErrorToast } from '../ui/errors.ts';
import { FormSection } from '../ui/FormSection.tsx';
import { PageHeader } from '../ui/PageHeader.tsx';
import { useToast } from '../ui/toast.tsx';
import { BrandingPreviews, type PreviewBranding } from './BrandingPreviews.tsx';
import { ColorField, isValidHex, normalizeHex } from './ColorField.tsx';
import { LogoUpload } from './LogoUpload.tsx';
import { PortalLinkSection } from './PortalLinkSection.tsx';
import { SPONSOR_MESSAGE_MAX } from './texts.ts';
import { DEFAULT_PRIMARY, DEFAULT_SECONDARY } from './theme.ts';
import { TpmoSection } from './TpmoSection.tsx';

/** The saved branding as form values (defaults #2563eb / #10b981, empty texts). */
export function brandingOf(user: CurrentUser): BrandingInput {
  return {
    primaryColor: user.primaryColor || DEFAULT_PRIMARY,
    secondaryColor: user.secondaryColor || DEFAULT_SECONDARY,
    agencyName: user.agencyName ?? '',
    agencyPhone: user.agencyPhone ?? '',
    agencyAddress: user.agencyAddress ?? '',
    sponsorMessage: user.sponsorMessage ?? '',
    sponsorMessageEs: user.sponsorMessageEs ?? '',
  };
}

const FIELDS = [
  'primaryColor',
  'secondaryColor',
  'agencyName',
  'agencyPhone',
  'agencyAddress',
  'sponsorMessage',
  'sponsorMessageEs',
] as const;
const sameBranding = (a: BrandingInput, b: BrandingInput) => FIELDS.every((field) => a[field] === b[field]);

/**
 * Under the colours: a primary colour that reads under 4.5:1 on the app's light backgrounds (a
 * yellow, 1.3:1) is said to be hard to read, with the darker shade the app, the portal and the e-mails use instead.
 */
function ContrastWarning({ color }: { color: string }) {
  const { BRANDING_TEXTS: T } = useBrokerTexts().branding;
  if (!isValidHex(color)) return null;
  const chosen = normalizeHex(color);
  if (readsOnLight(chosen)) return null;
  const ratio = contrastRatio(chosen, LIGHTEST_BACKGROUND);
  const shade = readableBrandColor(chosen);
  const shown = (value: number) => (Math.floor(value * 10) / 10).toFixed(1);
  return (
    <Alert
      severity="warning"
      icon={
        <Box
          role="img"
          aria-label={`${T.contrastShade}: ${shade}`}
          sx={{ width: 22, height: 22, borderRadius: 1, bgcolor: shade, border: 1, borderColor: 'divider' }}
        />
      }
    >
      <AlertTitle>{T.contrastTitle}</AlertTitle>
      {T.contrastWarning(shown(ratio), shade, shown(contrastRatio(shade, LIGHTEST_BACKGROUND)))}
    </Alert>
  );
}

function BrandingForm({ user }: { user: CurrentUser }) {
  const { BRANDING_TEXTS: T } = useBrokerTexts().branding;
  const dataProvider = useCareKeepDataProvider();
  const setCurrentUser = useSetCurrentUser();
  const toast = useToast();
  const errorToast = useErrorToast();
  const saved = brandingOf(user);
  // The form starts from the saved branding once, so a refetch does not wipe what is being typed.
  const [form, setForm] = useState<BrandingInput>(saved);
  const [fieldError, setFieldError] = useState<{ field: string; message: string } | null>(null);

  const set = (field: keyof BrandingInput) => (value: string) => {
    setForm((current) => ({ ...current, [field]: value }));
    if (fieldError?.field === field) setFieldError(null);
  };

  const colorsValid = isValidHex(form.primaryColor) && isValidHex(form.secondaryColor);
  // A longer message (typed or pasted) is kept as it is and said to be too long, never cut unseen.
  const tooLong = (field: 'sponsorMessage' | 'sponsorMessageEs') => form[field].length > SPONSOR_MESSAGE_MAX;
  const sponsorsFit = !tooLong('sponsorMessage') && !tooLong('sponsorMessageEs');
  const sponsorHelp = (field: 'sponsorMessage' | 'sponsorMessageEs', hint: string) =>
    errorFor(field) ?? (tooLong(field) ? T.tooLong(form[field].length) : hint);
  const dirty = !sameBranding(form, saved);

  const save = useMutation({
    mutationFn: () =>
      dataProvider.updateBranding({
        primaryColor: normalizeHex(form.primaryColor),
        secondaryColor: normalizeHex(form.secondaryColor),
        agencyName: form.agencyName.trim(),
        agencyPhone: form.agencyPhone.trim(),
        agencyAddress: form.agencyAddress.trim(),
        sponsorMessage: form.sponsorMessage.trim(),
        sponsorMessageEs: form.sponsorMessageEs.trim(),
      }),
    onSuccess: (answer) => {
      // The answer is the updated user: the theme, the sidebar and every page follow at once.
      setCurrentUser((user) => ({ ...user, ...answer }));
      setForm(brandingOf(answer));
      toast({ title: T.saved, description: T.savedDescription });
    },
    onError: (error) => {
      const field = errorBodyField(error, 'field');
      const message = errorBodyField(error, 'message');
      if (typeof field === 'string' && typeof message === 'string') setFieldError({ field, message });
      errorToast(error, T.saveFailed);
    },
  });

  const preview: PreviewBranding = {
    agencyName: form.agencyName,
    agencyPhone: form.agencyPhone,
    primaryColor: isValidHex(form.primaryColor) ? normalizeHex(form.primaryColor) : saved.primaryColor,
    secondaryColor: isValidHex(form.secondaryColor) ? normalizeHex(form.secondaryColor) : saved.secondaryColor,
    sponsorMessage: form.sponsorMessage,
    sponsorMessageEs: form.sponsorMessageEs,
    logoUrl: user.logoUrl,
    brokerName: fullName(user),
  };
  const errorFor = (field: keyof BrandingInput) => (fieldError?.field === field ? fieldError.message : undefined);

  return (
    <Grid container spacing={3}>
      <Grid size={{ xs: 12, lg: 7 }} sx={{ display: 'grid', gap: 3, alignContent: 'start' }}>
        <FormSection id="agency-title" title={T.agencyTitle}>
          <Box sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' }, gap: 2 }}>
            <TextField
              id="agencyName"
              label={T.agencyName}
              placeholder={T.agencyNamePlaceholder}
              value={form.agencyName}
              onChange={(event) => set('agencyName')(event.target.value)}
              error={Boolean(errorFor('agencyName'))}
              helperText={errorFor('agencyName')}
              slotProps={{ htmlInput: { maxLength: 120 } }}
              fullWidth
            />
            <TextField
              id="agencyPhone"
              label={T.agencyPhone}
              type="tel"
              placeholder={T.agencyPhonePlaceholder}
              value={form.agencyPhone}
              onChange={(event) => set('agencyPhone')(event.target.value)}
              error={Boolean(errorFor('agencyPhone'))}
              helperText={errorFor('agencyPhone') ?? T.agencyPhoneHint}
              fullWidth
            />
          </Box>
          <TextField
            id="agencyAddress"
            label={T.agencyAddress}
            placeholder={T.agencyAddressPlaceholder}
            value={form.agencyAddress}
            onChange={(event) => set('agencyAddress')(event.target.value)}
            error={Boolean(errorFor('agencyAddress'))}
            helperText={errorFor('agencyAddress') ?? T.agencyAddressHint}
            multiline
            minRows={2}
            slotProps={{ htmlInput: { maxLength: 300 } }}
            fullWidth
          />
        </FormSection>

        <LogoUpload logoUrl={user.logoUrl} />

        <FormSection id="colors-title" title={T.colorsTitle}>
          <Box sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' }, gap: 2 }}>
            <ColorField
              id="primaryColor"
              label={T.primaryColor}
              value={form.primaryColor}
              fallback={saved.primaryColor}
              onChange={set('primaryColor')}
            />
            <ColorField
              id="secondaryColor"
              label={T.secondaryColor}
              value={form.secondaryColor}
              fallback={saved.secondaryColor}
              onChange={set('secondaryColor')}
            />
          </Box>
          <ContrastWarning color={form.primaryColor} />
        </FormSection>

        <FormSection id="sponsor-title" title={T.sponsorTitle}>
          <TextField
            id="sponsorMessage"
            label={T.sponsorLabel}
            placeholder={T.sponsorPlaceholder}
            multiline
            minRows={3}
            value={form.sponsorMessage}
            // SPEC §5: at most 150 characters.
            onChange={(event) => set('sponsorMessage')(event.target.value)}
            error={Boolean(errorFor('sponsorMessage')) || tooLong('sponsorMessage')}
            helperText={
              <Box component="span" sx={{ display: 'flex', justifyContent: 'space-between', gap: 2 }}>
                <span>{sponsorHelp('sponsorMessage', T.sponsorHint)}</span>
                <span data-testid="sponsor-counter">{T.counter(form.sponsorMessage.length)}</span>
              </Box>
            }
            fullWidth
          />
          <TextField
            id="sponsorMessageEs"
            label={T.sponsorEsLabel}
            placeholder={T.sponsorEsPlaceholder}
            multiline
            minRows={2}
            value={form.sponsorMessageEs}
            onChange={(event) => set('sponsorMessageEs')(event.target.value)}
            error={Boolean(errorFor('sponsorMessageEs')) || tooLong('sponsorMessageEs')}
            helperText={
              <Box component="span" sx={{ display: 'flex', justifyContent: 'space-between', gap: 2 }}>
                <span>{sponsorHelp('sponsorMessageEs', T.sponsorEsHint)}</span>
                <span>{T.counter(form.sponsorMessageEs.length)}</span>
              </Box>
            }
            slotProps={{ htmlInput: { lang: 'es' } }}
            sx={{ mt: 2 }}
            fullWidth
          />
        </FormSection>

        <Box
          sx={{
            display: 'flex',
            alignItems: 'center',
            gap: 1.5,
            flexWrap: 'wrap',
            p: 1.5,
            borderRadius: 2,
            border: 1,
            borderColor: dirty ? 'primary.main' : 'divider',
            bgcolor: 'background.paper',
            boxShadow: dirty ? 3 : 0,
          }}
        >
          <Button
            variant="contained"
            startIcon={save.isPending ? <CircularProgress size={18} color="inherit" /> : <SaveIcon />}
            disabled={!dirty || !colorsValid || !sponsorsFit || save.isPending}
            onClick={() => save.mutate()}
          >
            {T.save}
          </Button>
          <Button
            color="inherit"
            disabled={!dirty || save.isPending}
            onClick={() => {
              setForm(saved);
              setFieldError(null);
            }}
          >
            {T.discard}
          </Button>
          {dirty && (
            <Typography variant="body2" color="text.secondary">
              {T.unsaved}
            </Typography>
          )}
        </Box>
        <TpmoSection user={user} />
      </Grid>
      <Grid size={{ xs: 12, lg: 5 }} sx={{ display: 'grid', gap: 3, alignContent: 'start' }}>
        {/* The real sign-in page the previews show, as a link to share. */}
        <PortalLinkSection />
        <BrandingPreviews branding={preview} />
      </Grid>
    </Grid>
  );
}

/** /branding: the agency's white-label branding with live client-facing previews. */
export function BrandingPage() {
  const { BRANDING_TEXTS: T } = useBrokerTexts().branding;
  const { data: user, isPending, isError } = useCurrentUser();
  return (
    <Box>
      <PageHeader title={T.title} subtitle={T.subtitle} />
      {isError ? (
        <Alert severity="error">{T.loadFailed}</Alert>
      ) : isPending || !user ? (
        <Grid container spacing={3} aria-busy="true">
          <Grid size={{ xs: 12, lg: 7 }}>
            <Skeleton variant="rounded" height={420} />
          </Grid>
          <Grid size={{ xs: 12, lg: 5 }}>
            <Skeleton variant="rounded" height={420} />
          </Grid>
        </Grid>
      ) : (
        <BrandingForm user={user} />
      )}
    </Box>
  );
}
