import {
  Alert,
  Button,
  Dialog,
  DialogActions,
  DialogContent,
  DialogContentText,
  DialogTitle,
  FormControlLabel,
  MenuItem,
  Radio,
  RadioGroup,
  TextField,
} from '@mui/material';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useGetList } from 'react-admin';

import { CreateCampaignDialog } from '../campaigns/CreateCampaignDialog.tsx';
import { useBrokerTexts } from '../i18n/useBrokerTexts.ts';
import { useCareKeepDataProvider } from '../providers/dataProvider.ts';
import type { Campaign } from '../types.ts';
import { useErrorToast } from '../ui/errors.ts';
import { useToast } from '../ui/toast.tsx';

const DRAFTS = { pagination: { page: 1, perPage: 100 }, sort: { field: 'createdAt', order: 'DESC' as const }, filter: { status: 'draft' } };

/**
 * "Add to Campaign" for the clients selected in the table: into a draft (which then goes to the
 * clients it named and these), or a new campaign for these clients only.
 */
export function AddToCampaignDialog({
  ids,
  open,
  onClose,
  onDone,
}: {
  ids: string[];
  open: boolean;
  onClose: () => void;
  onDone: () => void;
}) {
  const { CLIENT_TEXTS: T } = useBrokerTexts().clients;
  const drafts = useGetList<Campaign>('campaigns', DRAFTS, { enabled: open });
  const [choice, setChoice] = useState<'draft' | 'new'>('draft');
  const [draftId, setDraftId] = useState('');
  const [creating, setCreating] = useState(false);
  const dataProvider = useCareKeepDataProvider();
  const queryClient = useQueryClient();
  const toast = useToast();
  const errorToast = useErrorToast();
  const hasDrafts = (drafts.data?.length ?? 0) > 0;
  const mode = hasDrafts ? choice : 'new';
  const chosen = drafts.data?.find((d) => d.id === draftId) ?? drafts.data?.[0];

  const add = useMutation({
    mutationFn: (campaign: Campaign) => dataProvider.addClientsToCampaign(campaign.id, ids),
    onSuccess: (campaign) => {
      toast({ title: T.addedToCampaign(ids.length, campaign.name) });
      void queryClient.invalidateQueries({ queryKey: ['campaigns'] });
      onDone();
    },
    onError: (error) => errorToast(error, T.addToCampaignFailed),
  });

  return (
    <>
      <Dialog
        open={open && !creating}
        onClose={add.isPending ? undefined : onClose}
        aria-labelledby="add-to-campaign-title"
        fullWidth
        maxWidth="xs"
      >
        <DialogTitle id="add-to-campaign-title">{T.addToCampaignTitle(ids.length)}</DialogTitle>
        <DialogContent>
          {drafts.isPending ? null : hasDrafts ? (
            <>
              <DialogContentText sx={{ mb: 1.5 }}>{T.addToCampaignBody}</DialogContentText>
              <RadioGroup
                value={choice}
                onChange={(event) => setChoice(event.target.value as 'draft' | 'new')}
                aria-label={T.bulkAddToCampaign}
              >
                <FormControlLabel value="draft" control={<Radio />} label={T.addToCampaignDraft} />
                {choice === 'draft' && (
                  <TextField
                    select
                    size="small"
                    label={T.addToCampaignDraft}
                    value={chosen?.id ?? ''}
                    onChange={(event) => setDraftId(event.target.value)}
                    sx={{ ml: 4, mb: 1 }}
                  >
                    {drafts.data!.map((draft) => (
                      <MenuItem key={draft.id} value={draft.id}>
                        {draft.name}
                      </MenuItem>
                    ))}
                  </TextField>
                )}
                <FormControlLabel value="new" control={<Radio />} label={T.addToCampaignNew} />
              </RadioGroup>
            </>
          ) : (
            <Alert severity="info">{T.addToCampaignNoDrafts}</Alert>
          )}
        </DialogContent>
        <DialogActions sx={{ px: 3, pb: 2 }}>
          <Button onClick={onClose} disabled={add.isPending}>
            {T.cancel}
          </Button>
          <Button
            variant="contained"
            disabled={drafts.isPending}
            loading={add.isPending}
            onClick={() => (mode === 'draft' && chosen ? add.mutate(chosen) : setCreating(true))}
          >
            {mode === 'draft' ? T.addToCampaignConfirm : T.addToCampaignContinue}
          </Button>
        </DialogActions>
      </Dialog>
      <CreateCampaignDialog
        open={open && creating}
        onClose={() => {
          setCreating(false);
          onDone();
        }}
        audience={{ kind: 'clients', clientIds: ids }}
      />
    </>
  );
}
