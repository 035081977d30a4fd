import OpenInNewIcon from '@mui/icons-material/OpenInNew';
import {
  Alert,
  Box,
  Button,
  Card,
  CardContent,
  Chip,
  CircularProgress,
  FormControlLabel,
  Radio,
  RadioGroup,
  Typography,
} from '@mui/material';

import { useBrokerTexts } from '../i18n/useBrokerTexts.ts';
import type { Subscription, SubscriptionTier } from '../types.ts';
import { formatCents, monthlyPriceCents } from './pricing.ts';

const TIERS: SubscriptionTier[] = ['pmpm', 'flat'];

/** The tier radio group, the break-even note, Update Subscription and (Stripe) Manage Billing. */
export function PlanChooser({
  subscription,
  selected,
  onSelect,
  onUpdate,
  updating,
  onManageBilling,
  openingPortal,
}: {
  subscription: Subscription;
  selected: SubscriptionTier;
  onSelect: (tier: SubscriptionTier) => void;
  onUpdate: () => void;
  updating: boolean;
  onManageBilling: () => void;
  openingPortal: boolean;
}) {
  const { BILLING_TEXTS: T } = useBrokerTexts().billing;
  const current = subscription.subscriptionTier;
  return (
    <Card component="section" aria-labelledby="change-plan-title" sx={{ height: '100%' }}>
      <CardContent sx={{ display: 'grid', gap: 2 }}>
        <Typography id="change-plan-title" variant="h6" component="h2" sx={{ fontWeight: 600 }}>
          {T.changeTitle}
        </Typography>
        <RadioGroup
          aria-label={T.tierGroupLabel}
          name="subscriptionTier"
          value={selected}
          onChange={(event) => onSelect(event.target.value as SubscriptionTier)}
          sx={{ display: 'grid', gap: 1 }}
        >
          {TIERS.map((tier) => {
            const checked = tier === selected;
            return (
              <Box
                key={tier}
                sx={{
                  border: 1,
                  borderColor: checked ? 'primary.main' : 'divider',
                  bgcolor: checked ? 'action.hover' : 'transparent',
                  borderRadius: 2,
                  px: 1.5,
                  py: 1,
                  transition: 'border-color 150ms, background-color 150ms',
                }}
              >
                <FormControlLabel
                  value={tier}
                  control={<Radio />}
                  sx={{ m: 0, width: '100%', alignItems: 'flex-start', '& .MuiRadio-root': { mt: -0.5 } }}
                  label={
                    <Box sx={{ minWidth: 0 }}>
                      <Box sx={{ display: 'flex', alignItems: 'center', gap: 1 }}>
                        <Typography sx={{ fontWeight: 600 }}>{T.tierNames[tier]}</Typography>
                        {tier === current && <Chip label={T.currentChip} size="small" variant="outlined" />}
                      </Box>
                      <Typography variant="body2" color="text.secondary">
                        {T.tierPrice[tier]}
                      </Typography>
                      {tier === 'flat' && (
                        <Typography variant="body2" color="text.secondary">
                          {T.overageOptional}
                        </Typography>
                      )}
                      <Typography variant="caption" color="text.secondary">
                        {T.estimate(formatCents(monthlyPriceCents(tier, subscription.activeClients, false)), subscription.activeClients)}
                      </Typography>
                    </Box>
                  }
                />
              </Box>
            );
          })}
        </RadioGroup>
        <Alert severity="info" variant="outlined" role="note" sx={{ py: 0 }}>
          {T.breakEven}
        </Alert>
        <Typography variant="caption" color="text.secondary">
          {subscription.subscriptionStatus === 'trial' ? T.prorationTrial : T.proration}
        </Typography>
        <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap' }}>
          <Button
            variant="contained"
            onClick={onUpdate}
            disabled={selected === current || updating}
            startIcon={updating ? <CircularProgress size={18} color="inherit" /> : undefined}
          >
            {T.updateButton}
          </Button>
          {subscription.billingMode === 'stripe' && (
            <Button
              variant="outlined"
              onClick={onManageBilling}
              disabled={openingPortal}
              endIcon={openingPortal ? <CircularProgress size={16} color="inherit" /> : <OpenInNewIcon fontSize="small" />}
            >
              {T.manageBilling}
            </Button>
          )}
        </Box>
      </CardContent>
    </Card>
  );
}
