import { Button, Dialog, DialogActions, DialogContent, DialogContentText, DialogTitle } from '@mui/material';
import { useMutation } from '@tanstack/react-query';
import { serverMessage } from '../../../lib/http.ts';
import { useCareKeepDataProvider } from '../../providers/dataProvider.ts';
import { useToast } from '../../ui/toast.tsx';
import type { TrialExpiration } from './figures.ts';
import { ADMIN_DASHBOARD_TEXTS as T } from './texts.ts';

/**
 * Ends a broker's trial and activates them on the tier they are on: only the status is sent, so the
 * plan they chose stays as it is.
 */
export function UpgradeDialog({
  trial,
  onClose,
  onUpgraded,
}: {
  trial: TrialExpiration;
  onClose: () => void;
  onUpgraded: () => void;
}) {
  const dataProvider = useCareKeepDataProvider();
  const toast = useToast();
  const email = trial.email ?? T.unknownEmail;

  const upgrade = useMutation({
    mutationFn: () => dataProvider.updateBrokerSubscription(trial.brokerId, { subscriptionStatus: 'active' }),
    onSuccess: (answer) => {
      toast({ title: T.subscriptionUpdated, description: answer?.notice ?? T.subscriptionUpdatedDescription(email) });
      onUpgraded();
      onClose();
    },
    onError: (error) => toast({ title: T.updateFailed, description: serverMessage(error), variant: 'destructive' }),
  });

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
        <Button variant="contained" onClick={() => upgrade.mutate()} loading={upgrade.isPending}>
          {T.confirmUpgrade}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
