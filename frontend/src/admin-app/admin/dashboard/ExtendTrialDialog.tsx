import {
  Box,
  Button,
  Dialog,
  DialogActions,
  DialogContent,
  DialogContentText,
  DialogTitle,
  TextField,
  ToggleButton,
  ToggleButtonGroup,
  Typography,
} from '@mui/material';
import { useMutation } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { serverMessage } from '../../../lib/http.ts';
import { useCareKeepDataProvider } from '../../providers/dataProvider.ts';
import { formatDateTime } from '../../ui/format.ts';
import { useToast } from '../../ui/toast.tsx';
import {
  EXTEND_DEFAULT_DAYS,
  EXTEND_MAX_DAYS,
  EXTEND_MIN_DAYS,
  EXTEND_PRESETS,
  type TrialExpiration,
  extendedTrialEnd,
  parseDays,
} from './figures.ts';
import { ADMIN_DASHBOARD_TEXTS as T } from './texts.ts';

/**
 * SPEC §5 Extend trial: 1 to 90 days, default 7, presets 7/14/30. Nothing is sent while the number
 * is not a whole number in range. The parent mounts a fresh dialog per broker (key), so it always
 * opens at the default.
 */
export function ExtendTrialDialog({
  trial,
  onClose,
  onExtended,
}: {
  trial: TrialExpiration;
  onClose: () => void;
  onExtended: () => void;
}) {
  const dataProvider = useCareKeepDataProvider();
  const toast = useToast();
  const [value, setValue] = useState(String(EXTEND_DEFAULT_DAYS));
  const days = parseDays(value);
  const email = trial.email ?? T.unknownEmail;

  const extend = useMutation({
    mutationFn: (n: number) => dataProvider.extendTrial(trial.brokerId, n),
    onSuccess: (broker, n) => {
      const endsAt = broker?.trialEndsAt ?? extendedTrialEnd(trial.trialEndsAt, n).toISOString();
      toast({ title: T.trialExtended, description: T.trialExtendedDescription(email, formatDateTime(endsAt)) });
      onExtended();
      onClose();
    },
    // The spec's fallback is the title; the server's reason (e.g. the broker is no longer on trial) follows.
    onError: (error) => toast({ title: T.extendFailed, description: serverMessage(error), variant: 'destructive' }),
  });

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (days !== null) extend.mutate(days);
  };

  const close = extend.isPending ? undefined : onClose;

  return (
    <Dialog open onClose={close} maxWidth="xs" fullWidth aria-labelledby="extend-trial-title">
      <Box component="form" onSubmit={submit} noValidate>
        <DialogTitle id="extend-trial-title">{T.extendTitle}</DialogTitle>
        <DialogContent>
          <DialogContentText sx={{ mb: 2 }}>{T.extendIntro(email, formatDateTime(trial.trialEndsAt))}</DialogContentText>
          <ToggleButtonGroup
            exclusive
            size="small"
            color="primary"
            value={days !== null && (EXTEND_PRESETS as readonly number[]).includes(days) ? days : null}
            onChange={(_, preset: number | null) => preset !== null && setValue(String(preset))}
            aria-label={T.presetsLabel}
            sx={{ mb: 2 }}
          >
            {EXTEND_PRESETS.map((preset) => (
              <ToggleButton key={preset} value={preset} sx={{ textTransform: 'none', px: 2 }}>
                {T.preset(preset)}
              </ToggleButton>
            ))}
          </ToggleButtonGroup>
          <TextField
            label={T.daysLabel}
            name="days"
            type="number"
            value={value}
            onChange={(event) => setValue(event.target.value)}
            error={days === null}
            helperText={days === null ? T.daysInvalid : T.daysHelp}
            required
            fullWidth
            autoFocus
            slotProps={{ htmlInput: { min: EXTEND_MIN_DAYS, max: EXTEND_MAX_DAYS, step: 1, inputMode: 'numeric' } }}
          />
          {days !== null && (
            <Typography variant="body2" color="text.secondary" sx={{ mt: 2 }} data-testid="new-end-date">
              {T.newEndDate(formatDateTime(extendedTrialEnd(trial.trialEndsAt, days)))}
            </Typography>
          )}
        </DialogContent>
        <DialogActions sx={{ px: 3, pb: 2 }}>
          <Button onClick={onClose} disabled={extend.isPending}>
            {T.cancel}
          </Button>
          <Button type="submit" variant="contained" disabled={days === null} loading={extend.isPending}>
            {T.confirmExtend}
          </Button>
        </DialogActions>
      </Box>
    </Dialog>
  );
}
