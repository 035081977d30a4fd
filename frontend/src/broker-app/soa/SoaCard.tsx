import AddIcon from '@mui/icons-material/Add';
import { Alert, Box, Button, Chip, Dialog, DialogActions, DialogContent, DialogContentText, DialogTitle, Typography } from '@mui/material';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { type ReactNode, useId, useState } from 'react';

import { useBrokerTexts } from '../i18n/useBrokerTexts.ts';
import { useMemberMay } from '../providers/memberMay.tsx';
import type { Client } from '../types.ts';
import { useErrorToast } from '../ui/errors.ts';
import { formatDateTime, formatDay } from '../ui/format.ts';
import { QueryBody } from '../ui/QueryBody.tsx';
import { useToast } from '../ui/toast.tsx';
import { PrepareSoaDialog } from './PrepareSoaDialog.tsx';
import { type Soa, soaApi, soasKey, UNSIGNED_KEY } from './soaApi.ts';

type Section = (props: { title: string; action?: ReactNode; children: ReactNode }) => ReactNode;

const STATUS_CHIP: Record<Soa['status'], { color: 'success' | 'warning' | 'default'; variant: 'filled' | 'outlined' }> = {
  signed: { color: 'success', variant: 'filled' },
  sent: { color: 'default', variant: 'outlined' },
  opened: { color: 'default', variant: 'outlined' },
  expired: { color: 'warning', variant: 'outlined' },
  cancelled: { color: 'default', variant: 'outlined' },
};

/**
 * The client's Scopes of Appointment (docs/compliance.md#scope-of-appointment), newest first: what
 * each covers, its state, the signature and its PDF. Members who may change clients prepare one,
 * send its link again, or cancel one not signed.
 */
export default function SoaCard({ client, section: Section }: { client: Client; section: Section }) {
  const { SOA_TEXTS: T } = useBrokerTexts().soa;
  const mayChange = useMemberMay()('clients:write');
  const query = useQuery({ queryKey: soasKey(client.id), queryFn: () => soaApi.forClient(client.id) });
  const [preparing, setPreparing] = useState(false);
  const [cancelling, setCancelling] = useState<Soa | null>(null);

  return (
    <Section
      title={T.title}
      action={
        mayChange &&
        client.isActive && (
          <Button size="small" startIcon={<AddIcon />} onClick={() => setPreparing(true)}>
            {T.prepare}
          </Button>
        )
      }
    >
      <QueryBody query={query} height={60} failed={T.loadFailed} empty={T.empty}>
        {(data) => (
          <Box component="ul" aria-label={T.title} sx={{ listStyle: 'none', m: 0, p: 0, display: 'grid', gap: 1.5 }}>
            {data.map((soa) => (
              <SoaItem key={soa.id} soa={soa} mayChange={mayChange} onCancel={() => setCancelling(soa)} />
            ))}
          </Box>
        )}
      </QueryBody>
      {preparing && <PrepareSoaDialog client={client} onClose={() => setPreparing(false)} />}
      {cancelling && <CancelSoaDialog soa={cancelling} onClose={() => setCancelling(null)} />}
    </Section>
  );
}

