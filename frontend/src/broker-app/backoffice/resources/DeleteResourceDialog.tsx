import { Button, Dialog, DialogActions, DialogContent, DialogContentText, DialogTitle, Typography } from '@mui/material';
import { useMutation } from '@tanstack/react-query';
import { useId, useState } from 'react';

import { useBrokerTexts } from '../../i18n/useBrokerTexts.ts';
import { useCareKeepDataProvider } from '../../providers/dataProvider.ts';
import type { Resource } from '../../types.ts';
import { useErrorToast } from '../../ui/errors.ts';
import { useToast } from '../../ui/toast.tsx';
import { useRefreshResources } from './queries.ts';

/** Deletion is permanent and removes the stored file (SPEC §4 Resource), so it asks first. */
export function DeleteResourceDialog({ resource, onClose }: { resource: Resource | null; onClose: () => void }) {
  const { ADMIN_RESOURCES_TEXTS: T, deletedDescription } = useBrokerTexts().adminResources;
  const dataProvider = useCareKeepDataProvider();
  const toast = useToast();
  const errorToast = useErrorToast();
  const refresh = useRefreshResources();
  const titleId = useId();
  const textId = useId();
  // The last resource stays on screen while the dialog fades out.
  const [last, setLast] = useState(resource);
  if (resource && resource !== last) setLast(resource);
  const shown = resource ?? last;

  const remove = useMutation({
    mutationFn: (target: Resource) => dataProvider.deleteResource(target.id),
    onSuccess: (_, target) => {
      toast({ title: T.deleted, description: deletedDescription(target.title) });
      void refresh();
      onClose();
    },
    onError: (error) => errorToast(error, T.deleteFailed),
  });

  return (
    <Dialog
      open={resource !== null}
      onClose={remove.isPending ? undefined : onClose}
      maxWidth="xs"
      fullWidth
      aria-labelledby={titleId}
      aria-describedby={textId}
    >
      <DialogTitle id={titleId}>{T.deleteTitle}</DialogTitle>
      <DialogContent>
        <DialogContentText id={textId}>{T.deleteConfirm}</DialogContentText>
        {shown && <Typography sx={{ mt: 2, fontWeight: 600, overflowWrap: 'anywhere' }}>{shown.title}</Typography>}
        <Typography variant="body2" color="text.secondary" sx={{ mt: 1 }}>
          {T.deleteNote}
        </Typography>
      </DialogContent>
      <DialogActions sx={{ px: 3, pb: 2 }}>
        <Button onClick={onClose} disabled={remove.isPending}>
          {T.cancel}
        </Button>
        <Button variant="contained" color="error" loading={remove.isPending} onClick={() => shown && remove.mutate(shown)}>
          {T.delete}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
