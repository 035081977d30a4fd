import ArrowBackIcon from '@mui/icons-material/ArrowBack';
import DoneIcon from '@mui/icons-material/Done';
import SearchIcon from '@mui/icons-material/Search';
import {
  Alert,
  Box,
  Button,
  Card,
  Chip,
  InputAdornment,
  List,
  ListItem,
  ListItemButton,
  MenuItem,
  Skeleton,
  TextField,
  Typography,
  useMediaQuery,
  useTheme,
} from '@mui/material';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useId, useState } from 'react';
import { Link, useParams, useSearchParams } from 'react-router-dom';

import { errorBodyField, serverMessage } from '../../lib/http.ts';
import { formatPhone } from '../../lib/phone.ts';
import { useJoinedMembers } from '../clients/AssignClientsDialog.tsx';
import { useBrokerTexts } from '../i18n/useBrokerTexts.ts';
import { useCareKeepDataProvider } from '../providers/dataProvider.ts';
import { useMemberMay } from '../providers/memberMay.tsx';
import { memberName } from '../team/members.ts';
import type { InboxMessage, InboxThread } from '../types.ts';
import { useErrorToast } from '../ui/errors.ts';
import { formatDateTime } from '../ui/format.ts';
import { PageHeader } from '../ui/PageHeader.tsx';
import { useToast } from '../ui/toast.tsx';
import { OfficeHoursDialog } from './OfficeHoursDialog.tsx';
import { TemplatesDialog } from './TemplatesDialog.tsx';
import { INBOX_KEY, INBOX_UNREAD_KEY } from './unread.ts';

const FILTERS = ['all', 'unread', 'mine', 'needsReply', 'overdue', 'optedOut', 'done'] as const;
type Filter = (typeof FILTERS)[number];

const FILTER_QUERIES: Record<Filter, Record<string, unknown>> = {
  all: { status: 'open' },
  unread: { unread: true },
  mine: { mine: true, status: 'open' },
  needsReply: { needsReply: true },
  overdue: { overdue: true },
  optedOut: { optedOut: true },
  done: { status: 'done' },
};

const who = (thread: InboxThread) => thread.clientName ?? formatPhone(thread.phone);

/**
 * The Inbox (docs/messaging.md "Inbox"): the conversations of the member's book, newest first, with
 * filters and search; a conversation's timeline (their texts, the replies, events, and what the
 * agency sent them) and the reply box. Side by side from 900 px; on a phone, one or the other.
 */
export function InboxPage() {
  const { INBOX_TEXTS: T } = useBrokerTexts().inbox;
  const { id } = useParams();
  const theme = useTheme();
  const wide = useMediaQuery(theme.breakpoints.up('md'));
  const may = useMemberMay();
  const mayWrite = may('inbox:write');
  const [templatesOpen, setTemplatesOpen] = useState(false);
  const [hoursOpen, setHoursOpen] = useState(false);
  return (
    <Box sx={{ display: 'grid', gap: 2, minWidth: 0 }}>
      <PageHeader
        title={T.title}
        subtitle={T.subtitle}
        actions={
          (mayWrite || may('inbox:manage')) && (
            <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1 }}>
              {may('inbox:manage') && (
                <Button variant="outlined" onClick={() => setHoursOpen(true)}>
                  {T.officeHours}
                </Button>
              )}
              {mayWrite && (
                <Button variant="outlined" onClick={() => setTemplatesOpen(true)}>
                  {T.manageTemplates}
                </Button>
              )}
            </Box>
          )
        }
      />
      <Box sx={{ display: 'grid', gridTemplateColumns: wide ? 'minmax(280px, 360px) minmax(0, 1fr)' : 'minmax(0, 1fr)', gap: 2 }}>
        {(wide || !id) && <ThreadList selected={id} />}
        {id ? <ThreadView key={id} id={id} wide={wide} /> : wide && <Alert severity="info">{T.pickThread}</Alert>}
      </Box>
      {templatesOpen && <TemplatesDialog onClose={() => setTemplatesOpen(false)} />}
      {hoursOpen && <OfficeHoursDialog onClose={() => setHoursOpen(false)} />}
    </Box>
  );
}

