import KeyIcon from '@mui/icons-material/Key';
import { Alert, Box, Card, CardContent, CardHeader, Skeleton, Typography } from '@mui/material';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useId } from 'react';

import { useBrokerTexts } from '../i18n/useBrokerTexts.ts';
import { useCareKeepDataProvider } from '../providers/dataProvider.ts';
import { brokerTokensKey } from './queries.ts';
import { TokenList } from './TokenList.tsx';

/** On an admin's broker detail page: the broker's personal access tokens, each of which the admin may revoke. */
export function BrokerTokensCard({ brokerId }: { brokerId: string }) {
  const { ADMIN_TOKENS_TEXTS: T } = useBrokerTexts().apiAccess;
  const dataProvider = useCareKeepDataProvider();
  const queryClient = useQueryClient();
  const titleId = useId();
  const key = brokerTokensKey(brokerId);
  const tokens = useQuery({ queryKey: key, queryFn: () => dataProvider.getBrokerTokens(brokerId) });

  return (
    <Card component="section" aria-labelledby={titleId} sx={{ mt: 3 }}>
      <CardHeader
        avatar={<KeyIcon color="action" aria-hidden />}
        title={T.title}
        subheader={tokens.data ? T.count(tokens.data.length) : undefined}
        slotProps={{ title: { id: titleId, variant: 'h6', component: 'h2' } }}
      />
      {tokens.isPending ? (
        <CardContent sx={{ pt: 0 }}>
          <Skeleton variant="rounded" height={80} />
        </CardContent>
      ) : tokens.isError ? (
        <CardContent sx={{ pt: 0 }}>
          <Alert severity="error">{T.loadFailed}</Alert>
        </CardContent>
      ) : tokens.data.length === 0 ? (
        <Box sx={{ py: 5, textAlign: 'center', borderTop: 1, borderColor: 'divider' }}>
          <Typography color="text.secondary">{T.empty}</Typography>
        </Box>
      ) : (
        <CardContent sx={{ pt: 0 }}>
          <TokenList
            tokens={tokens.data}
            labelledBy={titleId}
            revoke={(token) => dataProvider.revokeBrokerToken(brokerId, token.id)}
            onRevoked={() => void queryClient.invalidateQueries({ queryKey: key })}
          />
        </CardContent>
      )}
    </Card>
  );
}
