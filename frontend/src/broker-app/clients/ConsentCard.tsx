import {
  Alert,
  Box,
  Button,
  Checkbox,
  Chip,
  Dialog,
  DialogActions,
  DialogContent,
  DialogContentText,
  DialogTitle,
  FormControlLabel,
  Skeleton,
  Typography,
} from '@mui/material';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';

import { attestationsIn } from '../../../../backend/src/consent/attestations.ts';
import { useBrokerLanguage, useBrokerTexts } from '../i18n/useBrokerTexts.ts';
import { useCareKeepDataProvider } from '../providers/dataProvider.ts';
import type { Client, ConsentEvent, ConsentState, ConsentStatus } from '../types.ts';
import { useErrorToast } from '../ui/errors.ts';
import { formatDateTime } from '../ui/format.ts';
import { useToast } from '../ui/toast.tsx';
import { formatDate } from './format.ts';

const CHANNELS = ['voice', 'sms', 'email'] as const;
const PURPOSES = ['reminders', 'marketing'] as const;
// Filled chips for what lets messages go; outlined text for the rest (contrast stays with text.primary).
const CHIP: Record<ConsentState, { color: 'success' | 'error' | 'default'; variant: 'filled' | 'outlined' }> = {
  granted: { color: 'success', variant: 'filled' },
  revoked: { color: 'error', variant: 'outlined' },
  expired: { color: 'default', variant: 'outlined' },
  unknown: { color: 'default', variant: 'outlined' },
};

function StateCell({ status }: { status: ConsentStatus | undefined }) {
  const { CLIENT_PAGE_TEXTS: T } = useBrokerTexts().clientPage;
  if (!status) return null;
  const { color, variant } = CHIP[status.state];
  const when =
    status.state === 'granted' && status.expiresAt
      ? T.until(formatDate(status.expiresAt))
      : status.state === 'expired' && status.expiresAt
        ? T.lapsedOn(formatDate(status.expiresAt))
        : null;
  return (
    <Box>
      <Chip size="small" color={color} variant={variant} label={T.stateWords[status.state]} />
      {when && (
        <Typography variant="caption" color="text.secondary" sx={{ display: 'block' }}>
          {when}
        </Typography>
      )}
    </Box>
  );
}

function EventItem({ event }: { event: ConsentEvent }) {
  const { CLIENT_PAGE_TEXTS: T } = useBrokerTexts().clientPage;
  return (
    <Box component="li" sx={{ borderLeft: 3, borderColor: event.granted ? 'success.main' : 'error.main', pl: 1.5 }}>
      <Typography variant="body2" sx={{ fontWeight: 600 }}>
        {T.eventWords(event.granted, event.purpose, event.channel)}
      </Typography>
      <Typography variant="body2">
        {T.sourceWords[event.source] ?? event.source}
        {event.evidence ? ` — “${event.evidence}”` : ''}
      </Typography>
      <Typography variant="caption" color="text.secondary">
        {formatDateTime(event.recordedAt)}
        {event.ip ? ` · ${event.ip}` : ''}
      </Typography>
    </Box>
  );
}

/**
 * A client's permission to be contacted, per channel and purpose, as the consent ledger derives it
 * now; the broker records marketing permission they hold (attesting it) or a revocation the client
 * told them of; the history shows every event with its evidence.
 */
