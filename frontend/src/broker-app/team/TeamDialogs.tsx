import {
  Box,
  Button,
  Dialog,
  DialogActions,
  DialogContent,
  DialogContentText,
  DialogTitle,
  FormControl,
  FormControlLabel,
  FormLabel,
  MenuItem,
  Radio,
  RadioGroup,
  TextField,
  Typography,
} from '@mui/material';
import { useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useEffect, useId, useState } from 'react';

import { errorBodyField, serverMessage } from '../../lib/http.ts';
import { useBrokerTexts } from '../i18n/useBrokerTexts.ts';
import { useCareKeepDataProvider } from '../providers/dataProvider.ts';
import { useCurrentUser } from '../providers/useCurrentUser.ts';
import type { InvitedMember, Member, MemberRole } from '../types.ts';
import { CopyField } from '../ui/CopyField.tsx';
import { useErrorToast } from '../ui/errors.ts';
import { useToast } from '../ui/toast.tsx';
import { memberName, MEMBERS_KEY } from './members.ts';
import { ROLE_ORDER } from './texts.ts';

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** The roles, each with what it may do, as radio buttons. */
function RolePicker({ value, onChange }: { value: MemberRole; onChange: (role: MemberRole) => void }) {
  const { TEAM_TEXTS: T, ROLE_NAMES, ROLE_DESCRIPTIONS } = useBrokerTexts().team;
  const labelId = useId();
  return (
    <FormControl sx={{ mt: 2 }}>
      <FormLabel id={labelId}>{T.roleLabel}</FormLabel>
      <RadioGroup aria-labelledby={labelId} value={value} onChange={(event) => onChange(event.target.value as MemberRole)}>
        {ROLE_ORDER.map((role) => (
          <FormControlLabel
            key={role}
            value={role}
            control={<Radio />}
            sx={{ alignItems: 'flex-start', mt: 1, '& .MuiRadio-root': { pt: 0.25 } }}
            label={
              <Box>
                <Typography sx={{ fontWeight: 600 }}>{ROLE_NAMES[role]}</Typography>
                <Typography variant="body2" color="text.secondary">
                  {ROLE_DESCRIPTIONS[role]}
                </Typography>
              </Box>
            }
          />
        ))}
      </RadioGroup>
    </FormControl>
  );
}

/** Invite by e-mail with a role; the server e-mails the link, and the answer shows it once. */
export function InviteDialog({ open, onClose, onSent }: { open: boolean; onClose: () => void; onSent: (invited: InvitedMember) => void }) {
  const { TEAM_TEXTS: T } = useBrokerTexts().team;
  const dataProvider = useCareKeepDataProvider();
  const queryClient = useQueryClient();
  const errorToast = useErrorToast();
  const titleId = useId();
  const [email, setEmail] = useState('');
  const [role, setRole] = useState<MemberRole>('agent');
  const [problem, setProblem] = useState<string | undefined>();
  const [sending, setSending] = useState(false);

  useEffect(() => {
    if (!open) return;
    setEmail('');
    setRole('agent');
    setProblem(undefined);
  }, [open]);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const address = email.trim();
    if (!address) return setProblem(T.emailRequired);
    if (!EMAIL.test(address)) return setProblem(T.emailInvalid);
    setSending(true);
    try {
      const invited = await dataProvider.inviteMember({ email: address, role });
      await queryClient.invalidateQueries({ queryKey: MEMBERS_KEY });
      onSent(invited);
    } catch (error) {
      const status = (error as { status?: number }).status;
      if (status === 409) setProblem(T.alreadyMember);
      else if (errorBodyField(error, 'field') === 'email') setProblem(serverMessage(error));
      else errorToast(error, T.sendFailed);
    } finally {
      setSending(false);
    }
  };

  return (
    <Dialog open={open} onClose={onClose} maxWidth="sm" fullWidth aria-labelledby={titleId}>
      <Box component="form" noValidate onSubmit={(event) => void submit(event)}>
        <DialogTitle id={titleId}>{T.inviteTitle}</DialogTitle>
        <DialogContent>
          <DialogContentText sx={{ mb: 2 }}>{T.inviteIntro}</DialogContentText>
          <TextField
            label={T.emailLabel}
            type="email"
            value={email}
            onChange={(event) => {
              setEmail(event.target.value);
              setProblem(undefined);
            }}
            error={problem !== undefined}
            helperText={problem}
            fullWidth
            required
            autoFocus
            slotProps={{ htmlInput: { maxLength: 254, autoComplete: 'off' } }}
          />
          <RolePicker value={role} onChange={setRole} />
        </DialogContent>
        <DialogActions sx={{ px: 3, pb: 2 }}>
          <Button onClick={onClose} disabled={sending}>
            {T.cancel}
          </Button>
          <Button type="submit" variant="contained" disabled={sending}>
            {T.send}
          </Button>
        </DialogActions>
      </Box>
    </Dialog>
  );
}

