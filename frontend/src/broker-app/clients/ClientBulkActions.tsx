import AssignmentIndIcon from '@mui/icons-material/AssignmentInd';
import CampaignIcon from '@mui/icons-material/Campaign';
import DeleteIcon from '@mui/icons-material/Delete';
import PersonIcon from '@mui/icons-material/Person';
import PersonOffIcon from '@mui/icons-material/PersonOff';
import SendIcon from '@mui/icons-material/Send';
import VerifiedUserIcon from '@mui/icons-material/VerifiedUser';
import {
  Box,
  Button,
  Dialog,
  DialogActions,
  DialogContent,
  DialogContentText,
  DialogTitle,
  List,
  ListItem,
  ListItemText,
} from '@mui/material';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { type ReactNode, useState } from 'react';
import { useListContext } from 'react-admin';

import { useBrokerTexts } from '../i18n/useBrokerTexts.ts';
import { useCareKeepDataProvider } from '../providers/dataProvider.ts';
import { useMemberMay } from '../providers/memberMay.tsx';
import type { BulkClientAction, BulkResult, Client } from '../types.ts';
import { useErrorToast } from '../ui/errors.ts';
import { useToast } from '../ui/toast.tsx';
import { AddToCampaignDialog } from './AddToCampaignDialog.tsx';
import { AssignClientsDialog, useSeesOnlyAssigned } from './AssignClientsDialog.tsx';
import { DepartureReasonChoice } from './DepartureReasonChoice.tsx';
import { RecordPermissionDialog } from './RecordPermissionDialog.tsx';
import type { DepartureReason } from './retentionTypes.ts';
import { useRefreshUsage } from './usage.ts';

/**
 * What the broker can do to the rows selected in the table: send or resend invitations (confirmed
 * with the count; then the clients not invited and why), mark active or inactive, add to a campaign, record a permission
 * (attested), delete (confirmed with the count).
 */
