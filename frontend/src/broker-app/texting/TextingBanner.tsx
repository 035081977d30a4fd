import { Alert, Button } from '@mui/material';
import { useQuery } from '@tanstack/react-query';
import { useLocation, useNavigate } from 'react-router-dom';

import { useBrokerTexts } from '../i18n/useBrokerTexts.ts';
import { useCareKeepDataProvider } from '../providers/dataProvider.ts';
import { useMemberMay } from '../providers/memberMay.tsx';
import { useCurrentUser } from '../providers/useCurrentUser.ts';

export const TEXTING_STATUS_KEY = ['messaging-registration', 'status'] as const;
export const TEXTING_PATH = '/settings/texting';

/**
 * Above every page while the agency's texts wait for its carrier registration (A2P 10DLC): how many
 * wait, that calls and e-mails still go, and for owners the way to the registration.
 */
export function TextingBanner() {
  const { data: user } = useCurrentUser();
  const { pathname } = useLocation();
  const navigate = useNavigate();
  const dataProvider = useCareKeepDataProvider();
  const may = useMemberMay();
  const { TEXTING_TEXTS: T } = useBrokerTexts().texting;
  const status = useQuery({
    queryKey: TEXTING_STATUS_KEY,
    queryFn: () => dataProvider.getTextingStatus(),
    enabled: Boolean(user) && !user?.isAdmin,
    staleTime: 60_000,
  });
  if (!status.data?.holding || pathname.startsWith(TEXTING_PATH)) return null;
  const failed = status.data.status === 'failed';
  const owner = may('messaging:register');
  return (
    <Alert
      severity={failed ? 'error' : 'warning'}
      role="region"
      aria-label={T.bannerLabel}
      data-testid="texting-banner"
      sx={{ borderRadius: 0, alignItems: 'center' }}
      action={
        owner && (
          <Button color="inherit" size="small" variant="outlined" onClick={() => void navigate(TEXTING_PATH)} sx={{ whiteSpace: 'nowrap' }}>
            {failed ? T.bannerActionFailed : T.bannerAction}
          </Button>
        )
      }
    >
      {failed ? T.bannerFailed : T.bannerHolding(status.data.heldTexts)}
      {!owner && ` ${T.bannerAskOwner}`}
    </Alert>
  );
}
