import DownloadIcon from '@mui/icons-material/Download';
import { Alert, Box, Button, Skeleton, TextField } from '@mui/material';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';

import { useBrokerTexts } from '../i18n/useBrokerTexts.ts';
import { periodQuery, useCareKeepDataProvider } from '../providers/dataProvider.ts';
import { PageHeader } from '../ui/PageHeader.tsx';
import { ComplianceFigures } from './ComplianceFigures.tsx';
import { LapsingConsent } from './LapsingConsent.tsx';

const DAY = /^\d{4}-\d{2}-\d{2}$/;

/** `/compliance`: the broker's compliance report for a period, its downloads, and lapsing marketing permission. */
export function CompliancePage() {
  const { COMPLIANCE_TEXTS: T } = useBrokerTexts().compliance;
  const dataProvider = useCareKeepDataProvider();
  const [from, setFrom] = useState('');
  const [to, setTo] = useState('');
  // Only whole dates go to the server; the report keeps its last figures while one is typed.
  const period = { from: DAY.test(from) ? from : undefined, to: DAY.test(to) ? to : undefined };
  const { data, isPending, isError, error } = useQuery({
    queryKey: ['compliance', period.from, period.to],
    queryFn: () => dataProvider.getComplianceReport(period.from, period.to),
    placeholderData: (previous) => previous,
  });
  const query = periodQuery(period.from, period.to);
  const message = (error as { body?: { message?: string } } | null)?.body?.message;
  return (
    <Box sx={{ display: 'grid', gap: 2 }}>
      <PageHeader
        title={T.title}
        subtitle={T.subtitle}
        actions={
          <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap' }}>
            <Button variant="outlined" startIcon={<DownloadIcon />} href={`/api/compliance/report.csv${query}`}>
              {T.downloadCsv}
            </Button>
            <Button variant="outlined" startIcon={<DownloadIcon />} href={`/api/compliance/report.pdf${query}`}>
              {T.downloadPdf}
            </Button>
          </Box>
        }
      />
      <Box sx={{ display: 'flex', gap: 2, flexWrap: 'wrap' }}>
        <TextField
          type="date"
          label={T.from}
          value={from || data?.from || ''}
          onChange={(event) => setFrom(event.target.value)}
          slotProps={{ inputLabel: { shrink: true } }}
        />
        <TextField
          type="date"
          label={T.to}
          value={to || data?.to || ''}
          onChange={(event) => setTo(event.target.value)}
          slotProps={{ inputLabel: { shrink: true } }}
        />
      </Box>
      {isError && <Alert severity="error">{message ?? T.loadFailed}</Alert>}
      {isPending ? <Skeleton variant="rounded" height={360} /> : data ? <ComplianceFigures report={data} /> : null}
      <LapsingConsent months={data?.marketingMonths ?? 12} />
    </Box>
  );
}
