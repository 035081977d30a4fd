import SaveIcon from '@mui/icons-material/Save';
import SmsIcon from '@mui/icons-material/Sms';
import {
  Alert,
  Box,
  Button,
  CircularProgress,
  FormControlLabel,
  FormHelperText,
  Skeleton,
  Switch,
  TextField,
  Typography,
} from '@mui/material';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { Link as RouterLink } from 'react-router-dom';

import { useBrokerTexts } from '../i18n/useBrokerTexts.ts';
import { useCareKeepDataProvider } from '../providers/dataProvider.ts';
import { IfMemberMay, useMemberMay } from '../providers/memberMay.tsx';
import { useSetCurrentUser } from '../providers/useCurrentUser.ts';
import { TEXTING_PATH } from '../texting/TextingBanner.tsx';
import type { Profile, ProfileInput } from '../types.ts';
import { useErrorToast } from '../ui/errors.ts';
import { FormSection } from '../ui/FormSection.tsx';
import { PageHeader } from '../ui/PageHeader.tsx';
import { useToast } from '../ui/toast.tsx';
import { NameInputs } from './NameInputs.tsx';
import { fieldErrorsOf, nameErrors, PROFILE_KEY } from './profile.ts';

type DigestProfile = Profile;
type DigestProfileInput = ProfileInput;

interface SettingsValues {
  firstName: string;
  lastName: string;
  agencyPhone: string;
  emailNotifications: boolean;
  weeklyDigest: boolean;
  timeZone: string;
}

const deviceZone = () => Intl.DateTimeFormat().resolvedOptions().timeZone;

/** The time zones this browser knows, the continental US and its territories first. */
const US_ZONES = [
  'America/New_York',
  'America/Chicago',
  'America/Denver',
  'America/Phoenix',
  'America/Los_Angeles',
  'America/Anchorage',
  'Pacific/Honolulu',
  'America/Puerto_Rico',
];
function zoneChoices(saved: string): string[] {
  const all = typeof Intl.supportedValuesOf === 'function' ? Intl.supportedValuesOf('timeZone') : [];
  return [...new Set([...US_ZONES, saved, deviceZone(), ...all].filter(Boolean))];
}

const valuesOf = (profile: DigestProfile): SettingsValues => ({
  firstName: profile.firstName ?? '',
  lastName: profile.lastName ?? '',
  agencyPhone: profile.agencyPhone,
  emailNotifications: profile.emailNotifications,
  weeklyDigest: profile.weeklyDigest ?? false,
  timeZone: profile.timeZone,
});

const FIELDS = ['firstName', 'lastName', 'agencyPhone', 'emailNotifications', 'weeklyDigest', 'timeZone'] as const;

