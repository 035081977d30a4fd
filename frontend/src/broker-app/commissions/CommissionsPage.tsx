import { Box } from '@mui/material';

import { useBrokerTexts } from '../i18n/useBrokerTexts.ts';
import { PageHeader } from '../ui/PageHeader.tsx';
import { MonthsCard } from './MonthsCard.tsx';
import { SchedulesCard } from './SchedulesCard.tsx';
import { StatementsCard } from './StatementsCard.tsx';

/** `/commissions` (members who see commissions): schedules, statements and their matching, paid against expected. */
export function CommissionsPage() {
  const { COMMISSION_TEXTS: T } = useBrokerTexts().commissions;
  return (
    <Box sx={{ display: 'grid', gap: 2 }}>
      <PageHeader title={T.title} subtitle={T.subtitle} />
      <SchedulesCard />
      <StatementsCard />
      <MonthsCard />
    </Box>
  );
}
