import type { SvgIconComponent } from '@mui/icons-material';
import BuildIcon from '@mui/icons-material/Build';
import FolderOpenIcon from '@mui/icons-material/FolderOpen';
import InsightsIcon from '@mui/icons-material/Insights';
import MonetizationOnIcon from '@mui/icons-material/MonetizationOn';
import RocketLaunchIcon from '@mui/icons-material/RocketLaunch';
import SupervisorAccountIcon from '@mui/icons-material/SupervisorAccount';
import TaskAltIcon from '@mui/icons-material/TaskAlt';
import { Box } from '@mui/material';

import { useBrokerTexts } from '../../i18n/useBrokerTexts.ts';
import { Guide, type GuideTab } from '../../ui/Guide.tsx';
import { PageHeader } from '../../ui/PageHeader.tsx';
import { type AdminHelpTabId } from './texts.ts';

const TAB_ICONS: Record<AdminHelpTabId, SvgIconComponent> = {
  quickstart: RocketLaunchIcon,
  dashboard: InsightsIcon,
  brokers: SupervisorAccountIcon,
  revenue: MonetizationOnIcon,
  resources: FolderOpenIcon,
  operations: TaskAltIcon,
  help: BuildIcon,
};

/** The admin guide (SPEC §2 Admin guide): static help in seven tabs. */
export function AdminHelpPage() {
  const { ADMIN_HELP_TABS, ADMIN_HELP_TEXTS: T } = useBrokerTexts().adminHelp;
  return (
    <Box>
      <PageHeader title={T.title} subtitle={T.subtitle} />
      {/* A translation keeps the tab ids (the catalogue test checks it). */}
      <Guide
        tabs={ADMIN_HELP_TABS as readonly GuideTab<AdminHelpTabId>[]}
        icons={TAB_ICONS}
        tabsLabel={T.tabsLabel}
        idPrefix="admin-help"
      />
    </Box>
  );
}