function SoaItem({ soa, mayChange, onCancel }: { soa: Soa; mayChange: boolean; onCancel: () => void }) {
  const { SOA_TEXTS: T } = useBrokerTexts().soa;
  const queryClient = useQueryClient();
  const toast = useToast();
  const errorToast = useErrorToast();
  const chip = STATUS_CHIP[soa.status];
  const resend = useMutation({
    mutationFn: () => soaApi.resend(soa.id),
    onSuccess: async () => {
      toast({ title: T.resent });
      await queryClient.invalidateQueries({ queryKey: soasKey(soa.clientId) });
      await queryClient.invalidateQueries({ queryKey: UNSIGNED_KEY });
    },
    onError: (error) => errorToast(error, T.resendFailed),
  });
  const open = soa.status === 'sent' || soa.status === 'opened' || soa.status === 'expired';
  const signer =
    soa.signerName && soa.signerRole === 'representative' && soa.relationship
      ? `${soa.signerName}, ${T.representative(soa.relationship)}`
      : soa.signerName;
  return (
    <Box component="li" sx={{ borderLeft: 3, borderColor: soa.status === 'signed' ? 'success.main' : 'divider', pl: 1.5 }}>
      <Box sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', columnGap: 1 }}>
        <Typography variant="body2" sx={{ fontWeight: 600 }}>
          {soa.products.map((product) => T.shortProducts[product]).join(', ')}
        </Typography>
        <Chip size="small" color={chip.color} variant={chip.variant} label={T.statuses[soa.status]} />
      </Box>
      <Typography variant="body2">{T.appointment(formatDateTime(soa.appointmentAt), T.methods[soa.method])}</Typography>
      <Typography variant="body2" color="text.secondary">
        {T.withAgent(soa.agentName)}
      </Typography>
      {soa.status === 'signed' && soa.signedAt && signer && (
        <Typography variant="body2">
          {T.signedBy(signer, formatDateTime(soa.signedAt))}
          {soa.validUntil && ` · ${T.validUntil(formatDay(soa.validUntil))}`}
        </Typography>
      )}
      {(soa.status === 'sent' || soa.status === 'opened') && (
        <Typography variant="body2" color="text.secondary">
          {T.linkUntil(formatDateTime(soa.linkExpiresAt))}
        </Typography>
      )}
      {soa.exception && (
        <Typography variant="body2" color="text.secondary">
          {T.exceptionRecorded(T.exceptions[soa.exception])}
        </Typography>
      )}
      {soa.tooSoon && soa.earliestAppointmentAt && (
        <Alert severity="warning" sx={{ mt: 0.5 }}>
          {T.tooSoon(formatDateTime(soa.earliestAppointmentAt))}
        </Alert>
      )}
      {soa.warning && (
        <Alert severity="info" sx={{ mt: 0.5 }}>
          {soa.warning}
        </Alert>
      )}
      <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1, ml: -1 }}>
        {soa.status === 'signed' && (
          <Button size="small" href={soaApi.pdfUrl(soa.id)} download>
            {T.downloadPdf}
          </Button>
        )}
        {mayChange && open && (
          <>
            <Button size="small" loading={resend.isPending} onClick={() => resend.mutate()}>
              {T.resend}
            </Button>
            <Button size="small" color="error" onClick={onCancel}>
              {T.cancelSoa}
            </Button>
          </>
        )}
      </Box>
    </Box>
  );
}

function CancelSoaDialog({ soa, onClose }: { soa: Soa; onClose: () => void }) {
  const { SOA_TEXTS: T } = useBrokerTexts().soa;
  const queryClient = useQueryClient();
  const toast = useToast();
  const errorToast = useErrorToast();
  const titleId = useId();
  const cancel = useMutation({
    mutationFn: () => soaApi.cancel(soa.id),
    onSuccess: async () => {
      toast({ title: T.cancelled });
      await queryClient.invalidateQueries({ queryKey: soasKey(soa.clientId) });
      await queryClient.invalidateQueries({ queryKey: UNSIGNED_KEY });
      onClose();
    },
    onError: (error) => errorToast(error, T.cancelFailed),
  });
  return (
    <Dialog open onClose={cancel.isPending ? undefined : onClose} aria-labelledby={titleId}>
      <DialogTitle id={titleId}>{T.cancelTitle}</DialogTitle>
      <DialogContent>
        <DialogContentText>{T.cancelBody}</DialogContentText>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose} disabled={cancel.isPending}>
          {T.keep}
        </Button>
        <Button variant="contained" color="error" loading={cancel.isPending} onClick={() => cancel.mutate()}>
          {T.cancelSoa}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
