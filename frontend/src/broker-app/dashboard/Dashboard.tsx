import CampaignIcon from '@mui/icons-material/Campaign';
import FavoriteIcon from '@mui/icons-material/Favorite';
import NotificationsActiveIcon from '@mui/icons-material/NotificationsActive';
import PeopleIcon from '@mui/icons-material/People';
import PersonAddIcon from '@mui/icons-material/PersonAdd';
import PhoneInTalkIcon from '@mui/icons-material/PhoneInTalk';
import TrendingUpIcon from '@mui/icons-material/TrendingUp';
import { Alert, Box, Button, Card, CardContent, CardHeader, Skeleton, ToggleButton, ToggleButtonGroup, Typography } from '@mui/material';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { lazy, Suspense } from 'react';
import { Link } from 'react-router-dom';

import { Spinner } from '../../shared/Spinner.tsx';
import { MarketingDetailsStep } from '../branding/MarketingDetailsStep.tsx';
import { useBrokerTexts, withLateAreas } from '../i18n/useBrokerTexts.ts';
import { useCareKeepDataProvider } from '../providers/dataProvider.ts';
import { useMemberMay } from '../providers/memberMay.tsx';
import { MyTasksCard } from '../tasks/lazy.ts';
import { BrokerTour } from '../tour/BrokerTour.tsx';
import type { ActivityItem, DashboardScope } from '../types.ts';
import { formatDateTime } from '../ui/format.ts';
import { PageHeader } from '../ui/PageHeader.tsx';
import { StatCard } from '../ui/StatCard.tsx';
import { activityTitle } from './activity.ts';
import { AtRiskCard } from './AtRiskCard.tsx';
import { engagementScore, normaliseStats, timeAgo } from './metrics.ts';
import { RetentionCard } from './RetentionCard.tsx';
import { useDashboardScope } from './scope.ts';

// Scopes of Appointment waiting for a signature: the card and its words load after the dashboard.
const UnsignedSoasCard = lazy(() => withLateAreas(import('../soa/UnsignedSoasCard.tsx')));
// Texts waiting past the agency's promise of a reply: the card loads after the dashboard, for members who read the inbox.
const OverdueTextsCard = lazy(() => withLateAreas(import('../inbox/OverdueTextsCard.tsx')));

export { DASHBOARD_TEXTS } from './texts.ts';

/** What the broker did (primary dot), as against what a client did (secondary dot). */
const BROKER_ACTIONS = new Set<ActivityItem['kind']>(['reminder_call', 'reminder_text', 'campaign_sent', 'invitation_sent']);

function RecentActivity({ scope }: { scope: DashboardScope }) {
  const { DASHBOARD_TEXTS: T, TIME_AGO, ACTIVITY_TITLES } = useBrokerTexts().dashboard;
  const dataProvider = useCareKeepDataProvider();
  const { data, isPending, isError } = useQuery({ queryKey: ['activity', scope], queryFn: () => dataProvider.getActivity(5, scope) });
  return (
    <Card>
      <CardHeader title={T.recentActivity} slotProps={{ title: { variant: 'h6', component: 'h2' } }} />
      <CardContent sx={{ pt: 0 }}>
        {isPending ? (
          <Box sx={{ display: 'grid', gap: 1 }}>
            {[0, 1, 2].map((i) => (
              <Skeleton key={i} height={40} />
            ))}
          </Box>
        ) : isError || !data?.length ? (
          <Typography color="text.secondary" variant="body2">
            {T.noActivity}
          </Typography>
        ) : (
          <Box component="ul" sx={{ listStyle: 'none', m: 0, p: 0, display: 'grid', gap: 1.5 }} aria-label={T.recentActivity}>
            {data.map((item) => (
              <Box component="li" key={item.id} sx={{ display: 'flex', alignItems: 'center', gap: 1.5 }}>
                <Box
                  aria-hidden="true"
                  sx={{
                    width: 8,
                    height: 8,
                    borderRadius: '50%',
                    flexShrink: 0,
                    bgcolor: BROKER_ACTIONS.has(item.kind) ? 'primary.main' : 'secondary.main',
                  }}
                />
                <Box sx={{ flex: 1, minWidth: 0 }}>
                  <Typography variant="body2" sx={{ fontWeight: 500 }}>
                    {activityTitle(item, ACTIVITY_TITLES)}
                  </Typography>
                  {item.clientName && (
                    <Typography variant="caption" color="text.secondary" noWrap component="div">
                      {item.clientName}
                    </Typography>
                  )}
                  {item.detail && (
                    <Typography variant="caption" color="text.secondary" component="div">
                      {item.detail}
                    </Typography>
                  )}
                </Box>
                <Typography variant="caption" color="text.secondary" title={formatDateTime(item.occurredAt)}>
                  {timeAgo(item.occurredAt, new Date(), TIME_AGO)}
                </Typography>
              </Box>
            ))}
          </Box>
        )}
      </CardContent>
    </Card>
  );
}