/** The invitation just sent: the link, for the owner to pass on another way too. */
export function InvitationSentDialog({ sent, onClose }: { sent: InvitedMember | null; onClose: () => void }) {
  const { TEAM_TEXTS: T } = useBrokerTexts().team;
  const toast = useToast();
  const titleId = useId();
  const link = sent?.invitationUrl ?? '';
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(link);
      toast({ title: T.copied });
    } catch {
      // The link stays selected in the field for the person to copy themselves.
    }
  };
  return (
    <Dialog open={sent !== null} onClose={onClose} maxWidth="sm" fullWidth aria-labelledby={titleId}>
      <DialogTitle id={titleId}>{T.sentTitle}</DialogTitle>
      <DialogContent>
        <DialogContentText sx={{ mb: 2, overflowWrap: 'anywhere' }}>{T.sentBody(sent?.email ?? '')}</DialogContentText>
        <CopyField label={T.linkLabel} value={link} testId="invitation-link" copyLabel={T.copy} onCopy={() => void copy()} />
      </DialogContent>
      <DialogActions sx={{ px: 3, pb: 2 }}>
        <Button variant="outlined" onClick={onClose}>
          {T.done}
        </Button>
      </DialogActions>
    </Dialog>
  );
}

/** A joined member's new role; the server keeps the agency an owner. */
export function ChangeRoleDialog({ member, onClose }: { member: Member | null; onClose: () => void }) {
  const { TEAM_TEXTS: T, ROLE_NAMES } = useBrokerTexts().team;
  const dataProvider = useCareKeepDataProvider();
  const queryClient = useQueryClient();
  const toast = useToast();
  const errorToast = useErrorToast();
  const titleId = useId();
  const [role, setRole] = useState<MemberRole>('agent');
  const [saving, setSaving] = useState(false);
  useEffect(() => {
    if (member) setRole(member.role);
  }, [member]);
  if (!member) return null;
  const name = memberName(member, T.noName);

  const save = async () => {
    setSaving(true);
    try {
      await dataProvider.changeMemberRole(member.id, role);
      await queryClient.invalidateQueries({ queryKey: MEMBERS_KEY });
      toast({ title: T.roleSaved(name, ROLE_NAMES[role]) });
      onClose();
    } catch (error) {
      if (errorBodyField(error, 'field') === 'role') toast({ title: T.roleFailed, description: T.lastOwner, variant: 'destructive' });
      else errorToast(error, T.roleFailed);
    } finally {
      setSaving(false);
    }
  };

  return (
    <Dialog open onClose={onClose} maxWidth="sm" fullWidth aria-labelledby={titleId}>
      <DialogTitle id={titleId} sx={{ overflowWrap: 'anywhere' }}>
        {T.roleTitle(name)}
      </DialogTitle>
      <DialogContent>
        <RolePicker value={role} onChange={setRole} />
      </DialogContent>
      <DialogActions sx={{ px: 3, pb: 2 }}>
        <Button onClick={onClose} disabled={saving}>
          {T.cancel}
        </Button>
        <Button variant="contained" onClick={() => void save()} disabled={saving || role === member.role}>
          {T.save}
        </Button>
      </DialogActions>
    </Dialog>
  );
}

/**
 * Removes a member, asked first: who takes over their clients (a member who has joined; you by
 * default). For an invitation, withdraws it.
 */
export function RemoveMemberDialog({ member, members, onClose }: { member: Member | null; members: Member[]; onClose: () => void }) {
  const { TEAM_TEXTS: T } = useBrokerTexts().team;
  const { data: user } = useCurrentUser();
  const dataProvider = useCareKeepDataProvider();
  const queryClient = useQueryClient();
  const toast = useToast();
  const errorToast = useErrorToast();
  const titleId = useId();
  const me = user?.member.id ?? '';
  const [heir, setHeir] = useState(me);
  const [removing, setRemoving] = useState(false);
  useEffect(() => {
    if (member) setHeir(me);
  }, [member, me]);
  if (!member) return null;
  const name = memberName(member, T.noName);
  const invitation = member.status !== 'active';
  const heirs = members.filter((other) => other.status === 'active' && other.id !== member.id);

  const remove = async () => {
    setRemoving(true);
    try {
      const removed = await dataProvider.removeMember(member.id, invitation ? undefined : heir);
      await queryClient.invalidateQueries({ queryKey: MEMBERS_KEY });
      const to = heirs.find((other) => other.id === removed.reassignedTo);
      toast({
        title: invitation
          ? T.withdrawn(member.email ?? name)
          : T.removed(name, removed.clientsReassigned, to ? memberName(to, T.noName) : ''),
      });
      onClose();
    } catch (error) {
      errorToast(error, T.removeFailed);
    } finally {
      setRemoving(false);
    }
  };

  return (
    <Dialog open onClose={onClose} maxWidth="sm" fullWidth aria-labelledby={titleId}>
      <DialogTitle id={titleId} sx={{ overflowWrap: 'anywhere' }}>
        {invitation ? T.withdrawTitle(member.email ?? name) : T.removeTitle(name)}
      </DialogTitle>
      <DialogContent>
        <DialogContentText>{invitation ? T.withdrawBody : T.removeBody}</DialogContentText>
        {!invitation && (
          <TextField
            select
            label={T.reassignLabel(member.clients)}
            value={heir}
            onChange={(event) => setHeir(event.target.value)}
            fullWidth
            sx={{ mt: 3 }}
          >
            {heirs.map((other) => (
              <MenuItem key={other.id} value={other.id}>
                {other.id === me ? `${memberName(other, T.noName)} (${T.you})` : memberName(other, T.noName)}
              </MenuItem>
            ))}
          </TextField>
        )}
      </DialogContent>
      <DialogActions sx={{ px: 3, pb: 2 }}>
        <Button onClick={onClose} disabled={removing}>
          {T.cancel}
        </Button>
        <Button variant="contained" color="error" onClick={() => void remove()} disabled={removing}>
          {invitation ? T.withdrawConfirm : T.removeConfirm}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
