import LogoutIcon from '@mui/icons-material/Logout';
import SaveIcon from '@mui/icons-material/Save';
import { Button, CircularProgress, Dialog, DialogActions, DialogContent, DialogContentText, DialogTitle } from '@mui/material';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';

import { useBrokerTexts } from '../i18n/useBrokerTexts.ts';
import { LOGOUT_URL } from '../providers/authProvider.ts';
import { useCareKeepDataProvider } from '../providers/dataProvider.ts';
import { useSetCurrentUser } from '../providers/useCurrentUser.ts';
import type { CurrentUser } from '../types.ts';
import { useErrorToast } from '../ui/errors.ts';
import { NameInputs } from './NameInputs.tsx';
import { fieldErrorsOf, nameErrors, type NameValues, PROFILE_KEY } from './profile.ts';

/** The profile step's dialog: its own chunk (with the text fields), since few brokers ever see it. */
export function ProfileStepDialog({ user }: { user: CurrentUser }) {
  const { PROFILE_STEP_TEXTS: T, SETTINGS_TEXTS } = useBrokerTexts().settings;
  const dataProvider = useCareKeepDataProvider();
  const setCurrentUser = useSetCurrentUser();
  const queryClient = useQueryClient();
  const errorToast = useErrorToast();
  // A part the provider did give is filled in.
  const [values, setValues] = useState<NameValues>({ firstName: user.firstName ?? '', lastName: user.lastName ?? '' });
  const [errors, setErrors] = useState<Partial<Record<string, string>>>({});

  const save = useMutation({
    mutationFn: () => dataProvider.updateProfile({ firstName: values.firstName.trim(), lastName: values.lastName.trim() }),
    onSuccess: (answer) => {
      queryClient.setQueryData(PROFILE_KEY, answer);
      // The step closes, and the sidebar shows the name, at once.
      setCurrentUser((current) => ({ ...current, firstName: answer.firstName, lastName: answer.lastName }));
    },
    onError: (error) => {
      setErrors(fieldErrorsOf(error) ?? {});
      errorToast(error, T.saveFailed);
    },
  });

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const found = nameErrors(values, SETTINGS_TEXTS);
    setErrors(found);
    if (Object.keys(found).length === 0) save.mutate();
  };

  return (
    <Dialog
      open
      // It is not dismissed: no backdrop click, no Escape; saving or signing out ends it.
      onClose={() => undefined}
      aria-labelledby="profile-step-title"
      aria-describedby="profile-step-description"
      maxWidth="sm"
      fullWidth
      slotProps={{ paper: { component: 'form', onSubmit: submit, noValidate: true } as object }}
    >
      <DialogTitle id="profile-step-title">{T.title}</DialogTitle>
      <DialogContent>
        <DialogContentText id="profile-step-description" sx={{ mb: 2 }}>
          {T.description}
        </DialogContentText>
        <NameInputs
          values={values}
          errors={errors}
          autoFocus
          onChange={(field, value) => {
            setValues((current) => ({ ...current, [field]: value }));
            setErrors((current) => ({ ...current, [field]: undefined }));
          }}
        />
      </DialogContent>
      <DialogActions sx={{ px: 3, pb: 2, justifyContent: 'space-between', flexWrap: 'wrap', gap: 1 }}>
        <Button href={LOGOUT_URL} color="inherit" startIcon={<LogoutIcon fontSize="small" />}>
          {T.signOut}
        </Button>
        <Button
          type="submit"
          variant="contained"
          disabled={save.isPending}
          startIcon={save.isPending ? <CircularProgress size={18} color="inherit" /> : <SaveIcon />}
        >
          {T.save}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