function ThreadList({ selected }: { selected?: string }) {
  const { INBOX_TEXTS: T } = useBrokerTexts().inbox;
  const dataProvider = useCareKeepDataProvider();
  // The dashboard links to a filter: /inbox?filter=overdue.
  const [params] = useSearchParams();
  const asked = params.get('filter');
  const [filter, setFilter] = useState<Filter>(FILTERS.find((value) => value === asked) ?? 'all');
  const [search, setSearch] = useState('');
  const [q, setQ] = useState('');
  useEffect(() => {
    const timer = setTimeout(() => setQ(search.trim()), 300);
    return () => clearTimeout(timer);
  }, [search]);
  const query = { ...FILTER_QUERIES[filter], ...(q ? { q } : {}) };
  const threads = useQuery({
    queryKey: [...INBOX_KEY, 'threads', query],
    queryFn: () => dataProvider.getInboxThreads(query),
    // Live updates refetch it at once; this is the fallback.
    refetchInterval: 60_000,
  });
  return (
    <Card
      variant="outlined"
      component="section"
      aria-label={T.threadsLabel}
      sx={{ p: 1.5, display: 'grid', gap: 1.5, alignContent: 'start' }}
    >
      <TextField
        size="small"
        label={T.searchLabel}
        value={search}
        onChange={(event) => setSearch(event.target.value)}
        slotProps={{
          input: {
            startAdornment: (
              <InputAdornment position="start">
                <SearchIcon fontSize="small" />
              </InputAdornment>
            ),
          },
          htmlInput: { maxLength: 200 },
        }}
      />
      <Box role="group" aria-label={T.filtersLabel} sx={{ display: 'flex', flexWrap: 'wrap', gap: 0.75 }}>
        {FILTERS.map((value) => (
          <Chip
            key={value}
            label={T.filters[value]}
            clickable
            aria-pressed={filter === value}
            color={filter === value ? 'primary' : 'default'}
            variant={filter === value ? 'filled' : 'outlined'}
            onClick={() => setFilter(value)}
          />
        ))}
      </Box>
      {threads.isPending ? (
        <Box sx={{ display: 'grid', gap: 1 }}>
          {[0, 1, 2].map((n) => (
            <Skeleton key={n} variant="rounded" height={56} />
          ))}
        </Box>
      ) : threads.isError ? (
        <Alert severity="error">{T.loadFailed}</Alert>
      ) : threads.data.length === 0 ? (
        <Typography color="text.secondary" sx={{ p: 1 }}>
          {T.empty}
        </Typography>
      ) : (
        <List disablePadding sx={{ display: 'grid', gap: 0.5 }}>
          {threads.data.map((thread) => (
            <ListItem key={thread.id} disablePadding>
              <ListItemButton
                component={Link}
                to={`/inbox/${thread.id}`}
                selected={thread.id === selected}
                aria-current={thread.id === selected ? 'page' : undefined}
                sx={{ borderRadius: 1, display: 'grid', gap: 0.25, alignItems: 'start' }}
              >
                <Box sx={{ display: 'flex', justifyContent: 'space-between', gap: 1, minWidth: 0 }}>
                  <Typography sx={{ fontWeight: thread.unreadCount > 0 ? 700 : 500, minWidth: 0 }} noWrap>
                    {who(thread)}
                  </Typography>
                  <Typography variant="caption" color="text.secondary" sx={{ flexShrink: 0 }}>
                    {formatDateTime(thread.lastMessageAt)}
                  </Typography>
                </Box>
                <Typography variant="body2" color="text.secondary" noWrap>
                  {thread.preview ? (T.events[previewKey(thread.preview)] ?? thread.preview) : ''}
                </Typography>
                <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 0.5 }}>
                  {thread.unreadCount > 0 && <Chip size="small" color="error" label={T.unread(thread.unreadCount)} />}
                  {thread.needsReplySince && <Chip size="small" variant="outlined" label={T.needsReply} />}
                  {thread.optedOut && <Chip size="small" variant="outlined" label={T.optedOut} />}
                  {thread.sender === 'other' && <Chip size="small" variant="outlined" label={T.notClient} />}
                  {thread.status === 'done' && <Chip size="small" variant="outlined" icon={<DoneIcon />} label={T.done} />}
                </Box>
              </ListItemButton>
            </ListItem>
          ))}
        </List>
      )}
    </Card>
  );
}

/** The list's preview of an event is its English name (from the server): the key of its translation. */
function previewKey(preview: string): string {
  const keys: Record<string, string> = {
    'Confirmed a reminder': 'confirmed',
    'Opted out of texts': 'opted_out',
    'Opted out of calls': 'opted_out_other',
    'Opted in to texts again': 'opted_in',
    'Asked for help (HELP)': 'help',
  };
  return keys[preview] ?? '';
}

