import ArrowBackIcon from '@mui/icons-material/ArrowBack';
import EditIcon from '@mui/icons-material/Edit';
import FolderZipIcon from '@mui/icons-material/FolderZip';
import {
  Alert,
  Box,
  Button,
  Card,
  CardContent,
  CardHeader,
  Chip,
  LinearProgress,
  Skeleton,
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableRow,
  Typography,
} from '@mui/material';
import { useQuery } from '@tanstack/react-query';
import { lazy, type ReactNode, Suspense } from 'react';
import { ShowBase, useGetManyReference, useShowContext } from 'react-admin';
import { Link as RouterLink } from 'react-router-dom';

import { activityTitle } from '../dashboard/activity.ts';
import { useBrokerTexts, withLateAreas } from '../i18n/useBrokerTexts.ts';
import { useCareKeepDataProvider } from '../providers/dataProvider.ts';
import { useMemberMay } from '../providers/memberMay.tsx';
import { CallLogCard, ClientTasksCard } from '../tasks/lazy.ts';
import type { Client, Reminder } from '../types.ts';
import { formatDateTime, formatDay } from '../ui/format.ts';
import { PageHeader } from '../ui/PageHeader.tsx';
import { ConsentCard } from './ConsentCard.tsx';
import { CopyInviteLink } from './CopyInviteLink.tsx';
import { ageOn, dayDate, isRealDay, sixtyFifthBirthdaySoon } from './facts.ts';
import { engagementColor, formatDate, formatPhone } from './format.ts';
import { InviteControl } from './InviteControl.tsx';
import { PoliciesCard } from './PoliciesCard.tsx';
import { withFacts } from './retentionTypes.ts';
import { RiskBadge } from './RiskBadge.tsx';
import { SendPasswordReset } from './SendPasswordReset.tsx';

// The Scope of Appointment card: its code and words load with the page, outside the app's first load.
const SoaCard = lazy(() => withLateAreas(import('../soa/SoaCard.tsx')));

/** `/clients/{id}`: one client — contact, policies, invitation, engagement, the broker's reminders to them and their timeline. */
export function ClientShow() {
  return (
    // The page says what went wrong; react-admin's default would leave for the list.
    <ShowBase<Client> resource="clients" queryOptions={{ retry: false, onError: () => undefined }}>
      <ClientPage />
    </ShowBase>
  );
}

function ClientPage() {
  const { CLIENT_PAGE_TEXTS: T } = useBrokerTexts().clientPage;
  const { CLIENT_TEXTS } = useBrokerTexts().clients;
  const { record: client, isPending, error } = useShowContext<Client>();
  const mayAudit = useMemberMay()('activity:read');
  const back = (
    <Button component={RouterLink} to="/clients" startIcon={<ArrowBackIcon />} sx={{ mb: 1 }}>
      {T.backToClients}
    </Button>
  );
  if (isPending) {
    return (
      <Box>
        {back}
        <Skeleton variant="text" width="40%" height={48} />
        <Skeleton variant="rounded" height={160} sx={{ mt: 2 }} />
      </Box>
    );
  }
  if (error || !client) {
    return (
      <Box>
        {back}
        <Alert severity="error">{(error as { status?: number } | null)?.status === 404 ? T.notFound : T.loadFailed}</Alert>
      </Box>
    );
  }
  const name = `${client.firstName} ${client.lastName}`;
  return (
    <Box>
      {back}
      <PageHeader
        title={name}
        subtitle={
          <Chip
            component="span"
            size="small"
            label={client.isActive ? CLIENT_TEXTS.active : CLIENT_TEXTS.inactive}
            color={client.isActive ? 'success' : 'default'}
            variant={client.isActive ? 'filled' : 'outlined'}
          />
        }
        actions={
          <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1 }}>
            {mayAudit && (
              // The ZIP an auditor asks for (docs/compliance.md#the-audit-pack): owners and read-only members.
              <Button variant="outlined" href={`/api/clients/${client.id}/audit-pack`} download startIcon={<FolderZipIcon />}>
                {T.auditPack}
              </Button>
            )}
            <Button variant="contained" component={RouterLink} to={`/clients/${client.id}/edit`} startIcon={<EditIcon />}>
              {T.edit}
            </Button>
          </Box>
        }
      />
      <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', md: '1fr 1fr' }, alignItems: 'start' }}>
        <Box sx={{ display: 'grid', gap: 2 }}>
          <ContactCard client={client} />
          <RiskCard client={client} />
          <FactsCard client={client} />
          <InvitationCard client={client} />
          <EngagementCard client={client} />
        </Box>
        <Box sx={{ display: 'grid', gap: 2 }}>
          <PoliciesCard client={client} section={Section} />
          <Suspense fallback={<Skeleton variant="rounded" height={120} />}>
            <SoaCard client={client} section={Section} />
            <ClientTasksCard client={client} section={Section} />
            <CallLogCard client={client} section={Section} />
          </Suspense>
          <ConsentCard client={client} section={Section} />
          <RemindersCard client={client} />
          <TimelineCard client={client} />
        </Box>
      </Box>
    </Box>
  );
}

