import BlockIcon from '@mui/icons-material/Block';
import { Chip } from '@mui/material';

import { useBrokerTexts } from '../../i18n/useBrokerTexts.ts';
import type { SubscriptionStatus, SubscriptionTier } from '../../types.ts';
import { STATUS_COLORS } from './format.ts';

/** The plan: PMPM or Flat. */
export function TierBadge({ tier, size = 'small' }: { tier: SubscriptionTier; size?: 'small' | 'medium' }) {
  const { TIER_LABELS } = useBrokerTexts().adminBrokers;
  return (
    <Chip
      label={TIER_LABELS[tier]}
      size={size}
      variant="outlined"
      color={tier === 'pmpm' ? 'secondary' : 'primary'}
      data-badge="tier"
      data-value={tier}
      // The agency's colours mark the border; the label stays dark enough to read (WCAG AA).
      sx={{ fontWeight: 600, '& .MuiChip-label': { color: 'text.primary' } }}
    />
  );
}

/** SPEC: trial info, active success, past due warning, canceled error. */
export function StatusBadge({ status, size = 'small' }: { status: SubscriptionStatus; size?: 'small' | 'medium' }) {
  const { STATUS_LABELS } = useBrokerTexts().adminBrokers;
  return (
    <Chip
      label={STATUS_LABELS[status]}
      size={size}
      color={STATUS_COLORS[status]}
      data-badge="status"
      data-value={status}
      // White on the warning orange is 3.1:1; dark text reads at AA (4.5:1).
      sx={{ fontWeight: 600, ...(STATUS_COLORS[status] === 'warning' && { color: 'text.primary' }) }}
    />
  );
}

/** A platform admin has suspended the broker: error colour, beside the plan and status. */
export function SuspendedBadge({ size = 'small' }: { size?: 'small' | 'medium' }) {
  const { DETAIL_TEXTS: T } = useBrokerTexts().adminBrokers;
  return <Chip icon={<BlockIcon />} label={T.suspendedBadge} size={size} color="error" data-badge="suspended" sx={{ fontWeight: 600 }} />;
}
