import {
  Alert,
  Card,
  CardContent,
  Chip,
  Skeleton,
  Table,
  TableBody,
  TableCell,
  TableContainer,
  TableHead,
  TableRow,
  Typography,
} from '@mui/material';

import { useBrokerTexts } from '../i18n/useBrokerTexts.ts';
import type { MonthlyAnalytics } from '../types.ts';
import { formatCents, HISTORY_ROWS, marginVariant, monthLabel } from './pricing.ts';

const CHIP_COLOR = { default: 'primary', secondary: 'secondary', destructive: 'error' } as const;

/** The margin badge of a month (SPEC §9 thresholds). */
export function MarginBadge({ profitMargin }: { profitMargin: number }) {
  const variant = marginVariant(profitMargin);
  return (
    <Chip
      label={`${Number.isInteger(profitMargin) ? profitMargin : profitMargin.toFixed(1)}%`}
      color={CHIP_COLOR[variant]}
      size="small"
      data-variant={variant}
      data-testid="margin-badge"
      sx={{ fontWeight: 600, minWidth: 56 }}
    />
  );
}

/** The latest months, newest first, whatever order they came in. */
export function latestMonths(items: MonthlyAnalytics[], count = HISTORY_ROWS): MonthlyAnalytics[] {
  return [...items].sort((a, b) => b.month.localeCompare(a.month)).slice(0, count);
}

const COLUMNS = [
  { key: 'month', numeric: false },
  { key: 'voiceCalls', numeric: true },
  { key: 'clients', numeric: true },
  { key: 'cost', numeric: true },
  { key: 'revenue', numeric: true },
  { key: 'profit', numeric: true },
  { key: 'margin', numeric: true },
] as const;

export function MonthlyAnalyticsCard({
  items,
  loading,
  failed,
}: {
  items: MonthlyAnalytics[] | undefined;
  loading: boolean;
  failed: boolean;
}) {
  const { BILLING_TEXTS: T } = useBrokerTexts().billing;
  const rows = items ? latestMonths(items) : [];
  return (
    <Card component="section" aria-labelledby="monthly-analytics-title">
      <CardContent sx={{ pb: 1 }}>
        <Typography id="monthly-analytics-title" variant="h6" component="h2" sx={{ fontWeight: 600 }}>
          {T.analyticsTitle}
        </Typography>
        <Typography variant="body2" color="text.secondary">
          {T.analyticsSubtitle}
        </Typography>
      </CardContent>
      {failed ? (
        <CardContent>
          <Alert severity="error">{T.analyticsFailed}</Alert>
        </CardContent>
      ) : !loading && rows.length === 0 ? (
        <CardContent>
          <Typography color="text.secondary" sx={{ py: 3, textAlign: 'center' }}>
            {T.analyticsEmpty}
          </Typography>
        </CardContent>
      ) : (
        <TableContainer tabIndex={0} role="region" aria-labelledby="monthly-analytics-title">
          <Table size="small" aria-labelledby="monthly-analytics-title">
            <TableHead>
              <TableRow>
                {COLUMNS.map((column) => (
                  <TableCell key={column.key} align={column.numeric ? 'right' : 'left'} sx={{ fontWeight: 600, whiteSpace: 'nowrap' }}>
                    {T.columns[column.key]}
                  </TableCell>
                ))}
              </TableRow>
            </TableHead>
            <TableBody>
              {loading
                ? Array.from({ length: HISTORY_ROWS }, (_, i) => (
                    <TableRow key={i}>
                      {COLUMNS.map((column) => (
                        <TableCell key={column.key}>
                          <Skeleton />
                        </TableCell>
                      ))}
                    </TableRow>
                  ))
                : rows.map((row) => (
                    <TableRow key={row.month} hover data-testid="analytics-row">
                      <TableCell component="th" scope="row" sx={{ whiteSpace: 'nowrap', fontWeight: 500 }}>
                        {monthLabel(row.month)}
                      </TableCell>
                      <TableCell align="right">{row.voiceCallCount.toLocaleString('en-US')}</TableCell>
                      <TableCell align="right">{row.clientCount.toLocaleString('en-US')}</TableCell>
                      <TableCell align="right">{formatCents(row.totalCost)}</TableCell>
                      <TableCell align="right">{formatCents(row.revenue)}</TableCell>
                      <TableCell align="right" sx={{ color: row.profit < 0 ? 'error.main' : undefined, fontWeight: 500 }}>
                        {formatCents(row.profit)}
                      </TableCell>
                      <TableCell align="right">
                        <MarginBadge profitMargin={row.profitMargin} />
                      </TableCell>
                    </TableRow>
                  ))}
            </TableBody>
          </Table>
        </TableContainer>
      )}
      {rows.some((row) => row.textingRegistrationCost > 0) && (
        <CardContent component="section" aria-labelledby="texting-costs-title" data-testid="texting-costs">
          <Typography id="texting-costs-title" variant="subtitle2" component="h3" sx={{ fontWeight: 600 }}>
            {T.textingTitle}
          </Typography>
          {rows
            .filter((row) => row.textingRegistrationCost > 0)
            .map((row) => (
              <Typography key={row.month} variant="body2">
                {T.textingLine(monthLabel(row.month), formatCents(row.textingRegistrationCost))}
              </Typography>
            ))}
        </CardContent>
      )}
    </Card>
  );
}
