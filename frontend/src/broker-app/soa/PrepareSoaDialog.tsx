import {
  Alert,
  Box,
  Button,
  Checkbox,
  Dialog,
  DialogActions,
  DialogContent,
  DialogContentText,
  DialogTitle,
  FormControl,
  FormControlLabel,
  FormGroup,
  FormHelperText,
  FormLabel,
  MenuItem,
  Radio,
  RadioGroup,
  Stack,
  TextField,
} from '@mui/material';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useId, useState } from 'react';

import { errorBodyField, serverMessage } from '../../lib/http.ts';
import { useJoinedMembers } from '../clients/AssignClientsDialog.tsx';
import { useBrokerTexts } from '../i18n/useBrokerTexts.ts';
import { useCurrentUser } from '../providers/useCurrentUser.ts';
import { memberName } from '../team/members.ts';
import type { Client } from '../types.ts';
import { useToast } from '../ui/toast.tsx';
import { SOA_PRODUCTS, soaApi, type SoaException, type SoaInput, type SoaProduct, soasKey, UNSIGNED_KEY } from './soaApi.ts';

const pad = (n: number) => String(n).padStart(2, '0');
/** Tomorrow at 10:00 on this computer's clock, as the date and time inputs take it. */
function tomorrowAtTen(now = new Date()): { date: string; time: string } {
  const day = new Date(now.getFullYear(), now.getMonth(), now.getDate() + 1);
  return { date: `${day.getFullYear()}-${pad(day.getMonth() + 1)}-${pad(day.getDate())}`, time: '10:00' };
}

/** The date and time typed, on this computer's clock, as an instant; null when either is missing or not real. */
export function appointmentInstant(date: string, time: string): string | null {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(date);
  const clock = /^(\d{2}):(\d{2})$/.exec(time);
  if (!match || !clock) return null;
  const at = new Date(Number(match[1]), Number(match[2]) - 1, Number(match[3]), Number(clock[1]), Number(clock[2]));
  return Number.isNaN(at.getTime()) ? null : at.toISOString();
}

/** What the server answered about an appointment too soon for the rule: its message and the exceptions it allows. */
interface TooSoon {
  message: string;
  exceptions: SoaException[];
}

/**
 * Prepares a Scope of Appointment and sends its link: the topics, when and how, the agent, and
 * text or e-mail. An appointment too soon for the rule in force on its day comes back with the
 * exceptions that rule allows; choosing one sends it with the exception recorded.
 */
