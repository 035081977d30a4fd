import { Alert, Box, Button, Card, CardContent, CardHeader, Link, Skeleton, Typography } from '@mui/material';
import { useQuery } from '@tanstack/react-query';
import { Link as RouterLink } from 'react-router-dom';

import { formatPhone } from '../../lib/phone.ts';
import { useBrokerTexts } from '../i18n/useBrokerTexts.ts';
import { useCareKeepDataProvider } from '../providers/dataProvider.ts';
import { formatDateTime } from '../ui/format.ts';
import { INBOX_KEY } from './unread.ts';

/** How many of the overdue conversations the card names. */
const SHOWN = 5;
/** The list asks for one page: beyond it the card says "100 or more". */
const PAGE = 100;

/**
 * The dashboard's conversations waiting for a reply longer than the agency's promise (its office
 * hours, docs/messaging.md "Office hours"), the longest-waiting first, each to its thread. Shows
 * nothing while every text is answered in time.
 */
export default function OverdueTextsCard() {
  const { INBOX_TEXTS: T } = useBrokerTexts().inbox;
  const dataProvider = useCareKeepDataProvider();
  const { data, isPending, isError } = useQuery({
    queryKey: [...INBOX_KEY, 'threads', { overdue: true }],
    queryFn: () => dataProvider.getInboxThreads({ overdue: true }),
  });
  if (!isPending && !isError && data.length === 0) return null;
  const longest = [...(data ?? [])].sort((a, b) => (a.needsReplySince ?? '').localeCompare(b.needsReplySince ?? '')).slice(0, SHOWN);
  return (
    <Card component="section" aria-labelledby="overdue-texts-title">
      <CardHeader title={T.overdueTitle} slotProps={{ title: { id: 'overdue-texts-title', variant: 'h6', component: 'h2' } }} />
      <CardContent sx={{ pt: 0, display: 'grid', gap: 1 }}>
        {isPending ? (
          <Skeleton variant="rounded" height={60} />
        ) : isError ? (
          <Alert severity="error">{T.overdueFailed}</Alert>
        ) : (
          <>
            <Typography variant="body2" color="text.secondary">
              {data.length >= PAGE ? T.overdueMore(PAGE) : T.overdueCount(data.length)}
            </Typography>
            <Box component="ul" sx={{ listStyle: 'none', m: 0, p: 0, display: 'grid', gap: 1 }}>
              {longest.map((thread) => (
                <Box component="li" key={thread.id} sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'baseline', columnGap: 1 }}>
                  <Link component={RouterLink} to={`/inbox/${thread.id}`} sx={{ fontWeight: 600 }}>
                    {thread.clientName ?? formatPhone(thread.phone)}
                  </Link>
                  {thread.needsReplySince && (
                    <Typography variant="body2" color="text.secondary">
                      {T.waitingSince(formatDateTime(thread.needsReplySince))}
                    </Typography>
                  )}
                </Box>
              ))}
            </Box>
            <Button component={RouterLink} to="/inbox?filter=overdue" variant="outlined" sx={{ justifySelf: 'start' }}>
              {T.openOverdue}
            </Button>
          </>
        )}
      </CardContent>
    </Card>
  );
}
