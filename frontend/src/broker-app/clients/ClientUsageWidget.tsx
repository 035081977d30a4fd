import GroupsIcon from '@mui/icons-material/Groups';
import {
  Alert,
  AlertTitle,
  Box,
  Button,
  Card,
  CardContent,
  Chip,
  Dialog,
  DialogActions,
  DialogContent,
  DialogContentText,
  DialogTitle,
  LinearProgress,
  Skeleton,
  Stack,
  Typography,
} from '@mui/material';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';

import { useBrokerTexts } from '../i18n/useBrokerTexts.ts';
import { useCareKeepDataProvider } from '../providers/dataProvider.ts';
import type { ClientUsage, UpgradeOption } from '../types.ts';
import { useErrorToast } from '../ui/errors.ts';
import { useToast } from '../ui/toast.tsx';
import { graceCap, usageDialogStorageKey, useClientUsage } from './usage.ts';

type DialogKind = 'approaching' | 'blocked' | 'options';

function alreadyShown(level: string): boolean {
  try {
    return sessionStorage.getItem(usageDialogStorageKey(level)) === 'true';
  } catch {
    return false;
  }
}

function rememberShown(level: string): void {
  try {
    sessionStorage.setItem(usageDialogStorageKey(level), 'true');
  } catch {
    // Private mode without storage: the dialog may show again, which is harmless.
  }
}

/**
 * The flat plan's active clients against its limit, polled every 30 s, with the warnings of SPEC §4:
 * a soft alert just over the limit, an 'Action Required Soon' dialog once at 90–99 active clients,
 * and a 'Client Limit Reached' dialog that cannot be dismissed once adding is blocked.
 * Hidden on per-client pricing, which has no limit.
 */
export function ClientUsageWidget() {
  const { USAGE_TEXTS } = useBrokerTexts().clients;
  const { data: usage, isPending } = useClientUsage();
  const [openDialog, setOpenDialog] = useState<DialogKind | null>(null);
  // 'Manage Clients' puts the blocked dialog aside so the broker can mark clients inactive.
  const [managing, setManaging] = useState(false);
  const level = usage?.warningLevel;

  useEffect(() => {
    if (level === 'approaching' && !alreadyShown(level)) {
      rememberShown(level);
      setOpenDialog('approaching');
    }
  }, [level]);

  if (isPending) return <Skeleton variant="rounded" height={132} sx={{ mb: 3 }} data-testid="usage-loading" />;
  // No usage (a failed poll) or no limit: nothing to warn about.
  if (!usage || usage.tier === 'pmpm' || usage.limit === null) return null;
  const limit = usage.limit;

  const blocked = usage.warningLevel === 'blocked';
  const dialog: DialogKind | null = blocked && !managing ? 'blocked' : openDialog;
  // The soft alert promises room to add more, so it never shows once the grace is used up.
  const showSoft = usage.warningLevel === 'soft' && usage.activeCount < graceCap(limit);

  return (
    <Box sx={{ mb: 3 }}>
      <UsageCard usage={usage} limit={limit} />
      {showSoft && (
        <Alert
          severity="warning"
          sx={{ mt: 2 }}
          action={
            <Button color="inherit" size="small" onClick={() => setOpenDialog('options')} sx={{ whiteSpace: 'nowrap' }}>
              {USAGE_TEXTS.viewOptions}
            </Button>
          }
        >
          <AlertTitle>{usage.activeCount > limit ? USAGE_TEXTS.softTitle : USAGE_TEXTS.softAtLimitTitle}</AlertTitle>
          {USAGE_TEXTS.softBody(usage.activeCount, limit, graceCap(limit) - usage.activeCount)}
        </Alert>
      )}
      {blocked && managing && (
        <Alert
          severity="error"
          sx={{ mt: 2 }}
          action={
            <Button color="inherit" size="small" onClick={() => setManaging(false)} sx={{ whiteSpace: 'nowrap' }}>
              {USAGE_TEXTS.viewOptions}
            </Button>
          }
        >
          <AlertTitle>{USAGE_TEXTS.managingTitle}</AlertTitle>
          {USAGE_TEXTS.managingBody}
        </Alert>
      )}
      {dialog && (
        <UpgradeDialog
          kind={dialog}
          usage={usage}
          limit={limit}
          onClose={dialog === 'blocked' ? undefined : () => setOpenDialog(null)}
          onManage={() => {
            setManaging(true);
            setOpenDialog(null);
          }}
        />
      )}
    </Box>
  );
}

