import { Alert, Button, CircularProgress, Dialog, DialogActions, DialogContent, DialogContentText, DialogTitle } from '@mui/material';

import { useBrokerTexts } from '../i18n/useBrokerTexts.ts';
import type { Subscription, SubscriptionTier } from '../types.ts';
import { formatCents, monthlyPriceCents } from './pricing.ts';

/**
 * Ending the trial early is a decision about money: the dialog states the monthly amount at today's
 * active clients, and that amount is what the server is asked to start (it refuses another one).
 */
export function StartSubscriptionDialog({
  open,
  subscription,
  tier,
  pending,
  error,
  onConfirm,
  onClose,
}: {
  open: boolean;
  subscription: Subscription;
  tier: SubscriptionTier;
  pending: boolean;
  /** The server's reason when the last attempt failed (e.g. the amount changed). */
  error?: string;
  onConfirm: (amountCents: number) => void;
  onClose: () => void;
}) {
  const { BILLING_TEXTS: T } = useBrokerTexts().billing;
  const amountCents = monthlyPriceCents(tier, subscription.activeClients, tier === 'flat' && subscription.overageEnabled);
  const amount = formatCents(amountCents);
  return (
    <Dialog open={open} onClose={pending ? undefined : onClose} maxWidth="sm" fullWidth aria-labelledby="start-subscription-title">
      <DialogTitle id="start-subscription-title">{T.startTitle}</DialogTitle>
      <DialogContent>
        <DialogContentText data-testid="start-subscription-amount">
          {T.startBody(tier, amount, subscription.activeClients)}
        </DialogContentText>
        <DialogContentText sx={{ mt: 1 }}>{subscription.billingMode === 'stripe' ? T.startStripe : T.startLocal}</DialogContentText>
        {error && (
          <Alert severity="warning" sx={{ mt: 2 }}>
            {error}
          </Alert>
        )}
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose} disabled={pending}>
          {T.cancel}
        </Button>
        <Button
          variant="contained"
          onClick={() => onConfirm(amountCents)}
          disabled={pending}
          startIcon={pending ? <CircularProgress size={18} color="inherit" /> : undefined}
        >
          {T.startConfirm(amount)}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
