import { Chip } from '@mui/material';

import { useBrokerTexts } from '../i18n/useBrokerTexts.ts';
import type { Client } from '../types.ts';
import { withFacts } from './retentionTypes.ts';

/** "High risk" (red) or "Medium risk" (amber); nothing for a client at low risk. */
export function RiskBadge({ client }: { client: Client }) {
  const { CLIENT_TEXTS } = useBrokerTexts().clients;
  const level = withFacts(client).riskLevel;
  if (level !== 'high' && level !== 'medium') return null;
  return (
    <Chip
      size="small"
      label={CLIENT_TEXTS.riskLevels[level]}
      color={level === 'high' ? 'error' : 'default'}
      data-risk={level}
      // Amber with dark text: white on MUI's warning orange is below WCAG AA contrast.
      sx={{ height: 22, fontWeight: 600, ...(level === 'medium' && { bgcolor: '#fff3e0', color: '#7a4100' }) }}
    />
  );
}
