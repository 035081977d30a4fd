import { Box, Button, Dialog, DialogActions, DialogContent, DialogContentText, DialogTitle, Stack, TextField } from '@mui/material';
import { type FormEvent, useId, useState } from 'react';

import { useBrokerTexts } from '../../i18n/useBrokerTexts.ts';
import type { AdminBrokerDetailBroker } from '../../types.ts';
import { SUSPENSION_REASON_MAX } from './texts.ts';
import { useReactivateBroker, useSuspendBroker } from './useBrokerActions.ts';

export interface AccessTarget {
  id: string;
  name: string;
}

/** The reason as the server keeps it: one line, trimmed; null when blank or too long. */
export function suspensionReason(value: string): string | null {
  const reason = value.replace(/\s+/g, ' ').trim();
  return reason.length > 0 && reason.length <= SUSPENSION_REASON_MAX ? reason : null;
}

/**
 * Suspend Broker: what a suspension does in plain words and a required reason (one line, up to
 * 500 characters, with a counter). Nothing is sent without a reason.
 */
export function SuspendBrokerDialog({
  open,
  broker,
  onClose,
  onSuspended,
}: {
  open: boolean;
  broker: AccessTarget;
  onClose: () => void;
  onSuspended?: (broker: AdminBrokerDetailBroker) => void;
}) {
  const titleId = useId();
  const suspend = useSuspendBroker((updated) => {
    onSuspended?.(updated);
    onClose();
  });
  return (
    <Dialog open={open} onClose={suspend.isPending ? undefined : onClose} maxWidth="sm" fullWidth aria-labelledby={titleId}>
      {/* The form mounts with each opening (the dialog drops its content when closed), so it starts empty. */}
      <SuspendForm
        titleId={titleId}
        broker={broker}
        pending={suspend.isPending}
        onCancel={onClose}
        onSubmit={(reason) => suspend.mutate({ id: broker.id, reason })}
      />
    </Dialog>
  );
}

function SuspendForm({
  titleId,
  broker,
  pending,
  onCancel,
  onSubmit,
}: {
  titleId: string;
  broker: AccessTarget;
  pending: boolean;
  onCancel: () => void;
  onSubmit: (reason: string) => void;
}) {
  const { DIALOG_TEXTS: T } = useBrokerTexts().adminBrokers;
  const [value, setValue] = useState('');
  const [error, setError] = useState<string | null>(null);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (pending) return;
    const reason = suspensionReason(value);
    if (reason === null) {
      setError(value.trim() === '' ? T.reasonRequired : T.reasonTooLong);
      return;
    }
    onSubmit(reason);
  };

  return (
    <Box component="form" onSubmit={submit} noValidate>
      <DialogTitle id={titleId}>{T.suspendTitle}</DialogTitle>
      <DialogContent>
        <DialogContentText sx={{ mb: 1 }}>{T.suspendIntro(broker.name)}</DialogContentText>
        <DialogContentText sx={{ mb: 1 }}>{T.suspendEffect}</DialogContentText>
        <DialogContentText sx={{ mb: 2.5 }}>{T.suspendLater}</DialogContentText>
        <TextField
          label={T.reasonLabel}
          name="reason"
          value={value}
          onChange={(event) => {
            setValue(event.target.value);
            setError(null);
          }}
          required
          autoFocus
          fullWidth
          error={Boolean(error)}
          helperText={
            <Stack component="span" direction="row" spacing={2} sx={{ justifyContent: 'space-between' }}>
              <span>{error ?? T.reasonHelp}</span>
              <span style={{ flexShrink: 0 }}>{T.reasonCount(value.length)}</span>
            </Stack>
          }
          slotProps={{ htmlInput: { maxLength: SUSPENSION_REASON_MAX } }}
        />
      </DialogContent>
      <DialogActions sx={{ px: 3, pb: 2 }}>
        <Button onClick={onCancel} disabled={pending}>
          {T.cancel}
        </Button>
        <Button type="submit" variant="contained" color="error" disabled={value.length === 0} loading={pending}>
          {T.suspendConfirm}
        </Button>
      </DialogActions>
    </Box>
  );
}

/** Reactivate Broker: a confirmation of what comes back (and that nothing missed is sent late). */
export function ReactivateBrokerDialog({
  open,
  broker,
  onClose,
  onReactivated,
}: {
  open: boolean;
  broker: AccessTarget;
  onClose: () => void;
  onReactivated?: (broker: AdminBrokerDetailBroker) => void;
}) {
  const { DIALOG_TEXTS: T } = useBrokerTexts().adminBrokers;
  const titleId = useId();
  const reactivate = useReactivateBroker((updated) => {
    onReactivated?.(updated);
    onClose();
  });
  return (
    <Dialog open={open} onClose={reactivate.isPending ? undefined : onClose} maxWidth="xs" fullWidth aria-labelledby={titleId}>
      <DialogTitle id={titleId}>{T.reactivateTitle}</DialogTitle>
      <DialogContent>
        <DialogContentText>{T.reactivateIntro(broker.name)}</DialogContentText>
      </DialogContent>
      <DialogActions sx={{ px: 3, pb: 2 }}>
        <Button onClick={onClose} disabled={reactivate.isPending}>
          {T.cancel}
        </Button>
        <Button variant="contained" onClick={() => reactivate.mutate(broker.id)} loading={reactivate.isPending}>
          {T.reactivateConfirm}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
