import AddIcon from '@mui/icons-material/Add';
import {
  Box,
  Button,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  MenuItem,
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableRow,
  TextField,
} from '@mui/material';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useId, useState } from 'react';

import { errorBodyField } from '../../lib/http.ts';
import { dollars } from '../clients/policies.ts';
import { useBrokerTexts } from '../i18n/useBrokerTexts.ts';
import { useMemberMay } from '../providers/memberMay.tsx';
import type { PolicyType } from '../types.ts';
import { useErrorToast } from '../ui/errors.ts';
import { QueryBody } from '../ui/QueryBody.tsx';
import { useToast } from '../ui/toast.tsx';
import { commissionsApi, type CommissionSchedule, typedCents } from './api.ts';
import { ScrollArea, Section } from './Section.tsx';

const TYPES: PolicyType[] = ['medicare_advantage', 'mapd', 'pdp', 'medigap', 'dental', 'vision', 'other'];
const ALL = 'all';
export const SCHEDULES_KEY = ['commissions', 'schedules'] as const;

/** The agency's per-carrier schedules; owners add, change and delete them. */
export function SchedulesCard() {
  const { COMMISSION_TEXTS: T } = useBrokerTexts().commissions;
  const { POLICY_TEXTS } = useBrokerTexts().clientPage;
  const mayWrite = useMemberMay()('commissions:write');
  const query = useQuery({ queryKey: SCHEDULES_KEY, queryFn: commissionsApi.schedules });
  // null: the add form; a schedule: its edit form.
  const [editing, setEditing] = useState<CommissionSchedule | null | undefined>(undefined);
  return (
    <Section
      title={T.schedules}
      help={T.schedulesHelp}
      action={
        mayWrite && (
          <Button size="small" startIcon={<AddIcon />} onClick={() => setEditing(null)}>
            {T.addSchedule}
          </Button>
        )
      }
    >
      <QueryBody query={query} height={80} failed={T.loadFailed} empty={T.noSchedules}>
        {(data) => (
          <ScrollArea label={T.schedules}>
            <Table size="small" aria-label={T.schedules}>
              <TableHead>
                <TableRow>
                  <TableCell>{T.carrier}</TableCell>
                  <TableCell>{T.planType}</TableCell>
                  <TableCell align="right">{T.initial}</TableCell>
                  <TableCell align="right">{T.renewal}</TableCell>
                  {mayWrite && <TableCell />}
                </TableRow>
              </TableHead>
              <TableBody>
                {data.map((schedule) => (
                  <TableRow key={schedule.id}>
                    <TableCell>{schedule.carrier}</TableCell>
                    <TableCell>{schedule.planType ? POLICY_TEXTS.planTypes[schedule.planType] : T.allTypes}</TableCell>
                    <TableCell align="right">{dollars(schedule.initialAnnualCents)}</TableCell>
                    <TableCell align="right">{dollars(schedule.renewalAnnualCents)}</TableCell>
                    {mayWrite && (
                      <TableCell align="right">
                        <Button size="small" onClick={() => setEditing(schedule)} aria-label={`${T.editSchedule}: ${schedule.carrier}`}>
                          {T.editSchedule}
                        </Button>
                      </TableCell>
                    )}
                  </TableRow>
                ))}
              </TableBody>
            </Table>
          </ScrollArea>
        )}
      </QueryBody>
      {editing !== undefined && <ScheduleDialog schedule={editing} onClose={() => setEditing(undefined)} />}
    </Section>
  );
}

