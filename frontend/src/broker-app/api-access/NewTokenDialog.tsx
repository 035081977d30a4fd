import { Alert, Button, Dialog, DialogActions, DialogContent, DialogTitle, Typography } from '@mui/material';
import { useId } from 'react';

import { useBrokerTexts } from '../i18n/useBrokerTexts.ts';
import type { CreatedApiToken } from '../types.ts';
import { CopyField } from '../ui/CopyField.tsx';
import { useToast } from '../ui/toast.tsx';

/**
 * A new token's secret, shown this once: read-only, with Copy. The secret is only in the `created`
 * the page holds; closing (Done or Escape, not a stray click outside) drops it, and nothing else
 * keeps it.
 */
export function NewTokenDialog({ created, onClose }: { created: CreatedApiToken | null; onClose: () => void }) {
  const { API_ACCESS_TEXTS: T } = useBrokerTexts().apiAccess;
  const toast = useToast();
  const titleId = useId();
  const warningId = useId();
  const secret = created?.token ?? '';

  const copy = async () => {
    try {
      await navigator.clipboard.writeText(secret);
      toast({ title: T.copied, description: T.copiedDescription });
    } catch {
      toast({ title: T.copyFailed, description: T.copyFailedDescription, variant: 'destructive' });
    }
  };

  return (
    <Dialog
      open={created !== null}
      onClose={(_, reason) => {
        if (reason !== 'backdropClick') onClose();
      }}
      maxWidth="sm"
      fullWidth
      aria-labelledby={titleId}
      aria-describedby={warningId}
    >
      <DialogTitle id={titleId}>{T.secretTitle}</DialogTitle>
      <DialogContent>
        {created && <Typography sx={{ mb: 1.5, fontWeight: 600, overflowWrap: 'anywhere' }}>{T.secretFor(created.name)}</Typography>}
        <Alert severity="warning" id={warningId} sx={{ mb: 2 }}>
          {T.secretWarning}
        </Alert>
        <CopyField label={T.secretLabel} value={secret} testId="new-token-secret" copyLabel={T.copy} onCopy={() => void copy()} />
      </DialogContent>
      <DialogActions sx={{ px: 3, pb: 2 }}>
        <Button variant="outlined" onClick={onClose}>
          {T.done}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
