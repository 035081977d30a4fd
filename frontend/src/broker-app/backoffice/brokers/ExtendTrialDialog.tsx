import {
  Box,
  Button,
  Dialog,
  DialogActions,
  DialogContent,
  DialogContentText,
  DialogTitle,
  Stack,
  TextField,
  ToggleButton,
  ToggleButtonGroup,
  Typography,
} from '@mui/material';
import { type FormEvent, useId, useState } from 'react';

import { useBrokerTexts } from '../../i18n/useBrokerTexts.ts';
import type { AdminBrokerDetailBroker } from '../../types.ts';
import { extendedTrialEnd, formatDay, parseTrialDaysInRange, parseTrialDaysInteger } from './format.ts';
import { TRIAL_DAY_PRESETS, TRIAL_DAYS_DEFAULT, TRIAL_DAYS_MAX, TRIAL_DAYS_MIN } from './texts.ts';
import { useExtendTrial } from './useBrokerActions.ts';

export interface ExtendTrialTarget {
  id: string;
  name: string;
  /** Known on the detail page; the list rows do not carry it. */
  trialEndsAt?: string | null;
}

/**
 * SPEC §5 Extend trial. 'range' (the broker list): a number from 1 to 90, 7 to start with, and the
 * button stays disabled until the value is allowed. 'integer' (the broker detail): the days must be a
 * whole number above 0, otherwise nothing is sent and the form says why; the button is disabled while empty.
 */
export type DaysRule = 'range' | 'integer';

export function ExtendTrialDialog({
  open,
  broker,
  rule,
  onClose,
  onExtended,
}: {
  open: boolean;
  broker: ExtendTrialTarget | null;
  rule: DaysRule;
  onClose: () => void;
  onExtended?: (broker: AdminBrokerDetailBroker) => void;
}) {
  const titleId = useId();
  const extend = useExtendTrial((updated) => {
    onExtended?.(updated);
    onClose();
  });
  return (
    <Dialog
      open={open && broker !== null}
      onClose={extend.isPending ? undefined : onClose}
      maxWidth="xs"
      fullWidth
      aria-labelledby={titleId}
    >
      {broker && (
        <ExtendTrialForm
          titleId={titleId}
          broker={broker}
          rule={rule}
          pending={extend.isPending}
          onCancel={onClose}
          onSubmit={(days) => extend.mutate({ id: broker.id, days })}
        />
      )}
    </Dialog>
  );
}

// The form mounts with each opening (the dialog drops its content when closed), so it starts fresh.
function ExtendTrialForm({
  titleId,
  broker,
  rule,
  pending,
  onCancel,
  onSubmit,
}: {
  titleId: string;
  broker: ExtendTrialTarget;
  rule: DaysRule;
  pending: boolean;
  onCancel: () => void;
  onSubmit: (days: number) => void;
}) {
  const { DIALOG_TEXTS: T } = useBrokerTexts().adminBrokers;
  const [value, setValue] = useState(rule === 'range' ? String(TRIAL_DAYS_DEFAULT) : '');
  const [error, setError] = useState<string | null>(null);

  const parsed = rule === 'range' ? parseTrialDaysInRange(value) : parseTrialDaysInteger(value);
  const empty = value.trim() === '';
  const rangeError = rule === 'range' && !empty && parsed === null ? T.daysRange : null;
  const shownError = rangeError ?? error;
  const disabled = rule === 'range' ? parsed === null : empty;
  const knownEnd = broker.trialEndsAt !== undefined;

  const choose = (next: string) => {
    setValue(next);
    setError(null);
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (pending) return;
    if (parsed === null) {
      if (rule === 'integer' && !empty) {
        const text = value.trim();
        if (!/^[+-]?\d+$/.test(text)) setError(T.daysWhole);
        else setError(Number(text) > TRIAL_DAYS_MAX ? T.daysRange : T.daysPositive);
      }
      return;
    }
    onSubmit(parsed);
  };

  return (
    <Box component="form" onSubmit={submit} noValidate>
      <DialogTitle id={titleId}>{T.extendTitle}</DialogTitle>
      <DialogContent>
        <DialogContentText sx={{ mb: 2 }}>{T.extendIntro(broker.name)}</DialogContentText>
        <Stack spacing={2}>
          {knownEnd && broker.trialEndsAt && (
            <Typography variant="body2" color="text.secondary">
              {T.currentEnd(formatDay(broker.trialEndsAt))}
            </Typography>
          )}
          <ToggleButtonGroup
            exclusive
            size="small"
            color="primary"
            value={parsed !== null && (TRIAL_DAY_PRESETS as readonly number[]).includes(parsed) ? parsed : null}
            onChange={(_, days: number | null) => {
              if (days !== null) choose(String(days));
            }}
            aria-label={T.presetsLabel}
            fullWidth
          >
            {TRIAL_DAY_PRESETS.map((days) => (
              <ToggleButton key={days} value={days} sx={{ textTransform: 'none', fontWeight: 600 }}>
                {T.preset(days)}
              </ToggleButton>
            ))}
          </ToggleButtonGroup>
          <TextField
            label={T.daysLabel}
            type="number"
            name="days"
            value={value}
            onChange={(event) => choose(event.target.value)}
            error={Boolean(shownError)}
            helperText={shownError ?? T.daysHelp}
            autoFocus
            fullWidth
            slotProps={{ htmlInput: { min: TRIAL_DAYS_MIN, max: TRIAL_DAYS_MAX, step: 1, inputMode: 'numeric' } }}
          />
          {knownEnd && parsed !== null && (
            <Typography variant="body2" sx={{ fontWeight: 600 }} data-testid="new-trial-end">
              {T.newEnd(formatDay(extendedTrialEnd(broker.trialEndsAt ?? null, parsed)))}
            </Typography>
          )}
        </Stack>
      </DialogContent>
      <DialogActions sx={{ px: 3, pb: 2 }}>
        <Button onClick={onCancel} disabled={pending}>
          {T.cancel}
        </Button>
        <Button type="submit" variant="contained" disabled={disabled} loading={pending}>
          {T.extendConfirm}
        </Button>
      </DialogActions>
    </Box>
  );
}
