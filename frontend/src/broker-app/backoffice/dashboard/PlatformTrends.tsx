import { Alert, Box, Button, Card, CardContent, Skeleton, Typography, useTheme } from '@mui/material';
import { useQuery } from '@tanstack/react-query';
import { useId } from 'react';

import { useBrokerTexts } from '../../i18n/useBrokerTexts.ts';
import { useCareKeepDataProvider } from '../../providers/dataProvider.ts';
import type { PlatformTrendMonth } from '../../types.ts';
import { formatCents } from './figures.ts';
import { TrendChart } from './TrendChart.tsx';
import { changeSummary, formatCentsShort, monthLabels, movementSummary } from './trends.ts';

/** Under 'admin', so an admin change (which invalidates every admin query) refreshes it too. */
export const ADMIN_TRENDS_KEY = ['admin', 'trends'] as const;

/** One column on a phone; two, with the third chart across both, then three side by side on a wide screen. */
const trendGrid = {
  display: 'grid',
  gap: 2,
  gridTemplateColumns: { xs: '1fr', md: 'repeat(2, 1fr)', lg: 'repeat(3, 1fr)' },
  '& > :nth-of-type(3)': { gridColumn: { md: '1 / -1', lg: 'auto' } },
};

function TrendCharts({ months }: { months: readonly PlatformTrendMonth[] }) {
  const { TRENDS_TEXTS: T } = useBrokerTexts().adminDashboard;
  const theme = useTheme();
  const labels = monthLabels(months);
  const mrr = months.map((m) => m.mrrCents);
  const active = months.map((m) => m.activeBrokers);
  const conversions = months.map((m) => m.trialConversions);
  const churned = months.map((m) => m.churnedBrokers);
  const count = (value: number) => String(value);
  return (
    <Box sx={trendGrid}>
      <TrendChart
        title={T.mrrHeading}
        chartLabel={T.mrrChart}
        summary={changeSummary(T, T.mrrTitle, mrr, labels, formatCents)}
        kind="line"
        labels={labels}
        series={[{ id: 'mrr', label: T.mrrTitle, data: mrr, color: theme.palette.primary.main }]}
        format={formatCents}
        axisFormat={formatCentsShort}
        noData={T.noData}
        testId="trend-mrr"
      />
      <TrendChart
        title={T.activeHeading}
        chartLabel={T.activeChart}
        summary={changeSummary(T, T.activeTitle, active, labels, count)}
        kind="line"
        labels={labels}
        series={[{ id: 'active', label: T.activeTitle, data: active, color: theme.palette.secondary.main }]}
        format={count}
        counts
        noData={T.noData}
        testId="trend-active"
      />
      <TrendChart
        title={T.movementTitle}
        chartLabel={T.movementChart}
        summary={movementSummary(T, T.movementTitle, conversions, churned, labels)}
        kind="bar"
        labels={labels}
        series={[
          { id: 'conversions', label: T.conversions, data: conversions, color: theme.palette.success.main },
          { id: 'churned', label: T.churned, data: churned, color: theme.palette.error.main },
        ]}
        format={count}
        counts
        noData={T.noData}
        testId="trend-movement"
      />
    </Box>
  );
}

/** The admin dashboard's "Trends (last 12 months)": MRR, active brokers, trial conversions and churn (GET /api/admin/trends). */
export function PlatformTrendsSection() {
  const { TRENDS_TEXTS: T } = useBrokerTexts().adminDashboard;
  const dataProvider = useCareKeepDataProvider();
  const trends = useQuery({ queryKey: ADMIN_TRENDS_KEY, queryFn: () => dataProvider.getAdminTrends() });
  const titleId = useId();
  return (
    <Box component="section" aria-labelledby={titleId} sx={{ display: 'grid', gap: 1.5 }}>
      <Box>
        <Typography id={titleId} variant="h6" component="h2">
          {T.title}
        </Typography>
        <Typography variant="body2" color="text.secondary">
          {T.caption}
        </Typography>
      </Box>
      {trends.isPending ? (
        <Box aria-busy="true" aria-label={T.loading} sx={trendGrid}>
          {[0, 1, 2].map((i) => (
            <Card key={i}>
              <CardContent>
                <Skeleton width="40%" />
                <Skeleton variant="rounded" height={220} />
              </CardContent>
            </Card>
          ))}
        </Box>
      ) : trends.isError || !trends.data ? (
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
        <TrendCharts months={trends.data.months} />
      )}
    </Box>
  );
}
