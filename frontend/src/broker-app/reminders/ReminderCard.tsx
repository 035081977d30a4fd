import EditOutlinedIcon from '@mui/icons-material/EditOutlined';
import EventBusyOutlinedIcon from '@mui/icons-material/EventBusyOutlined';
import EventOutlinedIcon from '@mui/icons-material/EventOutlined';
import PhoneInTalkOutlinedIcon from '@mui/icons-material/PhoneInTalkOutlined';
import SmsOutlinedIcon from '@mui/icons-material/SmsOutlined';
import { Avatar, Box, Button, Card, CardContent, Chip, type ChipProps, Skeleton, Stack, Typography } from '@mui/material';

import { useBrokerTexts } from '../i18n/useBrokerTexts.ts';
import { shownReason } from '../texting/heldReason.ts';
import type { Reminder } from '../types.ts';
import { formatDateTime } from './schedule.ts';

/** SPEC §4: pending is blue, completed green, failed red. */
export const STATUS_COLORS: Record<Reminder['status'], ChipProps['color']> = {
  pending: 'info',
  completed: 'success',
  failed: 'error',
};

const METHOD_ICONS = { voice: PhoneInTalkOutlinedIcon, sms: SmsOutlinedIcon } as const;

interface Props {
  reminder: Reminder;
  client: string | undefined | null;
  /** Pending reminders can be changed and cancelled. */
  onEdit?: () => void;
  onCancel?: () => void;
}

/** One reminder: who, how, what and when, and where it stands; a pending one can be edited or cancelled. */
export function ReminderCard({ reminder, client, onEdit, onCancel }: Props) {
  const { REMINDER_TEXTS: T } = useBrokerTexts().reminders;
  const name = client ?? T.unknownClient;
  const MethodIcon = METHOD_ICONS[reminder.deliveryMethod];
  const method = T.method[reminder.deliveryMethod];
  return (
    <Card component="li" aria-label={`${name}, ${formatDateTime(reminder.scheduledTime)}`}>
      <CardContent sx={{ display: 'flex', gap: 2, alignItems: 'flex-start', '&:last-child': { pb: 2 } }}>
        <Avatar sx={{ bgcolor: 'primary.main', color: 'primary.contrastText' }} aria-hidden>
          <MethodIcon />
        </Avatar>
        <Box sx={{ flex: 1, minWidth: 0 }}>
          <Stack direction="row" spacing={1} sx={{ alignItems: 'center', flexWrap: 'wrap', rowGap: 0.5 }}>
            <Typography component="h2" sx={{ fontWeight: 600, fontSize: '1rem' }}>
              {client === undefined ? <Skeleton width={140} /> : (client ?? T.unknownClient)}
            </Typography>
            <Chip
              size="small"
              variant="outlined"
              icon={<MethodIcon fontSize="small" />}
              label={method}
              aria-label={`${T.deliveryMethod}: ${method}`}
            />
          </Stack>
          <Typography sx={{ mt: 0.75, overflowWrap: 'anywhere' }}>{reminder.message}</Typography>
          <Stack direction="row" spacing={0.75} sx={{ mt: 1, alignItems: 'center', color: 'text.secondary' }}>
            <EventOutlinedIcon fontSize="small" aria-hidden />
            <Typography variant="body2">{formatDateTime(reminder.scheduledTime)}</Typography>
          </Stack>
          {reminder.status === 'pending' && (onEdit || onCancel) && (
            <Stack direction="row" spacing={1} sx={{ mt: 1 }}>
              {onEdit && (
                <Button size="small" startIcon={<EditOutlinedIcon />} onClick={onEdit} aria-label={T.editFor(name)}>
                  {T.edit}
                </Button>
              )}
              {onCancel && (
                <Button size="small" color="error" startIcon={<EventBusyOutlinedIcon />} onClick={onCancel} aria-label={T.cancelFor(name)}>
                  {T.cancelReminder}
                </Button>
              )}
            </Stack>
          )}
        </Box>
        <Box sx={{ display: 'grid', justifyItems: 'end', gap: 0.5, maxWidth: '40%' }}>
          <Chip size="small" color={STATUS_COLORS[reminder.status]} label={T.status[reminder.status]} />
          {reminder.notSentReason && (
            <Typography variant="caption" color="text.secondary" sx={{ textAlign: 'right' }}>
              {T.notSent(shownReason(reminder.notSentReason))}
            </Typography>
          )}
        </Box>
      </CardContent>
    </Card>
  );
}

/** Placeholder cards while the list loads. */
export function ReminderCardSkeleton() {
  return (
    <Card aria-hidden>
      <CardContent sx={{ display: 'flex', gap: 2 }}>
        <Skeleton variant="circular" width={40} height={40} />
        <Box sx={{ flex: 1 }}>
          <Skeleton width="30%" />
          <Skeleton width="80%" />
          <Skeleton width="40%" />
        </Box>
      </CardContent>
    </Card>
  );
}
