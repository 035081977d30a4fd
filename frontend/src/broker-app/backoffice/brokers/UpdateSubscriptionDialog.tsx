import {
  Box,
  Button,
  Dialog,
  DialogActions,
  DialogContent,
  DialogContentText,
  DialogTitle,
  FormControl,
  FormHelperText,
  InputLabel,
  MenuItem,
  Select,
  Stack,
} from '@mui/material';
import { type FormEvent, useId, useState } from 'react';

import { useBrokerTexts } from '../../i18n/useBrokerTexts.ts';
import type { AdminBrokerDetailBroker, AdminSubscriptionChange, SubscriptionStatus, SubscriptionTier } from '../../types.ts';
import { useUpdateSubscription } from './useBrokerActions.ts';

export interface SubscriptionTarget {
  id: string;
  name: string;
  subscriptionTier: SubscriptionTier;
  subscriptionStatus: SubscriptionStatus;
}

const KEEP = 'keep';
const TIERS: SubscriptionTier[] = ['pmpm', 'flat'];
const STATUSES: SubscriptionStatus[] = ['trial', 'active', 'past_due', 'canceled'];

/** What the dialog sends: only the fields the admin chose (SPEC §5 Update subscription (admin)). */
export function subscriptionChange(tier: SubscriptionTier | typeof KEEP, status: SubscriptionStatus | typeof KEEP) {
  const change: AdminSubscriptionChange = {};
  if (tier !== KEEP) change.subscriptionTier = tier;
  if (status !== KEEP) change.subscriptionStatus = status;
  return change;
}

export function UpdateSubscriptionDialog({
  open,
  broker,
  onClose,
  onUpdated,
}: {
  open: boolean;
  broker: SubscriptionTarget | null;
  onClose: () => void;
  onUpdated?: (broker: AdminBrokerDetailBroker & { notice?: string }) => void;
}) {
  const titleId = useId();
  const update = useUpdateSubscription((updated) => {
    onUpdated?.(updated);
    onClose();
  });
  return (
    <Dialog
      open={open && broker !== null}
      onClose={update.isPending ? undefined : onClose}
      maxWidth="xs"
      fullWidth
      aria-labelledby={titleId}
    >
      {broker && (
        <UpdateSubscriptionForm
          titleId={titleId}
          broker={broker}
          pending={update.isPending}
          onCancel={onClose}
          onSubmit={(change) => update.mutate({ id: broker.id, change })}
        />
      )}
    </Dialog>
  );
}

function UpdateSubscriptionForm({
  titleId,
  broker,
  pending,
  onCancel,
  onSubmit,
}: {
  titleId: string;
  broker: SubscriptionTarget;
  pending: boolean;
  onCancel: () => void;
  onSubmit: (change: AdminSubscriptionChange) => void;
}) {
  const { DIALOG_TEXTS: T, STATUS_LABELS, TIER_LABELS } = useBrokerTexts().adminBrokers;
  const tierLabelId = useId();
  const statusLabelId = useId();
  const [tier, setTier] = useState<SubscriptionTier | typeof KEEP>(KEEP);
  const [status, setStatus] = useState<SubscriptionStatus | typeof KEEP>(KEEP);
  const change = subscriptionChange(tier, status);
  const nothingChosen = Object.keys(change).length === 0;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (nothingChosen || pending) return;
    onSubmit(change);
  };

  return (
    <Box component="form" onSubmit={submit} noValidate>
      <DialogTitle id={titleId}>{T.updateTitle}</DialogTitle>
      <DialogContent>
        <DialogContentText sx={{ mb: 3 }}>{T.updateIntro(broker.name)}</DialogContentText>
        <Stack spacing={3}>
          <FormControl fullWidth>
            <InputLabel id={tierLabelId}>{T.tierField}</InputLabel>
            <Select labelId={tierLabelId} label={T.tierField} value={tier} onChange={(event) => setTier(event.target.value)}>
              <MenuItem value={KEEP}>{T.keepCurrent(TIER_LABELS[broker.subscriptionTier])}</MenuItem>
              {TIERS.map((value) => (
                <MenuItem key={value} value={value}>
                  {TIER_LABELS[value]}
                </MenuItem>
              ))}
            </Select>
          </FormControl>
          <FormControl fullWidth>
            <InputLabel id={statusLabelId}>{T.statusField}</InputLabel>
            <Select labelId={statusLabelId} label={T.statusField} value={status} onChange={(event) => setStatus(event.target.value)}>
              <MenuItem value={KEEP}>{T.keepCurrent(STATUS_LABELS[broker.subscriptionStatus])}</MenuItem>
              {STATUSES.map((value) => (
                <MenuItem key={value} value={value}>
                  {STATUS_LABELS[value]}
                </MenuItem>
              ))}
            </Select>
            {nothingChosen && <FormHelperText>{T.chooseOne}</FormHelperText>}
          </FormControl>
        </Stack>
      </DialogContent>
      <DialogActions sx={{ px: 3, pb: 2 }}>
        <Button onClick={onCancel} disabled={pending}>
          {T.cancel}
        </Button>
        <Button type="submit" variant="contained" disabled={nothingChosen} loading={pending}>
          {T.updateConfirm}
        </Button>
      </DialogActions>
    </Box>
  );
}
