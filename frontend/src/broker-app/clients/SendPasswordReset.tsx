import LockResetIcon from '@mui/icons-material/LockReset';
import { Button, Dialog, DialogActions, DialogContent, DialogContentText, DialogTitle } from '@mui/material';
import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';

import { useBrokerTexts } from '../i18n/useBrokerTexts.ts';
import { useCareKeepDataProvider } from '../providers/dataProvider.ts';
import type { Client, PasswordResetSent } from '../types.ts';
import { useErrorToast } from '../ui/errors.ts';
import { useToast } from '../ui/toast.tsx';

/**
 * Send password reset, for a registered client who cannot sign in: after a confirmation, the
 * client gets a code by text (or a link by e-mail). The broker is told how it went, never the code.
 */
export function SendPasswordReset({ client }: { client: Client }) {
  const { CLIENT_PAGE_TEXTS: T } = useBrokerTexts().clientPage;
  const dataProvider = useCareKeepDataProvider();
  const toast = useToast();
  const errorToast = useErrorToast();
  const [confirming, setConfirming] = useState(false);
  const name = `${client.firstName} ${client.lastName}`;

  const send = useMutation({
    mutationFn: () => dataProvider.sendClientPasswordReset(client.id),
    onSuccess: (sent: PasswordResetSent) => {
      setConfirming(false);
      toast({ title: T.resetSent, description: T.resetSentText(name, sent.channel) });
    },
    onError: (error) => {
      setConfirming(false);
      errorToast(error, T.resetFailed);
    },
  });

  return (
    <>
      <Button variant="outlined" size="small" startIcon={<LockResetIcon />} onClick={() => setConfirming(true)}>
        {T.sendPasswordReset}
      </Button>
      <Dialog open={confirming} onClose={send.isPending ? undefined : () => setConfirming(false)} aria-labelledby="password-reset-title">
        <DialogTitle id="password-reset-title">{T.resetTitle(name)}</DialogTitle>
        <DialogContent>
          <DialogContentText>{T.resetBody}</DialogContentText>
        </DialogContent>
        <DialogActions sx={{ px: 3, pb: 2 }}>
          <Button onClick={() => setConfirming(false)} disabled={send.isPending}>
            {T.cancel}
          </Button>
          <Button variant="contained" onClick={() => send.mutate()} loading={send.isPending}>
            {T.resetConfirm}
          </Button>
        </DialogActions>
      </Dialog>
    </>
  );
}
