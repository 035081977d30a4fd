import { Box, Button, Dialog, DialogActions, DialogContent, DialogTitle, MenuItem, TextField } from '@mui/material';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useId, useState } from 'react';

import { errorBodyField } from '../../lib/http.ts';
import { useBrokerTexts } from '../i18n/useBrokerTexts.ts';
import { useCareKeepDataProvider } from '../providers/dataProvider.ts';
import { useCurrentUser } from '../providers/useCurrentUser.ts';
import { memberName } from '../team/members.ts';
import type { MedigapPlan, Member, Policy, PolicyInput, PolicyStatus, PolicyType, TerminationReason } from '../types.ts';
import { useErrorToast } from '../ui/errors.ts';
import { useToast } from '../ui/toast.tsx';
import { hasPlanId, planIdTyped, policiesChanged, premiumCents } from './policies.ts';

const PLAN_TYPES: PolicyType[] = ['medicare_advantage', 'mapd', 'pdp', 'medigap', 'dental', 'vision', 'other'];
const STATUSES: PolicyStatus[] = ['pending', 'active', 'terminated', 'declined'];
const MEDIGAP_PLANS: MedigapPlan[] = ['A', 'B', 'C', 'D', 'F', 'HDF', 'G', 'HDG', 'K', 'L', 'M', 'N'];
const REASONS: TerminationReason[] = ['switched_agent', 'switched_plan', 'moved', 'deceased', 'nonpayment', 'other'];

/** The writing member select's choice for nobody. */
const NOBODY = 'none';

type Form = {
  carrier: string;
  planName: string;
  planType: PolicyType | '';
  planId: string;
  medigapPlan: MedigapPlan | '';
  status: PolicyStatus;
  applicationDate: string;
  effectiveDate: string;
  terminationDate: string;
  terminationReason: TerminationReason;
  premium: string;
  carrierMemberId: string;
  /** Undefined until chosen: a new policy's default writer, once the members are in. */
  writingMemberId?: string;
};

/** The field the server or the form names, as the form's own (premiumCents is typed as dollars). */
type FieldName = keyof Form | 'premiumCents';

function formOf(policy: Policy | null): Form {
  return {
    carrier: policy?.carrier ?? '',
    planName: policy?.planName ?? '',
    planType: policy?.planType ?? '',
    planId: policy?.planId ?? '',
    medigapPlan: policy?.medigapPlan ?? '',
    status: policy?.status ?? 'pending',
    applicationDate: policy?.applicationDate ?? '',
    effectiveDate: policy?.effectiveDate ?? '',
    terminationDate: policy?.terminationDate ?? '',
    terminationReason: policy?.terminationReason ?? 'other',
    premium: policy?.premiumCents == null ? '' : (policy.premiumCents / 100).toFixed(2),
    carrierMemberId: policy?.carrierMemberId ?? '',
    writingMemberId: policy ? (policy.writingMemberId ?? NOBODY) : undefined,
  };
}

/**
 * Adds a policy (`policy` null) or changes one. Only the fields that apply to its type and status
 * are shown and sent; the server checks the policy as it will stand, and its 400 is shown beside the
 * field it names while everything typed stays.
 */