export function ConsentCard({
  client,
  section: Section,
}: {
  client: Client;
  section: (props: { title: string; children: React.ReactNode }) => React.ReactNode;
}) {
  const { CLIENT_PAGE_TEXTS: T } = useBrokerTexts().clientPage;
  // In the app's language, as the server records them (in the broker's saved language).
  const attestations = attestationsIn(useBrokerLanguage());
  const dataProvider = useCareKeepDataProvider();
  const queryClient = useQueryClient();
  const toast = useToast();
  const errorToast = useErrorToast();
  const key = ['clients', client.id, 'consent'];
  const { data, isPending, isError } = useQuery({ queryKey: key, queryFn: () => dataProvider.getClientConsent(client.id) });
  const [dialog, setDialog] = useState<'grant' | 'revoke' | null>(null);
  const [attested, setAttested] = useState(false);
  const record = useMutation({
    mutationFn: (granted: boolean) => dataProvider.recordClientConsent(client.id, 'marketing', granted),
    onSuccess: (answer, granted) => {
      queryClient.setQueryData(key, answer);
      toast({ title: granted ? T.recorded : T.revoked });
      setDialog(null);
      setAttested(false);
    },
    onError: (error) => errorToast(error, T.recordFailed),
  });
  const status = (channel: string, purpose: string) => data?.current.find((c) => c.channel === channel && c.purpose === purpose);

  return (
    <Section title={T.permission}>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 1.5 }}>
        {T.permissionHint}
      </Typography>
      {isPending ? (
        <Skeleton variant="rounded" height={120} />
      ) : isError ? (
        <Alert severity="error">{T.permissionFailed}</Alert>
      ) : (
        <>
          <Box
            component="table"
            sx={{ width: '100%', borderCollapse: 'collapse', '& th, & td': { textAlign: 'left', py: 0.75, pr: 1, verticalAlign: 'top' } }}
          >
            <caption style={{ position: 'absolute', width: 1, height: 1, overflow: 'hidden', clip: 'rect(0 0 0 0)' }}>
              {T.permission}
            </caption>
            <thead>
              <tr>
                <Typography component="td" variant="body2" />
                {PURPOSES.map((purpose) => (
                  <Typography key={purpose} component="th" scope="col" variant="body2" sx={{ fontWeight: 600 }}>
                    {T.purposeWords[purpose]}
                  </Typography>
                ))}
              </tr>
            </thead>
            <tbody>
              {CHANNELS.map((channel) => (
                <tr key={channel}>
                  <Typography component="th" scope="row" variant="body2" sx={{ fontWeight: 600 }}>
                    {T.channelWords[channel]}
                  </Typography>
                  {PURPOSES.map((purpose) => (
                    <td key={purpose}>
                      <StateCell status={status(channel, purpose)} />
                    </td>
                  ))}
                </tr>
              ))}
            </tbody>
          </Box>
          <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1, mt: 1.5 }}>
            <Button variant="outlined" size="small" onClick={() => setDialog('grant')}>
              {T.recordMarketing}
            </Button>
            <Button color="error" size="small" onClick={() => setDialog('revoke')}>
              {T.recordRevocation}
            </Button>
          </Box>
          <Typography component="h3" variant="subtitle2" sx={{ mt: 2, mb: 1 }}>
            {T.history}
          </Typography>
          {data.events.length === 0 ? (
            <Typography variant="body2">{T.historyEmpty}</Typography>
          ) : (
            <Box
              component="ol"
              aria-label={T.history}
              // It scrolls: reachable by keyboard.
              tabIndex={0}
              sx={{ listStyle: 'none', m: 0, p: 0, display: 'grid', gap: 1.25, maxHeight: 320, overflowY: 'auto' }}
            >
              {data.events.slice(0, 50).map((event) => (
                <EventItem key={event.id} event={event} />
              ))}
            </Box>
          )}
        </>
      )}
      <Dialog open={dialog === 'grant'} onClose={() => setDialog(null)} aria-labelledby="record-consent-title">
        <DialogTitle id="record-consent-title">{T.recordTitle}</DialogTitle>
        <DialogContent>
          <DialogContentText sx={{ mb: 1.5 }}>{T.recordBody}</DialogContentText>
          <FormControlLabel
            sx={{ alignItems: 'flex-start', m: 0, gap: 0.5 }}
            control={<Checkbox checked={attested} onChange={(event) => setAttested(event.target.checked)} sx={{ mt: -0.75 }} />}
            label={<Typography variant="body2">{attestations.marketing}</Typography>}
          />
        </DialogContent>
        <DialogActions>
          <Button onClick={() => setDialog(null)}>{T.cancel}</Button>
          <Button variant="contained" disabled={!attested} loading={record.isPending} onClick={() => record.mutate(true)}>
            {T.recordConfirm}
          </Button>
        </DialogActions>
      </Dialog>
      <Dialog open={dialog === 'revoke'} onClose={() => setDialog(null)} aria-labelledby="revoke-consent-title">
        <DialogTitle id="revoke-consent-title">{T.revokeTitle}</DialogTitle>
        <DialogContent>
          <DialogContentText>{T.revokeBody}</DialogContentText>
        </DialogContent>
        <DialogActions>
          <Button onClick={() => setDialog(null)}>{T.cancel}</Button>
          <Button variant="contained" color="error" loading={record.isPending} onClick={() => record.mutate(false)}>
            {T.revokeConfirm}
          </Button>
        </DialogActions>
      </Dialog>
    </Section>
  );
}