function Section({ title, action, children }: { title: string; action?: ReactNode; children: ReactNode }) {
  return (
    <Card variant="outlined" component="section" aria-label={title}>
      <CardHeader title={title} action={action} slotProps={{ title: { variant: 'h6', component: 'h2' } }} sx={{ pb: 0 }} />
      <CardContent>{children}</CardContent>
    </Card>
  );
}

function Field({ label, children }: { label: string; children: ReactNode }) {
  return (
    <Box sx={{ display: 'grid', gridTemplateColumns: '7rem 1fr', gap: 1, py: 0.5 }}>
      <Typography component="dt" variant="body2" color="text.secondary">
        {label}
      </Typography>
      <Typography component="dd" variant="body2" sx={{ m: 0, overflowWrap: 'anywhere' }}>
        {children}
      </Typography>
    </Box>
  );
}

function ContactCard({ client }: { client: Client }) {
  const { CLIENT_PAGE_TEXTS: T } = useBrokerTexts().clientPage;
  const pending = (field: 'phone' | 'email') => {
    const change = client.pendingContactChanges.find((c) => c.field === field);
    if (!change) return null;
    const value = change.value === null ? null : field === 'phone' ? formatPhone(change.value) : change.value;
    return (
      <Typography component="span" variant="body2" color="warning.dark" sx={{ display: 'block' }}>
        {T.pendingChange(field, value)}
      </Typography>
    );
  };
  return (
    <Section title={T.contact}>
      <Box component="dl" sx={{ m: 0 }}>
        <Field label={T.phone}>
          {formatPhone(client.phone)}
          {pending('phone')}
        </Field>
        <Field label={T.email}>
          {client.email ?? '—'}
          {pending('email')}
        </Field>
        <Field label={T.lives}>{client.zip || client.state ? [client.zip, client.state].filter(Boolean).join(', ') : T.livesUnknown}</Field>
        <Field label={T.joined}>{formatDate(client.createdAt)}</Field>
        <Field label={T.notes}>
          <Box component="span" sx={{ whiteSpace: 'pre-line', color: client.notes ? 'text.primary' : 'text.secondary' }}>
            {client.notes ?? T.noNotes}
          </Box>
        </Field>
      </Box>
    </Section>
  );
}

/** A day 'YYYY-MM-DD' in the app's date format. */
const factDay = (day: string) => (isRealDay(day) ? formatDay(dayDate(day)) : day);

/** Date of birth with the age (and the 65th birthday when it is within a year), plan type, plan effective date, carrier. */
function FactsCard({ client }: { client: Client }) {
  const { CLIENT_PAGE_TEXTS: T } = useBrokerTexts().clientPage;
  const { CLIENT_TEXTS } = useBrokerTexts().clients;
  const facts = withFacts(client);
  const notGiven = (
    <Box component="span" sx={{ color: 'text.secondary' }}>
      {T.notGiven}
    </Box>
  );
  const dob = facts.dateOfBirth;
  const turns65 = dob ? sixtyFifthBirthdaySoon(dob) : null;
  return (
    <Section title={T.facts}>
      <Box component="dl" sx={{ m: 0 }}>
        <Field label={T.dateOfBirth}>
          {dob && isRealDay(dob) ? (
            <>
              {`${factDay(dob)} (${T.age(ageOn(dob))})`}
              {turns65 && (
                <Box component="span" sx={{ display: 'block', color: 'warning.dark', fontWeight: 600 }}>
                  {T.turns65(factDay(turns65))}
                </Box>
              )}
            </>
          ) : (
            notGiven
          )}
        </Field>
        <Field label={T.planType}>{facts.planType ? CLIENT_TEXTS.planTypes[facts.planType] : notGiven}</Field>
        <Field label={T.planEffectiveDate}>{facts.planEffectiveDate ? factDay(facts.planEffectiveDate) : notGiven}</Field>
        <Field label={T.carrier}>{facts.carrier ?? notGiven}</Field>
      </Box>
      {!client.isActive && facts.departureReason && (
        <Typography variant="body2" sx={{ mt: 1 }}>
          {T.leftBecause(CLIENT_TEXTS.departureReasons[facts.departureReason])}
        </Typography>
      )}
    </Section>
  );
}

