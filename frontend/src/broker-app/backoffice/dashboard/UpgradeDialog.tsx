import { Button, Dialog, DialogActions, DialogContent, DialogContentText, DialogTitle } from '@mui/material';

import { useBrokerTexts } from '../../i18n/useBrokerTexts.ts';
import { useUpdateSubscription } from '../brokers/useBrokerActions.ts';
import type { TrialExpiration } from './figures.ts';

/**
 * Ends a broker's trial and activates them on the tier they are on: only the status is sent, so the
 * plan they chose stays as it is.
 */
export function UpgradeDialog({ trial, onClose }: { trial: TrialExpiration; onClose: () => void }) {
  const { ADMIN_DASHBOARD_TEXTS: T } = useBrokerTexts().adminDashboard;
  const email = trial.email ?? T.unknownEmail;
  // The broker pages' update: the same toasts, and every admin figure (these included) reloads.
  const upgrade = useUpdateSubscription(onClose);

  return (
    <Dialog
      open
      onClose={upgrade.isPending ? undefined : onClose}
      maxWidth="xs"
      fullWidth
      aria-labelledby="upgrade-title"
      aria-describedby="upgrade-description"
    >
      <DialogTitle id="upgrade-title">{T.upgradeTitle}</DialogTitle>
      <DialogContent>
        <DialogContentText id="upgrade-description">{T.upgradeIntro(email)}</DialogContentText>
        <DialogContentText sx={{ mt: 1.5 }}>{T.upgradeEffect}</DialogContentText>
      </DialogContent>
      <DialogActions sx={{ px: 3, pb: 2 }}>
        <Button onClick={onClose} disabled={upgrade.isPending}>
          {T.cancel}
        </Button>
        <Button
          variant="contained"
          onClick={() => upgrade.mutate({ id: trial.brokerId, change: { subscriptionStatus: 'active' } })}
          loading={upgrade.isPending}
        >
          {T.confirmUpgrade}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
