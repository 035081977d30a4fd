import { Box, Card, CardContent, Typography } from '@mui/material';
import type { ReactNode } from 'react';

/** A titled card of the Commissions page. */
export function Section({ title, help, action, children }: { title: string; help?: string; action?: ReactNode; children: ReactNode }) {
  return (
    <Card variant="outlined" component="section" aria-label={title}>
      <CardContent sx={{ display: 'grid', gap: 1.5 }}>
        <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1, alignItems: 'center', justifyContent: 'space-between' }}>
          <Typography variant="h2" sx={{ fontSize: '1.125rem', fontWeight: 600 }}>
            {title}
          </Typography>
          {action}
        </Box>
        {help && (
          <Typography variant="body2" color="text.secondary">
            {help}
          </Typography>
        )}
        {children}
      </CardContent>
    </Card>
  );
}

/** A table's horizontal scroll on a narrow screen, reachable by keyboard. */
export function ScrollArea({ label, children }: { label: string; children: ReactNode }) {
  return (
    <Box tabIndex={0} role="region" aria-label={label} sx={{ overflowX: 'auto' }}>
      {children}
    </Box>
  );
}
