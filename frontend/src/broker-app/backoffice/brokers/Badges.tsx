import { Chip } from '@mui/material';

import type { SubscriptionStatus, SubscriptionTier } from '../../types.ts';
import { STATUS_COLORS } from './format.ts';
import { STATUS_LABELS, TIER_LABELS } from './texts.ts';

/** The plan: PMPM or Flat. */
export function TierBadge({ tier, size = 'small' }: { tier: SubscriptionTier; size?: 'small' | 'medium' }) {
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
  return (
    <Chip
      label={STATUS_LABELS[status]}
      size={size}
      color={STATUS_COLORS[status]}
      data-badge="status"
      data-value={status}
      sx={{ fontWeight: 600 }}
    />
  );
}
