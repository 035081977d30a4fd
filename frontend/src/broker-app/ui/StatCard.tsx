import { Box, Card, CardContent, Typography } from '@mui/material';
import type { ReactNode } from 'react';

/** One figure on a dashboard: its name, the value, a caption, and an icon. */
export function StatCard({
  title,
  value,
  caption,
  icon,
  tone,
}: {
  title: string;
  value: string;
  caption: ReactNode;
  icon: ReactNode;
  /** Colours the value, e.g. a negative profit. */
  tone?: 'error' | 'success';
}) {
  return (
    <Card component="section" aria-label={title}>
      <CardContent>
        <Box sx={{ display: 'flex', justifyContent: 'space-between', alignItems: 'center', mb: 1 }}>
          <Typography variant="body2" color="text.secondary" sx={{ fontWeight: 500 }}>
            {title}
          </Typography>
          <Box sx={{ color: 'text.secondary', display: 'flex' }} aria-hidden>
            {icon}
          </Box>
        </Box>
        <Typography
          // Longer values (a date) get a smaller size so they stay on one line in a quarter-width card.
          sx={{
            fontSize: value.length > 12 ? '1.25rem' : '1.75rem',
            fontWeight: 700,
            lineHeight: 1.2,
            minHeight: '2.1rem',
            color: tone ? `${tone}.main` : undefined,
          }}
          data-testid="stat-value"
        >
          {value}
        </Typography>
        <Typography variant="caption" color="text.secondary">
          {caption}
        </Typography>
      </CardContent>
    </Card>
  );
}
