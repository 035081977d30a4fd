import { Alert, Box, Button, Card, CardContent, CardHeader, Skeleton, useTheme } from '@mui/material';
import { useQuery } from '@tanstack/react-query';
import { useId } from 'react';

import { formatCents } from '../../billing/pricing.ts';
import { useBrokerTexts } from '../../i18n/useBrokerTexts.ts';
import { useCareKeepDataProvider } from '../../providers/dataProvider.ts';
import { TrendChart } from '../dashboard/TrendChart.tsx';
import { changeSummary, formatCentsShort, monthLabels } from '../dashboard/trends.ts';

/** Under 'admin', so an admin change (which invalidates every admin query) refreshes it too. */
export const brokerTrendsKey = (id: string) => ['admin', 'brokers', 'trends', id] as const;

const chartGrid = { display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', md: 'repeat(2, 1fr)' } };

/** The broker detail's "Clients and revenue over time": their last 12 months (GET /api/admin/brokers/{id}/trends). */
export function BrokerTrendsCard({ brokerId }: { brokerId: string }) {
  const { BROKER_TRENDS_TEXTS: T } = useBrokerTexts().adminBrokers;
  const { TRENDS_TEXTS: S } = useBrokerTexts().adminDashboard;
  const dataProvider = useCareKeepDataProvider();
  const trends = useQuery({ queryKey: brokerTrendsKey(brokerId), queryFn: () => dataProvider.getBrokerTrends(brokerId) });
  const theme = useTheme();
  const titleId = useId();
  const months = trends.data?.months ?? [];
  const labels = monthLabels(months);
  const active = months.map((m) => m.activeClients);
  const total = months.map((m) => m.totalClients);
  const revenue = months.map((m) => m.revenueCents);
  const count = (value: number) => String(value);

  return (
    <Card component="section" aria-labelledby={titleId} sx={{ mb: 3 }}>
      <CardHeader
        title={T.title}
        subheader={T.caption}
        slotProps={{ title: { id: titleId, variant: 'h6', component: 'h2' }, subheader: { variant: 'body2' } }}
      />
      <CardContent sx={{ pt: 0 }}>
        {trends.isPending ? (
          <Box sx={chartGrid} aria-busy="true" aria-label={S.loading}>
            <Skeleton variant="rounded" height={280} />
            <Skeleton variant="rounded" height={280} />
          </Box>
        ) : trends.isError ? (
          <Alert
            severity="error"
            action={
              <Button color="inherit" size="small" onClick={() => void trends.refetch()} loading={trends.isFetching}>
                {T.retry}
              </Button>
            }
          >
            {T.loadFailed}
          </Alert>
        ) : (
          <Box sx={chartGrid}>
            <TrendChart
              title={T.clientsTitle}
              chartLabel={T.clientsChart}
              summary={changeSummary(S, T.activeClients, active, labels, count)}
              kind="line"
              labels={labels}
              series={[
                { id: 'active', label: T.activeClients, data: active, color: theme.palette.primary.main },
                { id: 'total', label: T.totalClients, data: total, color: theme.palette.grey[500] },
              ]}
              format={count}
              counts
              noData={S.noData}
              testId="trend-clients"
              nested
            />
            <TrendChart
              title={T.revenueTitle}
              chartLabel={T.revenueChart}
              summary={changeSummary(S, T.revenue, revenue, labels, formatCents)}
              kind="bar"
              labels={labels}
              series={[{ id: 'revenue', label: T.revenue, data: revenue, color: theme.palette.secondary.main }]}
              format={formatCents}
              axisFormat={formatCentsShort}
              noData={S.noData}
              testId="trend-revenue"
              nested
            />
          </Box>
        )}
      </CardContent>
    </Card>
  );
}
