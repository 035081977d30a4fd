import BlockIcon from '@mui/icons-material/Block';
import {
  Box,
  Button,
  Card,
  CardContent,
  Chip,
  Dialog,
  DialogActions,
  DialogContent,
  DialogContentText,
  DialogTitle,
  Stack,
  Table,
  TableBody,
  TableCell,
  TableContainer,
  TableHead,
  TableRow,
  type Theme,
  Typography,
  useMediaQuery,
} from '@mui/material';
import { useMutation } from '@tanstack/react-query';
import { useId, useState } from 'react';

import { useBrokerTexts } from '../i18n/useBrokerTexts.ts';
import type { ApiToken } from '../types.ts';
import { useErrorToast } from '../ui/errors.ts';
import { formatDateTime, formatDay } from '../ui/format.ts';
import { useToast } from '../ui/toast.tsx';
import { isExpired } from './queries.ts';

const MONO = { fontFamily: 'monospace', fontSize: '0.8125rem' } as const;
const HIDDEN = {
  position: 'absolute',
  width: '1px',
  height: '1px',
  overflow: 'hidden',
  clip: 'rect(0 0 0 0)',
  whiteSpace: 'nowrap',
} as const;

/**
 * Personal access tokens, as a table from 600 px and as cards below, each with Revoke (asked
 * first). The same list serves the broker's own page and the admin's card on a broker's detail page;
 * `revoke` is the call that revokes one and `onRevoked` refreshes what shows it.
 */
export function TokenList({
  tokens,
  labelledBy,
  revoke,
  onRevoked,
}: {
  tokens: ApiToken[];
  /** The id of the heading that names the list. */
  labelledBy: string;
  revoke: (token: ApiToken) => Promise<unknown>;
  onRevoked: () => void;
}) {
  const narrow = useMediaQuery((theme: Theme) => theme.breakpoints.down('sm'), { noSsr: true });
  const [revoking, setRevoking] = useState<ApiToken | null>(null);
  const now = Date.now();
  return (
    <>
      {narrow ? (
        <Stack spacing={1.5} component="ul" aria-labelledby={labelledBy} sx={{ listStyle: 'none', m: 0, p: 0 }}>
          {tokens.map((token) => (
            <Box component="li" key={token.id}>
              <TokenCard token={token} now={now} onRevoke={() => setRevoking(token)} />
            </Box>
          ))}
        </Stack>
      ) : (
        <TokenTable tokens={tokens} now={now} labelledBy={labelledBy} onRevoke={setRevoking} />
      )}
      <RevokeTokenDialog token={revoking} revoke={revoke} onClose={() => setRevoking(null)} onRevoked={onRevoked} />
    </>
  );
}