function ThreadView({ id, wide }: { id: string; wide: boolean }) {
  const { INBOX_TEXTS: T } = useBrokerTexts().inbox;
  const dataProvider = useCareKeepDataProvider();
  const queryClient = useQueryClient();
  const may = useMemberMay();
  const mayWrite = may('inbox:write');
  const toast = useToast();
  const errorToast = useErrorToast();
  const members = useJoinedMembers();
  const assignId = useId();
  const thread = useQuery({ queryKey: [...INBOX_KEY, 'thread', id], queryFn: () => dataProvider.getInboxThread(id) });
  const messages = useQuery({ queryKey: [...INBOX_KEY, 'messages', id], queryFn: () => dataProvider.getInboxMessages(id) });
  const refresh = () => queryClient.invalidateQueries({ queryKey: INBOX_KEY });

  // Opening a conversation reads it, for the whole agency.
  const unread = thread.data?.unreadCount ?? 0;
  useEffect(() => {
    if (!mayWrite || unread === 0) return;
    void dataProvider.updateInboxThread(id, { read: true }).then(() => {
      void queryClient.invalidateQueries({ queryKey: INBOX_KEY });
      void queryClient.invalidateQueries({ queryKey: INBOX_UNREAD_KEY });
    });
  }, [id, unread, mayWrite, dataProvider, queryClient]);

  const change = useMutation({
    mutationFn: (input: { assignedMemberId?: string | null; status?: 'open' | 'done' }) => dataProvider.updateInboxThread(id, input),
    onSuccess: (_, input) => {
      toast({ title: input.status === 'done' ? T.markedDone : input.status === 'open' ? T.reopened : T.assigned });
      void refresh();
    },
    onError: (error) => errorToast(error, T.updateFailed),
  });
  const task = useMutation({
    mutationFn: () => dataProvider.inboxTask(id, {}),
    onSuccess: () => toast({ title: T.taskMade }),
    onError: (error) => errorToast(error, T.taskFailed),
  });

  if (thread.isPending) return <Skeleton variant="rounded" height={320} />;
  if (thread.isError) return <Alert severity="error">{T.loadFailed}</Alert>;
  const current = thread.data;
  return (
    <Card
      variant="outlined"
      component="section"
      aria-labelledby={`${assignId}-name`}
      sx={{ p: { xs: 1.5, sm: 2 }, display: 'grid', gap: 2, minWidth: 0 }}
    >
      {!wide && (
        <Button component={Link} to="/inbox" startIcon={<ArrowBackIcon />} sx={{ justifySelf: 'start' }}>
          {T.back}
        </Button>
      )}
      <Box sx={{ display: 'flex', flexWrap: 'wrap', justifyContent: 'space-between', gap: 1.5, alignItems: 'flex-start' }}>
        <Box sx={{ minWidth: 0 }}>
          <Typography id={`${assignId}-name`} variant="h2" sx={{ fontSize: '1.25rem', fontWeight: 700 }}>
            {who(current)}
          </Typography>
          <Typography variant="body2" color="text.secondary">
            {formatPhone(current.phone)}
            {current.clientId && (
              <>
                {' · '}
                <Link to={`/clients/${current.clientId}/show`}>{T.openClient}</Link>
              </>
            )}
          </Typography>
        </Box>
        {mayWrite && (
          <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1, alignItems: 'center' }}>
            <TextField
              select
              size="small"
              id={assignId}
              label={T.assign}
              value={current.assignedMemberId ?? ''}
              onChange={(event) => change.mutate({ assignedMemberId: event.target.value || null })}
              sx={{ minWidth: 160 }}
            >
              <MenuItem value="">{T.nobody}</MenuItem>
              {members.map((member) => (
                <MenuItem key={member.id} value={member.id}>
                  {memberName(member, T.noName)}
                </MenuItem>
              ))}
              {current.assignedMemberId && !members.some((member) => member.id === current.assignedMemberId) && (
                <MenuItem value={current.assignedMemberId}>{current.assignedMemberName ?? T.noName}</MenuItem>
              )}
            </TextField>
            <Button
              variant="outlined"
              onClick={() => change.mutate({ status: current.status === 'done' ? 'open' : 'done' })}
              disabled={change.isPending}
              startIcon={current.status === 'done' ? undefined : <DoneIcon />}
            >
              {current.status === 'done' ? T.reopen : T.markDone}
            </Button>
            {may('clients:write') && (
              <Button variant="outlined" onClick={() => task.mutate()} disabled={task.isPending}>
                {T.makeTask}
              </Button>
            )}
          </Box>
        )}
      </Box>
      {mayWrite && <ReplyBox thread={current} onSent={() => void refresh()} />}
      <Timeline messages={messages.data} failed={messages.isError} />
    </Card>
  );
}

