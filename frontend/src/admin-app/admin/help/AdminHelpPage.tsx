import ArrowForwardIcon from '@mui/icons-material/ArrowForward';
import BuildIcon from '@mui/icons-material/Build';
import FolderOpenIcon from '@mui/icons-material/FolderOpen';
import InsightsIcon from '@mui/icons-material/Insights';
import MonetizationOnIcon from '@mui/icons-material/MonetizationOn';
import RocketLaunchIcon from '@mui/icons-material/RocketLaunch';
import SupervisorAccountIcon from '@mui/icons-material/SupervisorAccount';
import TaskAltIcon from '@mui/icons-material/TaskAlt';
import type { SvgIconComponent } from '@mui/icons-material';
import { Alert, Box, Button, Card, CardContent, Divider, Paper, Stack, Tab, Tabs, type Theme, Typography, useMediaQuery } from '@mui/material';
import { Link as RouterLink, useSearchParams } from 'react-router-dom';
import { PageHeader } from '../../ui/PageHeader.tsx';
import {
  ADMIN_HELP_TABS,
  ADMIN_HELP_TEXTS as T,
  type AdminHelpTabId,
  type GuideSection,
  type GuideTab,
  isAdminHelpTab,
} from './texts.ts';

const TAB_ICONS: Record<AdminHelpTabId, SvgIconComponent> = {
  quickstart: RocketLaunchIcon,
  dashboard: InsightsIcon,
  brokers: SupervisorAccountIcon,
  revenue: MonetizationOnIcon,
  resources: FolderOpenIcon,
  operations: TaskAltIcon,
  help: BuildIcon,
};

/**
 * The admin guide (SPEC §2 Admin guide): static help in seven tabs. The open tab lives in the URL
 * (?tab=revenue) so a section can be linked to; an unknown or missing tab opens Quick Start.
 */
export function AdminHelpPage() {
  const [params, setParams] = useSearchParams();
  // Wide screens list the sections down the side; narrow ones scroll them across the top.
  const sideBySide = useMediaQuery((theme: Theme) => theme.breakpoints.up('md'), { noSsr: true });
  const requested = params.get('tab');
  const current: AdminHelpTabId = isAdminHelpTab(requested) ? requested : 'quickstart';
  const tab = ADMIN_HELP_TABS.find((t) => t.id === current)!;

  return (
    <Box>
      <PageHeader title={T.title} subtitle={T.subtitle} />
      <Box sx={{ display: 'flex', flexDirection: { xs: 'column', md: 'row' }, alignItems: { md: 'flex-start' }, gap: 3 }}>
        <Paper
          variant="outlined"
          sx={{ flexShrink: 0, width: { md: 220 }, position: { md: 'sticky' }, top: { md: 16 }, overflow: 'hidden' }}
        >
          <Tabs
            value={current}
            onChange={(_, value: AdminHelpTabId) => setParams({ tab: value }, { replace: true })}
            orientation={sideBySide ? 'vertical' : 'horizontal'}
            variant="scrollable"
            scrollButtons="auto"
            allowScrollButtonsMobile
            aria-label={T.tabsLabel}
          >
            {ADMIN_HELP_TABS.map((t) => {
              const Icon = TAB_ICONS[t.id];
              return (
                <Tab
                  key={t.id}
                  value={t.id}
                  label={t.label}
                  icon={<Icon fontSize="small" />}
                  iconPosition="start"
                  id={`admin-help-tab-${t.id}`}
                  aria-controls={`admin-help-panel-${t.id}`}
                  sx={{ minHeight: 48, minWidth: 0, px: 2, justifyContent: 'flex-start', textTransform: 'none', fontWeight: 600 }}
                />
              );
            })}
          </Tabs>
        </Paper>
        <Box sx={{ flex: 1, minWidth: 0 }}>
          <GuidePanel tab={tab} />
        </Box>
      </Box>
    </Box>
  );
}

function GuidePanel({ tab }: { tab: GuideTab }) {
  return (
    <Box role="tabpanel" id={`admin-help-panel-${tab.id}`} aria-labelledby={`admin-help-tab-${tab.id}`}>
      <Typography variant="h2" sx={{ fontSize: '1.5rem', fontWeight: 700 }}>
        {tab.label}
      </Typography>
      <Typography color="text.secondary" sx={{ mt: 0.5, mb: 3 }}>
        {tab.summary}
      </Typography>
      <Stack spacing={2}>
        {tab.sections.map((section) => (
          <Section key={section.heading} section={section} />
        ))}
      </Stack>
    </Box>
  );
}

function Section({ section }: { section: GuideSection }) {
  return (
    <Card variant="outlined" component="section" aria-label={section.heading}>
      <CardContent sx={{ '&:last-child': { pb: 2.5 } }}>
        <Typography variant="h3" sx={{ fontSize: '1.125rem', fontWeight: 600, mb: 1 }}>
          {section.heading}
        </Typography>
        {section.body && <Typography sx={{ mb: 1 }}>{section.body}</Typography>}
        {section.code && (
          <Box
            component="pre"
            sx={{
              m: 0,
              mb: 1,
              p: 1.5,
              borderRadius: 1,
              bgcolor: 'action.hover',
              fontFamily: 'ui-monospace, SFMono-Regular, Menlo, Consolas, monospace',
              fontSize: '0.875rem',
              overflowX: 'auto',
            }}
          >
            {section.code}
          </Box>
        )}
        {section.steps && <GuideList items={section.steps} ordered />}
        {section.bullets && <GuideList items={section.bullets} />}
        {section.note && (
          <Alert severity={section.note.severity} sx={{ mt: 1 }}>
            {section.note.text}
          </Alert>
        )}
        {section.links && (
          <>
            <Divider sx={{ my: 1.5 }} />
            <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1 }}>
              {section.links.map((link) => (
                <Button key={link.to} component={RouterLink} to={link.to} size="small" endIcon={<ArrowForwardIcon />}>
                  {link.label}
                </Button>
              ))}
            </Box>
          </>
        )}
      </CardContent>
    </Card>
  );
}

function GuideList({ items, ordered = false }: { items: readonly string[]; ordered?: boolean }) {
  return (
    <Box component={ordered ? 'ol' : 'ul'} sx={{ m: 0, mb: 1, pl: 3, '& li': { mb: 0.75, lineHeight: 1.6 } }}>
      {items.map((item) => (
        <li key={item}>{item}</li>
      ))}
    </Box>
  );
}
