import { Box, Button, TextField, Typography } from '@mui/material';
import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';

import { generatedDisclaimer } from '../../../../backend/src/branding/tpmo.ts';
import { errorBodyField } from '../../lib/http.ts';
import { useBrokerTexts } from '../i18n/useBrokerTexts.ts';
import { useCareKeepDataProvider } from '../providers/dataProvider.ts';
import { useSetCurrentUser } from '../providers/useCurrentUser.ts';
import type { CurrentUser } from '../types.ts';
import { useErrorToast } from '../ui/errors.ts';
import { FormSection } from '../ui/FormSection.tsx';
import { useToast } from '../ui/toast.tsx';
import { type SellsPlansAnswer, sellsPlansAnswerOf, SellsPlansQuestion } from './SellsPlansQuestion.tsx';

const numberOrNull = (text: string) => (text.trim() === '' ? null : Number(text));

/**
 * The Third-Party Marketing Organization disclaimer: whether the agency sells plans, how many
 * organizations and plans it represents, and the text that follows from them — generated, or the
 * broker's own wording with a way back to the generated one. Saved on its own.
 */
export function TpmoSection({ user }: { user: CurrentUser }) {
  const { TPMO_TEXTS: T } = useBrokerTexts().branding;
  const dataProvider = useCareKeepDataProvider();
  const setCurrentUser = useSetCurrentUser();
  const toast = useToast();
  const errorToast = useErrorToast();
  // Unanswered until the broker chooses: "no" and "never asked" are not the same (no campaign goes out before an answer).
  const [answer, setAnswer] = useState<SellsPlansAnswer>(sellsPlansAnswerOf(user));
  const sellsPlans = answer === 'yes';
  const [organizations, setOrganizations] = useState(user.tpmoOrganizations ? String(user.tpmoOrganizations) : '');
  const [plans, setPlans] = useState(user.tpmoPlans ? String(user.tpmoPlans) : '');
  const [own, setOwn] = useState<string | null>(user.tpmoDisclaimer ?? null);
  const [errors, setErrors] = useState<Record<string, string>>({});

  const generated = generatedDisclaimer(numberOrNull(organizations), numberOrNull(plans));
  const save = useMutation({
    mutationFn: () =>
      dataProvider.updateBranding({
        sellsPlans,
        tpmoOrganizations: numberOrNull(organizations),
        tpmoPlans: numberOrNull(plans),
        tpmoDisclaimer: own?.trim() ? own.trim() : null,
      }),
    onSuccess: (answer) => {
      setCurrentUser((current) => ({ ...current, ...answer }));
      setErrors({});
      toast({ title: T.saved, description: sellsPlans ? T.savedOn : T.savedOff });
    },
    onError: (error) => {
      const fields = errorBodyField(error, 'errors');
      if (fields && typeof fields === 'object') setErrors(fields as Record<string, string>);
      errorToast(error, T.saveFailed);
    },
  });

  return (
    <FormSection id="tpmo-title" title={T.title}>
      <Typography variant="body2" color="text.secondary">
        {T.intro}
      </Typography>
      <SellsPlansQuestion
        id="sellsPlans"
        question={T.sellsPlans}
        yes={T.sellsPlansYes}
        no={T.sellsPlansNo}
        value={answer}
        onChange={(chosen) => {
          setAnswer(chosen);
          setErrors(({ sellsPlans: _answered, ...rest }) => rest);
        }}
        error={errors.sellsPlans}
        helper={answer ? undefined : T.unanswered}
      />
      {sellsPlans && (
        <>
          <Box sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' }, gap: 2 }}>
            <TextField
              id="tpmoOrganizations"
              label={T.organizations}
              type="number"
              value={organizations}
              onChange={(event) => setOrganizations(event.target.value)}
              error={Boolean(errors.tpmoOrganizations)}
              helperText={errors.tpmoOrganizations}
              slotProps={{ htmlInput: { min: 1, max: 999, inputMode: 'numeric' } }}
            />
            <TextField
              id="tpmoPlans"
              label={T.plans}
              type="number"
              value={plans}
              onChange={(event) => setPlans(event.target.value)}
              error={Boolean(errors.tpmoPlans)}
              helperText={errors.tpmoPlans}
              slotProps={{ htmlInput: { min: 1, max: 9999, inputMode: 'numeric' } }}
            />
          </Box>
          <TextField
            id="tpmoDisclaimer"
            label={own === null ? T.generatedLabel : T.ownLabel}
            multiline
            minRows={3}
            value={own ?? generated}
            onChange={(event) => setOwn(event.target.value)}
            error={Boolean(errors.tpmoDisclaimer)}
            helperText={errors.tpmoDisclaimer ?? (own === null ? T.generatedHint : T.ownHint)}
            slotProps={{ htmlInput: { maxLength: 1000 } }}
            fullWidth
          />
        </>
      )}
      <Box sx={{ display: 'flex', gap: 1.5, flexWrap: 'wrap' }}>
        <Button
          variant="contained"
          onClick={() => (answer ? save.mutate() : setErrors((current) => ({ ...current, sellsPlans: T.chooseFirst })))}
          loading={save.isPending}
        >
          {T.save}
        </Button>
        {sellsPlans && (
          <Button color="inherit" onClick={() => setOwn(null)} disabled={own === null}>
            {T.reset}
          </Button>
        )}
      </Box>
    </FormSection>
  );
}