function ReplyBox({ thread, onSent }: { thread: InboxThread; onSent: () => void }) {
  const { INBOX_TEXTS: T } = useBrokerTexts().inbox;
  const dataProvider = useCareKeepDataProvider();
  const toast = useToast();
  const [body, setBody] = useState('');
  const [refusal, setRefusal] = useState<string | undefined>();
  const templates = useQuery({ queryKey: [...INBOX_KEY, 'templates'], queryFn: () => dataProvider.getInboxTemplates() });
  const send = useMutation({
    mutationFn: () => dataProvider.replyInbox(thread.id, body),
    onSuccess: () => {
      setBody('');
      setRefusal(undefined);
      toast({ title: T.sent });
      onSent();
    },
    onError: (error) => {
      const reason = errorBodyField(error, 'reason');
      const allowedFrom = errorBodyField(error, 'allowedFrom');
      setRefusal(
        (reason === 'calling_hours' && typeof allowedFrom === 'string' ? T.callingHours(formatDateTime(allowedFrom)) : undefined) ??
          (typeof reason === 'string' ? T.refusals[reason] : undefined) ??
          serverMessage(error) ??
          T.sendFailed,
      );
    },
  });
  if (thread.optedOut) return <Alert severity="warning">{T.stoppedNotice}</Alert>;
  return (
    <Box
      component="form"
      onSubmit={(event) => {
        event.preventDefault();
        if (body.trim()) send.mutate();
      }}
      sx={{ display: 'grid', gap: 1 }}
    >
      {(templates.data?.length ?? 0) > 0 && (
        <TextField
          select
          size="small"
          label={T.template}
          value=""
          onChange={(event) => {
            const template = templates.data?.find((row) => row.id === event.target.value);
            if (template) setBody(template.body);
          }}
          sx={{ maxWidth: 320 }}
        >
          <MenuItem value="">{T.noTemplate}</MenuItem>
          {templates.data?.map((template) => (
            <MenuItem key={template.id} value={template.id}>
              {template.name}
            </MenuItem>
          ))}
        </TextField>
      )}
      <TextField
        label={T.reply}
        multiline
        minRows={2}
        value={body}
        onChange={(event) => setBody(event.target.value)}
        helperText={T.replyHelp}
        slotProps={{ htmlInput: { maxLength: 1600 } }}
      />
      {refusal && (
        <Alert severity="error" role="alert">
          {refusal}
        </Alert>
      )}
      <Button type="submit" variant="contained" disabled={!body.trim() || send.isPending} sx={{ justifySelf: 'end' }}>
        {T.send}
      </Button>
    </Box>
  );
}

function Timeline({ messages, failed }: { messages: InboxMessage[] | undefined; failed: boolean }) {
  const { INBOX_TEXTS: T } = useBrokerTexts().inbox;
  if (failed) return <Alert severity="error">{T.loadFailed}</Alert>;
  if (!messages) return <Skeleton variant="rounded" height={160} />;
  return (
    <List aria-label={T.timelineLabel} disablePadding sx={{ display: 'grid', gap: 1 }}>
      {messages.map((message) => {
        if (message.direction === 'event') {
          const key = message.kind === 'opted_out' && !(message.channels ?? ['sms']).includes('sms') ? 'opted_out_other' : message.kind;
          return (
            <ListItem key={message.id} sx={{ justifyContent: 'center' }}>
              <Typography variant="body2" color="text.secondary" sx={{ textAlign: 'center' }}>
                {T.events[key] ?? message.kind} · {formatDateTime(message.at)}
              </Typography>
            </ListItem>
          );
        }
        const inbound = message.direction === 'in';
        const label =
          message.source === 'inbox'
            ? inbound
              ? null
              : message.kind === 'auto_reply'
                ? T.autoReplyLabel
                : message.memberName
                  ? T.sentBy(message.memberName)
                  : T.you
            : `${T.sources[message.source]}${message.source === 'invitation' ? '' : ` · ${T.channels[message.channel] ?? message.channel}`}`;
        return (
          <ListItem key={message.id} sx={{ justifyContent: inbound ? 'flex-start' : 'flex-end', px: 0 }}>
            <Box
              sx={{
                maxWidth: '85%',
                px: 1.5,
                py: 1,
                borderRadius: 2,
                bgcolor: inbound ? 'grey.100' : message.source === 'inbox' ? 'action.hover' : 'background.paper',
                border: 1,
                borderColor: inbound ? 'grey.300' : 'primary.light',
                minWidth: 0,
              }}
            >
              {label && (
                <Typography variant="caption" sx={{ display: 'block', fontWeight: 600, color: 'text.secondary' }}>
                  {label}
                </Typography>
              )}
              {message.body && <Typography sx={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>{message.body}</Typography>}
              <Typography variant="caption" sx={{ display: 'block', color: 'text.secondary' }}>
                {formatDateTime(message.at)}
                {message.status === 'failed' ? ` · ${T.failed}` : ''}
              </Typography>
            </Box>
          </ListItem>
        );
      })}
    </List>
  );
}