function QuickActions() {
  const { DASHBOARD_TEXTS: T } = useBrokerTexts().dashboard;
  const actions = [
    { to: '/clients', label: T.addNewClient, icon: <PersonAddIcon /> },
    { to: '/reminders', label: T.scheduleReminder, icon: <NotificationsActiveIcon /> },
    { to: '/campaigns', label: T.sendCampaign, icon: <CampaignIcon /> },
  ];
  return (
    <Card>
      <CardHeader title={T.quickActions} slotProps={{ title: { variant: 'h6', component: 'h2' } }} />
      <CardContent sx={{ pt: 0, display: 'grid', gap: 1 }}>
        {actions.map((action) => (
          <Button
            key={action.to}
            component={Link}
            to={action.to}
            variant="outlined"
            startIcon={action.icon}
            sx={{ justifyContent: 'flex-start', py: 1.25 }}
          >
            {action.label}
          </Button>
        ))}
      </CardContent>
    </Card>
  );
}

/** "My clients / The agency's" where the member may choose; a short note where they see only their own. */
function ScopeChoice({ scope }: { scope: ReturnType<typeof useDashboardScope> }) {
  const { SCOPE_TEXTS: S } = useBrokerTexts().dashboard;
  if (scope.ownOnly) {
    return (
      <Typography variant="body2" color="text.secondary" sx={{ maxWidth: '22rem' }}>
        {S.ownOnly}
      </Typography>
    );
  }
  if (!scope.canChoose) return null;
  return (
    <ToggleButtonGroup
      size="small"
      exclusive
      value={scope.scope}
      onChange={(_, next: DashboardScope | null) => next && scope.setScope(next)}
      aria-label={S.label}
      sx={{ bgcolor: 'background.paper', '& .MuiToggleButton-root': { textTransform: 'none' } }}
    >
      <ToggleButton value="mine">{S.mine}</ToggleButton>
      <ToggleButton value="agency">{S.agency}</ToggleButton>
    </ToggleButtonGroup>
  );
}

/**
 * The broker's home: four figures, recent activity with the clients at risk, quick actions, retention,
 * and the welcome tour; each about the member's own clients or the agency's (`useDashboardScope`).
 */
export function Dashboard() {
  const { DASHBOARD_TEXTS: T } = useBrokerTexts().dashboard;
  const dataProvider = useCareKeepDataProvider();
  const scope = useDashboardScope();
  const mayReadInbox = useMemberMay()('inbox:read');
  // The figures shown stay while the other choice's load: the page (and the toggle's focus) stays put.
  const { data, isPending, isError } = useQuery({
    queryKey: ['stats', scope.scope],
    queryFn: () => dataProvider.getStats(scope.scope),
    placeholderData: keepPreviousData,
  });

  if (isPending) return <Spinner />;
  const stats = normaliseStats(isError ? null : data);
  const engagement = engagementScore(stats.retentionRate);

  return (
    <Box>
      <PageHeader
        title={T.title}
        subtitle={T.subtitle}
        actions={scope.canChoose || scope.ownOnly ? <ScopeChoice scope={scope} /> : undefined}
      />
      <MarketingDetailsStep />
      {isError && (
        <Alert severity="error" sx={{ mb: 2 }}>
          {T.statsFailed}
        </Alert>
      )}
      <Box
        data-tour="dashboard-stats"
        sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', sm: 'repeat(2, 1fr)', lg: 'repeat(4, 1fr)' }, mb: 3 }}
      >
        <StatCard
          title={T.totalClients}
          value={String(stats.totalClients)}
          caption={T.activeThisMonth(stats.activeClients)}
          icon={<PeopleIcon fontSize="small" />}
        />
        <StatCard
          title={T.retentionRate}
          value={stats.retentionRate === null ? T.noFigure : `${stats.retentionRate}%`}
          caption={stats.retentionRate === null ? T.notEnoughHistory : T.retentionCaption}
          icon={<TrendingUpIcon fontSize="small" />}
        />
        <StatCard
          title={T.callCompletion}
          value={`${stats.callCompletionRate}%`}
          caption={T.callCompletionCaption}
          icon={<PhoneInTalkIcon fontSize="small" />}
        />
        <StatCard
          title={T.engagementScore}
          value={engagement === null ? T.noFigure : String(engagement)}
          caption={engagement === null ? T.notEnoughHistory : T.engagementCaption}
          icon={<FavoriteIcon fontSize="small" />}
        />
      </Box>
      <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', md: '2fr 1fr' }, alignItems: 'start' }}>
        <Box sx={{ display: 'grid', gap: 2 }}>
          <RecentActivity scope={scope.scope} />
          <AtRiskCard assignedTo={scope.assignedTo} />
          {mayReadInbox && (
            <Suspense fallback={null}>
              <OverdueTextsCard />
            </Suspense>
          )}
          <Suspense fallback={null}>
            <UnsignedSoasCard />
          </Suspense>
        </Box>
        <Box sx={{ display: 'grid', gap: 2 }}>
          <QuickActions />
          <Suspense fallback={<Skeleton variant="rounded" height={160} />}>
            <MyTasksCard />
          </Suspense>
        </Box>
      </Box>
      <Box sx={{ mt: 2 }}>
        <RetentionCard scope={scope.scope} />
      </Box>
      <BrokerTour />
    </Box>
  );
}
