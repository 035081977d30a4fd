import type { SvgIconComponent } from '@mui/icons-material';
import ArrowForwardIcon from '@mui/icons-material/ArrowForward';
import {
  Alert,
  Box,
  Button,
  Card,
  CardContent,
  Divider,
  Paper,
  Stack,
  Tab,
  Tabs,
  type Theme,
  Typography,
  useMediaQuery,
} from '@mui/material';
import { Fragment } from 'react';
import { Link as RouterLink, useSearchParams } from 'react-router-dom';

export interface GuideLink {
  label: string;
  to: string;
}

export interface GuideSection {
  heading: string;
  body?: string;
  /** Numbered steps. */
  steps?: readonly string[];
  bullets?: readonly string[];
  /** Shown as a monospace sample (a CSV header, a command, a formula). */
  code?: string;
  note?: { severity: 'info' | 'warning' | 'success'; text: string };
  links?: readonly GuideLink[];
}

export interface GuideTab<Id extends string> {
  id: Id;
  label: string;
  summary: string;
  sections: readonly GuideSection[];
}

/**
 * A guide in tabs (the broker help and the admin guide). The open tab lives in the URL
 * (?tab=clients) so a section can be linked to; an unknown or missing tab opens the first one.
 */
export function Guide<Id extends string>({
  tabs,
  icons,
  tabsLabel,
  idPrefix,
}: {
  tabs: readonly GuideTab<Id>[];
  icons: Record<Id, SvgIconComponent>;
  tabsLabel: string;
  /** Keeps the tab and panel ids apart from another guide's. */
  idPrefix: string;
}) {
  const [params, setParams] = useSearchParams();
  // Wide screens list the sections down the side; narrow ones scroll them across the top.
  const sideBySide = useMediaQuery((theme: Theme) => theme.breakpoints.up('md'), { noSsr: true });
  const requested = params.get('tab');
  const tab = tabs.find((t) => t.id === requested) ?? tabs[0];

  return (
    <Box sx={{ display: 'flex', flexDirection: { xs: 'column', md: 'row' }, alignItems: { md: 'flex-start' }, gap: 3 }}>
      <Paper variant="outlined" sx={{ flexShrink: 0, width: { md: 220 }, position: { md: 'sticky' }, top: { md: 16 }, overflow: 'hidden' }}>
        <Tabs
          value={tab.id}
          onChange={(_, value: Id) => setParams({ tab: value }, { replace: true })}
          orientation={sideBySide ? 'vertical' : 'horizontal'}
          variant="scrollable"
          scrollButtons="auto"
          allowScrollButtonsMobile
          aria-label={tabsLabel}
        >
          {tabs.map((t) => {
            const Icon: SvgIconComponent = icons[t.id];
            return (
              <Tab
                key={t.id}
                value={t.id}
                label={t.label}
                icon={<Icon fontSize="small" />}
                iconPosition="start"
                id={`${idPrefix}-tab-${t.id}`}
                aria-controls={`${idPrefix}-panel-${t.id}`}
                sx={{ minHeight: 48, minWidth: 0, px: 2, justifyContent: 'flex-start', textTransform: 'none', fontWeight: 600 }}
              />
            );
          })}
        </Tabs>
      </Paper>
      <Box sx={{ flex: 1, minWidth: 0 }}>
        <GuidePanel tab={tab} idPrefix={idPrefix} />
      </Box>
    </Box>
  );
}

function GuidePanel({ tab, idPrefix }: { tab: GuideTab<string>; idPrefix: string }) {
  return (
    <Box role="tabpanel" id={`${idPrefix}-panel-${tab.id}`} aria-labelledby={`${idPrefix}-tab-${tab.id}`}>
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
          <Fragment>
            <Divider sx={{ my: 1.5 }} />
            <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1 }}>
              {section.links.map((link) => (
                <Button key={link.to} component={RouterLink} to={link.to} size="small" endIcon={<ArrowForwardIcon />}>
                  {link.label}
                </Button>
              ))}
            </Box>
          </Fragment>
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
