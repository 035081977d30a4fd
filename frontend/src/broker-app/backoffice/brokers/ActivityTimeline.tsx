import HistoryIcon from '@mui/icons-material/History';
import { Box, Card, CardContent, CardHeader, Typography } from '@mui/material';
import { useId } from 'react';

import { useBrokerTexts } from '../../i18n/useBrokerTexts.ts';
import type { AdminAction } from '../../types.ts';
import { formatDateTime } from '../../ui/format.ts';
import { actionLabel, changeLines, entryNotes } from './format.ts';

/** SPEC §2: the last 20 admin actions on the broker (the API sends them newest first), scrollable. */
export function ActivityTimeline({ actions }: { actions: AdminAction[] }) {
  const { DETAIL_TEXTS: T } = useBrokerTexts().adminBrokers;
  const titleId = useId();
  return (
    <Card component="section" aria-labelledby={titleId} sx={{ height: '100%', display: 'flex', flexDirection: 'column' }}>
      <CardHeader
        avatar={<HistoryIcon color="action" aria-hidden />}
        title={T.timelineTitle}
        subheader={T.timelineSubtitle}
        slotProps={{ title: { id: titleId, variant: 'h6', component: 'h2' } }}
      />
      <CardContent sx={{ pt: 0, flex: 1, minHeight: 0 }}>
        {actions.length === 0 ? (
          <Box sx={{ py: 4, textAlign: 'center' }}>
            <Typography color="text.secondary">{T.noActivity}</Typography>
          </Box>
        ) : (
          <Box
            component="ol"
            aria-label={T.timelineTitle}
            // Scrollable with the keyboard too.
            tabIndex={0}
            sx={{ listStyle: 'none', m: 0, p: 0, pr: 1, maxHeight: 380, overflowY: 'auto' }}
          >
            {actions.map((entry, index) => (
              <TimelineEntry key={entry.id} entry={entry} last={index === actions.length - 1} />
            ))}
          </Box>
        )}
      </CardContent>
    </Card>
  );
}

function TimelineEntry({ entry, last }: { entry: AdminAction; last: boolean }) {
  const { DETAIL_TEXTS: T } = useBrokerTexts().adminBrokers;
  const lines = changeLines(entry.before, entry.after);
  const notes = entryNotes(entry);
  return (
    <Box component="li" data-testid="timeline-entry" sx={{ display: 'flex', gap: 1.5 }}>
      <Box sx={{ display: 'flex', flexDirection: 'column', alignItems: 'center', pt: 0.75 }} aria-hidden>
        <Box sx={{ width: 10, height: 10, borderRadius: '50%', bgcolor: 'primary.main', flexShrink: 0 }} />
        {!last && <Box sx={{ width: 2, flex: 1, bgcolor: 'divider', my: 0.5 }} />}
      </Box>
      <Box sx={{ flex: 1, minWidth: 0, pb: last ? 0 : 2.5 }}>
        <Box sx={{ display: 'flex', flexWrap: 'wrap', justifyContent: 'space-between', columnGap: 2 }}>
          <Typography sx={{ fontWeight: 600 }}>{actionLabel(entry.action)}</Typography>
          <Typography variant="caption" color="text.secondary" component="time" dateTime={entry.createdAt}>
            {formatDateTime(entry.createdAt)}
          </Typography>
        </Box>
        <Typography variant="body2" color="text.secondary">
          {entry.adminEmail ? T.byAdmin(entry.adminEmail) : T.byUnknownAdmin}
        </Typography>
        {notes && (
          <Typography variant="body2" sx={{ mt: 0.5, overflowWrap: 'anywhere' }}>
            {notes}
          </Typography>
        )}
        {lines.length > 0 && (
          <Box component="ul" sx={{ listStyle: 'none', m: 0, mt: 0.5, p: 0 }}>
            {lines.map((line) => (
              <Typography key={line.field} component="li" variant="body2" color="text.secondary">
                <Box component="span" sx={{ fontWeight: 500, color: 'text.primary' }}>
                  {`${line.label}: `}
                </Box>
                {`${line.before} → ${line.after}`}
              </Typography>
            ))}
          </Box>
        )}
      </Box>
    </Box>
  );
}
