import PersonAddIcon from '@mui/icons-material/PersonAdd';
import PersonRemoveIcon from '@mui/icons-material/PersonRemove';
import {
  Alert,
  Avatar,
  Box,
  Button,
  Card,
  CardContent,
  CardHeader,
  Chip,
  Dialog,
  DialogActions,
  DialogContent,
  DialogContentText,
  DialogTitle,
  List,
  ListItem,
  ListItemAvatar,
  ListItemText,
  Skeleton,
  Stack,
  TextField,
  Typography,
} from '@mui/material';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useId, useState } from 'react';

import { useBrokerTexts } from '../../i18n/useBrokerTexts.ts';
import { useCareKeepDataProvider } from '../../providers/dataProvider.ts';
import type { PlatformAdmin } from '../../types.ts';
import { useErrorToast } from '../../ui/errors.ts';
import { formatDateTime } from '../../ui/format.ts';
import { useToast } from '../../ui/toast.tsx';

export const PLATFORM_ADMINS_KEY = ['admin', 'admins'] as const;

function nameOf(admin: PlatformAdmin): string {
  return [admin.firstName, admin.lastName].filter(Boolean).join(' ') || admin.email || '';
}

function initialsOf(admin: PlatformAdmin): string {
  const name = nameOf(admin);
  return name
    .split(/[\s@.]+/)
    .filter(Boolean)
    .slice(0, 2)
    .map((part) => part[0]!.toUpperCase())
    .join('');
}

/**
 * The platform admins (/admin/admins): who they are, adding one by e-mail and removing another's
 * access (asked first). The server refuses to remove one's own access; the page does not offer it.
 */
export function AdminsPage() {
  const { ADMINS_TEXTS: T } = useBrokerTexts().adminAdmins;
  const dataProvider = useCareKeepDataProvider();
  const listTitleId = useId();
  const admins = useQuery({ queryKey: PLATFORM_ADMINS_KEY, queryFn: () => dataProvider.getPlatformAdmins() });
  const [removing, setRemoving] = useState<PlatformAdmin | null>(null);

  return (
    <Box sx={{ maxWidth: 880 }}>
      <Typography variant="h4" component="h1" sx={{ fontWeight: 700 }}>
        {T.title}
      </Typography>
      <Typography color="text.secondary" sx={{ mt: 0.5, mb: 3 }}>
        {T.subtitle}
      </Typography>
      <AddAdminCard />
      <Card component="section" aria-labelledby={listTitleId} sx={{ mt: 3 }}>
        <CardHeader
          title={T.listTitle}
          subheader={admins.data ? T.count(admins.data.length) : undefined}
          slotProps={{ title: { id: listTitleId, variant: 'h6', component: 'h2' } }}
        />
        <CardContent sx={{ pt: 0 }}>
          {admins.isPending ? (
            <Skeleton variant="rounded" height={120} />
          ) : admins.isError ? (
            <Alert severity="error">{T.loadFailed}</Alert>
          ) : (
            <List aria-labelledby={listTitleId} disablePadding>
              {admins.data.map((admin) => (
                <AdminRow key={admin.id} admin={admin} onRemove={() => setRemoving(admin)} />
              ))}
            </List>
          )}
        </CardContent>
      </Card>
      <RemoveAdminDialog admin={removing} onClose={() => setRemoving(null)} />
    </Box>
  );
}

function AdminRow({ admin, onRemove }: { admin: PlatformAdmin; onRemove: () => void }) {
  const { ADMINS_TEXTS: T } = useBrokerTexts().adminAdmins;
  const name = [admin.firstName, admin.lastName].filter(Boolean).join(' ');
  return (
    <ListItem divider sx={{ flexWrap: 'wrap', gap: 1, px: 0 }}>
      <ListItemAvatar>
        <Avatar aria-hidden sx={{ bgcolor: 'primary.main', color: 'primary.contrastText' }}>
          {initialsOf(admin)}
        </Avatar>
      </ListItemAvatar>
      <ListItemText
        sx={{ minWidth: 200, flex: '1 1 240px' }}
        primary={
          <Stack direction="row" spacing={1} sx={{ alignItems: 'center', flexWrap: 'wrap' }}>
            <span>{name || T.noName}</span>
            {admin.isYou && <Chip size="small" color="primary" label={T.you} />}
          </Stack>
        }
        secondary={
          <>
            {admin.email}
            <br />
            {admin.lastSignInAt ? T.lastSignIn(formatDateTime(admin.lastSignInAt)) : T.neverSignedIn}
          </>
        }
      />
      {admin.isYou ? (
        <Typography variant="body2" color="text.secondary" sx={{ flex: '1 1 220px', maxWidth: 320 }}>
          {T.ownAccess}
        </Typography>
      ) : (
        <Button
          variant="outlined"
          color="error"
          startIcon={<PersonRemoveIcon />}
          onClick={onRemove}
          aria-label={T.removeLabel(nameOf(admin))}
        >
          {T.remove}
        </Button>
      )}
    </ListItem>
  );
}