export function PolicyDialog({
  clientId,
  policy,
  members,
  onClose,
}: {
  clientId: string;
  policy: Policy | null;
  members: Member[];
  onClose: () => void;
}) {
  const { POLICY_TEXTS: T } = useBrokerTexts().clientPage;
  const { TEAM_TEXTS } = useBrokerTexts().team;
  const dataProvider = useCareKeepDataProvider();
  const queryClient = useQueryClient();
  const toast = useToast();
  const errorToast = useErrorToast();
  const titleId = useId();
  const me = useCurrentUser().data?.member;
  const [form, setForm] = useState<Form>(() => formOf(policy));
  // Until chosen, a new policy is written by whoever adds it when they sell (as the server would default it).
  const writer =
    form.writingMemberId ?? (me && (me.role === 'owner' || me.role === 'agent') && members.some((m) => m.id === me.id) ? me.id : NOBODY);
  const [errors, setErrors] = useState<Partial<Record<FieldName, string>>>({});

  const set = (field: keyof Form) => (event: { target: { value: string } }) => {
    setForm((current) => ({ ...current, [field]: event.target.value }));
    setErrors((current) => ({ ...current, [field]: undefined, ...(field === 'premium' && { premiumCents: undefined }) }));
  };

  const save = useMutation({
    mutationFn: (input: PolicyInput) => (policy ? dataProvider.updatePolicy(policy.id, input) : dataProvider.addPolicy(clientId, input)),
    onSuccess: async () => {
      toast({ title: policy ? T.saved : T.added });
      await policiesChanged(queryClient);
      onClose();
    },
    onError: (error) => {
      const field = errorBodyField(error, 'field');
      const message = errorBodyField(error, 'message');
      if (typeof field === 'string' && typeof message === 'string') setErrors({ [field]: message });
      errorToast(error, T.saveFailed);
    },
  });

  const submit = () => {
    const cents = premiumCents(form.premium);
    const problems: Partial<Record<FieldName, string>> = {};
    if (!form.carrier.trim()) problems.carrier = T.required;
    if (!form.planName.trim()) problems.planName = T.required;
    if (!form.planType) problems.planType = T.required;
    if (form.planType === 'medigap' && !form.medigapPlan) problems.medigapPlan = T.required;
    if (form.planType && hasPlanId(form.planType) && form.planId.trim() && !planIdTyped(form.planId)) problems.planId = T.planIdInvalid;
    if (form.status === 'terminated' && !form.terminationDate) problems.terminationDate = T.required;
    else if (form.status === 'terminated' && form.effectiveDate && form.terminationDate < form.effectiveDate)
      problems.terminationDate = T.endsBeforeEffective;
    if (cents === undefined) problems.premium = T.premiumInvalid;
    setErrors(problems);
    if (Object.keys(problems).length > 0 || !form.planType || cents === undefined) return;
    const terminated = form.status === 'terminated';
    const writingMemberId = writer === NOBODY ? null : writer;
    save.mutate({
      carrier: form.carrier.trim(),
      planName: form.planName.trim(),
      planType: form.planType,
      ...(hasPlanId(form.planType) && { planId: form.planId.trim() || null }),
      ...(form.planType === 'medigap' && { medigapPlan: form.medigapPlan || null }),
      status: form.status,
      applicationDate: form.applicationDate || null,
      effectiveDate: form.effectiveDate || null,
      ...(terminated && { terminationDate: form.terminationDate || null, terminationReason: form.terminationReason }),
      premiumCents: cents,
      // Sent when there is one, or to clear the one the policy had.
      ...((form.carrierMemberId.trim() || policy?.carrierMemberId) && { carrierMemberId: form.carrierMemberId.trim() || null }),
      // A policy's writer who has since left the agency stays unless someone else is chosen.
      ...((!policy || writingMemberId !== policy.writingMemberId) && { writingMemberId }),
    });
  };

  const field = (name: keyof Form, label: string, hint?: string) => ({
    id: `policy-${name}`,
    label,
    value: name === 'writingMemberId' ? writer : form[name],
    onChange: set(name),
    error: Boolean(errors[name] ?? (name === 'premium' ? errors.premiumCents : undefined)),
    helperText: errors[name] ?? (name === 'premium' ? errors.premiumCents : undefined) ?? hint,
    fullWidth: true,
  });
  const date = (name: keyof Form, label: string) => (
    <TextField {...field(name, label)} type="date" slotProps={{ inputLabel: { shrink: true } }} />
  );

  return (
    <Dialog open onClose={save.isPending ? undefined : onClose} maxWidth="sm" fullWidth aria-labelledby={titleId}>
      <DialogTitle id={titleId}>{policy ? T.editTitle : T.addTitle}</DialogTitle>
      <DialogContent>
        <Box
          component="form"
          noValidate
          id={`${titleId}-form`}
          onSubmit={(event) => {
            event.preventDefault();
            submit();
          }}
          sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' }, pt: 1 }}
        >
          <TextField {...field('carrier', T.carrier)} required slotProps={{ htmlInput: { maxLength: 100 } }} />
          <TextField {...field('planName', T.planName)} required slotProps={{ htmlInput: { maxLength: 200 } }} />
          <TextField {...field('planType', T.planType)} select required>
            {PLAN_TYPES.map((type) => (
              <MenuItem key={type} value={type}>
                {T.planTypes[type]}
              </MenuItem>
            ))}
          </TextField>
          {form.planType && hasPlanId(form.planType) && <TextField {...field('planId', T.planId, T.planIdHelp)} />}
          {form.planType === 'medigap' && (
            <TextField {...field('medigapPlan', T.medigapPlan)} select required>
              {MEDIGAP_PLANS.map((letter) => (
                <MenuItem key={letter} value={letter}>
                  {T.medigapLetter(letter)}
                </MenuItem>
              ))}
            </TextField>
          )}
          <TextField {...field('status', T.status)} select>
            {STATUSES.map((status) => (
              <MenuItem key={status} value={status}>
                {T.statuses[status]}
              </MenuItem>
            ))}
          </TextField>
          {date('applicationDate', T.applicationDate)}
          {date('effectiveDate', T.effectiveDate)}
          {form.status === 'terminated' && (
            <>
              {date('terminationDate', T.terminationDate)}
              <TextField {...field('terminationReason', T.terminationReason)} select>
                {REASONS.map((reason) => (
                  <MenuItem key={reason} value={reason}>
                    {T.reasons[reason]}
                  </MenuItem>
                ))}
              </TextField>
            </>
          )}
          <TextField {...field('premium', T.premium)} slotProps={{ htmlInput: { inputMode: 'decimal' } }} />
          <TextField {...field('carrierMemberId', T.carrierMemberId, T.carrierMemberIdHelp)} slotProps={{ htmlInput: { maxLength: 40 } }} />
          <TextField {...field('writingMemberId', T.writingMember)} select>
            {members.map((member) => (
              <MenuItem key={member.id} value={member.id}>
                {memberName(member, TEAM_TEXTS.noName)}
              </MenuItem>
            ))}
            {writer !== NOBODY && !members.some((member) => member.id === writer) && <MenuItem value={writer}>{T.formerMember}</MenuItem>}
            <MenuItem value={NOBODY}>{T.nobody}</MenuItem>
          </TextField>
        </Box>
      </DialogContent>
      <DialogActions sx={{ px: 3, pb: 2 }}>
        <Button onClick={onClose} disabled={save.isPending}>
          {T.cancel}
        </Button>
        <Button type="submit" form={`${titleId}-form`} variant="contained" loading={save.isPending}>
          {T.save}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
