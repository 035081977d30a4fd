import { Button, Dialog, DialogActions, DialogContent, DialogTitle, MenuItem, TextField } from '@mui/material';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useId, useState } from 'react';

import { useBrokerTexts } from '../i18n/useBrokerTexts.ts';
import { useCareKeepDataProvider } from '../providers/dataProvider.ts';
import { useCurrentUser } from '../providers/useCurrentUser.ts';
import { memberName, MEMBERS_KEY } from '../team/members.ts';
import type { Client, Member } from '../types.ts';
import { useErrorToast } from '../ui/errors.ts';
import { useToast } from '../ui/toast.tsx';

/** The members who may look after clients: those who have joined (not open invitations). */
export function useJoinedMembers() {
  const dataProvider = useCareKeepDataProvider();
  // Asked again each time a page using it opens: someone may have joined since (the list read before shows meanwhile).
  const members = useQuery({ queryKey: MEMBERS_KEY, queryFn: () => dataProvider.getMembers(), refetchOnMount: 'always' });
  return (members.data ?? []).filter((member) => member.status === 'active');
}

/**
 * Whether the signed-in member sees only the clients assigned to them (an agent, when the agency
 * keeps agents to their own clients). The server keeps them to it; the list leaves out what would
 * only be about other members' clients.
 */
export function useSeesOnlyAssigned(): boolean {
  return useCurrentUser().data?.member.seesOnlyAssigned ?? false;
}

/**
 * The joined members when the list says whose each client is (the Member filter, column and card
 * line): more than one has joined, and the signed-in member sees more than their own clients.
 * Otherwise none.
 */
export function useListedMembers() {
  const members = useJoinedMembers();
  const seesOnlyAssigned = useSeesOnlyAssigned();
  return members.length > 1 && !seesOnlyAssigned ? members : [];
}

/** The name of the member who looks after `client`: null for nobody yet, undefined when that member is not listed. */
export function assignedName(client: Client, members: Member[], noName: string): string | null | undefined {
  if (!client.assignedMemberId) return null;
  const member = members.find((one) => one.id === client.assignedMemberId);
  return member && memberName(member, noName);
}

/** Hands the selected clients to a member who has joined, or to nobody; the server changes all or none. */
export function AssignClientsDialog({ ids, onClose, onDone }: { ids: string[]; onClose: () => void; onDone: () => void }) {
  const { CLIENT_TEXTS: T } = useBrokerTexts().clients;
  const { TEAM_TEXTS } = useBrokerTexts().team;
  const dataProvider = useCareKeepDataProvider();
  const queryClient = useQueryClient();
  const toast = useToast();
  const errorToast = useErrorToast();
  const members = useJoinedMembers();
  const titleId = useId();
  const [choice, setChoice] = useState('');
  const [saving, setSaving] = useState(false);

  const assign = async () => {
    setSaving(true);
    try {
      const memberId = choice === 'none' ? null : choice;
      const result = await dataProvider.assignClients(ids, memberId);
      const chosen = members.find((member) => member.id === memberId);
      toast({ title: T.assigned(result.done, chosen ? memberName(chosen, TEAM_TEXTS.noName) : null) });
      await queryClient.invalidateQueries({ queryKey: ['clients'] });
      await queryClient.invalidateQueries({ queryKey: MEMBERS_KEY });
      onDone();
    } catch (error) {
      errorToast(error, T.bulkFailed);
    } finally {
      setSaving(false);
    }
  };

  return (
    <Dialog open onClose={saving ? undefined : onClose} maxWidth="xs" fullWidth aria-labelledby={titleId}>
      <DialogTitle id={titleId}>{T.assignTitle(ids.length)}</DialogTitle>
      <DialogContent>
        <TextField select label={T.assignLabel} value={choice} onChange={(event) => setChoice(event.target.value)} fullWidth sx={{ mt: 1 }}>
          {members.map((member) => (
            <MenuItem key={member.id} value={member.id}>
              {memberName(member, TEAM_TEXTS.noName)}
            </MenuItem>
          ))}
          <MenuItem value="none">{T.assignNobody}</MenuItem>
        </TextField>
      </DialogContent>
      <DialogActions sx={{ px: 3, pb: 2 }}>
        <Button onClick={onClose} disabled={saving}>
          {T.cancel}
        </Button>
        <Button variant="contained" onClick={() => void assign()} disabled={!choice} loading={saving}>
          {T.assignConfirm(ids.length)}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