export function ClientBulkActions() {
  const { CLIENT_TEXTS } = useBrokerTexts().clients;
  const { selectedIds, onUnselectItems } = useListContext<Client>();
  const dataProvider = useCareKeepDataProvider();
  const queryClient = useQueryClient();
  const toast = useToast();
  const errorToast = useErrorToast();
  const refreshUsage = useRefreshUsage();
  const [confirmDelete, setConfirmDelete] = useState(false);
  const [confirmDeactivate, setConfirmDeactivate] = useState(false);
  const [confirmInvite, setConfirmInvite] = useState(false);
  const [reason, setReason] = useState<DepartureReason>('other');
  const [addingToCampaign, setAddingToCampaign] = useState(false);
  const [recordingPermission, setRecordingPermission] = useState(false);
  const [assigning, setAssigning] = useState(false);
  const may = useMemberMay();
  // A member who sees only their own clients does not hand them on.
  const seesOnlyAssigned = useSeesOnlyAssigned();
  const [notInvited, setNotInvited] = useState<BulkResult['failed']>([]);
  const count = selectedIds.length;

  const run = useMutation({
    // Deactivating and deleting say why the clients leave.
    mutationFn: (action: BulkClientAction) =>
      action === 'deactivate' || action === 'delete'
        ? dataProvider.bulkClients(action, selectedIds.map(String), reason)
        : dataProvider.bulkClients(action, selectedIds.map(String)),
    onSuccess: (result: BulkResult) => {
      setConfirmDelete(false);
      setConfirmDeactivate(false);
      setConfirmInvite(false);
      toast({ title: result.message });
      if (result.failed.length > 0) setNotInvited(result.failed);
      onUnselectItems();
      void queryClient.invalidateQueries({ queryKey: ['clients'] });
      void refreshUsage();
    },
    onError: (error) => {
      setConfirmDelete(false);
      setConfirmDeactivate(false);
      setConfirmInvite(false);
      errorToast(error, CLIENT_TEXTS.bulkFailed);
    },
  });
  const button = (action: BulkClientAction, label: string, icon: ReactNode, onClick = () => run.mutate(action)) => (
    // The toolbar is a light tint of the agency's colour; dark text reads on it whatever the colour is.
    <Button
      size="small"
      startIcon={icon}
      onClick={onClick}
      disabled={run.isPending}
      loading={run.isPending && run.variables === action}
      sx={{ color: 'text.primary' }}
    >
      {label}
    </Button>
  );

  const writes = may('clients:write');
  return (
    <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1 }}>
      {writes && button('invite', CLIENT_TEXTS.bulkInvite, <SendIcon />, () => setConfirmInvite(true))}
      {writes && button('activate', CLIENT_TEXTS.bulkActivate, <PersonIcon />)}
      {writes &&
        button('deactivate', CLIENT_TEXTS.bulkDeactivate, <PersonOffIcon />, () => {
          setReason('other');
          setConfirmDeactivate(true);
        })}
      {writes && !seesOnlyAssigned && (
        <Button
          size="small"
          startIcon={<AssignmentIndIcon />}
          onClick={() => setAssigning(true)}
          disabled={run.isPending}
          sx={{ color: 'text.primary' }}
        >
          {CLIENT_TEXTS.bulkAssign}
        </Button>
      )}
      {may('campaigns:write') && (
        <Button
          size="small"
          startIcon={<CampaignIcon />}
          onClick={() => setAddingToCampaign(true)}
          disabled={run.isPending}
          sx={{ color: 'text.primary' }}
        >
          {CLIENT_TEXTS.bulkAddToCampaign}
        </Button>
      )}
      {writes && (
        <Button
          size="small"
          startIcon={<VerifiedUserIcon />}
          onClick={() => setRecordingPermission(true)}
          disabled={run.isPending}
          sx={{ color: 'text.primary' }}
        >
          {CLIENT_TEXTS.bulkRecordPermission}
        </Button>
      )}
      {writes && (
        <Button
          size="small"
          color="error"
          startIcon={<DeleteIcon />}
          onClick={() => {
            setReason('other');
            setConfirmDelete(true);
          }}
          disabled={run.isPending}
          sx={{ color: 'text.primary', '& .MuiButton-startIcon': { color: 'error.main' } }}
        >
          {CLIENT_TEXTS.bulkDelete}
        </Button>
      )}

      {assigning && (
        <AssignClientsDialog
          ids={selectedIds.map(String)}
          onClose={() => setAssigning(false)}
          onDone={() => {
            setAssigning(false);
            onUnselectItems();
          }}
        />
      )}

      {/* Mounted while open, so each time starts from its first choice. */}
      {addingToCampaign && (
        <AddToCampaignDialog
          ids={selectedIds.map(String)}
          open
          onClose={() => setAddingToCampaign(false)}
          onDone={() => {
            setAddingToCampaign(false);
            onUnselectItems();
          }}
        />
      )}

      {recordingPermission && (
        <RecordPermissionDialog
          ids={selectedIds.map(String)}
          onClose={() => setRecordingPermission(false)}
          onDone={() => {
            setRecordingPermission(false);
            onUnselectItems();
          }}
        />
      )}

      <Dialog open={confirmDelete} onClose={run.isPending ? undefined : () => setConfirmDelete(false)} aria-labelledby="bulk-delete-title">
        <DialogTitle id="bulk-delete-title">{CLIENT_TEXTS.bulkDeleteTitle(count)}</DialogTitle>
        <DialogContent>
          <DialogContentText>{CLIENT_TEXTS.bulkDeleteBody(count)}</DialogContentText>
          <DepartureReasonChoice value={reason} onChange={setReason} many={count > 1} />
        </DialogContent>
        <DialogActions sx={{ px: 3, pb: 2 }}>
          <Button onClick={() => setConfirmDelete(false)} disabled={run.isPending}>
            {CLIENT_TEXTS.cancel}
          </Button>
          <Button color="error" variant="contained" onClick={() => run.mutate('delete')} loading={run.isPending}>
            {CLIENT_TEXTS.bulkDeleteConfirm(count)}
          </Button>
        </DialogActions>
      </Dialog>

      {/* Texts go out to real people: the count is confirmed first, as for Delete. */}
      <Dialog open={confirmInvite} onClose={run.isPending ? undefined : () => setConfirmInvite(false)} aria-labelledby="bulk-invite-title">
        <DialogTitle id="bulk-invite-title">{CLIENT_TEXTS.bulkInviteTitle(count)}</DialogTitle>
        <DialogContent>
          <DialogContentText>{CLIENT_TEXTS.bulkInviteBody}</DialogContentText>
        </DialogContent>
        <DialogActions sx={{ px: 3, pb: 2 }}>
          <Button onClick={() => setConfirmInvite(false)} disabled={run.isPending}>
            {CLIENT_TEXTS.cancel}
          </Button>
          <Button variant="contained" onClick={() => run.mutate('invite')} loading={run.isPending}>
            {CLIENT_TEXTS.bulkInviteConfirm(count)}
          </Button>
        </DialogActions>
      </Dialog>

      <Dialog
        open={confirmDeactivate}
        onClose={run.isPending ? undefined : () => setConfirmDeactivate(false)}
        aria-labelledby="bulk-deactivate-title"
      >
        <DialogTitle id="bulk-deactivate-title">{CLIENT_TEXTS.bulkDeactivateTitle(count)}</DialogTitle>
        <DialogContent>
          <DialogContentText>{CLIENT_TEXTS.bulkDeactivateBody}</DialogContentText>
          <DepartureReasonChoice value={reason} onChange={setReason} many={count > 1} />
        </DialogContent>
        <DialogActions sx={{ px: 3, pb: 2 }}>
          <Button onClick={() => setConfirmDeactivate(false)} disabled={run.isPending}>
            {CLIENT_TEXTS.cancel}
          </Button>
          <Button variant="contained" onClick={() => run.mutate('deactivate')} loading={run.isPending}>
            {CLIENT_TEXTS.bulkDeactivate}
          </Button>
        </DialogActions>
      </Dialog>

      <Dialog open={notInvited.length > 0} onClose={() => setNotInvited([])} aria-labelledby="bulk-not-invited-title">
        <DialogTitle id="bulk-not-invited-title">{CLIENT_TEXTS.bulkNotInvitedTitle}</DialogTitle>
        <DialogContent>
          <List dense>
            {notInvited.map((failure) => (
              <ListItem key={failure.id} disableGutters>
                <ListItemText primary={failure.name} secondary={failure.reason} />
              </ListItem>
            ))}
          </List>
        </DialogContent>
        <DialogActions sx={{ px: 3, pb: 2 }}>
          <Button variant="contained" onClick={() => setNotInvited([])}>
            {CLIENT_TEXTS.bulkClose}
          </Button>
        </DialogActions>
      </Dialog>
    </Box>
  );
}