function ScheduleDialog({ schedule, onClose }: { schedule: CommissionSchedule | null; onClose: () => void }) {
  const { COMMISSION_TEXTS: T } = useBrokerTexts().commissions;
  const { POLICY_TEXTS } = useBrokerTexts().clientPage;
  const queryClient = useQueryClient();
  const toast = useToast();
  const errorToast = useErrorToast();
  const titleId = useId();
  const [carrier, setCarrier] = useState(schedule?.carrier ?? '');
  const [planType, setPlanType] = useState<string>(schedule?.planType ?? ALL);
  const [initial, setInitial] = useState(schedule ? (schedule.initialAnnualCents / 100).toFixed(2) : '');
  const [renewal, setRenewal] = useState(schedule ? (schedule.renewalAnnualCents / 100).toFixed(2) : '');
  const [errors, setErrors] = useState<Record<string, string | undefined>>({});
  const done = async (message: string) => {
    toast({ title: message });
    await queryClient.invalidateQueries({ queryKey: ['commissions'] });
    onClose();
  };
  const save = useMutation({
    mutationFn: (input: { carrier: string; planType: PolicyType | null; initialAnnualCents: number; renewalAnnualCents: number }) =>
      schedule ? commissionsApi.updateSchedule(schedule.id, input) : commissionsApi.addSchedule(input),
    onSuccess: () => done(T.saved),
    onError: (error) => {
      const field = errorBodyField(error, 'field');
      const message = errorBodyField(error, 'message');
      if (typeof field === 'string' && typeof message === 'string') setErrors({ [field]: message });
      errorToast(error, T.saveFailed);
    },
  });
  const remove = useMutation({
    mutationFn: () => commissionsApi.deleteSchedule(schedule!.id),
    onSuccess: () => done(T.deleted),
    onError: (error) => errorToast(error, T.saveFailed),
  });
  const submit = () => {
    const initialCents = typedCents(initial);
    const renewalCents = typedCents(renewal);
    const problems: Record<string, string> = {};
    if (!carrier.trim()) problems.carrier = T.required;
    if (initialCents === undefined) problems.initialAnnualCents = T.amountInvalid;
    if (renewalCents === undefined) problems.renewalAnnualCents = T.amountInvalid;
    setErrors(problems);
    if (Object.keys(problems).length > 0 || initialCents === undefined || renewalCents === undefined) return;
    save.mutate({
      carrier: carrier.trim(),
      planType: planType === ALL ? null : (planType as PolicyType),
      initialAnnualCents: initialCents,
      renewalAnnualCents: renewalCents,
    });
  };
  const busy = save.isPending || remove.isPending;
  return (
    <Dialog open onClose={busy ? undefined : onClose} aria-labelledby={titleId} fullWidth maxWidth="xs">
      <DialogTitle id={titleId}>{schedule ? T.editSchedule : T.addSchedule}</DialogTitle>
      <DialogContent>
        <Box
          component="form"
          id={`${titleId}-form`}
          noValidate
          onSubmit={(event) => {
            event.preventDefault();
            submit();
          }}
          sx={{ display: 'grid', gap: 2, pt: 1 }}
        >
          <TextField
            id="schedule-carrier"
            label={T.carrier}
            value={carrier}
            onChange={(event) => setCarrier(event.target.value)}
            required
            error={Boolean(errors.carrier)}
            helperText={errors.carrier}
            slotProps={{ htmlInput: { maxLength: 100 } }}
          />
          <TextField
            id="schedule-plan-type"
            label={T.planType}
            value={planType}
            onChange={(event) => setPlanType(event.target.value)}
            select
          >
            <MenuItem value={ALL}>{T.allTypes}</MenuItem>
            {TYPES.map((type) => (
              <MenuItem key={type} value={type}>
                {POLICY_TEXTS.planTypes[type]}
              </MenuItem>
            ))}
          </TextField>
          <TextField
            id="schedule-initial"
            label={T.initial}
            value={initial}
            onChange={(event) => setInitial(event.target.value)}
            required
            error={Boolean(errors.initialAnnualCents)}
            helperText={errors.initialAnnualCents}
            slotProps={{ htmlInput: { inputMode: 'decimal' } }}
          />
          <TextField
            id="schedule-renewal"
            label={T.renewal}
            value={renewal}
            onChange={(event) => setRenewal(event.target.value)}
            required
            error={Boolean(errors.renewalAnnualCents)}
            helperText={errors.renewalAnnualCents}
            slotProps={{ htmlInput: { inputMode: 'decimal' } }}
          />
        </Box>
      </DialogContent>
      <DialogActions>
        {schedule && (
          <Button color="error" onClick={() => remove.mutate()} disabled={busy} sx={{ mr: 'auto' }}>
            {T.deleteSchedule}
          </Button>
        )}
        <Button onClick={onClose} disabled={busy}>
          {T.cancel}
        </Button>
        <Button variant="contained" type="submit" form={`${titleId}-form`} loading={save.isPending} disabled={busy}>
          {T.save}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