function AddAdminCard() {
  const { ADMINS_TEXTS: T } = useBrokerTexts().adminAdmins;
  const dataProvider = useCareKeepDataProvider();
  const queryClient = useQueryClient();
  const toast = useToast();
  const errorToast = useErrorToast();
  const titleId = useId();
  const [email, setEmail] = useState('');
  const [error, setError] = useState<string | null>(null);
  const add = useMutation({
    mutationFn: (address: string) => dataProvider.grantAdmin(address),
    onSuccess: (_added, address) => {
      toast({ title: T.added, description: T.addedDescription(address) });
      setEmail('');
      return queryClient.invalidateQueries({ queryKey: PLATFORM_ADMINS_KEY });
    },
    onError: (failure) => errorToast(failure, T.addFailed),
  });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const address = email.trim();
    if (!address) {
      setError(T.emailRequired);
      return;
    }
    setError(null);
    add.mutate(address);
  };
  return (
    <Card component="section" aria-labelledby={titleId}>
      <CardHeader title={T.addTitle} subheader={T.addIntro} slotProps={{ title: { id: titleId, variant: 'h6', component: 'h2' } }} />
      <CardContent sx={{ pt: 0 }}>
        <Stack component="form" onSubmit={submit} noValidate direction={{ xs: 'column', sm: 'row' }} spacing={2}>
          <TextField
            label={T.emailLabel}
            type="email"
            name="email"
            autoComplete="off"
            value={email}
            onChange={(event) => {
              setEmail(event.target.value);
              setError(null);
            }}
            error={Boolean(error)}
            helperText={error ?? ' '}
            sx={{ flex: 1 }}
          />
          <Box>
            <Button type="submit" variant="contained" startIcon={<PersonAddIcon />} loading={add.isPending} sx={{ mt: { sm: 1 } }}>
              {T.add}
            </Button>
          </Box>
        </Stack>
      </CardContent>
    </Card>
  );
}

function RemoveAdminDialog({ admin, onClose }: { admin: PlatformAdmin | null; onClose: () => void }) {
  const { ADMINS_TEXTS: T } = useBrokerTexts().adminAdmins;
  const dataProvider = useCareKeepDataProvider();
  const queryClient = useQueryClient();
  const toast = useToast();
  const errorToast = useErrorToast();
  const titleId = useId();
  const remove = useMutation({
    mutationFn: (target: PlatformAdmin) => dataProvider.revokeAdmin(target.id),
    onSuccess: (_answer, target) => {
      toast({ title: T.removed, description: T.removedDescription(nameOf(target)) });
      onClose();
      return queryClient.invalidateQueries({ queryKey: PLATFORM_ADMINS_KEY });
    },
    onError: (failure) => errorToast(failure, T.removeFailed),
  });
  return (
    <Dialog open={admin !== null} onClose={remove.isPending ? undefined : onClose} aria-labelledby={titleId} maxWidth="xs" fullWidth>
      <DialogTitle id={titleId}>{T.removeTitle}</DialogTitle>
      <DialogContent>
        <DialogContentText>{admin ? T.removeBody(nameOf(admin)) : ''}</DialogContentText>
      </DialogContent>
      <DialogActions sx={{ px: 3, pb: 2 }}>
        <Button onClick={onClose} disabled={remove.isPending}>
          {T.cancel}
        </Button>
        <Button variant="contained" color="error" loading={remove.isPending} onClick={() => admin && remove.mutate(admin)}>
          {T.confirmRemove}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
