import ChevronLeftIcon from '@mui/icons-material/ChevronLeft';
import ChevronRightIcon from '@mui/icons-material/ChevronRight';
import ManageSearchIcon from '@mui/icons-material/ManageSearch';
import { Box, Button, Card, CardContent, CardHeader, Skeleton, Typography } from '@mui/material';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useId, useState } from 'react';

import { useBrokerTexts } from '../i18n/useBrokerTexts.ts';
import { useCareKeepDataProvider } from '../providers/dataProvider.ts';
import type { AgencyEvent } from '../types.ts';
import { LoadError } from '../ui/EmptyState.tsx';
import { EntryTime } from '../ui/LogEntries.tsx';
import { ActionText, ChangeList, EntrySummary } from './ActivityEntryParts.tsx';
import { eventMemberName, eventMemberRole } from './format.ts';

/** Entries per page of the card. */
export const BROKER_ACTIVITY_PER_PAGE = 10;

export const brokerActivityKey = (brokerId: string, page: number) => ['admin', 'brokers', brokerId, 'agency-log', page] as const;

/**
 * On an admin's broker detail page, beside the admins' own Activity Timeline: what the agency's own
 * people changed (GET /api/admin/brokers/{id}/agency-log), newest first, a page at a time.
 */
export function BrokerActivityCard({ brokerId }: { brokerId: string }) {
  const { BROKER_ACTIVITY_TEXTS: T } = useBrokerTexts().activityLog;
  const dataProvider = useCareKeepDataProvider();
  const titleId = useId();
  const [page, setPage] = useState(1);
  const log = useQuery({
    queryKey: brokerActivityKey(brokerId, page),
    queryFn: () => dataProvider.getBrokerAgencyLog(brokerId, page, BROKER_ACTIVITY_PER_PAGE),
    // The page on screen stays while the next one loads.
    placeholderData: keepPreviousData,
  });
  const total = log.data?.total ?? 0;

  return (
    <Card component="section" aria-labelledby={titleId} sx={{ mb: 3 }}>
      <CardHeader
        avatar={<ManageSearchIcon color="action" aria-hidden />}
        title={T.title}
        subheader={T.subtitle}
        slotProps={{ title: { id: titleId, variant: 'h6', component: 'h2' } }}
      />
      <CardContent sx={{ pt: 0 }}>
        {log.isPending ? (
          <Skeleton variant="rounded" height={120} />
        ) : log.isError ? (
          <LoadError message={T.loadFailed} retryLabel={T.retry} onRetry={() => void log.refetch()} />
        ) : log.data.data.length === 0 ? (
          <Typography color="text.secondary" sx={{ py: 3, textAlign: 'center' }}>
            {T.empty}
          </Typography>
        ) : (
          <>
            <Box component="ol" aria-labelledby={titleId} aria-busy={log.isPlaceholderData} sx={{ listStyle: 'none', m: 0, p: 0 }}>
              {log.data.data.map((entry, index) => (
                <ActivityItem key={entry.id} entry={entry} first={index === 0} />
              ))}
            </Box>
            <Pager page={page} total={total} onPage={setPage} />
          </>
        )}
      </CardContent>
    </Card>
  );
}

/** One entry: on a wide card who and when beside what, stacked on a narrow one. */
function ActivityItem({ entry, first }: { entry: AgencyEvent; first: boolean }) {
  const { ACTIVITY_LOG_TEXTS: T } = useBrokerTexts().activityLog;
  return (
    <Box
      component="li"
      data-testid="agency-activity-entry"
      sx={{
        py: 1.5,
        borderTop: first ? 0 : 1,
        borderColor: 'divider',
        display: 'grid',
        gridTemplateColumns: { xs: 'minmax(0, 1fr)', md: '15rem minmax(0, 1fr)' },
        columnGap: 3,
        rowGap: 0.5,
      }}
    >
      <Box sx={{ minWidth: 0 }}>
        <ActionText entry={entry} />
        <Box sx={{ color: 'text.secondary' }}>
          <EntryTime entry={entry} />
        </Box>
        <Typography variant="body2" color="text.secondary" sx={{ overflowWrap: 'anywhere' }}>
          <Box component="span" sx={{ fontWeight: 500, color: 'text.primary' }}>
            {eventMemberName(entry.member)}
          </Box>
          {` · ${eventMemberRole(entry.member)}`}
        </Typography>
        {(entry.viaToken || entry.ipAddress) && (
          <Typography variant="caption" color="text.secondary" sx={{ display: 'block', overflowWrap: 'anywhere' }}>
            {[entry.viaToken && T.viaToken(entry.viaToken.name), entry.ipAddress].filter(Boolean).join(' · ')}
          </Typography>
        )}
      </Box>
      <Box sx={{ minWidth: 0, display: 'grid', gap: 0.5, alignContent: 'start' }}>
        <EntrySummary entry={entry} />
        {(entry.before || entry.after) && <ChangeList entry={entry} />}
      </Box>
    </Box>
  );
}

/** '11–20 of 312' with Newer and Older. */
function Pager({ page, total, onPage }: { page: number; total: number; onPage: (page: number) => void }) {
  const { BROKER_ACTIVITY_TEXTS: T } = useBrokerTexts().activityLog;
  const first = (page - 1) * BROKER_ACTIVITY_PER_PAGE + 1;
  const last = Math.min(page * BROKER_ACTIVITY_PER_PAGE, total);
  if (total <= BROKER_ACTIVITY_PER_PAGE && page === 1) return null;
  return (
    <Box
      component="nav"
      aria-label={T.pageLabel}
      sx={{
        display: 'flex',
        alignItems: 'center',
        justifyContent: 'flex-end',
        flexWrap: 'wrap',
        gap: 1,
        pt: 1.5,
        borderTop: 1,
        borderColor: 'divider',
      }}
    >
      <Typography variant="body2" color="text.secondary" aria-live="polite">
        {T.range(first, last, total)}
      </Typography>
      <Button size="small" startIcon={<ChevronLeftIcon />} disabled={page <= 1} onClick={() => onPage(page - 1)}>
        {T.newer}
      </Button>
      <Button size="small" endIcon={<ChevronRightIcon />} disabled={last >= total} onClick={() => onPage(page + 1)}>
        {T.older}
      </Button>
    </Box>
  );
}