function UsageCard({ usage, limit }: { usage: ClientUsage; limit: number }) {
  const { USAGE_TEXTS } = useBrokerTexts().clients;
  const percent = limit > 0 ? Math.min(100, Math.round((usage.activeCount / limit) * 100)) : 100;
  const over = usage.activeCount - limit;
  const color = usage.activeCount >= limit ? (usage.overageEnabled ? 'info' : 'error') : percent >= 90 ? 'warning' : 'primary';
  return (
    <Card>
      <CardContent>
        <Box sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', justifyContent: 'space-between', gap: 1, mb: 1.5 }}>
          <Box sx={{ display: 'flex', alignItems: 'center', gap: 1 }}>
            <GroupsIcon color="primary" />
            <Typography component="h2" variant="h6" sx={{ fontWeight: 600 }}>
              {USAGE_TEXTS.cardTitle}
            </Typography>
          </Box>
          <Stack direction="row" spacing={1} sx={{ flexWrap: 'wrap' }}>
            <Chip size="small" variant="outlined" label={USAGE_TEXTS.flatPlan} />
            {usage.overageEnabled && <Chip size="small" color="success" label={USAGE_TEXTS.overageEnabled} />}
            {over > 0 && (
              <Chip
                size="small"
                color={usage.overageEnabled ? 'info' : 'error'}
                label={usage.overageEnabled ? USAGE_TEXTS.overage(over) : USAGE_TEXTS.overLimit(over)}
              />
            )}
          </Stack>
        </Box>
        <Typography variant="h5" component="p" sx={{ fontWeight: 700 }}>
          {USAGE_TEXTS.activeOfLimit(usage.activeCount, limit)}
        </Typography>
        <LinearProgress
          variant="determinate"
          value={percent}
          color={color}
          aria-label={USAGE_TEXTS.progressLabel}
          sx={{ height: 8, borderRadius: 4, my: 1.5, bgcolor: 'grey.200' }}
        />
        <Typography variant="body2" color="text.secondary">
          {USAGE_TEXTS.totalClients(usage.totalCount)} ·{' '}
          {usage.overageEnabled ? USAGE_TEXTS.overageOnTerms(limit) : USAGE_TEXTS.flatPlanTerms(limit)}
        </Typography>
      </CardContent>
    </Card>
  );
}

function UpgradeDialog({
  kind,
  usage,
  limit,
  onClose,
  onManage,
}: {
  kind: DialogKind;
  usage: ClientUsage;
  limit: number;
  /** Absent for the blocked dialog: no close button, and backdrop clicks and Escape do nothing. */
  onClose?: () => void;
  onManage: () => void;
}) {
  const { USAGE_TEXTS } = useBrokerTexts().clients;
  const title =
    kind === 'blocked' ? USAGE_TEXTS.blockedTitle : kind === 'approaching' ? USAGE_TEXTS.approachingTitle : USAGE_TEXTS.optionsTitle;
  const body =
    kind === 'blocked'
      ? USAGE_TEXTS.blockedBody(usage.activeCount, limit)
      : kind === 'approaching'
        ? USAGE_TEXTS.approachingBody(usage.activeCount, limit)
        : USAGE_TEXTS.softBody(usage.activeCount, limit, graceCap(limit) - usage.activeCount);
  return (
    <Dialog open onClose={onClose} maxWidth="sm" fullWidth aria-labelledby="usage-dialog-title">
      <DialogTitle id="usage-dialog-title">{title}</DialogTitle>
      <DialogContent>
        <DialogContentText sx={{ mb: 2 }}>{body}</DialogContentText>
        <Stack spacing={1.5}>
          {usage.upgradeOptions.map((option) => (
            <UpgradeOptionCard key={option.type} option={option} usage={usage} limit={limit} onDone={onClose} onManage={onManage} />
          ))}
        </Stack>
      </DialogContent>
      {onClose && (
        <DialogActions>
          <Button onClick={onClose}>{kind === 'approaching' ? USAGE_TEXTS.notNow : USAGE_TEXTS.close}</Button>
        </DialogActions>
      )}
    </Dialog>
  );
}

