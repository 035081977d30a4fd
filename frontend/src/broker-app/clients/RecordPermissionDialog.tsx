import {
  Button,
  Checkbox,
  Dialog,
  DialogActions,
  DialogContent,
  DialogContentText,
  DialogTitle,
  FormControl,
  FormControlLabel,
  FormLabel,
  Radio,
  RadioGroup,
  Typography,
} from '@mui/material';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';

import { attestationsIn } from '../../../../backend/src/consent/attestations.ts';
import { useBrokerLanguage, useBrokerTexts } from '../i18n/useBrokerTexts.ts';
import { useCareKeepDataProvider } from '../providers/dataProvider.ts';
import { useErrorToast } from '../ui/errors.ts';
import { useToast } from '../ui/toast.tsx';

type Purpose = 'marketing' | 'reminders';

/**
 * The client table's Record Permission: one permission for the selected clients, attested by a box
 * the broker ticks (unticked to start), whose words the ledger keeps for each client. Mounted while
 * open, so each time starts unticked.
 */
export function RecordPermissionDialog({ ids, onClose, onDone }: { ids: string[]; onClose: () => void; onDone: () => void }) {
  const { CLIENT_TEXTS: T } = useBrokerTexts().clients;
  const attestations = attestationsIn(useBrokerLanguage());
  const dataProvider = useCareKeepDataProvider();
  const queryClient = useQueryClient();
  const toast = useToast();
  const errorToast = useErrorToast();
  const [purpose, setPurpose] = useState<Purpose>('marketing');
  const [attested, setAttested] = useState(false);
  const count = ids.length;

  const record = useMutation({
    mutationFn: () => dataProvider.recordConsentMany(ids, purpose),
    onSuccess: ({ recorded }) => {
      toast({ title: T.bulkPermissionRecorded(recorded, purpose === 'marketing') });
      void queryClient.invalidateQueries({ queryKey: ['clients'] });
      onDone();
    },
    onError: (error) => errorToast(error, T.bulkPermissionFailed),
  });

  return (
    <Dialog open onClose={record.isPending ? undefined : onClose} aria-labelledby="bulk-permission-title" maxWidth="sm" fullWidth>
      <DialogTitle id="bulk-permission-title">{T.bulkPermissionTitle(count)}</DialogTitle>
      <DialogContent sx={{ display: 'grid', gap: 2 }}>
        <DialogContentText>{T.bulkPermissionBody}</DialogContentText>
        <FormControl>
          <FormLabel id="bulk-permission-purpose">{T.bulkPermissionPurpose}</FormLabel>
          <RadioGroup
            aria-labelledby="bulk-permission-purpose"
            value={purpose}
            onChange={(event) => {
              setPurpose(event.target.value as Purpose);
              // A tick attests one text: another purpose's words are ticked again.
              setAttested(false);
            }}
          >
            <FormControlLabel value="marketing" control={<Radio />} label={T.bulkPermissionMarketing} />
            <FormControlLabel value="reminders" control={<Radio />} label={T.bulkPermissionReminders} />
          </RadioGroup>
        </FormControl>
        <FormControlLabel
          sx={{ alignItems: 'flex-start', m: 0, gap: 0.5 }}
          control={
            <Checkbox
              checked={attested}
              onChange={(event) => setAttested(event.target.checked)}
              // Named by the attestation itself.
              slotProps={{ input: { 'aria-labelledby': 'bulk-permission-attestation' } }}
              sx={{ mt: -0.75 }}
            />
          }
          label={
            <Typography id="bulk-permission-attestation" variant="body2">
              {purpose === 'marketing' ? attestations.bulkMarketing : attestations.bulkReminders}
            </Typography>
          }
        />
      </DialogContent>
      <DialogActions sx={{ px: 3, pb: 2 }}>
        <Button onClick={onClose} disabled={record.isPending}>
          {T.cancel}
        </Button>
        <Button variant="contained" onClick={() => record.mutate()} disabled={!attested} loading={record.isPending}>
          {T.bulkPermissionConfirm(count)}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
