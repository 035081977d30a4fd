import AddTaskIcon from '@mui/icons-material/AddTask';
import CampaignIcon from '@mui/icons-material/Campaign';
import PhoneIcon from '@mui/icons-material/Phone';
import SmsIcon from '@mui/icons-material/Sms';
import { Alert, Box, Button, Card, CardContent, CardHeader, Link, Skeleton, Typography } from '@mui/material';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Suspense, useState } from 'react';
import { useGetList } from 'react-admin';
import { Link as RouterLink } from 'react-router-dom';

import type { ClientWithFacts } from '../clients/retentionTypes.ts';
import { useBrokerTexts } from '../i18n/useBrokerTexts.ts';
import { useCareKeepDataProvider } from '../providers/dataProvider.ts';
import { useMemberMay } from '../providers/memberMay.tsx';
import { useErrorToast } from '../ui/errors.ts';
import { lazyNamed } from '../ui/lazyNamed.ts';
import { useToast } from '../ui/toast.tsx';

// The dialog and the campaign builder behind it (forms library included) load when first opened.
const AddToCampaignDialog = lazyNamed(() => import('../clients/AddToCampaignDialog.tsx'), 'AddToCampaignDialog');

/** The five clients most at risk of leaving: active, high risk, highest score first (only the member's own with `assignedTo`). */
export function atRiskQuery(assignedTo?: string) {
  return {
    pagination: { page: 1, perPage: 5 },
    sort: { field: 'riskScore', order: 'DESC' as const },
    filter: { riskLevel: 'high', isActive: true, ...(assignedTo && { assignedTo }) },
  };
}

/** The Clients page filtered by high risk (and by the member's own clients with `assignedTo`), highest first. */
export function atRiskLink(assignedTo?: string) {
  return `/clients?${new URLSearchParams({
    filter: JSON.stringify({ riskLevel: 'high', ...(assignedTo && { assignedTo }) }),
    sort: 'riskScore',
    order: 'DESC',
  }).toString()}`;
}

export const AT_RISK_QUERY = atRiskQuery();
export const AT_RISK_LINK = atRiskLink();

/** How many reasons a row shows. */
const TOP_REASONS = 2;

/**
 * "At risk this week": each client with why, and a call, a text or a campaign to keep them. With
 * `assignedTo` (the dashboard's "My clients"), only the clients assigned to that member.
 */
export function AtRiskCard({ assignedTo }: { assignedTo?: string }) {
  const { RETENTION_TEXTS: T } = useBrokerTexts().dashboard;
  const { CLIENT_PAGE_TEXTS } = useBrokerTexts().clientPage;
  const { data, isPending, error } = useGetList<ClientWithFacts>('clients', atRiskQuery(assignedTo));
  const [campaignFor, setCampaignFor] = useState<string | null>(null);
  const mayChange = useMemberMay()('clients:write');
  const dataProvider = useCareKeepDataProvider();
  const queryClient = useQueryClient();
  const toast = useToast();
  const errorToast = useErrorToast();
  // "Call before AEP": a task for whoever looks after the client (docs/tasks.md).
  const callTask = useMutation({
    mutationFn: (clientId: string) => dataProvider.callBeforeAep(clientId),
    onSuccess: () => {
      toast({ title: T.callBeforeAepAdded });
      return queryClient.invalidateQueries({ queryKey: ['tasks'] });
    },
    onError: (error) => errorToast(error, T.callBeforeAepFailed),
  });
  return (
    <Card component="section" aria-labelledby="at-risk-title">
      <CardHeader
        title={T.atRiskTitle}
        slotProps={{ title: { id: 'at-risk-title', variant: 'h6', component: 'h2' } }}
        action={
          <Button component={RouterLink} to={atRiskLink(assignedTo)} size="small" aria-label={T.seeAllLabel}>
            {T.seeAll}
          </Button>
        }
      />
      <CardContent sx={{ pt: 0 }}>
        {isPending ? (
          <Box sx={{ display: 'grid', gap: 1 }}>
            {[0, 1, 2].map((i) => (
              <Skeleton key={i} height={40} />
            ))}
          </Box>
        ) : error ? (
          <Alert severity="error">{T.atRiskFailed}</Alert>
        ) : !data?.length ? (
          <Typography color="text.secondary" variant="body2">
            {T.atRiskEmpty}
          </Typography>
        ) : (
          <Box component="ul" sx={{ listStyle: 'none', m: 0, p: 0, display: 'grid', gap: 1.5 }} aria-labelledby="at-risk-title">
            {data.map((client) => {
              const name = `${client.firstName} ${client.lastName}`;
              const reasons = (client.riskReasons ?? [])
                .map((code) => CLIENT_PAGE_TEXTS.riskReasonWords[code])
                .filter(Boolean)
                .slice(0, TOP_REASONS);
              return (
                <Box
                  component="li"
                  key={client.id}
                  sx={{
                    display: 'flex',
                    flexWrap: 'wrap',
                    alignItems: 'center',
                    gap: 1,
                    borderLeft: 3,
                    borderColor: 'error.main',
                    pl: 1.5,
                  }}
                >
                  <Box sx={{ flex: '1 1 12rem', minWidth: 0 }}>
                    <Link component={RouterLink} to={`/clients/${client.id}`} variant="body2" sx={{ fontWeight: 600 }}>
                      {name}
                    </Link>
                    {reasons.length > 0 && (
                      <Typography variant="caption" color="text.secondary" component="div">
                        {reasons.join(' · ')}
                      </Typography>
                    )}
                  </Box>
                  <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 0.5 }}>
                    <Button size="small" href={`tel:${client.phone}`} startIcon={<PhoneIcon />} aria-label={T.callName(name)}>
                      {T.call}
                    </Button>
                    <Button size="small" href={`sms:${client.phone}`} startIcon={<SmsIcon />} aria-label={T.textName(name)}>
                      {T.text}
                    </Button>
                    {mayChange && (
                      <Button
                        size="small"
                        startIcon={<AddTaskIcon />}
                        disabled={callTask.isPending}
                        onClick={() => callTask.mutate(client.id)}
                        aria-label={T.callBeforeAepName(name)}
                      >
                        {T.callBeforeAep}
                      </Button>
                    )}
                    <Button
                      size="small"
                      startIcon={<CampaignIcon />}
                      onClick={() => setCampaignFor(client.id)}
                      aria-label={T.addToCampaignName(name)}
                    >
                      {T.addToCampaign}
                    </Button>
                  </Box>
                </Box>
              );
            })}
          </Box>
        )}
      </CardContent>
      {/* Mounted while open, so each time starts from its first choice. */}
      {campaignFor && (
        <Suspense fallback={null}>
          <AddToCampaignDialog ids={[campaignFor]} open onClose={() => setCampaignFor(null)} onDone={() => setCampaignFor(null)} />
        </Suspense>
      )}
    </Card>
  );
}
