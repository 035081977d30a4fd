import EventAvailableIcon from '@mui/icons-material/EventAvailable';
import MoreTimeIcon from '@mui/icons-material/MoreTime';
import UpgradeIcon from '@mui/icons-material/Upgrade';
import { Box, Button, Card, CardContent, CardHeader, Chip, Link, Typography } from '@mui/material';
import { useState } from 'react';
import { Link as RouterLink } from 'react-router-dom';

import { useBrokerTexts } from '../../i18n/useBrokerTexts.ts';
import { formatDateTime } from '../../ui/format.ts';
import { ExtendTrialDialog } from '../brokers/ExtendTrialDialog.tsx';
import { isUrgent, type TrialExpiration, upcomingTrials } from './figures.ts';
import { UpgradeDialog } from './UpgradeDialog.tsx';

type Pending = { kind: 'extend' | 'upgrade'; trial: TrialExpiration } | null;

function ExpirationRow({ trial, onExtend, onUpgrade }: { trial: TrialExpiration; onExtend: () => void; onUpgrade: () => void }) {
  const { ADMIN_DASHBOARD_TEXTS: T } = useBrokerTexts().adminDashboard;
  const email = trial.email ?? T.unknownEmail;
  const urgent = isUrgent(trial.daysRemaining);
  return (
    <Box
      component="li"
      data-testid="trial-expiration"
      data-broker-id={trial.brokerId}
      sx={{
        display: 'flex',
        flexWrap: 'wrap',
        alignItems: 'center',
        gap: 1.5,
        py: 1.5,
        borderTop: 1,
        borderColor: 'divider',
        '&:first-of-type': { borderTop: 0 },
      }}
    >
      <Box sx={{ flex: '1 1 240px', minWidth: 0 }}>
        <Link
          component={RouterLink}
          to={`/admin/brokers/${encodeURIComponent(trial.brokerId)}`}
          underline="hover"
          sx={{ fontWeight: 600, display: 'block', overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' }}
        >
          {email}
        </Link>
        <Typography variant="body2" color="text.secondary">
          {T.endsOn(formatDateTime(trial.trialEndsAt))}
        </Typography>
      </Box>
      <Chip
        size="small"
        label={T.daysRemaining(trial.daysRemaining)}
        color={urgent ? 'error' : 'default'}
        variant={urgent ? 'filled' : 'outlined'}
        data-variant={urgent ? 'destructive' : 'default'}
        sx={{ fontWeight: 600 }}
      />
      <Box sx={{ display: 'flex', gap: 1 }}>
        <Button size="small" variant="outlined" startIcon={<MoreTimeIcon />} onClick={onExtend} aria-label={T.extendFor(email)}>
          {T.extend}
        </Button>
        <Button size="small" variant="contained" startIcon={<UpgradeIcon />} onClick={onUpgrade} aria-label={T.upgradeFor(email)}>
          {T.upgrade}
        </Button>
      </Box>
    </Box>
  );
}

/** SPEC §2: trials ending within 30 days, the first five, with quick Extend and Upgrade actions. */
export function TrialExpirationsCard({ expirations }: { expirations: readonly TrialExpiration[] }) {
  const { ADMIN_DASHBOARD_TEXTS: T } = useBrokerTexts().adminDashboard;
  const [pending, setPending] = useState<Pending>(null);
  const shown = upcomingTrials(expirations);
  const close = () => setPending(null);

  return (
    <Card component="section" aria-labelledby="trial-expirations-title">
      <CardHeader
        title={T.expirationsTitle}
        subheader={
          expirations.length > shown.length
            ? `${T.expirationsCaption} · ${T.expirationsCount(shown.length, expirations.length)}`
            : T.expirationsCaption
        }
        slotProps={{ title: { variant: 'h6', component: 'h2', id: 'trial-expirations-title' }, subheader: { variant: 'body2' } }}
        action={
          <Button component={RouterLink} to="/admin/brokers" size="small">
            {T.viewAllBrokers}
          </Button>
        }
      />
      <CardContent sx={{ pt: 0 }}>
        {shown.length === 0 ? (
          <Box sx={{ textAlign: 'center', py: 4 }}>
            <EventAvailableIcon sx={{ fontSize: 40, color: 'text.disabled' }} aria-hidden />
            <Typography sx={{ mt: 1, fontWeight: 600 }}>{T.noExpirations}</Typography>
            <Typography variant="body2" color="text.secondary">
              {T.noExpirationsHint}
            </Typography>
          </Box>
        ) : (
          <Box component="ul" sx={{ listStyle: 'none', m: 0, p: 0 }} aria-label={T.expirationsTitle}>
            {shown.map((trial) => (
              <ExpirationRow
                key={trial.brokerId}
                trial={trial}
                onExtend={() => setPending({ kind: 'extend', trial })}
                onUpgrade={() => setPending({ kind: 'upgrade', trial })}
              />
            ))}
          </Box>
        )}
      </CardContent>
      {pending?.kind === 'extend' && (
        <ExtendTrialDialog
          key={pending.trial.brokerId}
          open
          broker={{ id: pending.trial.brokerId, name: pending.trial.email ?? T.unknownEmail, trialEndsAt: pending.trial.trialEndsAt }}
          rule="range"
          onClose={close}
        />
      )}
      {pending?.kind === 'upgrade' && <UpgradeDialog key={pending.trial.brokerId} trial={pending.trial} onClose={close} />}
    </Card>
  );
}
