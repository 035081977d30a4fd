import AddIcon from '@mui/icons-material/Add';
import KeyIcon from '@mui/icons-material/Key';
import {
  Alert,
  Box,
  Button,
  Card,
  CardContent,
  CardHeader,
  Chip,
  type ChipProps,
  Link,
  List,
  ListItem,
  Skeleton,
  Stack,
  Typography,
} from '@mui/material';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useId, useState } from 'react';

import { useBrokerTexts } from '../i18n/useBrokerTexts.ts';
import { useCareKeepDataProvider } from '../providers/dataProvider.ts';
import type { ApiTokenActivity, ApiTokenActivityKind, CreatedApiToken } from '../types.ts';
import { EmptyState, LoadError } from '../ui/EmptyState.tsx';
import { formatDateTime } from '../ui/format.ts';
import { PageHeader } from '../ui/PageHeader.tsx';
import { CreateTokenDialog } from './CreateTokenDialog.tsx';
import { NewTokenDialog } from './NewTokenDialog.tsx';
import { API_TOKEN_ACTIVITY_KEY, API_TOKEN_LIST_KEY, API_TOKENS_KEY } from './queries.ts';
import { API_DOCS_PATH } from './texts.ts';
import { TokenList } from './TokenList.tsx';

/**
 * /api-access: the signed-in user's personal access tokens, with which their own tools (a CRM, a
 * spreadsheet) use the CareKeep API as them. Create one (its secret is shown once), see them, revoke
 * them, and follow what happened to them.
 */
export function ApiAccessPage() {
  const { API_ACCESS_TEXTS: T } = useBrokerTexts().apiAccess;
  const [creating, setCreating] = useState(false);
  // The one place a new token's secret is kept, until its dialog closes.
  const [created, setCreated] = useState<CreatedApiToken | null>(null);

  return (
    <Box>
      <PageHeader
        title={T.title}
        subtitle={
          <>
            {T.subtitle}{' '}
            <Link href={API_DOCS_PATH} target="_blank" rel="noopener">
              {T.docsLink}
            </Link>
          </>
        }
        actions={
          <Button variant="contained" startIcon={<AddIcon />} onClick={() => setCreating(true)}>
            {T.createToken}
          </Button>
        }
      />
      <Stack spacing={3}>
        <Tokens onCreate={() => setCreating(true)} />
        <Activity />
      </Stack>
      <CreateTokenDialog
        open={creating}
        onClose={() => setCreating(false)}
        onCreated={(token) => {
          setCreating(false);
          setCreated(token);
        }}
      />
      <NewTokenDialog created={created} onClose={() => setCreated(null)} />
    </Box>
  );
}

function Tokens({ onCreate }: { onCreate: () => void }) {
  const { API_ACCESS_TEXTS: T } = useBrokerTexts().apiAccess;
  const dataProvider = useCareKeepDataProvider();
  const queryClient = useQueryClient();
  const titleId = useId();
  const tokens = useQuery({ queryKey: API_TOKEN_LIST_KEY, queryFn: () => dataProvider.getTokens() });

  if (tokens.isPending) {
    return (
      <Stack spacing={1} aria-busy="true">
        {[0, 1, 2].map((i) => (
          <Skeleton key={i} variant="rounded" height={56} />
        ))}
      </Stack>
    );
  }
  if (tokens.isError) return <LoadError message={T.loadFailed} retryLabel={T.retry} onRetry={() => void tokens.refetch()} />;
  if (tokens.data.length === 0) {
    return (
      <EmptyState
        icon={KeyIcon}
        title={T.emptyTitle}
        body={T.emptyBody}
        action={
          <Button variant="contained" startIcon={<AddIcon />} onClick={onCreate} sx={{ mt: 2 }}>
            {T.createToken}
          </Button>
        }
      />
    );
  }
  return (
    <Card component="section" aria-labelledby={titleId}>
      <CardHeader title={T.tokensTitle} slotProps={{ title: { id: titleId, variant: 'h6', component: 'h2' } }} />
      <CardContent sx={{ pt: 0 }}>
        <TokenList
          tokens={tokens.data}
          labelledBy={titleId}
          revoke={(token) => dataProvider.revokeToken(token.id)}
          onRevoked={() => void queryClient.invalidateQueries({ queryKey: API_TOKENS_KEY })}
        />
      </CardContent>
    </Card>
  );
}

// Filled only where white text on the colour reaches WCAG AA (not MUI's orange warning).
const KIND_CHIPS: Record<ApiTokenActivityKind, Pick<ChipProps, 'color' | 'variant'>> = {
  created: { color: 'success', variant: 'filled' },
  first_use: { color: 'info', variant: 'filled' },
  refused: { color: 'error', variant: 'filled' },
  rate_limited: { color: 'error', variant: 'outlined' },
  revoked: { color: 'default', variant: 'outlined' },
};
const OTHER_KIND: Pick<ChipProps, 'color' | 'variant'> = { color: 'default', variant: 'outlined' };

/** What happened to the tokens lately (at most 50 events, newest first), as the server words it. */
function Activity() {
  const { API_ACCESS_TEXTS: T, ACTIVITY_KIND_LABELS } = useBrokerTexts().apiAccess;
  const dataProvider = useCareKeepDataProvider();
  const titleId = useId();
  const activity = useQuery({ queryKey: API_TOKEN_ACTIVITY_KEY, queryFn: () => dataProvider.getTokenActivity() });
  return (
    <Card component="section" aria-labelledby={titleId}>
      <CardHeader title={T.activityTitle} slotProps={{ title: { id: titleId, variant: 'h6', component: 'h2' } }} />
      <CardContent sx={{ pt: 0 }}>
        {activity.isPending ? (
          <Skeleton variant="rounded" height={80} />
        ) : activity.isError ? (
          <Alert severity="error">{T.activityFailed}</Alert>
        ) : activity.data.length === 0 ? (
          <Typography variant="body2" color="text.secondary">
            {T.activityEmpty}
          </Typography>
        ) : (
          <List dense disablePadding aria-labelledby={titleId}>
            {activity.data.map((event: ApiTokenActivity, index) => (
              <ListItem
                key={event.id}
                disableGutters
                divider={index < activity.data.length - 1}
                sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: 1, py: 1 }}
              >
                <Chip size="small" {...(KIND_CHIPS[event.kind] ?? OTHER_KIND)} label={ACTIVITY_KIND_LABELS[event.kind] ?? event.kind} />
                <Typography variant="body2" sx={{ fontWeight: 600, overflowWrap: 'anywhere' }}>
                  {event.tokenName}
                </Typography>
                {event.detail && (
                  <Typography variant="body2" color="text.secondary" sx={{ overflowWrap: 'anywhere' }}>
                    {event.detail}
                  </Typography>
                )}
                <Typography variant="body2" color="text.secondary" sx={{ ml: 'auto', whiteSpace: 'nowrap' }}>
                  {formatDateTime(event.createdAt)}
                </Typography>
              </ListItem>
            ))}
          </List>
        )}
      </CardContent>
    </Card>
  );
}
