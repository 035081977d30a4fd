import GroupAddIcon from '@mui/icons-material/GroupAdd';
import {
  Alert,
  Box,
  Button,
  Card,
  CardContent,
  CardHeader,
  Chip,
  FormControlLabel,
  FormHelperText,
  List,
  ListItem,
  Skeleton,
  Stack,
  Switch,
  Typography,
} from '@mui/material';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Suspense, useId, useState } from 'react';

import { useBrokerTexts } from '../i18n/useBrokerTexts.ts';
import { useCareKeepDataProvider } from '../providers/dataProvider.ts';
import { useMemberMay } from '../providers/memberMay.tsx';
import { useCurrentUser } from '../providers/useCurrentUser.ts';
import { TaskRulesCard } from '../tasks/lazy.ts';
import type { InvitedMember, Member } from '../types.ts';
import { LoadError } from '../ui/EmptyState.tsx';
import { useErrorToast } from '../ui/errors.ts';
import { formatDateTime, formatDay } from '../ui/format.ts';
import { PageHeader } from '../ui/PageHeader.tsx';
import { useToast } from '../ui/toast.tsx';
import { memberName, MEMBERS_KEY, TEAM_SETTINGS_KEY } from './members.ts';
import { ChangeRoleDialog, InvitationSentDialog, InviteDialog, RemoveMemberDialog } from './TeamDialogs.tsx';
import { ROLE_ORDER } from './texts.ts';

/**
 * /team: the agency's people and what each may do. Everyone sees the team and how it works; owners
 * (members:manage) invite by e-mail, change roles, send invitations again, remove members, whose
 * clients go to another member, and choose whether agents see only their own clients. Seats are free.
 */
export function TeamPage() {
  const { TEAM_TEXTS: T } = useBrokerTexts().team;
  const may = useMemberMay();
  const [inviting, setInviting] = useState(false);
  const [sent, setSent] = useState<InvitedMember | null>(null);
  return (
    <Box>
      <PageHeader
        title={T.title}
        subtitle={T.subtitle}
        actions={
          may('members:manage') && (
            <Button variant="contained" startIcon={<GroupAddIcon />} onClick={() => setInviting(true)}>
              {T.invite}
            </Button>
          )
        }
      />
      <Stack spacing={3}>
        <Alert severity="info" role="note">
          {T.seatsFree}
        </Alert>
        <Members onSent={setSent} />
        <HowTheTeamWorks />
        <Suspense fallback={<Skeleton variant="rounded" height={140} />}>
          <TaskRulesCard />
        </Suspense>
        <Roles />
      </Stack>
      <InviteDialog
        open={inviting}
        onClose={() => setInviting(false)}
        onSent={(invited) => {
          setInviting(false);
          setSent(invited);
        }}
      />
      <InvitationSentDialog sent={sent} onClose={() => setSent(null)} />
    </Box>
  );
}

function Members({ onSent }: { onSent: (invited: InvitedMember) => void }) {
  const { TEAM_TEXTS: T } = useBrokerTexts().team;
  const dataProvider = useCareKeepDataProvider();
  const titleId = useId();
  const members = useQuery({ queryKey: MEMBERS_KEY, queryFn: () => dataProvider.getMembers() });
  const [changing, setChanging] = useState<Member | null>(null);
  const [removing, setRemoving] = useState<Member | null>(null);

  if (members.isPending) {
    return (
      <Stack spacing={1} aria-busy="true">
        {[0, 1, 2].map((i) => (
          <Skeleton key={i} variant="rounded" height={64} />
        ))}
      </Stack>
    );
  }
  if (members.isError) return <LoadError message={T.loadFailed} retryLabel={T.retry} onRetry={() => void members.refetch()} />;
  return (
    <Card component="section" aria-labelledby={titleId}>
      <CardHeader title={T.membersTitle} slotProps={{ title: { id: titleId, variant: 'h6', component: 'h2' } }} />
      <CardContent sx={{ pt: 0 }}>
        <List disablePadding aria-labelledby={titleId}>
          {members.data.map((member, index) => (
            <MemberRow
              key={member.id}
              member={member}
              divider={index < members.data.length - 1}
              onChangeRole={() => setChanging(member)}
              onRemove={() => setRemoving(member)}
              onSent={onSent}
            />
          ))}
        </List>
      </CardContent>
      <ChangeRoleDialog member={changing} onClose={() => setChanging(null)} />
      <RemoveMemberDialog member={removing} members={members.data} onClose={() => setRemoving(null)} />
    </Card>
  );
}

