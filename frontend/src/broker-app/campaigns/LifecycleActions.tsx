import EventBusyOutlinedIcon from '@mui/icons-material/EventBusyOutlined';
import EventOutlinedIcon from '@mui/icons-material/EventOutlined';
import FlagOutlinedIcon from '@mui/icons-material/FlagOutlined';
import PauseOutlinedIcon from '@mui/icons-material/PauseOutlined';
import PlayArrowOutlinedIcon from '@mui/icons-material/PlayArrowOutlined';
import { Button, type ChipProps } from '@mui/material';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { type ReactNode, useState } from 'react';
import { Confirm } from 'react-admin';

import { useBrokerTexts } from '../i18n/useBrokerTexts.ts';
import { useSubscriptionErrorHandler } from '../ui/errors.ts';
import { useToast } from '../ui/toast.tsx';
import { type LifecycleAction, useCampaignLifecycleApi } from './lifecycleApi.ts';
import { type CampaignStatus, isSequence, type LifecycleCampaign } from './lifecycleTypes.ts';
import { ScheduleCampaignDialog } from './ScheduleCampaignDialog.tsx';

export const STATUS_CHIP_COLORS: Record<CampaignStatus, ChipProps['color']> = {
  draft: 'default',
  scheduled: 'info',
  sent: 'success',
  active: 'primary',
  paused: 'warning',
  finished: 'default',
};

export interface LifecycleControls {
  run: (action: LifecycleAction, campaign: LifecycleCampaign) => void;
  schedule: (campaign: LifecycleCampaign) => void;
  busy: (campaign: LifecycleCampaign) => boolean;
  dialogs: ReactNode;
}

/**
 * A campaign's lifecycle: schedule a draft or cancel its schedule, start a sequence, pause and resume
 * it, and finish it (after asking). Each answers with a toast; the server's refusal is its message.
 */
export function useLifecycleActions(): LifecycleControls {
  const { LIFECYCLE_TEXTS: L } = useBrokerTexts().campaigns;
  const api = useCampaignLifecycleApi();
  const queryClient = useQueryClient();
  const toast = useToast();
  const handleError = useSubscriptionErrorHandler();
  const [toFinish, setToFinish] = useState<LifecycleCampaign>();
  const [toSchedule, setToSchedule] = useState<LifecycleCampaign>();
  const calls: Record<LifecycleAction, (id: string) => Promise<LifecycleCampaign>> = {
    unschedule: api.unscheduleCampaign,
    start: api.startCampaign,
    pause: api.pauseCampaign,
    resume: api.resumeCampaign,
    finish: api.finishCampaign,
  };
  const mutation = useMutation({
    mutationFn: ({ action, campaign }: { action: LifecycleAction; campaign: LifecycleCampaign }) => calls[action](campaign.id),
    onSuccess: (_, { action }) => toast({ title: L.done[action] }),
    onError: (error, { action }) => handleError(error, L.failed[action]),
    onSettled: () => {
      setToFinish(undefined);
      void queryClient.invalidateQueries({ queryKey: ['campaigns'] });
    },
  });
  return {
    run: (action, campaign) => (action === 'finish' ? setToFinish(campaign) : mutation.mutate({ action, campaign })),
    schedule: setToSchedule,
    busy: (campaign) => mutation.isPending && mutation.variables.campaign.id === campaign.id,
    dialogs: (
      <>
        <Confirm
          isOpen={Boolean(toFinish)}
          loading={mutation.isPending}
          title={L.finishTitle}
          content={toFinish ? L.finishBody(toFinish.name) : ''}
          confirm={L.finish}
          cancel={L.keepRunning}
          onClose={() => setToFinish(undefined)}
          onConfirm={() => toFinish && mutation.mutate({ action: 'finish', campaign: toFinish })}
        />
        <ScheduleCampaignDialog campaign={toSchedule} onClose={() => setToSchedule(undefined)} />
      </>
    ),
  };
}

/**
 * The lifecycle buttons a campaign's status allows: Schedule… on a one-off draft (its Send is the
 * card's), Start on a sequence's draft, Cancel Schedule when scheduled, Pause or Resume and Finish
 * on a running sequence.
 */
export function LifecycleButtons({ campaign, controls }: { campaign: LifecycleCampaign; controls: LifecycleControls }) {
  const { LIFECYCLE_TEXTS: L } = useBrokerTexts().campaigns;
  const busy = controls.busy(campaign);
  const button = (action: LifecycleAction, label: string, ariaLabel: string, icon: ReactNode, contained = false) => (
    <Button
      key={action}
      size="small"
      variant={contained ? 'contained' : 'text'}
      color={action === 'finish' ? 'error' : 'primary'}
      startIcon={icon}
      onClick={() => controls.run(action, campaign)}
      disabled={busy}
      aria-label={ariaLabel}
    >
      {label}
    </Button>
  );
  switch (campaign.status) {
    case 'draft':
      return isSequence(campaign) ? (
        button('start', L.start, L.startFor(campaign.name), <PlayArrowOutlinedIcon />, true)
      ) : (
        <Button
          size="small"
          startIcon={<EventOutlinedIcon />}
          onClick={() => controls.schedule(campaign)}
          aria-label={L.scheduleFor(campaign.name)}
        >
          {L.schedule}
        </Button>
      );
    case 'scheduled':
      return button('unschedule', L.unschedule, L.unscheduleFor(campaign.name), <EventBusyOutlinedIcon />);
    case 'active':
      return (
        <>
          {button('pause', L.pause, L.pauseFor(campaign.name), <PauseOutlinedIcon />)}
          {button('finish', L.finish, L.finishFor(campaign.name), <FlagOutlinedIcon />)}
        </>
      );
    case 'paused':
      return (
        <>
          {button('resume', L.resume, L.resumeFor(campaign.name), <PlayArrowOutlinedIcon />, true)}
          {button('finish', L.finish, L.finishFor(campaign.name), <FlagOutlinedIcon />)}
        </>
      );
    default:
      return null;
  }
}