function SettingsForm({ profile }: { profile: DigestProfile }) {
  const { SETTINGS_TEXTS: T } = useBrokerTexts().settings;
  const dataProvider = useCareKeepDataProvider();
  const queryClient = useQueryClient();
  const setCurrentUser = useSetCurrentUser();
  const toast = useToast();
  const errorToast = useErrorToast();
  const saved = valuesOf(profile);
  // The form starts from the saved profile once, so a refetch does not wipe what is being typed.
  const [form, setForm] = useState<SettingsValues>(saved);
  const [errors, setErrors] = useState<Partial<Record<string, string>>>({});
  const dirty = FIELDS.some((field) => form[field] !== saved[field]);

  const set = <K extends keyof SettingsValues>(field: K, value: SettingsValues[K]) => {
    setForm((current) => ({ ...current, [field]: value }));
    setErrors((current) => ({ ...current, [field]: undefined }));
  };

  // The agency's settings beside the person's own name are for members who manage the branding.
  const agencySettings = useMemberMay()('branding:manage');
  const save = useMutation({
    mutationFn: () =>
      dataProvider.updateProfile(
        agencySettings
          ? ({
              firstName: form.firstName.trim(),
              lastName: form.lastName.trim(),
              agencyPhone: form.agencyPhone.trim(),
              emailNotifications: form.emailNotifications,
              weeklyDigest: form.weeklyDigest,
              timeZone: form.timeZone,
            } satisfies DigestProfileInput as ProfileInput)
          : { firstName: form.firstName.trim(), lastName: form.lastName.trim() },
      ),
    onSuccess: (answer) => {
      queryClient.setQueryData(PROFILE_KEY, answer);
      // The sidebar shows the name, and Branding the phone, at once.
      setCurrentUser((user) => ({ ...user, firstName: answer.firstName, lastName: answer.lastName, agencyPhone: answer.agencyPhone }));
      setForm(valuesOf(answer));
      toast({ title: T.saved });
    },
    onError: (error) => {
      setErrors(fieldErrorsOf(error) ?? {});
      errorToast(error, T.saveFailed);
    },
  });

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const found = nameErrors(form, T);
    setErrors(found);
    if (Object.keys(found).length === 0) save.mutate();
  };

  return (
    <Box component="form" noValidate onSubmit={submit} sx={{ display: 'grid', gap: 3, maxWidth: 760 }}>
      <FormSection id="profile-title" title={T.profileTitle}>
        <NameInputs values={form} errors={errors} onChange={set} />
        <TextField
          id="profile-email"
          label={T.email}
          value={profile.email ?? ''}
          helperText={profile.email ? T.emailHint : T.emailNone}
          slotProps={{ htmlInput: { readOnly: true } }}
          variant="filled"
          fullWidth
        />
        {agencySettings && (
          <>
            <TextField
              id="agencyPhone"
              name="agencyPhone"
              label={T.agencyPhone}
              type="tel"
              autoComplete="tel"
              placeholder={T.agencyPhonePlaceholder}
              value={form.agencyPhone}
              onChange={(event) => set('agencyPhone', event.target.value)}
              error={Boolean(errors.agencyPhone)}
              helperText={errors.agencyPhone ?? T.agencyPhoneHint}
              fullWidth
            />
            <Box>
              <TextField
                id="timeZone"
                name="timeZone"
                label={T.timeZone}
                select
                value={form.timeZone}
                onChange={(event) => set('timeZone', event.target.value)}
                error={Boolean(errors.timeZone)}
                helperText={errors.timeZone ?? T.timeZoneHint}
                slotProps={{ select: { native: true } }}
                fullWidth
              >
                {zoneChoices(saved.timeZone).map((zone) => (
                  <option key={zone} value={zone}>
                    {zone.replaceAll('_', ' ')}
                  </option>
                ))}
              </TextField>
              {deviceZone() && deviceZone() !== form.timeZone && (
                <Button size="small" sx={{ mt: 0.5 }} onClick={() => set('timeZone', deviceZone())}>
                  {T.deviceZoneButton(deviceZone().replaceAll('_', ' '))}
                </Button>
              )}
            </Box>
          </>
        )}
      </FormSection>
      {agencySettings && (
        <FormSection id="notifications-title" title={T.notificationsTitle}>
          <Box>
            <FormControlLabel
              control={
                <Switch
                  checked={form.emailNotifications}
                  onChange={(event) => set('emailNotifications', event.target.checked)}
                  slotProps={{ input: { role: 'switch', 'aria-describedby': 'emailNotifications-hint' } }}
                />
              }
              label={T.emailNotifications}
            />
            <FormHelperText id="emailNotifications-hint" sx={{ mx: 0 }}>
              {profile.email ? T.emailNotificationsHint : `${T.emailNotificationsHint} ${T.emailNotificationsNoEmail}`}
            </FormHelperText>
          </Box>
          <Box>
            <FormControlLabel
              control={
                <Switch
                  checked={form.weeklyDigest}
                  onChange={(event) => set('weeklyDigest', event.target.checked)}
                  slotProps={{ input: { role: 'switch', 'aria-describedby': 'weeklyDigest-hint' } }}
                />
              }
              label={T.weeklyDigest}
            />
            <FormHelperText id="weeklyDigest-hint" sx={{ mx: 0 }}>
              {profile.email ? T.weeklyDigestHint : `${T.weeklyDigestHint} ${T.emailNotificationsNoEmail}`}
            </FormHelperText>
          </Box>
        </FormSection>
      )}
      <Box>
        <Button
          type="submit"
          variant="contained"
          disabled={!dirty || save.isPending}
          startIcon={save.isPending ? <CircularProgress size={18} color="inherit" /> : <SaveIcon />}
        >
          {T.save}
        </Button>
      </Box>
    </Box>
  );
}

/** Owners: the way to the agency's text messaging registration (A2P 10DLC). */
function TextingLink() {
  const { TEXTING_TEXTS: T } = useBrokerTexts().texting;
  return (
    <Box sx={{ maxWidth: 760, mt: 3 }}>
      <FormSection id="texting-registration" title={T.settingsLinkTitle}>
        <Typography>{T.settingsLinkText}</Typography>
        <Box>
          <Button variant="outlined" component={RouterLink} to={TEXTING_PATH} startIcon={<SmsIcon />}>
            {T.settingsLink}
          </Button>
        </Box>
      </FormSection>
    </Box>
  );
}

/** /settings: the signed-in broker's (or admin's) own name, agency phone, e-mail notifications and weekly digest. */
export function SettingsPage() {
  const { SETTINGS_TEXTS: T } = useBrokerTexts().settings;
  const dataProvider = useCareKeepDataProvider();
  const { data: profile, isPending, isError, refetch } = useQuery({ queryKey: PROFILE_KEY, queryFn: () => dataProvider.getProfile() });
  return (
    <Box>
      <PageHeader title={T.title} subtitle={T.subtitle} />
      {isError ? (
        <Alert
          severity="error"
          action={
            <Button color="inherit" size="small" onClick={() => void refetch()}>
              {T.retry}
            </Button>
          }
        >
          {T.loadFailed}
        </Alert>
      ) : isPending || !profile ? (
        <Box aria-busy="true" sx={{ maxWidth: 760 }}>
          <Skeleton variant="rounded" height={320} />
        </Box>
      ) : (
        <SettingsForm profile={profile} />
      )}
      <IfMemberMay permission="messaging:register">
        <TextingLink />
      </IfMemberMay>
    </Box>
  );
}