/** The at-risk level and score, and why, in words. */
function RiskCard({ client }: { client: Client }) {
  const { CLIENT_PAGE_TEXTS: T } = useBrokerTexts().clientPage;
  const facts = withFacts(client);
  if (facts.riskLevel === undefined) return null;
  const reasons = (facts.riskReasons ?? []).map((code) => T.riskReasonWords[code]).filter(Boolean);
  return (
    <Section title={T.risk} action={<RiskBadge client={client} />}>
      <Typography variant="body2" color="text.secondary">
        {T.riskScore(Math.round(facts.riskScore ?? 0))}
      </Typography>
      {facts.riskLevel === 'low' ? (
        <Typography variant="body2" sx={{ mt: 1 }}>
          {T.riskLow}
        </Typography>
      ) : (
        reasons.length > 0 && (
          <>
            <Typography variant="body2" sx={{ mt: 1, fontWeight: 600 }}>
              {T.riskWhy}
            </Typography>
            <Box component="ul" sx={{ m: 0, pl: 2.5 }} aria-label={T.risk}>
              {reasons.map((reason) => (
                <Typography component="li" variant="body2" key={reason}>
                  {reason}
                </Typography>
              ))}
            </Box>
          </>
        )
      )}
    </Section>
  );
}

function InvitationCard({ client }: { client: Client }) {
  const { CLIENT_PAGE_TEXTS: T } = useBrokerTexts().clientPage;
  const registered = client.inviteStatus === 'accepted';
  return (
    <Section title={T.invitation}>
      <Typography variant="body2" sx={{ mb: registered ? 0 : 1.5 }}>
        {T.inviteWords[client.inviteStatus]}
      </Typography>
      {!registered && client.isActive && (
        <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1, alignItems: 'center' }}>
          <InviteControl client={client} />
          <CopyInviteLink client={client} />
        </Box>
      )}
      {/* A registered client who cannot sign in: the broker can send them a reset (never seeing it). */}
      {registered && client.isActive && (
        <Box sx={{ mt: 1.5 }}>
          <SendPasswordReset client={client} />
        </Box>
      )}
    </Section>
  );
}

function EngagementCard({ client }: { client: Client }) {
  const { CLIENT_PAGE_TEXTS: T } = useBrokerTexts().clientPage;
  const score = Math.max(0, Math.min(100, Math.round(client.engagementScore ?? 0)));
  return (
    <Section title={T.engagement}>
      <Box sx={{ display: 'flex', alignItems: 'baseline', gap: 1, mb: 1 }}>
        <Typography component="span" sx={{ fontSize: '1.75rem', fontWeight: 700 }}>
          {score}
        </Typography>
        <Typography component="span" color="text.secondary">
          / 100
        </Typography>
      </Box>
      <LinearProgress
        variant="determinate"
        value={score}
        color={engagementColor(score)}
        aria-label={`${T.engagement} ${score}/100`}
        sx={{ height: 8, borderRadius: 4, bgcolor: 'grey.200' }}
      />
      <Typography variant="body2" color="text.secondary" sx={{ mt: 1 }}>
        {T.engagementBand(score)}
      </Typography>
      <EngagementLine client={client} />
    </Section>
  );
}

/** A day 'YYYY-MM-DD' as the app writes dates (read at noon, so no time zone moves it). */
const dayWords = (day: string) => formatDate(`${day}T12:00:00`);

