import DeleteIcon from '@mui/icons-material/DeleteOutlined';
import PhoneIcon from '@mui/icons-material/Phone';
import { Box, Button, Dialog, DialogActions, DialogContent, DialogTitle, IconButton, MenuItem, TextField, Typography } from '@mui/material';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { type ReactNode, useId, useState } from 'react';

import { useBrokerTexts } from '../i18n/useBrokerTexts.ts';
import { useCareKeepDataProvider } from '../providers/dataProvider.ts';
import { useMemberMay } from '../providers/memberMay.tsx';
import { useCurrentUser } from '../providers/useCurrentUser.ts';
import type { Client, Interaction } from '../types.ts';
import { useErrorToast } from '../ui/errors.ts';
import { formatDateTime } from '../ui/format.ts';
import { QueryBody } from '../ui/QueryBody.tsx';
import { useToast } from '../ui/toast.tsx';
import { fromLocalInput, interactionsKey, toLocalInput } from './tasks.ts';

type Section = (props: { title: string; action?: ReactNode; children: ReactNode }) => ReactNode;
type Kind = Interaction['kind'];
type Outcome = Interaction['outcome'];

const KINDS: Kind[] = ['call', 'meeting'];
const OUTCOMES: Outcome[] = ['reached', 'voicemail', 'no_answer', 'meeting_held', 'other'];
const DAY_MS = 24 * 60 * 60 * 1000;

/** The calls and meetings logged with the client (docs/tasks.md), newest first; log one; take back one's own within a day. */
export function CallLogCard({ client, section: Section }: { client: Client; section: Section }) {
  const { TASK_TEXTS: T } = useBrokerTexts().tasks;
  const dataProvider = useCareKeepDataProvider();
  const queryClient = useQueryClient();
  const errorToast = useErrorToast();
  const mayChange = useMemberMay()('clients:write');
  const me = useCurrentUser().data?.member.id;
  const [logging, setLogging] = useState(false);
  const query = useQuery({
    queryKey: interactionsKey(client.id),
    queryFn: () => dataProvider.getInteractions(client.id),
  });
  const remove = useMutation({
    mutationFn: (id: string) => dataProvider.deleteInteraction(client.id, id),
    onSuccess: () => Promise.all([queryClient.invalidateQueries({ queryKey: ['clients', client.id] })]),
    onError: (error) => errorToast(error, T.logFailed),
  });
  return (
    <Section
      title={T.callLog}
      action={
        mayChange && (
          <Button size="small" startIcon={<PhoneIcon />} onClick={() => setLogging(true)}>
            {T.logCall}
          </Button>
        )
      }
    >
      <QueryBody query={query} height={60} failed={T.loadFailed} empty={T.callLogEmpty}>
        {(data) => (
          <Box component="ul" aria-label={T.callLog} sx={{ listStyle: 'none', m: 0, p: 0, display: 'grid', gap: 1 }}>
            {data.map((row) => {
              const what = `${T.kinds[row.kind]} · ${T.outcomes[row.outcome]}`;
              const mine = row.memberId === me && Date.now() - new Date(row.createdAt).getTime() < DAY_MS;
              return (
                <Box component="li" key={row.id} sx={{ display: 'flex', gap: 1, borderLeft: 3, borderColor: 'divider', pl: 1.5 }}>
                  <Box sx={{ flex: 1, minWidth: 0 }}>
                    <Typography variant="body2" sx={{ fontWeight: 600 }}>
                      {what}
                      {row.durationMinutes !== null && ` · ${T.minutes(row.durationMinutes)}`}
                    </Typography>
                    <Typography variant="caption" color="text.secondary" component="div">
                      {formatDateTime(row.at)}
                    </Typography>
                    {row.notes && (
                      <Typography variant="body2" sx={{ overflowWrap: 'anywhere', whiteSpace: 'pre-line' }}>
                        {row.notes}
                      </Typography>
                    )}
                  </Box>
                  {mayChange && mine && (
                    <IconButton size="small" aria-label={T.takeBackLabel(what)} onClick={() => remove.mutate(row.id)}>
                      <DeleteIcon fontSize="small" />
                    </IconButton>
                  )}
                </Box>
              );
            })}
          </Box>
        )}
      </QueryBody>
      {logging && <LogCallDialog client={client} onClose={() => setLogging(false)} />}
    </Section>
  );
}

function LogCallDialog({ client, onClose }: { client: Client; onClose: () => void }) {
  const { TASK_TEXTS: T } = useBrokerTexts().tasks;
  const dataProvider = useCareKeepDataProvider();
  const queryClient = useQueryClient();
  const toast = useToast();
  const errorToast = useErrorToast();
  const titleId = useId();
  const [kind, setKind] = useState<Kind>('call');
  const [outcome, setOutcome] = useState<Outcome>('reached');
  const [minutes, setMinutes] = useState('');
  const [when, setWhen] = useState(toLocalInput(new Date()));
  const [notes, setNotes] = useState('');
  const [minutesError, setMinutesError] = useState<string | undefined>();
  const log = useMutation({
    mutationFn: (input: { durationMinutes: number | null; at?: string }) =>
      dataProvider.logInteraction(client.id, { kind, outcome, notes: notes.trim() || null, ...input }),
    onSuccess: async () => {
      toast({ title: T.logged });
      // The engagement score changes with it.
      await queryClient.invalidateQueries({ queryKey: ['clients', client.id] });
      onClose();
    },
    onError: (error) => errorToast(error, T.logFailed),
  });
  const submit = () => {
    const typed = minutes.trim();
    const duration = typed === '' ? null : Number(typed);
    if (duration !== null && !(Number.isInteger(duration) && duration >= 0 && duration <= 1440)) {
      setMinutesError(T.minutesInvalid);
      return;
    }
    setMinutesError(undefined);
    log.mutate({ durationMinutes: duration, at: fromLocalInput(when) });
  };
  return (
    <Dialog open onClose={onClose} aria-labelledby={titleId} fullWidth maxWidth="sm">
      <DialogTitle id={titleId}>{T.logDialog}</DialogTitle>
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
          <TextField select label={T.fieldKind} value={kind} onChange={(event) => setKind(event.target.value as Kind)}>
            {KINDS.map((value) => (
              <MenuItem key={value} value={value}>
                {T.kinds[value]}
              </MenuItem>
            ))}
          </TextField>
          <TextField select label={T.fieldOutcome} value={outcome} onChange={(event) => setOutcome(event.target.value as Outcome)}>
            {OUTCOMES.map((value) => (
              <MenuItem key={value} value={value}>
                {T.outcomes[value]}
              </MenuItem>
            ))}
          </TextField>
          <TextField
            label={T.fieldWhen}
            type="datetime-local"
            value={when}
            onChange={(event) => setWhen(event.target.value)}
            slotProps={{ inputLabel: { shrink: true } }}
          />
          <TextField
            label={T.fieldMinutes}
            value={minutes}
            onChange={(event) => setMinutes(event.target.value)}
            error={Boolean(minutesError)}
            helperText={minutesError}
            slotProps={{ htmlInput: { inputMode: 'numeric' } }}
          />
          <TextField label={T.fieldNotes} value={notes} onChange={(event) => setNotes(event.target.value)} multiline minRows={2} />
        </Box>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{T.cancel}</Button>
        <Button type="submit" form={`${titleId}-form`} variant="contained" disabled={log.isPending}>
          {T.save}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
