import AddIcon from '@mui/icons-material/Add';
import { Box, Button, Chip, Dialog, DialogActions, DialogContent, DialogContentText, DialogTitle, Typography } from '@mui/material';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { type ReactNode, useId, useState } from 'react';

import { useBrokerTexts } from '../i18n/useBrokerTexts.ts';
import { useCareKeepDataProvider } from '../providers/dataProvider.ts';
import { useMemberMay } from '../providers/memberMay.tsx';
import { memberName } from '../team/members.ts';
import type { Client, Member, Policy, PolicyStatus } from '../types.ts';
import { useErrorToast } from '../ui/errors.ts';
import { QueryBody } from '../ui/QueryBody.tsx';
import { useToast } from '../ui/toast.tsx';
import { useJoinedMembers } from './AssignClientsDialog.tsx';
import { dollars, policiesChanged, policiesKey, policyDay } from './policies.ts';
import { PolicyDialog } from './PolicyDialog.tsx';

// Filled for what is in force; outlined text for the rest (contrast stays with the text colour).
const STATUS_CHIP: Record<PolicyStatus, { color: 'success' | 'warning' | 'default'; variant: 'filled' | 'outlined' }> = {
  active: { color: 'success', variant: 'filled' },
  pending: { color: 'default', variant: 'outlined' },
  terminated: { color: 'default', variant: 'outlined' },
  declined: { color: 'default', variant: 'outlined' },
};

type Section = (props: { title: string; action?: ReactNode; children: ReactNode }) => ReactNode;

/**
 * The client's policies (docs/policies.md), current ones first as the server lists them; members
 * who may change clients add, edit and delete them (a policy entered by mistake; one that ended is
 * marked terminated).
 */
export function PoliciesCard({ client, section: Section }: { client: Client; section: Section }) {
  const { POLICY_TEXTS: T } = useBrokerTexts().clientPage;
  const dataProvider = useCareKeepDataProvider();
  const mayChange = useMemberMay()('clients:write');
  const members = useJoinedMembers();
  const query = useQuery({
    queryKey: policiesKey(client.id),
    queryFn: () => dataProvider.getClientPolicies(client.id),
  });
  // null: the add form; a policy: its edit form.
  const [editing, setEditing] = useState<Policy | null | undefined>(undefined);
  const [deleting, setDeleting] = useState<Policy | null>(null);

  return (
    <Section
      title={T.title}
      action={
        mayChange && (
          <Button size="small" startIcon={<AddIcon />} onClick={() => setEditing(null)}>
            {T.add}
          </Button>
        )
      }
    >
      <QueryBody query={query} height={80} failed={T.loadFailed} empty={T.empty}>
        {(data) => (
          <Box component="ul" aria-label={T.title} sx={{ listStyle: 'none', m: 0, p: 0, display: 'grid', gap: 1.5 }}>
            {data.map((policy) => (
              <PolicyItem
                key={policy.id}
                policy={policy}
                members={members}
                actions={
                  mayChange && (
                    <>
                      <Button size="small" onClick={() => setEditing(policy)}>
                        {T.edit}
                      </Button>
                      <Button size="small" color="error" onClick={() => setDeleting(policy)}>
                        {T.delete}
                      </Button>
                    </>
                  )
                }
              />
            ))}
          </Box>
        )}
      </QueryBody>
      {editing !== undefined && (
        <PolicyDialog clientId={client.id} policy={editing} members={members} onClose={() => setEditing(undefined)} />
      )}
      {deleting && <DeletePolicyDialog policy={deleting} onClose={() => setDeleting(null)} />}
    </Section>
  );
}

function PolicyItem({ policy, members, actions }: { policy: Policy; members: Member[]; actions: ReactNode }) {
  const { POLICY_TEXTS: T } = useBrokerTexts().clientPage;
  const { TEAM_TEXTS } = useBrokerTexts().team;
  const chip = STATUS_CHIP[policy.status];
  const plan = policy.planId ?? (policy.medigapPlan && T.medigapLetter(policy.medigapPlan));
  const writer = members.find((member) => member.id === policy.writingMemberId);
  const facts = [
    policy.effectiveDate && T.effective(policyDay(policy.effectiveDate)),
    policy.premiumCents !== null && T.perMonth(dollars(policy.premiumCents)),
    writer && T.writtenBy(memberName(writer, TEAM_TEXTS.noName)),
  ].filter(Boolean);
  // Shown to members who see commissions (the server leaves them null for the others).
  const expected = policy.expectedCommission;
  const commission = [
    expected && T.commission(dollars(expected.monthlyCents), expected.kind),
    (expected || Boolean(policy.paidCommissionCents)) &&
      policy.paidCommissionCents !== null &&
      T.commissionPaid(dollars(policy.paidCommissionCents)),
  ].filter(Boolean);
  return (
    <Box component="li" sx={{ borderLeft: 3, borderColor: policy.status === 'active' ? 'success.main' : 'divider', pl: 1.5 }}>
      <Box sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', columnGap: 1 }}>
        <Typography variant="body2" sx={{ fontWeight: 600 }}>
          {`${policy.carrier} · ${policy.planName}`}
        </Typography>
        <Chip size="small" color={chip.color} variant={chip.variant} label={T.statuses[policy.status]} />
      </Box>
      <Typography variant="body2" color="text.secondary">
        {T.planTypes[policy.planType]}
        {plan && (
          <>
            {' · '}
            {/* A plan ID never breaks at its dashes. */}
            <Box component="span" sx={{ whiteSpace: 'nowrap' }}>
              {plan}
            </Box>
          </>
        )}
      </Typography>
      {facts.length > 0 && <Typography variant="body2">{facts.join(' · ')}</Typography>}
      {commission.length > 0 && <Typography variant="body2">{commission.join(' · ')}</Typography>}
      {policy.status === 'terminated' && policy.terminationDate && (
        <Typography variant="body2">
          {T.ended(policyDay(policy.terminationDate), T.reasons[policy.terminationReason ?? 'other'])}
        </Typography>
      )}
      {actions && <Box sx={{ display: 'flex', gap: 1, ml: -1 }}>{actions}</Box>}
    </Box>
  );
}

/** Deleting is for a policy entered by mistake: the dialog says so, and that one that ended is marked terminated. */
function DeletePolicyDialog({ policy, onClose }: { policy: Policy; onClose: () => void }) {
  const { POLICY_TEXTS: T } = useBrokerTexts().clientPage;
  const dataProvider = useCareKeepDataProvider();
  const queryClient = useQueryClient();
  const toast = useToast();
  const errorToast = useErrorToast();
  const titleId = useId();
  const remove = useMutation({
    mutationFn: () => dataProvider.deletePolicy(policy.id),
    onSuccess: async () => {
      toast({ title: T.deleted });
      await policiesChanged(queryClient);
      onClose();
    },
    onError: (error) => errorToast(error, T.deleteFailed),
  });
  return (
    <Dialog open onClose={remove.isPending ? undefined : onClose} aria-labelledby={titleId}>
      <DialogTitle id={titleId}>{T.deleteTitle}</DialogTitle>
      <DialogContent>
        <DialogContentText>{T.deleteBody(`${policy.carrier} ${policy.planName}`)}</DialogContentText>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose} disabled={remove.isPending}>
          {T.cancel}
        </Button>
        <Button variant="contained" color="error" loading={remove.isPending} onClick={() => remove.mutate()}>
          {T.delete}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
