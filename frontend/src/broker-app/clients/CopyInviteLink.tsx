import LinkIcon from '@mui/icons-material/Link';
import { Button, Dialog, DialogActions, DialogContent, DialogContentText, DialogTitle, TextField } from '@mui/material';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';

import { useBrokerTexts } from '../i18n/useBrokerTexts.ts';
import { useCareKeepDataProvider } from '../providers/dataProvider.ts';
import type { Client, InviteLink } from '../types.ts';
import { useErrorToast } from '../ui/errors.ts';
import { useToast } from '../ui/toast.tsx';

/**
 * Copy invite link: a new invitation link on the clipboard, for the broker to share their own way
 * (nothing is sent). A link replaces the one sent before, so when one is out the broker confirms
 * first; where the clipboard is refused, the link is shown to copy by hand.
 */
export function CopyInviteLink({ client }: { client: Client }) {
  const { CLIENT_PAGE_TEXTS: T } = useBrokerTexts().clientPage;
  const dataProvider = useCareKeepDataProvider();
  const queryClient = useQueryClient();
  const toast = useToast();
  const errorToast = useErrorToast();
  const [confirming, setConfirming] = useState(false);
  const [shown, setShown] = useState<InviteLink | null>(null);

  const make = useMutation({
    mutationFn: () => dataProvider.getInviteLink(client.id),
    onSuccess: async (link: InviteLink) => {
      setConfirming(false);
      void queryClient.invalidateQueries({ queryKey: ['clients'] });
      try {
        await navigator.clipboard.writeText(link.inviteUrl);
        toast({ title: T.linkCopied, description: link.message });
      } catch {
        setShown(link);
      }
    },
    onError: (error) => {
      setConfirming(false);
      errorToast(error, T.linkFailed);
    },
  });

  const outstanding = client.inviteStatus === 'pending';
  return (
    <>
      <Button
        variant="outlined"
        size="small"
        startIcon={<LinkIcon />}
        onClick={() => (outstanding ? setConfirming(true) : make.mutate())}
        loading={make.isPending && !confirming}
      >
        {T.copyInviteLink}
      </Button>

      <Dialog open={confirming} onClose={make.isPending ? undefined : () => setConfirming(false)} aria-labelledby="replace-link-title">
        <DialogTitle id="replace-link-title">{T.replaceLinkTitle}</DialogTitle>
        <DialogContent>
          <DialogContentText>{T.replaceLinkBody}</DialogContentText>
        </DialogContent>
        <DialogActions sx={{ px: 3, pb: 2 }}>
          <Button onClick={() => setConfirming(false)} disabled={make.isPending}>
            {T.cancel}
          </Button>
          <Button variant="contained" onClick={() => make.mutate()} loading={make.isPending}>
            {T.replaceLinkConfirm}
          </Button>
        </DialogActions>
      </Dialog>

      <Dialog open={shown !== null} onClose={() => setShown(null)} aria-labelledby="invite-link-title" fullWidth maxWidth="sm">
        <DialogTitle id="invite-link-title">{T.linkReady}</DialogTitle>
        <DialogContent>
          <DialogContentText sx={{ mb: 2 }}>{shown?.message}</DialogContentText>
          <TextField
            label={T.linkCopyManually}
            value={shown?.inviteUrl ?? ''}
            fullWidth
            slotProps={{ htmlInput: { readOnly: true }, inputLabel: { shrink: true } }}
            onFocus={(event) => event.target.select()}
          />
        </DialogContent>
        <DialogActions sx={{ px: 3, pb: 2 }}>
          <Button variant="contained" onClick={() => setShown(null)}>
            {T.close}
          </Button>
        </DialogActions>
      </Dialog>
    </>
  );
}
