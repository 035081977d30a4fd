import EventOutlinedIcon from '@mui/icons-material/EventOutlined';
import { Alert, Box, Button, CircularProgress, Dialog, DialogActions, DialogContent, DialogTitle, Stack, Typography } from '@mui/material';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Form, TextInput } from 'react-admin';

import { errorBodyField, serverMessage } from '../../lib/http.ts';
import { useBrokerTexts } from '../i18n/useBrokerTexts.ts';
import { useSubscriptionErrorHandler } from '../ui/errors.ts';
import { useToast } from '../ui/toast.tsx';
import { defaultSchedule, scheduleMoment, validateSchedule } from './builderForm.ts';
import { useCampaignLifecycleApi } from './lifecycleApi.ts';
import type { CampaignSchedule, LifecycleCampaign } from './lifecycleTypes.ts';

/** Date and time of a scheduled campaign, with the time-zone hint under them. */
export function ScheduleInputs() {
  const { LIFECYCLE_TEXTS: L } = useBrokerTexts().campaigns;
  return (
    <Box>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={{ xs: 0, sm: 2 }}>
        <TextInput
          source="date"
          type="date"
          label={L.date}
          isRequired
          fullWidth
          helperText={false}
          slotProps={{ inputLabel: { shrink: true }, htmlInput: { 'aria-describedby': 'campaign-schedule-hint' } }}
        />
        <TextInput
          source="time"
          type="time"
          label={L.time}
          isRequired
          fullWidth
          helperText={false}
          slotProps={{ inputLabel: { shrink: true }, htmlInput: { 'aria-describedby': 'campaign-schedule-hint' } }}
        />
      </Stack>
      <Typography id="campaign-schedule-hint" variant="caption" color="text.secondary" sx={{ display: 'block', mx: 1.75 }}>
        {L.scheduleHint}
      </Typography>
    </Box>
  );
}

/** "Schedule…" on a draft's card: the day and time it goes out by itself. */
export function ScheduleCampaignDialog({ campaign, onClose }: { campaign?: LifecycleCampaign; onClose: () => void }) {
  return (
    <Dialog open={Boolean(campaign)} onClose={onClose} fullWidth maxWidth="xs" aria-labelledby="schedule-campaign-title">
      {campaign && <ScheduleForm campaign={campaign} onClose={onClose} />}
    </Dialog>
  );
}

function ScheduleForm({ campaign, onClose }: { campaign: LifecycleCampaign; onClose: () => void }) {
  const { CAMPAIGN_TEXTS: T, LIFECYCLE_TEXTS: L } = useBrokerTexts().campaigns;
  const api = useCampaignLifecycleApi();
  const queryClient = useQueryClient();
  const toast = useToast();
  const handleError = useSubscriptionErrorHandler();
  const [serverError, setServerError] = useState<string>();
  const [defaults] = useState<CampaignSchedule>(() => campaign.schedule ?? defaultSchedule());
  const schedule = useMutation({ mutationFn: (values: CampaignSchedule) => api.scheduleCampaign(campaign.id, values) });

  const submit = async (values: CampaignSchedule) => {
    setServerError(undefined);
    try {
      const saved = await schedule.mutateAsync({ date: values.date, time: values.time });
      toast({ title: L.scheduled, description: L.scheduledDescription(scheduleMoment(saved.schedule ?? values)) });
      void queryClient.invalidateQueries({ queryKey: ['campaigns'] });
      onClose();
      return undefined;
    } catch (error) {
      handleError(error, L.scheduleFailed);
      const message = serverMessage(error);
      const field = errorBodyField(error, 'field');
      if (message && (field === 'date' || field === 'time')) return { [field]: message };
      setServerError(message ?? L.scheduleFailed);
      return undefined;
    }
  };

  return (
    <Form<CampaignSchedule>
      defaultValues={defaults}
      validate={(values) => validateSchedule(values as CampaignSchedule, L)}
      onSubmit={submit as never}
      noValidate
    >
      <DialogTitle id="schedule-campaign-title">{L.scheduleTitle}</DialogTitle>
      <DialogContent>
        <Stack spacing={1.5} sx={{ pt: 1 }}>
          <Typography variant="body2" sx={{ fontWeight: 600, overflowWrap: 'anywhere' }}>
            {campaign.name}
          </Typography>
          {serverError && <Alert severity="error">{serverError}</Alert>}
          <ScheduleInputs />
        </Stack>
      </DialogContent>
      <DialogActions sx={{ px: 3, pb: 2 }}>
        <Button onClick={onClose} disabled={schedule.isPending}>
          {T.cancel}
        </Button>
        <Button
          type="submit"
          variant="contained"
          disabled={schedule.isPending}
          startIcon={schedule.isPending ? <CircularProgress size={16} color="inherit" /> : <EventOutlinedIcon />}
        >
          {L.scheduleSubmit}
        </Button>
      </DialogActions>
    </Form>
  );
}
