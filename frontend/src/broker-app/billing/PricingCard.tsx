import PhoneInTalkIcon from '@mui/icons-material/PhoneInTalk';
import { Box, Card, CardContent, Divider, Typography } from '@mui/material';

import { useBrokerTexts } from '../i18n/useBrokerTexts.ts';

/** Both plans, the overage example, the break-even point and the telephony costs. */
export function PricingCard() {
  const { BILLING_TEXTS: T } = useBrokerTexts().billing;
  return (
    <Card component="section" aria-labelledby="pricing-title">
      <CardContent sx={{ display: 'grid', gap: 1.5 }}>
        <Typography id="pricing-title" variant="h6" component="h2" sx={{ fontWeight: 600 }}>
          {T.pricingTitle}
        </Typography>
        <Box sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr', md: 'repeat(4, 1fr)' }, gap: 1.5 }}>
          {T.pricingRows.map((row) => (
            <Box key={row.label} sx={{ border: 1, borderColor: 'divider', borderRadius: 2, p: 1.5, minWidth: 0 }}>
              <Typography variant="body2" color="text.secondary" sx={{ fontWeight: 600 }}>
                {row.label}
              </Typography>
              <Typography variant="h6" component="p" sx={{ fontWeight: 700 }}>
                {row.value}
              </Typography>
              <Typography variant="caption" color="text.secondary" component="div">
                {row.note}
              </Typography>
            </Box>
          ))}
        </Box>
        <Divider />
        <Box sx={{ display: 'flex', gap: 1, alignItems: 'flex-start', color: 'text.secondary' }}>
          <PhoneInTalkIcon fontSize="small" sx={{ mt: 0.25 }} />
          <Typography variant="body2">{T.telephony}</Typography>
        </Box>
      </CardContent>
    </Card>
  );
}