function TokenTable({
  tokens,
  now,
  labelledBy,
  onRevoke,
}: {
  tokens: ApiToken[];
  now: number;
  labelledBy: string;
  onRevoke: (token: ApiToken) => void;
}) {
  const { API_ACCESS_TEXTS: T } = useBrokerTexts().apiAccess;
  const columns = T.columns;
  return (
    <TableContainer>
      <Table aria-labelledby={labelledBy} sx={{ minWidth: 720 }}>
        <TableHead>
          <TableRow>
            <TableCell>{columns.name}</TableCell>
            <TableCell>{columns.token}</TableCell>
            <TableCell>{columns.scopes}</TableCell>
            <TableCell>{columns.created}</TableCell>
            <TableCell>{columns.lastUsed}</TableCell>
            <TableCell>{columns.expires}</TableCell>
            <TableCell align="right">
              <Box component="span" sx={HIDDEN}>
                {columns.actions}
              </Box>
            </TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {tokens.map((token) => (
            <TableRow key={token.id} hover data-token-id={token.id}>
              <TableCell sx={{ fontWeight: 500, overflowWrap: 'anywhere' }}>{token.name}</TableCell>
              <TableCell sx={{ whiteSpace: 'nowrap' }}>
                <Prefix prefix={token.prefix} />
              </TableCell>
              <TableCell>
                <Scopes scopes={token.scopes} />
              </TableCell>
              <TableCell sx={{ whiteSpace: 'nowrap' }} title={formatDateTime(token.createdAt)}>
                {formatDay(token.createdAt)}
              </TableCell>
              <TableCell sx={{ whiteSpace: 'nowrap' }}>
                <LastUsed lastUsedAt={token.lastUsedAt} />
              </TableCell>
              <TableCell sx={{ whiteSpace: 'nowrap' }}>
                <Expires expiresAt={token.expiresAt} now={now} />
              </TableCell>
              <TableCell align="right">
                <RevokeButton token={token} onClick={() => onRevoke(token)} />
              </TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </TableContainer>
  );
}

function TokenCard({ token, now, onRevoke }: { token: ApiToken; now: number; onRevoke: () => void }) {
  const { API_ACCESS_TEXTS: T } = useBrokerTexts().apiAccess;
  const columns = T.columns;
  const rows = [
    { label: columns.created, value: formatDay(token.createdAt) },
    { label: columns.lastUsed, value: <LastUsed lastUsedAt={token.lastUsedAt} /> },
    { label: columns.expires, value: <Expires expiresAt={token.expiresAt} now={now} /> },
  ];
  return (
    <Card variant="outlined" component="article" aria-label={T.tokenLabel(token.name)} data-token-id={token.id}>
      <CardContent>
        <Typography sx={{ fontWeight: 600, overflowWrap: 'anywhere' }}>{token.name}</Typography>
        <Prefix prefix={token.prefix} />
        <Box sx={{ mt: 1 }}>
          <Scopes scopes={token.scopes} />
        </Box>
        <Box component="dl" sx={{ m: 0, mt: 1.5 }}>
          {rows.map((row) => (
            <Box key={row.label} sx={{ display: 'flex', justifyContent: 'space-between', gap: 2, py: 0.5 }}>
              <Typography component="dt" variant="body2" color="text.secondary">
                {row.label}
              </Typography>
              <Typography component="dd" variant="body2" sx={{ m: 0, textAlign: 'right' }}>
                {row.value}
              </Typography>
            </Box>
          ))}
        </Box>
        <Box sx={{ mt: 1.5, display: 'flex', justifyContent: 'flex-end' }}>
          <RevokeButton token={token} onClick={onRevoke} />
        </Box>
      </CardContent>
    </Card>
  );
}

function Prefix({ prefix }: { prefix: string }) {
  return (
    <Box component="code" sx={{ ...MONO, overflowWrap: 'anywhere' }}>
      {`${prefix}…`}
    </Box>
  );
}

function Scopes({ scopes }: { scopes: string[] }) {
  return (
    <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 0.5 }}>
      {scopes.map((scope) => (
        <Chip key={scope} size="small" variant="outlined" label={scope} sx={MONO} />
      ))}
    </Box>
  );
}

function LastUsed({ lastUsedAt }: { lastUsedAt: string | null }) {
  const { API_ACCESS_TEXTS: T } = useBrokerTexts().apiAccess;
  return <>{lastUsedAt ? formatDateTime(lastUsedAt) : T.never}</>;
}

function Expires({ expiresAt, now }: { expiresAt: string | null; now: number }) {
  const { API_ACCESS_TEXTS: T } = useBrokerTexts().apiAccess;
  if (expiresAt === null) return <>{T.never}</>;
  return (
    <Box component="span" sx={{ display: 'inline-flex', alignItems: 'center', gap: 1 }}>
      {formatDay(expiresAt)}
      {isExpired(expiresAt, now) && <Chip size="small" color="error" variant="outlined" label={T.expired} />}
    </Box>
  );
}

function RevokeButton({ token, onClick }: { token: ApiToken; onClick: () => void }) {
  const { API_ACCESS_TEXTS: T } = useBrokerTexts().apiAccess;
  return (
    <Button
      size="small"
      color="error"
      variant="outlined"
      startIcon={<BlockIcon />}
      onClick={onClick}
      aria-label={T.revokeLabel(token.name)}
    >
      {T.revoke}
    </Button>
  );
}

/** Revoking is immediate and cannot be undone, so it asks first. */
function RevokeTokenDialog({
  token,
  revoke,
  onClose,
  onRevoked,
}: {
  token: ApiToken | null;
  revoke: (token: ApiToken) => Promise<unknown>;
  onClose: () => void;
  onRevoked: () => void;
}) {
  const { API_ACCESS_TEXTS: T } = useBrokerTexts().apiAccess;
  const toast = useToast();
  const errorToast = useErrorToast();
  const titleId = useId();
  const textId = useId();
  // The last token stays named while the dialog fades out.
  const [last, setLast] = useState(token);
  if (token && token !== last) setLast(token);
  const shown = token ?? last;

  const mutation = useMutation({
    mutationFn: (target: ApiToken) => revoke(target),
    onSuccess: (_, target) => {
      toast({ title: T.revoked, description: T.revokedDescription(target.name) });
      onRevoked();
      onClose();
    },
    onError: (error) => errorToast(error, T.revokeFailed),
  });

  return (
    <Dialog
      open={token !== null}
      onClose={mutation.isPending ? undefined : onClose}
      maxWidth="xs"
      fullWidth
      aria-labelledby={titleId}
      aria-describedby={textId}
    >
      <DialogTitle id={titleId}>{T.revokeTitle}</DialogTitle>
      <DialogContent>
        <DialogContentText id={textId} sx={{ overflowWrap: 'anywhere' }}>
          {shown ? T.revokeConfirm(shown.name) : null}
        </DialogContentText>
      </DialogContent>
      <DialogActions sx={{ px: 3, pb: 2 }}>
        <Button onClick={onClose} disabled={mutation.isPending}>
          {T.cancel}
        </Button>
        <Button variant="contained" color="error" loading={mutation.isPending} onClick={() => shown && mutation.mutate(shown)}>
          {T.revoke}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
