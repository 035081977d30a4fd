import { Box, Card, CardContent, CardHeader, Typography } from '@mui/material';
import { BarChart, LineChart } from '@mui/x-charts';
import { useId } from 'react';

export interface TrendSeries {
  id: string;
  label: string;
  /** One value per month; null is a month with no data (a gap). */
  data: readonly (number | null)[];
  color: string;
}

interface TrendChartProps {
  title: string;
  /** The chart's accessible name. */
  chartLabel: string;
  /** What the chart shows, in words: shown under it and read as its description. */
  summary: string;
  kind: 'line' | 'bar';
  /** The months, oldest first, in the app's language. */
  labels: readonly string[];
  series: readonly TrendSeries[];
  /** A value in the tooltip. */
  format: (value: number) => string;
  /** A value on the y axis (defaults to `format`). */
  axisFormat?: (value: number) => string;
  /** Whole numbers only (counts of brokers or clients). */
  counts?: boolean;
  noData: string;
  testId: string;
  /** Inside another card: outlined rather than raised. */
  nested?: boolean;
}

/**
 * One trend of the last 12 months in a card: a line or bar chart where a month without data is a gap
 * (not zero), its accessible name, and its summary in words beneath, which is also its description.
 */
export function TrendChart({
  title,
  chartLabel,
  summary,
  kind,
  labels,
  series,
  format,
  axisFormat,
  counts,
  noData,
  testId,
  nested,
}: TrendChartProps) {
  const titleId = useId();
  const summaryId = useId();
  const valueFormatter = (value: number | null) => (value === null ? noData : format(value));
  const xAxis = [{ scaleType: kind === 'bar' ? ('band' as const) : ('point' as const), data: [...labels] }];
  // From zero, so a change looks as large as it is.
  const yAxis = [{ min: 0, valueFormatter: axisFormat ?? format, width: 56, ...(counts ? { tickMinStep: 1 } : {}) }];
  const shared = { height: 220, skipAnimation: true, hideLegend: series.length < 2, xAxis, yAxis, grid: { horizontal: true } };
  return (
    <Card component="section" aria-labelledby={titleId} variant={nested ? 'outlined' : 'elevation'} sx={{ height: '100%' }}>
      <CardHeader title={title} slotProps={{ title: { id: titleId, variant: 'subtitle1', component: 'h3', fontWeight: 600 } }} />
      <CardContent sx={{ pt: 0 }}>
        {/* Never narrower than its axis and margins: a chart measured while its card is still being laid
            out would otherwise draw a plot area of negative width. A phone's card is wider than this. */}
        <Box role="img" aria-label={chartLabel} aria-describedby={summaryId} data-testid={testId} sx={{ minWidth: 200 }}>
          {kind === 'line' ? (
            <LineChart
              {...shared}
              series={series.map((s) => ({
                id: s.id,
                label: s.label,
                data: [...s.data],
                color: s.color,
                valueFormatter,
                showMark: true,
                // Straight between months: a smoothed curve would draw values between them that never were.
                curve: 'linear' as const,
              }))}
            />
          ) : (
            <BarChart
              {...shared}
              series={series.map((s) => ({ id: s.id, label: s.label, data: [...s.data], color: s.color, valueFormatter }))}
            />
          )}
        </Box>
        <Typography id={summaryId} variant="body2" color="text.secondary" data-testid={`${testId}-summary`} sx={{ mt: 1 }}>
          {summary}
        </Typography>
      </CardContent>
    </Card>
  );
}
