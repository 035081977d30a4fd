import { Alert, AlertTitle, Button } from '@mui/material';
import { Link } from 'react-router-dom';

import { useBrokerTexts } from '../i18n/useBrokerTexts.ts';
import { useMarketingDetails } from './marketingDetails.ts';

/**
 * Says why no campaign can go out yet (no postal address, or the TPMO question not answered), with
 * the way to Branding; nothing once both are set. On the Campaigns page and in its send dialog.
 */
export function MarketingDetailsNotice({ compact = false }: { compact?: boolean }) {
  const { MARKETING_DETAILS_TEXTS: T } = useBrokerTexts().branding;
  const details = useMarketingDetails();
  if (!details || details.ready) return null;
  return (
    <Alert
      severity="warning"
      sx={{ mb: compact ? 0 : 2 }}
      action={
        <Button component={Link} to="/branding" color="inherit" size="small">
          {T.openBranding}
        </Button>
      }
    >
      <AlertTitle>{T.blockedTitle}</AlertTitle>
      {T.blocked(details.missingAddress, details.missingAnswer)}
    </Alert>
  );
}
