import type { SvgIconComponent } from '@mui/icons-material';
import EmailIcon from '@mui/icons-material/Email';
import InboxIcon from '@mui/icons-material/Inbox';
import PhoneInTalkIcon from '@mui/icons-material/PhoneInTalk';
import RefreshIcon from '@mui/icons-material/Refresh';
import SmsIcon from '@mui/icons-material/Sms';
import {
  Avatar,
  Box,
  Button,
  Card,
  CardContent,
  Chip,
  Paper,
  Skeleton,
  Stack,
  ToggleButton,
  ToggleButtonGroup,
  Typography,
} from '@mui/material';
import { ListBase, Pagination, useListContext } from 'react-admin';

import { useBrokerTexts } from '../i18n/useBrokerTexts.ts';
import type { OutboxMessage } from '../types.ts';
import { LoadError } from '../ui/EmptyState.tsx';
import { useErrorToast } from '../ui/errors.ts';
import { formatDateTime } from '../ui/format.ts';
import { PageHeader } from '../ui/PageHeader.tsx';
import { HtmlBody, looksLikeHtml, TextBody } from './body.tsx';
import { PhoneAnswer } from './PhoneAnswer.tsx';
import { type Channel } from './texts.ts';

/** Each channel's colour: dark enough to read at 4.5:1 on its own 10 % tint (the chip's and the icon's ground). */
const CHANNEL_ICONS: Record<Channel, { icon: SvgIconComponent; color: string }> = {
  voice: { icon: PhoneInTalkIcon, color: '#6d28d9' },
  sms: { icon: SmsIcon, color: '#155e75' },
  email: { icon: EmailIcon, color: '#9a3412' },
};

/**
 * The development outbox: what the server would have sent (invitation texts, reminder call scripts
 * and texts, campaign e-mails), newest first, so flows can be followed without real providers.
 */
export function OutboxList() {
  const { OUTBOX_TEXTS: T } = useBrokerTexts().outbox;
  const errorToast = useErrorToast();
  return (
    <ListBase<OutboxMessage>
      resource="dev/outbox"
      sort={{ field: 'createdAt', order: 'DESC' }}
      perPage={25}
      queryOptions={{
        onError: (error: unknown) => {
          if ((error as { status?: number }).status !== 401) errorToast(error, T.loadFailed);
        },
      }}
    >
      <OutboxView />
    </ListBase>
  );
}

function OutboxView() {
  const { CHANNEL_FILTERS, OUTBOX_TEXTS: T } = useBrokerTexts().outbox;
  const { data, isPending, error, filterValues, setFilters, refetch, isFetching } = useListContext<OutboxMessage>();
  const channel = (filterValues.channel as Channel | undefined) ?? 'all';

  return (
    <Box>
      <PageHeader
        title={T.title}
        subtitle={T.subtitle}
        actions={
          <Button variant="outlined" startIcon={<RefreshIcon />} onClick={() => void refetch()} disabled={isFetching}>
            {T.refresh}
          </Button>
        }
      />
      <Box sx={{ mb: 3 }}>
        <ToggleButtonGroup
          exclusive
          size="small"
          aria-label={T.channelFilter}
          value={channel}
          sx={{ '& .MuiToggleButton-root': { textTransform: 'none', px: 2 } }}
          onChange={(_, value: Channel | 'all' | null) => {
            if (value === null) return;
            setFilters(value === 'all' ? {} : { channel: value }, undefined, false);
          }}
        >
          <ToggleButton value="all">{T.all}</ToggleButton>
          {CHANNEL_FILTERS.map((option) => (
            <ToggleButton key={option.value} value={option.value}>
              {option.label}
            </ToggleButton>
          ))}
        </ToggleButtonGroup>
      </Box>
      {isPending ? (
        <Stack spacing={2} aria-busy="true">
          {[0, 1, 2].map((i) => (
            <Skeleton key={i} variant="rounded" height={140} />
          ))}
        </Stack>
      ) : error ? (
        <LoadError message={T.loadFailed} retryLabel={T.retry} onRetry={() => void refetch()} />
      ) : !data || data.length === 0 ? (
        <Paper variant="outlined" sx={{ py: 8, px: 3, textAlign: 'center' }}>
          <InboxIcon sx={{ fontSize: 48, color: 'text.disabled' }} />
          <Typography variant="h2" sx={{ fontSize: '1.125rem', fontWeight: 600, mt: 1 }}>
            {T.emptyTitle}
          </Typography>
          <Typography color="text.secondary" sx={{ mt: 0.5 }}>
            {channel === 'all' ? T.emptyHint : T.emptyFilteredHint}
          </Typography>
        </Paper>
      ) : (
        <>
          <Stack spacing={2}>
            {data.map((message) => (
              <OutboxEntry key={message.id} message={message} />
            ))}
          </Stack>
          <Pagination rowsPerPageOptions={[10, 25, 50, 100]} />
        </>
      )}
    </Box>
  );
}

function OutboxEntry({ message }: { message: OutboxMessage }) {
  const { CHANNEL_LABELS, OUTBOX_TEXTS: T, purposeLabel } = useBrokerTexts().outbox;
  const kind = CHANNEL_ICONS[message.channel] ?? CHANNEL_ICONS.sms;
  const Icon = kind.icon;
  const html = message.channel === 'email' && looksLikeHtml(message.body);
  return (
    <Card variant="outlined" component="article" aria-label={T.messageLabel(CHANNEL_LABELS[message.channel], message.recipient)}>
      <CardContent>
        <Box sx={{ display: 'flex', gap: 2, alignItems: 'flex-start', mb: 1.5 }}>
          <Avatar sx={{ bgcolor: `${kind.color}1a`, color: kind.color }} aria-hidden>
            <Icon />
          </Avatar>
          <Box sx={{ minWidth: 0, flex: 1 }}>
            <Box sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: 1 }}>
              <Typography sx={{ fontWeight: 600, overflowWrap: 'anywhere' }}>{message.recipient}</Typography>
              <Chip size="small" label={CHANNEL_LABELS[message.channel]} sx={{ bgcolor: `${kind.color}1a`, color: kind.color }} />
              <Chip size="small" variant="outlined" label={purposeLabel(message.purpose)} />
            </Box>
            <Typography variant="body2" color="text.secondary" sx={{ mt: 0.25 }}>
              {formatDateTime(message.createdAt)}
            </Typography>
          </Box>
        </Box>
        {message.subject && (
          <Typography variant="body2" sx={{ mb: 1 }}>
            <Box component="span" sx={{ fontWeight: 600 }}>
              {`${T.subject}: `}
            </Box>
            {message.subject}
          </Typography>
        )}
        {message.channel === 'voice' && (
          <Typography variant="caption" color="text.secondary" component="p" sx={{ mb: 0.5 }}>
            {T.callScript}
          </Typography>
        )}
        {html ? (
          <HtmlBody html={message.body} title={`${T.emailPreview}: ${message.subject ?? message.recipient}`} />
        ) : (
          <TextBody text={message.body} />
        )}
        {(message.channel === 'sms' || message.channel === 'voice') && <PhoneAnswer message={message} />}
      </CardContent>
    </Card>
  );
}