export function PrepareSoaDialog({ client, onClose }: { client: Client; onClose: () => void }) {
  const { SOA_TEXTS: T } = useBrokerTexts().soa;
  const { TEAM_TEXTS } = useBrokerTexts().team;
  const members = useJoinedMembers();
  const me = useCurrentUser().data?.member;
  const queryClient = useQueryClient();
  const toast = useToast();
  const titleId = useId();
  const start = tomorrowAtTen();
  const [products, setProducts] = useState<SoaProduct[]>([]);
  const [date, setDate] = useState(start.date);
  const [time, setTime] = useState(start.time);
  const [method, setMethod] = useState<SoaInput['method']>('phone');
  const [agent, setAgent] = useState<string>('');
  const [channel, setChannel] = useState<'sms' | 'email'>('sms');
  const [tooSoon, setTooSoon] = useState<TooSoon | null>(null);
  const [exception, setException] = useState<SoaException | 'none'>('none');
  const [submitted, setSubmitted] = useState(false);
  const [fieldError, setFieldError] = useState<{ field: string; message: string } | null>(null);

  const defaultAgent =
    client.assignedMemberId && members.some((member) => member.id === client.assignedMemberId)
      ? client.assignedMemberId
      : me && (me.role === 'owner' || me.role === 'agent')
        ? me.id
        : '';
  const chosenAgent = agent || defaultAgent;
  const appointmentAt = appointmentInstant(date, time);

  const send = useMutation({
    mutationFn: (input: SoaInput) => soaApi.prepare(client.id, input),
    onSuccess: async () => {
      toast({ title: T.sent });
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: soasKey(client.id) }),
        queryClient.invalidateQueries({ queryKey: UNSIGNED_KEY }),
      ]);
      onClose();
    },
    onError: (error) => {
      const exceptions = errorBodyField(error, 'exceptions');
      const field = errorBodyField(error, 'field');
      const message = serverMessage(error) ?? T.sendFailed;
      if (Array.isArray(exceptions) && exceptions.length) {
        setTooSoon({ message, exceptions: exceptions as SoaException[] });
        return;
      }
      if (typeof field === 'string') {
        setFieldError({ field, message });
        return;
      }
      toast({ title: T.sendFailed, description: message, variant: 'destructive' });
    },
  });

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setSubmitted(true);
    setFieldError(null);
    if (products.length === 0 || !appointmentAt || !chosenAgent) return;
    send.mutate({
      products,
      appointmentAt,
      method,
      agentMemberId: chosenAgent,
      channel,
      ...(tooSoon && exception !== 'none' && { exception }),
    });
  };

  const errorOf = (field: string) => (fieldError?.field === field ? fieldError.message : undefined);
  const toggle = (product: SoaProduct) =>
    setProducts((chosen) => (chosen.includes(product) ? chosen.filter((item) => item !== product) : [...chosen, product]));
  const productsMissing = submitted && products.length === 0;

  return (
    <Dialog open onClose={send.isPending ? undefined : onClose} aria-labelledby={titleId} fullWidth maxWidth="sm">
      <Box component="form" onSubmit={submit} noValidate>
        <DialogTitle id={titleId}>{T.prepareTitle}</DialogTitle>
        <DialogContent sx={{ display: 'grid', gap: 2 }}>
          <DialogContentText>{T.prepareIntro(`${client.firstName} ${client.lastName}`)}</DialogContentText>
          <FormControl component="fieldset" error={productsMissing || Boolean(errorOf('products'))}>
            <FormLabel component="legend">{T.products}</FormLabel>
            <FormGroup>
              {SOA_PRODUCTS.map((product) => (
                <FormControlLabel
                  key={product}
                  control={<Checkbox checked={products.includes(product)} onChange={() => toggle(product)} />}
                  label={T.productNames[product]}
                />
              ))}
            </FormGroup>
            <FormHelperText role={productsMissing ? 'alert' : undefined}>
              {productsMissing ? T.chooseProduct : (errorOf('products') ?? T.productsHelp)}
            </FormHelperText>
          </FormControl>
          <Box>
            <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
              <TextField
                type="date"
                label={T.appointmentDate}
                value={date}
                onChange={(event) => {
                  setDate(event.target.value);
                  setTooSoon(null);
                }}
                required
                fullWidth
                error={submitted && !appointmentAt}
                slotProps={{ inputLabel: { shrink: true } }}
              />
              <TextField
                type="time"
                label={T.appointmentTime}
                value={time}
                onChange={(event) => {
                  setTime(event.target.value);
                  setTooSoon(null);
                }}
                required
                fullWidth
                error={submitted && !appointmentAt}
                slotProps={{ inputLabel: { shrink: true } }}
              />
            </Stack>
            {(errorOf('appointmentAt') || (submitted && !appointmentAt)) && (
              <FormHelperText error role="alert" sx={{ mx: 1.75 }}>
                {errorOf('appointmentAt') ?? T.required}
              </FormHelperText>
            )}
          </Box>
          <TextField select label={T.method} value={method} onChange={(event) => setMethod(event.target.value as SoaInput['method'])}>
            {(['phone', 'in_person', 'video'] as const).map((value) => (
              <MenuItem key={value} value={value}>
                {T.methods[value]}
              </MenuItem>
            ))}
          </TextField>
          <TextField
            select
            label={T.agent}
            value={chosenAgent}
            onChange={(event) => setAgent(event.target.value)}
            required
            error={(submitted && !chosenAgent) || Boolean(errorOf('agentMemberId'))}
            helperText={errorOf('agentMemberId') ?? (submitted && !chosenAgent ? T.required : undefined)}
          >
            {members.map((member) => (
              <MenuItem key={member.id} value={member.id}>
                {memberName(member, TEAM_TEXTS.noName)}
              </MenuItem>
            ))}
          </TextField>
          <FormControl error={Boolean(errorOf('channel'))}>
            <FormLabel id={`${titleId}-channel`}>{T.channel}</FormLabel>
            <RadioGroup
              row
              aria-labelledby={`${titleId}-channel`}
              value={channel}
              onChange={(event) => setChannel(event.target.value as 'sms' | 'email')}
            >
              <FormControlLabel value="sms" control={<Radio />} label={T.channels.sms} />
              <FormControlLabel value="email" control={<Radio />} label={T.channels.email} disabled={!client.email} />
            </RadioGroup>
            <FormHelperText>{errorOf('channel') ?? (!client.email ? T.noEmail : ' ')}</FormHelperText>
          </FormControl>
          {tooSoon && (
            <Alert severity="warning" role="alert">
              <strong>{T.exceptionTitle}</strong>
              <Box sx={{ mt: 0.5 }}>{tooSoon.message}</Box>
              <FormControl sx={{ mt: 1 }}>
                <FormLabel id={`${titleId}-exception`}>{T.exceptionLabel}</FormLabel>
                <RadioGroup
                  aria-labelledby={`${titleId}-exception`}
                  value={exception}
                  onChange={(event) => setException(event.target.value as SoaException | 'none')}
                >
                  <FormControlLabel value="none" control={<Radio />} label={T.exceptionNone} />
                  {tooSoon.exceptions.map((value) => (
                    <FormControlLabel key={value} value={value} control={<Radio />} label={T.exceptions[value]} />
                  ))}
                </RadioGroup>
              </FormControl>
            </Alert>
          )}
        </DialogContent>
        <DialogActions>
          <Button onClick={onClose} disabled={send.isPending}>
            {T.cancel}
          </Button>
          <Button type="submit" variant="contained" loading={send.isPending} disabled={Boolean(tooSoon) && exception === 'none'}>
            {T.send}
          </Button>
        </DialogActions>
      </Box>
    </Dialog>
  );
}
