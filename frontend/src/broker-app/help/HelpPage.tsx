import type { SvgIconComponent } from '@mui/icons-material';
import BuildIcon from '@mui/icons-material/Build';
import CampaignIcon from '@mui/icons-material/Campaign';
import FolderOpenIcon from '@mui/icons-material/FolderOpen';
import NotificationsActiveIcon from '@mui/icons-material/NotificationsActive';
import PeopleIcon from '@mui/icons-material/People';
import RestartAltIcon from '@mui/icons-material/RestartAlt';
import RocketLaunchIcon from '@mui/icons-material/RocketLaunch';
import SettingsIcon from '@mui/icons-material/Settings';
import { Box, Button } from '@mui/material';
import { useNavigate } from 'react-router-dom';

import { useBrokerTexts } from '../i18n/useBrokerTexts.ts';
import { Guide, type GuideTab } from '../ui/Guide.tsx';
import { PageHeader } from '../ui/PageHeader.tsx';
import { BROKER_TOUR_FLAG, type HelpTabId } from './texts.ts';

const TAB_ICONS: Record<HelpTabId, SvgIconComponent> = {
  quickstart: RocketLaunchIcon,
  clients: PeopleIcon,
  reminders: NotificationsActiveIcon,
  campaigns: CampaignIcon,
  resources: FolderOpenIcon,
  settings: SettingsIcon,
  troubleshooting: BuildIcon,
};

/** The broker guide (SPEC §2 Broker help and guide), with the dashboard tour's restart. */
export function HelpPage() {
  const { HELP_TABS, HELP_TEXTS: T } = useBrokerTexts().help;
  const navigate = useNavigate();

  const restartTour = () => {
    // The dashboard starts its tour whenever the completion flag is absent.
    localStorage.removeItem(BROKER_TOUR_FLAG);
    void navigate('/', { state: { restartTour: true } });
  };

  return (
    <Box>
      <PageHeader
        title={T.title}
        subtitle={T.subtitle}
        actions={
          <Button variant="outlined" startIcon={<RestartAltIcon />} onClick={restartTour} title={T.restartTourHint}>
            {T.restartTour}
          </Button>
        }
      />
      {/* A translation keeps the tab ids (the catalogue test checks it). */}
      <Guide tabs={HELP_TABS as readonly GuideTab<HelpTabId>[]} icons={TAB_ICONS} tabsLabel={T.tabsLabel} idPrefix="help" />
    </Box>
  );
}
