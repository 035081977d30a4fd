import { Alert, Box, Card, CardContent, CardHeader, Skeleton, Typography, useTheme } from '@mui/material';
import { useQuery } from '@tanstack/react-query';
import { lazy, Suspense } from 'react';

import { monthLabel } from '../billing/pricing.ts';
import { dayOf } from '../clients/facts.ts';
import { DEPARTURE_REASONS } from '../clients/retentionTypes.ts';
import { useBrokerTexts } from '../i18n/useBrokerTexts.ts';
import { useCareKeepDataProvider } from '../providers/dataProvider.ts';
import type { DashboardScope } from '../types.ts';
import { aepLine, retentionSummary } from './retention.ts';

// The chart library loads only when the chart is shown, not with the rest of the broker app.
const TrendChart = lazy(() => import('../backoffice/dashboard/TrendChart.tsx').then((m) => ({ default: m.TrendChart })));

export const RETENTION_KEY = ['stats', 'retention'] as const;

/**
 * Retention from GET /api/stats/retention: the share of clients kept each of the last 12 months as
 * a chart (with its summary in words), the last two Annual Enrollment Periods, and the clients lost
 * by reason. On the dashboard (the agency's or, with `scope` mine, the member's clients) and in
 * Billing's analytics (the agency's).
 */
export function RetentionCard({ scope }: { scope?: DashboardScope }) {
  const { RETENTION_TEXTS: T, DASHBOARD_TEXTS } = useBrokerTexts().dashboard;
  const { CLIENT_TEXTS } = useBrokerTexts().clients;
  const dataProvider = useCareKeepDataProvider();
  const theme = useTheme();
  const { data, isPending, isError } = useQuery({
    queryKey: [...RETENTION_KEY, scope ?? 'agency'],
    queryFn: () => dataProvider.getRetention(scope),
  });
  const lost = data ? DEPARTURE_REASONS.map((reason) => ({ reason, count: data.lostByReason[reason] ?? 0 })) : [];
  const anyLost = lost.some((row) => row.count > 0);
  // Once the book has policies, every figure counts policies (docs/clients.md "Retention on policies").
  const onPolicies = data?.basis === 'policies';
  const latestAep = data?.aep.at(-1);
  const today = dayOf();
  return (
    <Card component="section" aria-labelledby="retention-title" data-testid="retention-card">
      <CardHeader
        title={T.retentionTitle}
        subheader={data ? (onPolicies ? T.basisPolicies : T.basisClients) : undefined}
        slotProps={{
          title: { id: 'retention-title', variant: 'h6', component: 'h2' },
          subheader: { variant: 'body2', 'data-testid': 'retention-basis' } as object,
        }}
      />
      <CardContent sx={{ pt: 0 }}>
        {isPending ? (
          <Skeleton variant="rounded" height={260} />
        ) : isError ? (
          <Alert severity="error">{T.retentionFailed}</Alert>
        ) : (
          <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', md: '2fr 1fr' }, alignItems: 'start' }}>
            <Suspense fallback={<Skeleton variant="rounded" height={260} />}>
              <TrendChart
                title={T.retentionChartLabel}
                chartLabel={T.retentionChartLabel}
                summary={retentionSummary(data.months, T, data.basis)}
                kind="bar"
                labels={data.months.map((m) => monthLabel(m.month))}
                series={[
                  {
                    id: 'retained',
                    label: onPolicies ? T.retainedSeriesPolicies : T.retainedSeries,
                    data: data.months.map((m) => m.rate),
                    color: theme.palette.primary.main,
                  },
                ]}
                format={(value) => `${value}%`}
                noData={T.noMonthData}
                testId="retention-chart"
                nested
              />
            </Suspense>
            <Box sx={{ display: 'grid', gap: 2 }}>
              {data.aep.length > 0 && (
                <Typography sx={{ fontWeight: 600 }} data-testid="retention-aep">
                  {aepLine(data.aep, today, T, DASHBOARD_TEXTS.noFigure)}
                </Typography>
              )}
              {onPolicies && (
                <Box component="ul" sx={{ listStyle: 'none', m: 0, p: 0, display: 'grid', gap: 0.5 }} data-testid="retention-policies">
                  {latestAep && data.keptThroughAep !== null && (
                    <Typography component="li" variant="body2">
                      {T.keptThroughAep(data.keptThroughAep, latestAep.season, today <= latestAep.end)}
                    </Typography>
                  )}
                  <Typography component="li" variant="body2">
                    {T.lostToAnotherAgent(data.lostToAnotherAgent)}
                  </Typography>
                </Box>
              )}
              <Box>
                <Typography component="h3" variant="subtitle2" id="retention-lost-title">
                  {onPolicies ? T.lostTitlePolicies : T.lostTitle}
                </Typography>
                {anyLost ? (
                  <Box component="ul" aria-labelledby="retention-lost-title" sx={{ listStyle: 'none', m: 0, p: 0 }}>
                    {lost.map((row) => (
                      <Box
                        component="li"
                        key={row.reason}
                        sx={{ display: 'flex', justifyContent: 'space-between', gap: 2, py: 0.5, borderBottom: 1, borderColor: 'divider' }}
                      >
                        <Typography variant="body2">{CLIENT_TEXTS.departureReasons[row.reason]}</Typography>
                        <Typography variant="body2" sx={{ fontWeight: 600 }}>
                          {row.count}
                        </Typography>
                      </Box>
                    ))}
                  </Box>
                ) : (
                  <Typography variant="body2" color="text.secondary">
                    {onPolicies ? T.lostNonePolicies : T.lostNone}
                  </Typography>
                )}
              </Box>
            </Box>
          </Box>
        )}
      </CardContent>
    </Card>
  );
}
