import { Box, Card, CardContent, Table, TableBody, TableCell, TableHead, TableRow, Typography } from '@mui/material';
import { BarChart } from '@mui/x-charts';

import { useBrokerTexts } from '../i18n/useBrokerTexts.ts';
import type { ComplianceReport } from '../types.ts';

function Figure({ label, value, note, alarm }: { label: string; value: number; note: string; alarm?: boolean }) {
  return (
    <Card variant="outlined" sx={{ borderColor: alarm && value > 0 ? 'error.main' : 'divider' }}>
      <CardContent>
        <Typography variant="body2" color="text.secondary">
          {label}
        </Typography>
        <Typography sx={{ fontSize: '2rem', fontWeight: 700, color: alarm && value > 0 ? 'error.main' : 'text.primary' }}>
          {value}
        </Typography>
        <Typography variant="caption" color="text.secondary">
          {note}
        </Typography>
      </CardContent>
    </Card>
  );
}

function Section({ title, hint, children }: { title: string; hint?: string; children: React.ReactNode }) {
  return (
    <Card variant="outlined" component="section" aria-label={title}>
      <CardContent>
        <Typography variant="h6" component="h2" sx={{ mb: hint ? 0.5 : 1.5 }}>
          {title}
        </Typography>
        {hint && (
          <Typography variant="body2" color="text.secondary" sx={{ mb: 1.5 }}>
            {hint}
          </Typography>
        )}
        {children}
      </CardContent>
    </Card>
  );
}

/** The report's figures: the two that must be 0, the counts, permission by state (chart and table), events by source, skipped by reason. */
export function ComplianceFigures({ report }: { report: ComplianceReport }) {
  const { COMPLIANCE_TEXTS: T } = useBrokerTexts().compliance;
  const sent = report.marketingSent.reduce((sum, row) => sum + row.count, 0);
  const states = report.consentsByState.map((row) => row.state ?? T.stateNotRecorded);
  return (
    <Box sx={{ display: 'grid', gap: 2 }}>
      <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr 1fr', md: 'repeat(4, 1fr)' } }}>
        <Figure label={T.outsideHours} value={report.callingHours.outside} note={T.outsideHoursNote(report.callingHours.checked)} alarm />
        <Figure label={T.afterRevocation} value={report.revocations.sendsAfterRevocation} note={T.afterRevocationNote} alarm />
        <Figure label={T.revocations} value={report.revocations.count} note={T.revocationsNote} />
        <Figure label={T.marketingSent} value={sent} note={T.marketingSentNote} />
      </Box>
      <Section title={T.byStateTitle} hint={T.byStateHint}>
        {report.consentsByState.length > 0 && (
          <Box role="img" aria-label={T.chartLabel}>
            <BarChart
              height={240}
              xAxis={[{ scaleType: 'band', data: states }]}
              yAxis={[{ tickMinStep: 1 }]}
              series={[
                { data: report.consentsByState.map((row) => row.granted), label: T.colGranted, stack: 'all', color: '#15803d' },
                { data: report.consentsByState.map((row) => row.revoked), label: T.colRevoked, stack: 'all', color: '#b91c1c' },
                { data: report.consentsByState.map((row) => row.expired), label: T.colExpired, stack: 'all', color: '#a16207' },
                { data: report.consentsByState.map((row) => row.unknown), label: T.colUnknown, stack: 'all', color: '#64748b' },
              ]}
            />
          </Box>
        )}
        {/* It may scroll sideways on a phone: reachable by keyboard. */}
        <Box sx={{ overflowX: 'auto' }} tabIndex={0} role="group" aria-label={T.byStateTitle}>
          <Table size="small" aria-label={T.byStateTitle}>
            <TableHead>
              <TableRow>
                <TableCell>{T.colState}</TableCell>
                <TableCell align="right">{T.colGranted}</TableCell>
                <TableCell align="right">{T.colRevoked}</TableCell>
                <TableCell align="right">{T.colExpired}</TableCell>
                <TableCell align="right">{T.colUnknown}</TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {report.consentsByState.map((row, index) => (
                <TableRow key={row.state ?? 'none'}>
                  <TableCell>{states[index]}</TableCell>
                  <TableCell align="right">{row.granted}</TableCell>
                  <TableCell align="right">{row.revoked}</TableCell>
                  <TableCell align="right">{row.expired}</TableCell>
                  <TableCell align="right">{row.unknown}</TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </Box>
      </Section>
      <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', md: '1fr 1fr' }, alignItems: 'start' }}>
        <Section title={T.bySourceTitle}>
          {report.eventsBySource.length === 0 ? (
            <Typography variant="body2">{T.noEvents}</Typography>
          ) : (
            <Table size="small" aria-label={T.bySourceTitle}>
              <TableHead>
                <TableRow>
                  <TableCell>{T.colSource}</TableCell>
                  <TableCell align="right">{T.colGiven}</TableCell>
                  <TableCell align="right">{T.colTakenBack}</TableCell>
                </TableRow>
              </TableHead>
              <TableBody>
                {report.eventsBySource.map((row) => (
                  <TableRow key={row.source}>
                    <TableCell>{T.sources[row.source] ?? row.source}</TableCell>
                    <TableCell align="right">{row.granted}</TableCell>
                    <TableCell align="right">{row.revoked}</TableCell>
                  </TableRow>
                ))}
              </TableBody>
            </Table>
          )}
        </Section>
        <Section title={T.skippedTitle}>
          {report.skippedByReason.length === 0 ? (
            <Typography variant="body2">{T.noSkipped}</Typography>
          ) : (
            <Table size="small" aria-label={T.skippedTitle}>
              <TableHead>
                <TableRow>
                  <TableCell>{T.colReason}</TableCell>
                  <TableCell align="right">{T.colCount}</TableCell>
                </TableRow>
              </TableHead>
              <TableBody>
                {report.skippedByReason.map((row) => (
                  <TableRow key={row.reason}>
                    <TableCell>{row.reason}</TableCell>
                    <TableCell align="right">{row.count}</TableCell>
                  </TableRow>
                ))}
              </TableBody>
            </Table>
          )}
        </Section>
      </Box>
    </Box>
  );
}
