import DeleteIcon from '@mui/icons-material/Delete';
import MoreVertIcon from '@mui/icons-material/MoreVert';
import PersonIcon from '@mui/icons-material/Person';
import PersonOffIcon from '@mui/icons-material/PersonOff';
import {
  Button,
  Dialog,
  DialogActions,
  DialogContent,
  DialogContentText,
  DialogTitle,
  IconButton,
  ListItemIcon,
  ListItemText,
  Menu,
  MenuItem,
} from '@mui/material';
import { useState } from 'react';
import { useDelete, useUpdate } from 'react-admin';

import { useBrokerTexts } from '../i18n/useBrokerTexts.ts';
import type { Client } from '../types.ts';
import { useErrorToast } from '../ui/errors.ts';
import { useToast } from '../ui/toast.tsx';
import { DepartureReasonChoice } from './DepartureReasonChoice.tsx';
import type { ClientWithFacts, DepartureReason } from './retentionTypes.ts';
import { useRefreshUsage } from './usage.ts';

/**
 * A client's menu (Mark Inactive / Mark Active, Delete with its confirmation), on a card or a table
 * row. Marking inactive and deleting ask why the client is leaving (Other unless the broker says).
 */
export function ClientActionsMenu({ client }: { client: Client }) {
  const { CLIENT_TEXTS } = useBrokerTexts().clients;
  const name = `${client.firstName} ${client.lastName}`;
  const [menuAnchor, setMenuAnchor] = useState<HTMLElement | null>(null);
  const [confirmOpen, setConfirmOpen] = useState(false);
  const [deactivateOpen, setDeactivateOpen] = useState(false);
  const [reason, setReason] = useState<DepartureReason>('other');
  const [deleteOne, { isPending: deleting }] = useDelete<Client>();
  const [update, { isPending: updating }] = useUpdate<ClientWithFacts>();
  const toast = useToast();
  const errorToast = useErrorToast();
  const refreshUsage = useRefreshUsage();

  const remove = () =>
    deleteOne(
      'clients',
      { id: client.id, previousData: client, meta: { reason } },
      {
        mutationMode: 'pessimistic',
        onSuccess: () => {
          setConfirmOpen(false);
          toast({ title: CLIENT_TEXTS.deleted, description: CLIENT_TEXTS.deletedDescription(name) });
          void refreshUsage();
        },
        onError: (error) => {
          setConfirmOpen(false);
          errorToast(error, CLIENT_TEXTS.deleteFailed);
        },
      },
    );

  // Inactive clients do not count against the plan's limit.
  const toggleActive = () =>
    update(
      'clients',
      {
        id: client.id,
        data: client.isActive ? { isActive: false, departureReason: reason } : { isActive: true },
        previousData: client,
      },
      {
        mutationMode: 'pessimistic',
        onSuccess: () => {
          setDeactivateOpen(false);
          toast({ title: CLIENT_TEXTS.statusChanged(name, !client.isActive) });
          void refreshUsage();
        },
        onError: (error) => {
          setDeactivateOpen(false);
          errorToast(error, CLIENT_TEXTS.statusFailed);
        },
      },
    );

  return (
    <>
      <IconButton
        aria-label={CLIENT_TEXTS.cardActions(name)}
        aria-haspopup="menu"
        size="small"
        onClick={(event) => setMenuAnchor(event.currentTarget)}
      >
        <MoreVertIcon fontSize="small" />
      </IconButton>
      <Menu anchorEl={menuAnchor} open={Boolean(menuAnchor)} onClose={() => setMenuAnchor(null)}>
        <MenuItem
          onClick={() => {
            setMenuAnchor(null);
            setReason('other');
            if (client.isActive) setDeactivateOpen(true);
            else void toggleActive();
          }}
        >
          <ListItemIcon>{client.isActive ? <PersonOffIcon fontSize="small" /> : <PersonIcon fontSize="small" />}</ListItemIcon>
          <ListItemText>{client.isActive ? CLIENT_TEXTS.markInactive : CLIENT_TEXTS.markActive}</ListItemText>
        </MenuItem>
        <MenuItem
          onClick={() => {
            setMenuAnchor(null);
            setReason('other');
            setConfirmOpen(true);
          }}
          sx={{ color: 'error.main' }}
        >
          <ListItemIcon>
            <DeleteIcon fontSize="small" color="error" />
          </ListItemIcon>
          <ListItemText>{CLIENT_TEXTS.delete}</ListItemText>
        </MenuItem>
      </Menu>
      <Dialog open={confirmOpen} onClose={deleting ? undefined : () => setConfirmOpen(false)} aria-labelledby={`delete-${client.id}-title`}>
        <DialogTitle id={`delete-${client.id}-title`}>{CLIENT_TEXTS.deleteTitle}</DialogTitle>
        <DialogContent>
          <DialogContentText>{CLIENT_TEXTS.deleteBody(name)}</DialogContentText>
          <DepartureReasonChoice value={reason} onChange={setReason} />
        </DialogContent>
        <DialogActions sx={{ px: 3, pb: 2 }}>
          <Button onClick={() => setConfirmOpen(false)} disabled={deleting}>
            {CLIENT_TEXTS.cancel}
          </Button>
          <Button color="error" variant="contained" onClick={remove} loading={deleting}>
            {CLIENT_TEXTS.delete}
          </Button>
        </DialogActions>
      </Dialog>
      <Dialog
        open={deactivateOpen}
        onClose={updating ? undefined : () => setDeactivateOpen(false)}
        aria-labelledby={`deactivate-${client.id}-title`}
      >
        <DialogTitle id={`deactivate-${client.id}-title`}>{CLIENT_TEXTS.deactivateTitle(name)}</DialogTitle>
        <DialogContent>
          <DialogContentText>{CLIENT_TEXTS.deactivateBody}</DialogContentText>
          <DepartureReasonChoice value={reason} onChange={setReason} />
        </DialogContent>
        <DialogActions sx={{ px: 3, pb: 2 }}>
          <Button onClick={() => setDeactivateOpen(false)} disabled={updating}>
            {CLIENT_TEXTS.cancel}
          </Button>
          <Button variant="contained" onClick={() => void toggleActive()} loading={updating}>
            {CLIENT_TEXTS.markInactive}
          </Button>
        </DialogActions>
      </Dialog>
    </>
  );
}
