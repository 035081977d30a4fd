import {
  Alert,
  Box,
  Button,
  Card,
  CardContent,
  Checkbox,
  List,
  ListItem,
  ListItemIcon,
  ListItemText,
  Skeleton,
  Typography,
} from '@mui/material';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Link as RouterLink } from 'react-router-dom';

import { formatDate } from '../clients/format.ts';
import { useBrokerTexts } from '../i18n/useBrokerTexts.ts';
import { useCareKeepDataProvider } from '../providers/dataProvider.ts';
import type { RenewalResult } from '../types.ts';
import { useErrorToast } from '../ui/errors.ts';
import { useToast } from '../ui/toast.tsx';

/** Clients whose marketing permission lapses soon (or has), with a renewal request to those chosen. */
export function LapsingConsent({ months }: { months: number }) {
  const { COMPLIANCE_TEXTS: T } = useBrokerTexts().compliance;
  const dataProvider = useCareKeepDataProvider();
  const queryClient = useQueryClient();
  const toast = useToast();
  const errorToast = useErrorToast();
  const { data, isPending, isError } = useQuery({ queryKey: ['consent', 'lapsing'], queryFn: () => dataProvider.getLapsingConsent() });
  const [chosen, setChosen] = useState<Set<string>>(new Set());
  const [result, setResult] = useState<RenewalResult | null>(null);
  const send = useMutation({
    mutationFn: () => dataProvider.requestConsentRenewals([...chosen]),
    onSuccess: (answer) => {
      setResult(answer);
      setChosen(new Set());
      toast({ title: T.renewalSent(answer.sent) });
      void queryClient.invalidateQueries({ queryKey: ['consent', 'lapsing'] });
    },
    onError: (error) => errorToast(error, T.renewalFailed),
  });
  const toggle = (id: string) =>
    setChosen((current) => {
      const next = new Set(current);
      if (next.has(id)) next.delete(id);
      else next.add(id);
      return next;
    });
  const now = Date.now();
  return (
    <Card variant="outlined" component="section" aria-label={T.lapsingTitle}>
      <CardContent>
        <Typography variant="h6" component="h2" sx={{ mb: 0.5 }}>
          {T.lapsingTitle}
        </Typography>
        <Typography variant="body2" color="text.secondary" sx={{ mb: 1.5 }}>
          {T.lapsingHint(months)}
        </Typography>
        {isPending ? (
          <Skeleton variant="rounded" height={80} />
        ) : isError ? (
          <Alert severity="error">{T.loadFailed}</Alert>
        ) : data.length === 0 ? (
          <Typography variant="body2">{T.lapsingEmpty}</Typography>
        ) : (
          <>
            <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1, alignItems: 'center' }}>
              <Button size="small" onClick={() => setChosen(new Set(data.map((row) => row.clientId)))}>
                {T.selectAll}
              </Button>
              <Button variant="contained" disabled={chosen.size === 0} loading={send.isPending} onClick={() => send.mutate()}>
                {T.sendRenewal(chosen.size)}
              </Button>
            </Box>
            <List dense aria-label={T.lapsingTitle}>
              {data.map((row) => {
                const lapsed = new Date(row.expiresAt).getTime() <= now;
                const when = lapsed ? T.lapsedOn(formatDate(row.expiresAt)) : T.lapsesOn(formatDate(row.expiresAt));
                return (
                  <ListItem key={row.clientId} disableGutters>
                    <ListItemIcon sx={{ minWidth: 40 }}>
                      <Checkbox
                        edge="start"
                        checked={chosen.has(row.clientId)}
                        onChange={() => toggle(row.clientId)}
                        slotProps={{ input: { 'aria-label': T.selectClient(row.name) } }}
                      />
                    </ListItemIcon>
                    <ListItemText
                      primary={<RouterLink to={`/clients/${row.clientId}`}>{row.name}</RouterLink>}
                      secondary={row.renewalSentAt ? `${when} · ${T.requestSent(formatDate(row.renewalSentAt))}` : when}
                    />
                  </ListItem>
                );
              })}
            </List>
          </>
        )}
        {result && result.notSent.length > 0 && (
          <Alert severity="warning" sx={{ mt: 1 }} onClose={() => setResult(null)}>
            <Typography variant="body2" sx={{ fontWeight: 600 }}>
              {T.renewalNotSent}
            </Typography>
            <Box component="ul" sx={{ m: 0, pl: 2.5 }}>
              {result.notSent.map((line) => (
                <li key={line}>
                  <Typography variant="body2">{line}</Typography>
                </li>
              ))}
            </Box>
          </Alert>
        )}
      </CardContent>
    </Card>
  );
}
