import SaveIcon from '@mui/icons-material/Save';
import { Button, Card, CardContent, CircularProgress, TextField, Typography } from '@mui/material';
import { useMutation } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { Link } from 'react-router-dom';

import { useBrokerTexts } from '../i18n/useBrokerTexts.ts';
import { useCareKeepDataProvider } from '../providers/dataProvider.ts';
import { useSetCurrentUser } from '../providers/useCurrentUser.ts';
import type { CurrentUser } from '../types.ts';
import { useErrorToast } from '../ui/errors.ts';
import { useToast } from '../ui/toast.tsx';
import { type SellsPlansAnswer, sellsPlansAnswerOf, SellsPlansQuestion } from './SellsPlansQuestion.tsx';

/**
 * The dashboard's onboarding card for a new agency: its name (what clients see on every message and
 * in the portal), its postal address and whether it sells Medicare plans, asked before the first campaign (neither is assumed: the answer starts empty).
 * Saved through Branding's own call; the card goes once both are set. Its own chunk: an agency
 * sees it once.
 */
export function MarketingDetailsCard({ user }: { user: CurrentUser }) {
  const { MARKETING_DETAILS_TEXTS: T } = useBrokerTexts().branding;
  const dataProvider = useCareKeepDataProvider();
  const setCurrentUser = useSetCurrentUser();
  const toast = useToast();
  const errorToast = useErrorToast();
  const [name, setName] = useState(user.agencyName ?? '');
  const [address, setAddress] = useState(user.agencyAddress ?? '');
  const [answer, setAnswer] = useState<SellsPlansAnswer>(sellsPlansAnswerOf(user));
  const [errors, setErrors] = useState<{ name?: string; address?: string; answer?: string }>({});

  const save = useMutation({
    mutationFn: () => dataProvider.updateBranding({ agencyName: name.trim(), agencyAddress: address.trim(), sellsPlans: answer === 'yes' }),
    onSuccess: (saved) => {
      setCurrentUser((current) => ({ ...current, ...saved }));
      toast({ title: T.saved });
    },
    onError: (error) => errorToast(error, T.saveFailed),
  });

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const found = {
      name: name.trim() ? undefined : T.nameRequired,
      address: address.trim() ? undefined : T.addressRequired,
      answer: answer ? undefined : T.answerRequired,
    };
    setErrors(found);
    if (found.name) document.getElementById('onboarding-name')?.focus();
    else if (found.address) document.getElementById('onboarding-address')?.focus();
    else if (found.answer) document.querySelector<HTMLInputElement>('input[name="onboarding-sells-plans"]')?.focus();
    else save.mutate();
  };

  return (
    <Card component="section" aria-labelledby="onboarding-title" sx={{ mb: 3, borderLeft: 4, borderColor: 'warning.main' }}>
      <CardContent component="form" onSubmit={submit} noValidate sx={{ display: 'grid', gap: 2 }}>
        <Typography id="onboarding-title" variant="h6" component="h2" sx={{ fontWeight: 600 }}>
          {T.title}
        </Typography>
        <Typography variant="body2" color="text.secondary">
          {T.intro}
        </Typography>
        <TextField
          id="onboarding-name"
          label={T.name}
          value={name}
          onChange={(event) => {
            setName(event.target.value);
            setErrors((current) => ({ ...current, name: undefined }));
          }}
          error={Boolean(errors.name)}
          helperText={errors.name ?? T.nameHint}
          required
          slotProps={{ htmlInput: { maxLength: 120 } }}
          fullWidth
        />
        <TextField
          id="onboarding-address"
          label={T.address}
          placeholder={T.addressPlaceholder}
          value={address}
          onChange={(event) => {
            setAddress(event.target.value);
            setErrors((current) => ({ ...current, address: undefined }));
          }}
          error={Boolean(errors.address)}
          helperText={errors.address}
          required
          multiline
          minRows={2}
          slotProps={{ htmlInput: { maxLength: 300 } }}
          fullWidth
        />
        <SellsPlansQuestion
          id="onboarding-sells-plans"
          question={T.question}
          yes={T.yes}
          no={T.no}
          value={answer}
          onChange={(chosen) => {
            setAnswer(chosen);
            setErrors((current) => ({ ...current, answer: undefined }));
          }}
          error={errors.answer}
          helper={answer === 'yes' ? T.disclaimerNote : undefined}
          required
        />
        <div>
          <Button
            type="submit"
            variant="contained"
            disabled={save.isPending}
            startIcon={save.isPending ? <CircularProgress size={18} color="inherit" /> : <SaveIcon />}
          >
            {T.save}
          </Button>
          {answer === 'yes' && (
            <Button component={Link} to="/branding" sx={{ ml: 1 }}>
              {T.openBranding}
            </Button>
          )}
        </div>
      </CardContent>
    </Card>
  );
}
