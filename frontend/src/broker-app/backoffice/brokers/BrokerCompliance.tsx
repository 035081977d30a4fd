import DownloadIcon from '@mui/icons-material/Download';
import { Alert, Box, Button, Skeleton, Typography } from '@mui/material';
import { useQuery } from '@tanstack/react-query';

import { ComplianceFigures } from '../../compliance/ComplianceFigures.tsx';
import { useBrokerTexts } from '../../i18n/useBrokerTexts.ts';
import { useCareKeepDataProvider } from '../../providers/dataProvider.ts';

/** A broker's compliance report (the last 90 days), as the broker sees it, with its downloads. No health data. */
export function BrokerCompliance({ brokerId }: { brokerId: string }) {
  const { DETAIL_TEXTS: T } = useBrokerTexts().adminBrokers;
  const dataProvider = useCareKeepDataProvider();
  const { data, isPending, isError } = useQuery({
    queryKey: ['admin', 'brokers', brokerId, 'compliance'],
    queryFn: () => dataProvider.getBrokerCompliance(brokerId),
  });
  const base = `/api/admin/brokers/${encodeURIComponent(brokerId)}/compliance`;
  return (
    <Box component="section" aria-labelledby="broker-compliance-title" sx={{ mt: 3, display: 'grid', gap: 2 }}>
      <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1, alignItems: 'center', justifyContent: 'space-between' }}>
        <Box>
          <Typography id="broker-compliance-title" variant="h6" component="h2">
            {T.complianceTitle}
          </Typography>
          {data && (
            <Typography variant="body2" color="text.secondary">
              {T.compliancePeriod(data.from, data.to)}
            </Typography>
          )}
        </Box>
        <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap' }}>
          <Button variant="outlined" startIcon={<DownloadIcon />} href={`${base}?format=csv`}>
            {T.complianceCsv}
          </Button>
          <Button variant="outlined" startIcon={<DownloadIcon />} href={`${base}?format=pdf`}>
            {T.compliancePdf}
          </Button>
        </Box>
      </Box>
      {isPending ? (
        <Skeleton variant="rounded" height={240} />
      ) : isError ? (
        <Alert severity="error">{T.complianceFailed}</Alert>
      ) : (
        <ComplianceFigures report={data} />
      )}
    </Box>
  );
}
