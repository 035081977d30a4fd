import DeleteIcon from '@mui/icons-material/Delete';
import EmailIcon from '@mui/icons-material/Email';
import EventIcon from '@mui/icons-material/Event';
import HourglassTopIcon from '@mui/icons-material/HourglassTop';
import HowToRegIcon from '@mui/icons-material/HowToReg';
import MoreVertIcon from '@mui/icons-material/MoreVert';
import PersonIcon from '@mui/icons-material/Person';
import PersonOffIcon from '@mui/icons-material/PersonOff';
import PhoneIcon from '@mui/icons-material/Phone';
import SendIcon from '@mui/icons-material/Send';
import {
  Avatar,
  Box,
  Button,
  Card,
  CardActions,
  CardContent,
  Chip,
  Dialog,
  DialogActions,
  DialogContent,
  DialogContentText,
  DialogTitle,
  Divider,
  IconButton,
  LinearProgress,
  ListItemIcon,
  ListItemText,
  Menu,
  MenuItem,
  Typography,
} from '@mui/material';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { type ReactNode, useState } from 'react';
import { useDelete, useUpdate } from 'react-admin';

import { useCareKeepDataProvider } from '../providers/dataProvider.ts';
import type { Client, InviteResult } from '../types.ts';
import { useErrorToast } from '../ui/errors.ts';
import { useToast } from '../ui/toast.tsx';
import { engagementColor, formatDate, formatPhone, initials } from './format.ts';
import { CLIENT_TEXTS } from './texts.ts';
import { useRefreshUsage } from './usage.ts';

/** One client: contact details, engagement, status, invitation and the card menu. */
export function ClientCard({ client }: { client: Client }) {
  const name = `${client.firstName} ${client.lastName}`;
  const [menuAnchor, setMenuAnchor] = useState<HTMLElement | null>(null);
  const [confirmOpen, setConfirmOpen] = useState(false);
  const [deleteOne, { isPending: deleting }] = useDelete<Client>();
  const [update] = useUpdate<Client>();
  const toast = useToast();
  const errorToast = useErrorToast();
  const refreshUsage = useRefreshUsage();
  const score = Math.max(0, Math.min(100, Math.round(client.engagementScore ?? 0)));

  const remove = () =>
    deleteOne(
      'clients',
      { id: client.id, previousData: client },
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
      { id: client.id, data: { isActive: !client.isActive }, previousData: client },
      {
        mutationMode: 'pessimistic',
        onSuccess: () => {
          toast({ title: CLIENT_TEXTS.statusChanged(name, !client.isActive) });
          void refreshUsage();
        },
        onError: (error) => errorToast(error, CLIENT_TEXTS.statusFailed),
      },
    );

  return (
    <Card component="article" aria-label={name} sx={{ display: 'flex', flexDirection: 'column', height: '100%' }}>
      <CardContent sx={{ flex: 1, pb: 1 }}>
        <Box sx={{ display: 'flex', alignItems: 'flex-start', gap: 1.5 }}>
          <Avatar sx={{ bgcolor: 'primary.main', width: 40, height: 40, fontSize: '1rem' }} aria-hidden>
            {initials(client.firstName, client.lastName)}
          </Avatar>
          <Box sx={{ flex: 1, minWidth: 0 }}>
            <Typography component="h2" variant="subtitle1" sx={{ fontWeight: 600, lineHeight: 1.3 }} noWrap title={name}>
              {name}
            </Typography>
            <Chip
              size="small"
              label={client.isActive ? CLIENT_TEXTS.active : CLIENT_TEXTS.inactive}
              color={client.isActive ? 'success' : 'default'}
              variant={client.isActive ? 'filled' : 'outlined'}
              sx={{ mt: 0.5, height: 22 }}
            />
          </Box>
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
                void toggleActive();
              }}
            >
              <ListItemIcon>{client.isActive ? <PersonOffIcon fontSize="small" /> : <PersonIcon fontSize="small" />}</ListItemIcon>
              <ListItemText>{client.isActive ? CLIENT_TEXTS.markInactive : CLIENT_TEXTS.markActive}</ListItemText>
            </MenuItem>
            <MenuItem
              onClick={() => {
                setMenuAnchor(null);
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
        </Box>

        <Box sx={{ mt: 2, display: 'grid', gap: 0.75 }}>
          <Detail icon={<PhoneIcon fontSize="small" />}>{formatPhone(client.phone)}</Detail>
          <PendingContact client={client} field="phone" />
          <Detail icon={<EmailIcon fontSize="small" />} muted={!client.email}>
            {client.email || CLIENT_TEXTS.noEmail}
          </Detail>
          <PendingContact client={client} field="email" />
          <Detail icon={<EventIcon fontSize="small" />}>{CLIENT_TEXTS.joined(formatDate(client.createdAt))}</Detail>
        </Box>

        <Box sx={{ mt: 2 }}>
          <Box sx={{ display: 'flex', justifyContent: 'space-between', mb: 0.5 }}>
            <Typography variant="body2" color="text.secondary">
              {CLIENT_TEXTS.engagement}
            </Typography>
            <Typography variant="body2" sx={{ fontWeight: 600 }}>
              {CLIENT_TEXTS.engagementOutOf(score)}
            </Typography>
          </Box>
          <LinearProgress
            variant="determinate"
            value={score}
            color={engagementColor(score)}
            aria-label={`${CLIENT_TEXTS.engagement} ${CLIENT_TEXTS.engagementOutOf(score)}`}
            sx={{ height: 6, borderRadius: 3, bgcolor: 'grey.200' }}
          />
        </Box>
      </CardContent>
      <Divider />
      <CardActions sx={{ px: 2, py: 1.25, justifyContent: 'space-between', minHeight: 52 }}>
        <InviteControl client={client} />
      </CardActions>

      <Dialog open={confirmOpen} onClose={deleting ? undefined : () => setConfirmOpen(false)} aria-labelledby={`delete-${client.id}-title`}>
        <DialogTitle id={`delete-${client.id}-title`}>{CLIENT_TEXTS.deleteTitle}</DialogTitle>
        <DialogContent>
          <DialogContentText>{CLIENT_TEXTS.deleteBody(name)}</DialogContentText>
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
    </Card>
  );
}

