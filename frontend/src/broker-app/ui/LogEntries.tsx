import HistoryIcon from '@mui/icons-material/History';
import SearchOffIcon from '@mui/icons-material/SearchOff';
import { Box, Card, CardContent, Skeleton, Typography } from '@mui/material';
import type { ReactNode } from 'react';

import { formatDateTime } from './format.ts';

/**
 * The pieces the logs share (the admins' audit log and the agency's activity log): on a narrow
 * screen each entry is a card with the table's columns stacked as label and value.
 */

/** When the entry was recorded, in the app's date format. */
export function EntryTime({ entry }: { entry: { createdAt: string } }) {
  return (
    <Typography variant="body2" component="time" dateTime={entry.createdAt} sx={{ display: 'block', minWidth: { md: 110 } }}>
      {formatDateTime(entry.createdAt)}
    </Typography>
  );
}

/** One of a card's stacked columns: its label beside its value. */
export function EntryField({ label, children }: { label: string; children: ReactNode }) {
  return (
    <Box sx={{ display: 'grid', gridTemplateColumns: '7.5rem minmax(0, 1fr)', columnGap: 1.5 }}>
      <Typography variant="body2" color="text.secondary">
        {label}
      </Typography>
      {children}
    </Box>
  );
}

/** Three placeholder cards while the first page loads. */
export function EntryCardsSkeleton() {
  return (
    <Box sx={{ display: 'grid', gap: 1.5 }} aria-busy="true">
      {Array.from({ length: 3 }, (_, index) => (
        <Card key={index}>
          <CardContent>
            <Skeleton width="50%" />
            <Skeleton width="80%" />
            <Skeleton width="60%" />
          </CardContent>
        </Card>
      ))}
    </Box>
  );
}

/** A log with no entry to show: under filters, a search that found nothing; else nothing recorded yet. */
export function LogEmpty({ filtered, title, body }: { filtered: boolean; title: string; body: string }) {
  const Icon = filtered ? SearchOffIcon : HistoryIcon;
  return (
    <Box sx={{ py: 6, px: 2, textAlign: 'center' }}>
      <Icon sx={{ fontSize: 48, color: 'text.disabled' }} aria-hidden />
      <Typography component="h2" variant="h6" sx={{ mt: 1, fontWeight: 600 }}>
        {title}
      </Typography>
      <Typography color="text.secondary" sx={{ mt: 0.5, maxWidth: 520, mx: 'auto' }}>
        {body}
      </Typography>
    </Box>
  );
}