function UpgradeOptionCard({
  option,
  usage,
  limit,
  onDone,
  onManage,
}: {
  option: UpgradeOption;
  usage: ClientUsage;
  limit: number;
  onDone?: () => void;
  onManage: () => void;
}) {
  const { USAGE_TEXTS } = useBrokerTexts().clients;
  // Overage adds to the bill, so it is confirmed with the amount at today's active clients first.
  const [confirmingOverage, setConfirmingOverage] = useState(false);
  const dataProvider = useCareKeepDataProvider();
  const queryClient = useQueryClient();
  const toast = useToast();
  const errorToast = useErrorToast();
  // A plan change touches usage, subscription, billing and the current user: re-read them all.
  const refreshAll = () => queryClient.invalidateQueries();

  const enableOverage = useMutation({
    mutationFn: () => dataProvider.enableOverage(),
    onSuccess: async () => {
      toast({ title: USAGE_TEXTS.overageOn, description: USAGE_TEXTS.overageOnDescription });
      setConfirmingOverage(false);
      onDone?.();
      await refreshAll();
    },
    onError: (error) => errorToast(error, USAGE_TEXTS.overageFailed),
  });
  const switchTier = useMutation({
    mutationFn: () => dataProvider.switchTier('pmpm'),
    onSuccess: async (result) => {
      const checkoutUrl = (result as { checkoutUrl?: string } | undefined)?.checkoutUrl;
      if (checkoutUrl) {
        window.location.assign(checkoutUrl);
        return;
      }
      toast({ title: USAGE_TEXTS.switched, description: USAGE_TEXTS.switchedDescription });
      onDone?.();
      await refreshAll();
    },
    onError: (error) => errorToast(error, USAGE_TEXTS.switchFailed),
  });

  const act = () => {
    if (option.type === 'overage') setConfirmingOverage(true);
    else if (option.type === 'pmpm') switchTier.mutate();
    else onManage();
  };

  return (
    <Card variant="outlined">
      <CardContent sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: 2, '&:last-child': { pb: 2 } }}>
        <Box sx={{ flex: '1 1 240px', minWidth: 0 }}>
          <Typography component="h3" sx={{ fontWeight: 600 }}>
            {option.title}
          </Typography>
          <Typography variant="body2" color="text.secondary">
            {option.description}
          </Typography>
          {option.type !== 'manage' && (
            <Typography variant="body2" sx={{ mt: 0.5, fontWeight: 600 }}>
              {USAGE_TEXTS.estimated}: {USAGE_TEXTS.perMonth(option.estimatedCost)}
            </Typography>
          )}
        </Box>
        <Button
          variant={option.type === 'manage' ? 'outlined' : 'contained'}
          onClick={act}
          loading={enableOverage.isPending || switchTier.isPending}
        >
          {USAGE_TEXTS.actionFor[option.type]}
        </Button>
      </CardContent>
      {confirmingOverage && (
        <Dialog
          open
          onClose={() => !enableOverage.isPending && setConfirmingOverage(false)}
          maxWidth="xs"
          fullWidth
          aria-labelledby="overage-confirm-title"
        >
          <DialogTitle id="overage-confirm-title">{USAGE_TEXTS.confirmOverageTitle}</DialogTitle>
          <DialogContent>
            <DialogContentText>{USAGE_TEXTS.confirmOverageBody(option.estimatedCost, usage.activeCount, limit)}</DialogContentText>
          </DialogContent>
          <DialogActions>
            <Button onClick={() => setConfirmingOverage(false)} disabled={enableOverage.isPending}>
              {USAGE_TEXTS.cancel}
            </Button>
            <Button variant="contained" onClick={() => enableOverage.mutate()} loading={enableOverage.isPending}>
              {USAGE_TEXTS.confirmOverage}
            </Button>
          </DialogActions>
        </Dialog>
      )}
    </Card>
  );
}
