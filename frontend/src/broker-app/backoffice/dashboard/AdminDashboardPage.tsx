import AttachMoneyIcon from '@mui/icons-material/AttachMoney';
import AutorenewIcon from '@mui/icons-material/Autorenew';
import CalendarMonthIcon from '@mui/icons-material/CalendarMonth';
import GroupsIcon from '@mui/icons-material/Groups';
import HourglassTopIcon from '@mui/icons-material/HourglassTop';
import HowToRegIcon from '@mui/icons-material/HowToReg';
import RefreshIcon from '@mui/icons-material/Refresh';
import SavingsIcon from '@mui/icons-material/Savings';
import { Alert, Box, Button, Card, CardContent, Skeleton } from '@mui/material';
import { useQuery, useQueryClient } from '@tanstack/react-query';

import { useBrokerTexts } from '../../i18n/useBrokerTexts.ts';
import { useCareKeepDataProvider } from '../../providers/dataProvider.ts';
import type { AdminAnalytics } from '../../types.ts';
import { PageHeader } from '../../ui/PageHeader.tsx';
import { StatCard } from '../../ui/StatCard.tsx';
import { formatCents } from './figures.ts';
import { ADMIN_TRENDS_KEY, PlatformTrendsSection } from './PlatformTrends.tsx';
import { RevenueBreakdownCard, TierDistributionCard } from './TierCharts.tsx';
import { TrialExpirationsCard } from './TrialExpirationsCard.tsx';

export { ADMIN_DASHBOARD_TEXTS } from './texts.ts';

export const ADMIN_ANALYTICS_KEY = ['admin', 'analytics'] as const;

const moneyGrid = { display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', sm: 'repeat(2, 1fr)', lg: 'repeat(4, 1fr)' } };
const brokerGrid = { display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', sm: 'repeat(3, 1fr)' } };
const chartGrid = { display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', md: 'repeat(2, 1fr)' } };

function LoadingDashboard() {
  const { ADMIN_DASHBOARD_TEXTS: T } = useBrokerTexts().adminDashboard;
  const card = (i: number, height = 72) => (
    <Card key={i}>
      <CardContent>
        <Skeleton width="45%" />
        <Skeleton height={height} />
      </CardContent>
    </Card>
  );
  return (
    <Box aria-busy="true" aria-label={T.loading} sx={{ display: 'grid', gap: 2 }}>
      <Box sx={moneyGrid}>{[0, 1, 2, 3].map((i) => card(i))}</Box>
      <Box sx={brokerGrid}>{[4, 5, 6].map((i) => card(i))}</Box>
      <Box sx={chartGrid}>{[7, 8].map((i) => card(i, 260))}</Box>
      {card(9, 180)}
    </Box>
  );
}

function Figures({ analytics }: { analytics: AdminAnalytics }) {
  const { ADMIN_DASHBOARD_TEXTS: T } = useBrokerTexts().adminDashboard;
  return (
    <Box sx={{ display: 'grid', gap: 2 }}>
      <Box sx={moneyGrid}>
        <StatCard title={T.mrr} value={formatCents(analytics.mrr)} caption={T.mrrCaption} icon={<AutorenewIcon fontSize="small" />} />
        <StatCard title={T.arr} value={formatCents(analytics.arr)} caption={T.arrCaption} icon={<CalendarMonthIcon fontSize="small" />} />
        <StatCard
          title={T.netProfit}
          value={formatCents(analytics.netProfit)}
          caption={T.netProfitCaption}
          icon={<SavingsIcon fontSize="small" />}
          tone={analytics.netProfit < 0 ? 'error' : undefined}
        />
        <StatCard
          title={T.totalRevenue}
          value={formatCents(analytics.totalRevenue)}
          caption={T.totalRevenueCaption}
          icon={<AttachMoneyIcon fontSize="small" />}
        />
      </Box>
      <Box sx={brokerGrid}>
        <StatCard
          title={T.activeBrokers}
          value={String(analytics.activeBrokers)}
          caption={T.activeBrokersCaption}
          icon={<HowToRegIcon fontSize="small" />}
        />
        <StatCard
          title={T.totalBrokers}
          value={String(analytics.totalBrokers)}
          caption={T.totalBrokersCaption}
          icon={<GroupsIcon fontSize="small" />}
        />
        <StatCard
          title={T.trialBrokers}
          value={String(analytics.trialBrokers)}
          caption={T.trialBrokersCaption}
          icon={<HourglassTopIcon fontSize="small" />}
        />
      </Box>
      <Box sx={chartGrid}>
        <TierDistributionCard distribution={analytics.tierDistribution} />
        <RevenueBreakdownCard analytics={analytics} />
      </Box>
    </Box>
  );
}

/**
 * /admin: platform revenue, brokers by tier, the trials about to end (SPEC §2 Admin dashboard), and
 * the last 12 months' trends.
 */
export function AdminDashboardPage() {
  const { ADMIN_DASHBOARD_TEXTS: T } = useBrokerTexts().adminDashboard;
  const dataProvider = useCareKeepDataProvider();
  const analytics = useQuery({ queryKey: ADMIN_ANALYTICS_KEY, queryFn: () => dataProvider.getAdminAnalytics() });
  const queryClient = useQueryClient();

  return (
    <Box>
      <PageHeader
        title={T.title}
        subtitle={T.subtitle}
        actions={
          analytics.data && (
            <Button
              variant="outlined"
              startIcon={<RefreshIcon />}
              onClick={() => {
                void analytics.refetch();
                void queryClient.invalidateQueries({ queryKey: ADMIN_TRENDS_KEY });
              }}
              loading={analytics.isFetching}
              loadingPosition="start"
            >
              {T.refresh}
            </Button>
          )
        }
      />
      {analytics.isPending ? (
        <LoadingDashboard />
      ) : analytics.isError || !analytics.data ? (
        <Alert
          severity="error"
          action={
            <Button color="inherit" size="small" onClick={() => void analytics.refetch()} loading={analytics.isFetching}>
              {T.retry}
            </Button>
          }
        >
          {T.loadFailed}
        </Alert>
      ) : (
        <Box sx={{ display: 'grid', gap: 3 }}>
          <Figures analytics={analytics.data} />
          <TrialExpirationsCard expirations={analytics.data.trialExpirations} />
          <PlatformTrendsSection />
        </Box>
      )}
    </Box>
  );
}