function MemberRow({
  member,
  divider,
  onChangeRole,
  onRemove,
  onSent,
}: {
  member: Member;
  divider: boolean;
  onChangeRole: () => void;
  onRemove: () => void;
  onSent: (invited: InvitedMember) => void;
}) {
  const { TEAM_TEXTS: T, ROLE_NAMES } = useBrokerTexts().team;
  const { data: user } = useCurrentUser();
  const may = useMemberMay();
  const dataProvider = useCareKeepDataProvider();
  const queryClient = useQueryClient();
  const toast = useToast();
  const errorToast = useErrorToast();
  const [resending, setResending] = useState(false);
  const name = memberName(member, T.noName);
  const you = member.id === user?.member.id;
  const invitation = member.status !== 'active';

  const resend = async () => {
    setResending(true);
    try {
      const invited = await dataProvider.resendInvitation(member.id);
      await queryClient.invalidateQueries({ queryKey: MEMBERS_KEY });
      toast({ title: T.resent(invited.email ?? name) });
      onSent(invited);
    } catch (error) {
      errorToast(error, T.resendFailed);
    } finally {
      setResending(false);
    }
  };

  return (
    <ListItem
      disableGutters
      divider={divider}
      data-member-id={member.id}
      sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', columnGap: 2, rowGap: 1, py: 1.5 }}
    >
      <Box sx={{ flex: '1 1 220px', minWidth: 0 }}>
        <Typography sx={{ fontWeight: 600, overflowWrap: 'anywhere' }}>
          {name}
          {you && <Chip size="small" label={T.you} sx={{ ml: 1 }} />}
        </Typography>
        {member.email && member.email !== name && (
          <Typography variant="body2" color="text.secondary" sx={{ overflowWrap: 'anywhere' }}>
            {member.email}
          </Typography>
        )}
      </Box>
      <Box sx={{ flex: '0 0 auto', minWidth: 110 }}>
        <Chip size="small" variant={member.role === 'owner' ? 'filled' : 'outlined'} color="primary" label={ROLE_NAMES[member.role]} />
      </Box>
      <Box sx={{ flex: '1 1 200px', minWidth: 0 }}>
        <Typography variant="body2">
          {member.status === 'active'
            ? T.statusActive
            : member.status === 'invited'
              ? T.statusInvited(formatDay(member.invitationExpiresAt ?? member.createdAt))
              : T.statusExpired}
        </Typography>
        <Typography variant="body2" color="text.secondary">
          {invitation ? '' : `${T.columns.lastSignIn}: ${member.lastSignInAt ? formatDateTime(member.lastSignInAt) : T.never}`}
        </Typography>
      </Box>
      <Typography variant="body2" sx={{ flex: '0 0 auto', minWidth: 90 }}>
        {T.clientsCount(member.clients)}
      </Typography>
      {may('members:manage') && (
        <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1, ml: 'auto' }}>
          {invitation ? (
            <>
              <Button size="small" variant="outlined" onClick={() => void resend()} disabled={resending} aria-label={T.resendLabel(name)}>
                {T.resend}
              </Button>
              <Button size="small" color="error" onClick={onRemove} aria-label={T.withdrawLabel(name)}>
                {T.withdraw}
              </Button>
            </>
          ) : (
            <>
              <Button size="small" variant="outlined" onClick={onChangeRole} aria-label={T.changeRoleLabel(name)}>
                {T.changeRole}
              </Button>
              {!you && (
                <Button size="small" color="error" onClick={onRemove} aria-label={T.removeLabel(name)}>
                  {T.remove}
                </Button>
              )}
            </>
          )}
        </Box>
      )}
    </ListItem>
  );
}

