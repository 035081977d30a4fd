import {
  Box,
  Card,
  CardContent,
  CardHeader,
  Divider,
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableRow,
  Typography,
  useTheme,
} from '@mui/material';
import { PieChart } from '@mui/x-charts';

import { useBrokerTexts } from '../../i18n/useBrokerTexts.ts';
import type { AdminAnalytics } from '../../types.ts';
import { formatCents, type Tier, type TierRow, tierRows } from './figures.ts';

const headerProps = { title: { variant: 'h6', component: 'h2' }, subheader: { variant: 'body2' } } as const;

function useTierColours(): Record<Tier, string> {
  const theme = useTheme();
  return { pmpm: theme.palette.primary.main, flat: theme.palette.secondary.main, trial: theme.palette.warning.main };
}

/** Brokers per tier: a donut with a legend, and the same figures as a table for screen readers and print. */
export function TierDistributionCard({ distribution }: { distribution: AdminAnalytics['tierDistribution'] }) {
  const { ADMIN_DASHBOARD_TEXTS: T } = useBrokerTexts().adminDashboard;
  const rows = tierRows(distribution);
  const colours = useTierColours();
  const total = rows.reduce((sum, row) => sum + row.count, 0);
  const description = T.chartLabel(rows.map((row) => `${row.label} ${T.brokerCount(row.count)}`));

  return (
    <Card component="section" aria-labelledby="tier-distribution-title" sx={{ height: '100%' }}>
      <CardHeader
        title={T.tierDistribution}
        subheader={T.tierDistributionCaption}
        slotProps={{ ...headerProps, title: { ...headerProps.title, id: 'tier-distribution-title' } }}
      />
      <CardContent sx={{ pt: 0 }}>
        {total === 0 ? (
          <Typography color="text.secondary" sx={{ py: 4, textAlign: 'center' }}>
            {T.noBrokers}
          </Typography>
        ) : (
          <Box role="img" aria-label={description} data-testid="tier-chart">
            <PieChart
              height={220}
              skipAnimation
              series={[
                {
                  data: rows.map((row) => ({ id: row.tier, value: row.count, label: row.label, color: colours[row.tier] })),
                  innerRadius: 50,
                  paddingAngle: 2,
                  cornerRadius: 4,
                  arcLabel: (item) => (item.value > 0 ? String(item.value) : ''),
                  arcLabelMinAngle: 20,
                  valueFormatter: (item) => T.brokerCount(item.value),
                },
              ]}
              slotProps={{ legend: { direction: 'vertical', position: { vertical: 'middle', horizontal: 'end' } } }}
              sx={{ '& .MuiPieChart-arcLabel': { fill: '#fff', fontWeight: 700 } }}
            />
          </Box>
        )}
        <Table size="small" aria-label={T.tierDistribution} sx={{ mt: 1 }}>
          <TableHead>
            <TableRow>
              <TableCell>{T.tierColumn}</TableCell>
              <TableCell align="right">{T.brokersColumn}</TableCell>
              <TableCell align="right">{T.shareColumn}</TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {rows.map((row) => (
              <TableRow key={row.tier}>
                <TableCell component="th" scope="row">
                  <Box sx={{ display: 'flex', alignItems: 'center', gap: 1 }}>
                    <Box aria-hidden sx={{ width: 10, height: 10, borderRadius: '50%', bgcolor: colours[row.tier] }} />
                    {row.label}
                  </Box>
                </TableCell>
                <TableCell align="right">{row.count}</TableCell>
                <TableCell align="right">{`${row.share}%`}</TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      </CardContent>
    </Card>
  );
}

function BreakdownLine({
  label,
  value,
  hint,
  strong = false,
  colour,
  marker,
}: {
  label: string;
  value: string;
  hint?: string;
  strong?: boolean;
  colour?: string;
  marker?: string;
}) {
  return (
    <Box component="li" sx={{ display: 'flex', alignItems: 'baseline', justifyContent: 'space-between', gap: 2, py: 1 }}>
      <Box sx={{ minWidth: 0 }}>
        <Box sx={{ display: 'flex', alignItems: 'center', gap: 1 }}>
          {marker && <Box aria-hidden sx={{ width: 10, height: 10, borderRadius: '50%', bgcolor: marker, flexShrink: 0 }} />}
          <Typography sx={{ fontWeight: strong ? 700 : 500 }}>{label}</Typography>
        </Box>
        {hint && (
          <Typography variant="caption" color="text.secondary" component="div">
            {hint}
          </Typography>
        )}
      </Box>
      <Typography sx={{ fontWeight: strong ? 700 : 500, color: colour, fontVariantNumeric: 'tabular-nums', whiteSpace: 'nowrap' }}>
        {value}
      </Typography>
    </Box>
  );
}

/** Revenue per tier, then total revenue, total costs and the resulting net profit. */
export function RevenueBreakdownCard({ analytics }: { analytics: AdminAnalytics }) {
  const { ADMIN_DASHBOARD_TEXTS: T } = useBrokerTexts().adminDashboard;
  const rows: TierRow[] = tierRows(analytics.tierDistribution);
  const colours = useTierColours();
  const profitColour = analytics.netProfit < 0 ? 'error.main' : analytics.netProfit > 0 ? 'success.main' : undefined;
  return (
    <Card component="section" aria-labelledby="revenue-breakdown-title" sx={{ height: '100%' }}>
      <CardHeader
        title={T.revenueBreakdown}
        subheader={T.revenueBreakdownCaption}
        slotProps={{ ...headerProps, title: { ...headerProps.title, id: 'revenue-breakdown-title' } }}
      />
      <CardContent sx={{ pt: 0 }}>
        <Box component="ul" sx={{ listStyle: 'none', m: 0, p: 0 }} aria-label={T.revenueBreakdown}>
          {rows.map((row) => (
            <BreakdownLine
              key={row.tier}
              label={T.tierRevenue(row.label)}
              value={formatCents(row.revenue)}
              hint={row.tier === 'trial' ? T.trialRevenueHint : T.brokerCount(row.count)}
              marker={colours[row.tier]}
            />
          ))}
          <Divider component="li" aria-hidden sx={{ my: 1 }} />
          <BreakdownLine label={T.revenueTotal} value={formatCents(analytics.totalRevenue)} strong />
          <BreakdownLine label={T.totalCosts} value={formatCents(analytics.totalCosts)} hint={T.totalCostsHint} />
          <Divider component="li" aria-hidden sx={{ my: 1 }} />
          <BreakdownLine label={T.netProfitMtd} value={formatCents(analytics.netProfit)} strong colour={profitColour} />
        </Box>
      </CardContent>
    </Card>
  );
}