/** The score over the last 90 days, as a step line (it holds until it changes), with its summary in words. */
function EngagementLine({ client }: { client: Client }) {
  const { CLIENT_PAGE_TEXTS: T } = useBrokerTexts().clientPage;
  const dataProvider = useCareKeepDataProvider();
  const { data } = useQuery({ queryKey: ['clients', client.id, 'engagement'], queryFn: () => dataProvider.getClientEngagement(client.id) });
  const points = data?.points ?? [];
  if (points.length === 0) return null;
  const first = points[0];
  const last = points.at(-1)!;
  const start = Date.parse(`${first.day}T00:00:00Z`);
  const span = Math.max(1, Date.parse(`${last.day}T00:00:00Z`) - start);
  const x = (day: string) => ((Date.parse(`${day}T00:00:00Z`) - start) / span) * 100;
  const y = (score: number) => 40 - (Math.max(0, Math.min(100, score)) / 100) * 40;
  let path = `M 0 ${y(first.score)}`;
  for (const point of points.slice(1)) path += ` H ${x(point.day)} V ${y(point.score)}`;
  const summary = points.length === 1 ? T.engagementUnchanged : T.engagementLine(first.score, dayWords(first.day), last.score);
  return (
    <Box sx={{ mt: 2 }}>
      <Typography variant="caption" color="text.secondary">
        {T.engagementDays}
      </Typography>
      <Box
        component="svg"
        viewBox="0 0 100 40"
        preserveAspectRatio="none"
        // The summary below says it in words.
        aria-hidden
        sx={{ display: 'block', width: '100%', height: 48, bgcolor: 'grey.50', borderRadius: 1, color: 'primary.main' }}
      >
        <path d={path} fill="none" stroke="currentColor" strokeWidth={2} vectorEffect="non-scaling-stroke" />
      </Box>
      <Typography variant="body2" color="text.secondary" sx={{ mt: 0.5 }}>
        {summary}
      </Typography>
    </Box>
  );
}

function RemindersCard({ client }: { client: Client }) {
  const { CLIENT_PAGE_TEXTS: T } = useBrokerTexts().clientPage;
  const { REMINDER_TEXTS } = useBrokerTexts().reminders;
  const { data, isPending, error } = useGetManyReference<Reminder>('reminders', {
    target: 'clientId',
    id: client.id,
    pagination: { page: 1, perPage: 10 },
    sort: { field: 'scheduledTime', order: 'DESC' },
    filter: {},
  });
  return (
    <Section title={T.reminders}>
      {isPending ? (
        <Skeleton variant="rounded" height={80} />
      ) : error ? (
        <Alert severity="error">{T.loadFailed}</Alert>
      ) : !data || data.length === 0 ? (
        <Typography variant="body2" color="text.secondary">
          {T.noReminders}
        </Typography>
      ) : (
        // Scrolls sideways on a phone: focusable, so the keyboard can scroll it too.
        <Box sx={{ overflowX: 'auto' }} tabIndex={0} role="region" aria-label={T.reminders}>
          <Table size="small" aria-label={T.reminders}>
            <TableHead>
              <TableRow>
                <TableCell>{T.reminderWhen}</TableCell>
                <TableCell>{T.reminderMethod}</TableCell>
                <TableCell>{T.reminderStatus}</TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {data.map((reminder) => (
                <TableRow key={reminder.id}>
                  <TableCell sx={{ whiteSpace: 'nowrap' }}>{formatDateTime(reminder.scheduledTime)}</TableCell>
                  <TableCell>{REMINDER_TEXTS.method[reminder.deliveryMethod]}</TableCell>
                  <TableCell>{REMINDER_TEXTS.status[reminder.status]}</TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </Box>
      )}
    </Section>
  );
}

function TimelineCard({ client }: { client: Client }) {
  const { CLIENT_PAGE_TEXTS: T } = useBrokerTexts().clientPage;
  const { ACTIVITY_TITLES } = useBrokerTexts().dashboard;
  const dataProvider = useCareKeepDataProvider();
  const { data, isPending, isError } = useQuery({
    queryKey: ['clients', 'timeline', client.id],
    queryFn: () => dataProvider.getClientTimeline(client.id),
  });
  return (
    <Section title={T.timeline}>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 1.5 }}>
        {T.timelineHint}
      </Typography>
      {isPending ? (
        <Skeleton variant="rounded" height={120} />
      ) : isError ? (
        <Alert severity="error">{T.timelineFailed}</Alert>
      ) : data.length === 0 ? (
        <Typography variant="body2">{T.noTimeline}</Typography>
      ) : (
        <Box component="ol" sx={{ listStyle: 'none', m: 0, p: 0, display: 'grid', gap: 1.25 }} aria-label={T.timeline}>
          {data.map((event) => (
            <Box component="li" key={event.id} sx={{ borderLeft: 3, borderColor: 'divider', pl: 1.5 }}>
              <Typography variant="body2" sx={{ fontWeight: 600 }}>
                {activityTitle(event, ACTIVITY_TITLES)}
              </Typography>
              {event.detail && <Typography variant="body2">{event.detail}</Typography>}
              <Typography variant="caption" color="text.secondary">
                {formatDateTime(event.occurredAt)}
              </Typography>
            </Box>
          ))}
        </Box>
      )}
    </Section>
  );
}