/** A registered client's new phone or e-mail, which waits for them to confirm it in their portal. */
function PendingContact({ client, field }: { client: Client; field: 'phone' | 'email' }) {
  const change = client.pendingContactChanges.find((c) => c.field === field);
  if (!change) return null;
  const value = change.value === null ? null : field === 'phone' ? formatPhone(change.value) : change.value;
  return (
    <Detail icon={<HourglassTopIcon fontSize="small" color="warning" />}>
      <Box component="span" sx={{ color: 'text.primary' }}>
        {CLIENT_TEXTS.contactChangePending(value)}
      </Box>
    </Detail>
  );
}

function Detail({ icon, muted, children }: { icon: ReactNode; muted?: boolean; children: ReactNode }) {
  return (
    <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, minWidth: 0, color: 'text.secondary' }}>
      {icon}
      <Typography variant="body2" color={muted ? 'text.disabled' : 'text.primary'} noWrap>
        {children}
      </Typography>
    </Box>
  );
}

/** SPEC §4 Client invite: Send Invite, Resend Invite once one was sent, Registered once accepted. */
function InviteControl({ client }: { client: Client }) {
  const dataProvider = useCareKeepDataProvider();
  const queryClient = useQueryClient();
  const toast = useToast();
  const errorToast = useErrorToast();

  const copyLink = async (url: string) => {
    try {
      await navigator.clipboard.writeText(url);
      toast({ title: CLIENT_TEXTS.copied, description: CLIENT_TEXTS.copiedDescription });
    } catch (error) {
      errorToast(error, CLIENT_TEXTS.copyFailed);
    }
  };

  const invite = useMutation({
    mutationFn: () => dataProvider.inviteClient(client.id),
    onSuccess: (result: InviteResult) => {
      if (result.success) {
        toast({ title: CLIENT_TEXTS.inviteSent, description: result.message });
      } else {
        // The text did not go out, but the link works: let the broker share it another way.
        toast({
          title: CLIENT_TEXTS.inviteCreated,
          description: result.message,
          action: { label: CLIENT_TEXTS.copyLink, onClick: () => void copyLink(result.inviteUrl) },
        });
      }
      // The card now reads 'Resend Invite'.
      void queryClient.invalidateQueries({ queryKey: ['clients', 'getList'] });
    },
    onError: (error) => errorToast(error, CLIENT_TEXTS.inviteFailed),
  });

  if (client.inviteStatus === 'accepted') {
    return <Chip icon={<HowToRegIcon />} label={CLIENT_TEXTS.registered} color="success" variant="outlined" size="small" />;
  }
  return (
    <>
      <Typography variant="caption" color={client.inviteStatus === 'expired' ? 'warning.main' : 'text.secondary'}>
        {client.inviteStatus === 'pending'
          ? CLIENT_TEXTS.invitePending
          : client.inviteStatus === 'expired'
            ? CLIENT_TEXTS.inviteExpired
            : ''}
      </Typography>
      <Button
        size="small"
        variant={client.inviteToken ? 'outlined' : 'contained'}
        startIcon={<SendIcon />}
        onClick={() => invite.mutate()}
        loading={invite.isPending}
        aria-label={`${client.inviteToken ? CLIENT_TEXTS.resendInvite : CLIENT_TEXTS.sendInvite} to ${client.firstName} ${client.lastName}`}
      >
        {client.inviteToken ? CLIENT_TEXTS.resendInvite : CLIENT_TEXTS.sendInvite}
      </Button>
    </>
  );
}
