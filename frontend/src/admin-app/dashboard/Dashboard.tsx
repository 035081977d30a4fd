import { Box, Typography } from '@mui/material';
import { Title } from 'react-admin';

export const DASHBOARD_TEXTS = {
  title: 'Dashboard',
  subtitle: 'Track your client retention and engagement metrics',
} as const;

export function Dashboard() {
  return (
    <Box sx={{ p: 3 }}>
      <Title title={DASHBOARD_TEXTS.title} />
      <Typography variant="h4" component="h1">
        {DASHBOARD_TEXTS.title}
      </Typography>
      <Typography color="text.secondary">{DASHBOARD_TEXTS.subtitle}</Typography>
    </Box>
  );
}
