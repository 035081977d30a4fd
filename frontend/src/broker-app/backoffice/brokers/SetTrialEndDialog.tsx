import {
  Alert,
  Box,
  Button,
  Dialog,
  DialogActions,
  DialogContent,
  DialogContentText,
  DialogTitle,
  Stack,
  TextField,
  Typography,
} from '@mui/material';
import { type FormEvent, useId, useMemo, useState } from 'react';

import { useBrokerTexts } from '../../i18n/useBrokerTexts.ts';
import type { AdminBrokerDetailBroker } from '../../types.ts';
import { formatDay, formatInputDay, trialEndDateRange, trialEndForDay } from './format.ts';
import { useSetTrialEnd } from './useBrokerActions.ts';

export interface TrialEndTarget {
  id: string;
  name: string;
  trialEndsAt: string | null;
}

/**
 * Set Trial End Date: the last day of the trial, within a year either way of today. A later day
 * sends the end of that day (local time); today or an earlier day sends now, which ends the trial
 * at once — the dialog warns before that.
 */
export function SetTrialEndDialog({
  open,
  broker,
  onClose,
  onSet,
}: {
  open: boolean;
  broker: TrialEndTarget;
  onClose: () => void;
  onSet?: (broker: AdminBrokerDetailBroker) => void;
}) {
  const titleId = useId();
  const setTrialEnd = useSetTrialEnd((updated) => {
    onSet?.(updated);
    onClose();
  });
  return (
    <Dialog open={open} onClose={setTrialEnd.isPending ? undefined : onClose} maxWidth="xs" fullWidth aria-labelledby={titleId}>
      {/* The form mounts with each opening (the dialog drops its content when closed), so it starts empty. */}
      <TrialEndForm
        titleId={titleId}
        broker={broker}
        pending={setTrialEnd.isPending}
        onCancel={onClose}
        onSubmit={(trialEndsAt, endsNow) => setTrialEnd.mutate({ id: broker.id, trialEndsAt: trialEndsAt.toISOString(), endsNow })}
      />
    </Dialog>
  );
}

function TrialEndForm({
  titleId,
  broker,
  pending,
  onCancel,
  onSubmit,
}: {
  titleId: string;
  broker: TrialEndTarget;
  pending: boolean;
  onCancel: () => void;
  onSubmit: (trialEndsAt: Date, endsNow: boolean) => void;
}) {
  const { DIALOG_TEXTS: T } = useBrokerTexts().adminBrokers;
  const [value, setValue] = useState('');
  const [error, setError] = useState<string | null>(null);
  // The range is fixed while the dialog is open; the moment sent is taken when the admin confirms.
  const range = useMemo(() => trialEndDateRange(), []);
  const chosen = value ? trialEndForDay(value) : null;
  const rangeText = T.trialEndRange(formatInputDay(range.min), formatInputDay(range.max));

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (pending || !value) return;
    const end = trialEndForDay(value, new Date());
    if (!end) {
      setError(rangeText);
      return;
    }
    onSubmit(end.trialEndsAt, end.endsNow);
  };

  return (
    <Box component="form" onSubmit={submit} noValidate>
      <DialogTitle id={titleId}>{T.trialEndTitle}</DialogTitle>
      <DialogContent>
        <DialogContentText sx={{ mb: 2 }}>{T.trialEndIntro(broker.name)}</DialogContentText>
        <Stack spacing={2}>
          <Typography variant="body2" color="text.secondary">
            {broker.trialEndsAt ? T.currentEnd(formatDay(broker.trialEndsAt)) : T.noCurrentEnd}
          </Typography>
          <TextField
            label={T.trialEndLabel}
            type="date"
            name="trialEnd"
            value={value}
            onChange={(event) => {
              setValue(event.target.value);
              setError(null);
            }}
            error={Boolean(error)}
            helperText={error ?? T.trialEndHelp(formatInputDay(range.min), formatInputDay(range.max))}
            autoFocus
            fullWidth
            slotProps={{ inputLabel: { shrink: true }, htmlInput: { min: range.min, max: range.max } }}
          />
          {chosen && (
            <Typography variant="body2" sx={{ fontWeight: 600 }} data-testid="new-trial-end">
              {chosen.endsNow ? T.newEndNow : T.newEnd(formatDay(chosen.trialEndsAt))}
            </Typography>
          )}
          {chosen?.endsNow && (
            <Alert severity="warning" data-testid="ends-now-warning">
              {T.endsNowWarning(broker.name)}
            </Alert>
          )}
        </Stack>
      </DialogContent>
      <DialogActions sx={{ px: 3, pb: 2 }}>
        <Button onClick={onCancel} disabled={pending}>
          {T.cancel}
        </Button>
        <Button type="submit" variant="contained" disabled={!value} loading={pending}>
          {T.trialEndConfirm}
        </Button>
      </DialogActions>
    </Box>
  );
}