/** The team's settings, in a card of their own. */
function HowTheTeamWorks() {
  const { TEAM_TEXTS: T } = useBrokerTexts().team;
  const titleId = useId();
  return (
    <Card component="section" aria-labelledby={titleId}>
      <CardHeader title={T.settingsTitle} slotProps={{ title: { id: titleId, variant: 'h6', component: 'h2' } }} />
      <CardContent sx={{ pt: 0 }}>
        <AssignedOnlySetting />
      </CardContent>
    </Card>
  );
}

/**
 * Whether agents see only the clients assigned to them: an owner switches it (saved at once);
 * everyone else reads where it stands.
 */
function AssignedOnlySetting() {
  const { TEAM_TEXTS: T } = useBrokerTexts().team;
  const dataProvider = useCareKeepDataProvider();
  const queryClient = useQueryClient();
  const may = useMemberMay();
  const toast = useToast();
  const errorToast = useErrorToast();
  const helpId = useId();
  const settings = useQuery({ queryKey: TEAM_SETTINGS_KEY, queryFn: () => dataProvider.getTeamSettings() });
  // While it saves, the switch shows the choice just made.
  const [saving, setSaving] = useState<boolean | null>(null);

  const save = async (agentsSeeAssignedOnly: boolean) => {
    setSaving(agentsSeeAssignedOnly);
    try {
      const saved = await dataProvider.updateTeamSettings({ agentsSeeAssignedOnly });
      queryClient.setQueryData(TEAM_SETTINGS_KEY, saved);
      toast({ title: T.assignedOnlySaved(saved.agentsSeeAssignedOnly) });
    } catch (error) {
      errorToast(error, T.settingsFailed);
    } finally {
      setSaving(null);
    }
  };

  if (settings.isPending) return <Skeleton variant="rounded" height={72} aria-busy="true" />;
  if (settings.isError) return <LoadError message={T.loadFailed} retryLabel={T.retry} onRetry={() => void settings.refetch()} />;
  if (!may('members:manage')) {
    const on = settings.data.agentsSeeAssignedOnly;
    return (
      <>
        <Typography sx={{ fontWeight: 600 }}>
          {T.assignedOnly}:{' '}
          <Chip component="span" size="small" label={on ? T.settingOn : T.settingOff} color={on ? 'primary' : 'default'} />
        </Typography>
        <Typography variant="body2" color="text.secondary" sx={{ mt: 0.5 }}>
          {T.assignedOnlyHelp} {T.assignedOnlyOwners}
        </Typography>
      </>
    );
  }
  return (
    <>
      <FormControlLabel
        control={
          <Switch
            checked={saving ?? settings.data.agentsSeeAssignedOnly}
            disabled={saving !== null}
            onChange={(event) => void save(event.target.checked)}
            slotProps={{ input: { role: 'switch', 'aria-describedby': helpId } }}
          />
        }
        label={T.assignedOnly}
      />
      <FormHelperText id={helpId} sx={{ mx: 0, fontSize: '0.875rem' }}>
        {T.assignedOnlyHelp}
      </FormHelperText>
    </>
  );
}

/** What each role may do, for whoever wonders why a button is not there. */
function Roles() {
  const { TEAM_TEXTS: T, ROLE_NAMES, ROLE_DESCRIPTIONS } = useBrokerTexts().team;
  const titleId = useId();
  return (
    <Card component="section" aria-labelledby={titleId}>
      <CardHeader title={T.rolesTitle} slotProps={{ title: { id: titleId, variant: 'h6', component: 'h2' } }} />
      <CardContent sx={{ pt: 0 }}>
        <Box
          component="dl"
          sx={{ m: 0, display: 'grid', gridTemplateColumns: { xs: '1fr', sm: 'max-content 1fr' }, columnGap: 3, rowGap: 1 }}
        >
          {ROLE_ORDER.map((role) => (
            <Box key={role} sx={{ display: 'contents' }}>
              <Typography component="dt" sx={{ fontWeight: 600 }}>
                {ROLE_NAMES[role]}
              </Typography>
              <Typography component="dd" color="text.secondary" sx={{ m: 0, mb: { xs: 1, sm: 0 } }}>
                {ROLE_DESCRIPTIONS[role]}
              </Typography>
            </Box>
          ))}
        </Box>
      </CardContent>
    </Card>
  );
}
