import { Alert, Box, Card, CardContent, CardHeader, Chip, Link, Skeleton, Typography } from '@mui/material';
import { useQuery } from '@tanstack/react-query';
import { Link as RouterLink } from 'react-router-dom';

import { useBrokerTexts } from '../i18n/useBrokerTexts.ts';
import { formatDateTime } from '../ui/format.ts';
import { soaApi, UNSIGNED_KEY } from './soaApi.ts';

/**
 * The dashboard's Scopes of Appointment waiting for a signature, soonest appointment first: each
 * client's name (to their page), when the appointment is and where its link stands. Shows nothing
 * while every one sent has been signed.
 */
export default function UnsignedSoasCard() {
  const { SOA_TEXTS: T } = useBrokerTexts().soa;
  const { data, isPending, isError } = useQuery({ queryKey: UNSIGNED_KEY, queryFn: () => soaApi.unsigned(5) });
  if (!isPending && !isError && data.total === 0) return null;
  return (
    <Card component="section" aria-labelledby="unsigned-soas-title">
      <CardHeader title={T.unsignedTitle} slotProps={{ title: { id: 'unsigned-soas-title', variant: 'h6', component: 'h2' } }} />
      <CardContent sx={{ pt: 0 }}>
        {isPending ? (
          <Skeleton variant="rounded" height={60} />
        ) : isError ? (
          <Alert severity="error">{T.unsignedFailed}</Alert>
        ) : (
          <>
            <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
              {T.unsignedCount(data.total)}
            </Typography>
            <Box component="ul" sx={{ listStyle: 'none', m: 0, p: 0, display: 'grid', gap: 1 }}>
              {data.items.map((soa) => (
                <Box component="li" key={soa.id} sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', columnGap: 1 }}>
                  <Link component={RouterLink} to={`/clients/${soa.clientId}`} sx={{ fontWeight: 600 }}>
                    {soa.clientName}
                  </Link>
                  <Typography variant="body2">{T.appointment(formatDateTime(soa.appointmentAt), T.methods[soa.method])}</Typography>
                  <Chip
                    size="small"
                    variant="outlined"
                    color={soa.status === 'expired' ? 'warning' : 'default'}
                    label={T.statuses[soa.status]}
                  />
                </Box>
              ))}
            </Box>
          </>
        )}
      </CardContent>
    </Card>
  );
}
