import UploadFileIcon from '@mui/icons-material/UploadFile';
import {
  Alert,
  Box,
  Button,
  Chip,
  Dialog,
  DialogActions,
  DialogContent,
  DialogContentText,
  DialogTitle,
  MenuItem,
  Skeleton,
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableRow,
  TextField,
  Typography,
} from '@mui/material';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback, useId, useState } from 'react';

import { dollars } from '../clients/policies.ts';
import { useBrokerTexts } from '../i18n/useBrokerTexts.ts';
import { useMemberMay } from '../providers/memberMay.tsx';
import { useErrorToast } from '../ui/errors.ts';
import { useToast } from '../ui/toast.tsx';
import { commissionsApi, type Statement, type StatementRow, type UnpaidPolicy } from './api.ts';
import { ScrollArea, Section } from './Section.tsx';
import { StatementUploadDialog } from './StatementUploadDialog.tsx';

/** The agency's statements, the upload, and the chosen statement's results. */
export function StatementsCard() {
  const { COMMISSION_TEXTS: T } = useBrokerTexts().commissions;
  const mayWrite = useMemberMay()('commissions:write');
  const { data, isPending, isError } = useQuery({ queryKey: ['commissions', 'statements'], queryFn: commissionsApi.statements });
  const [uploading, setUploading] = useState(false);
  const [chosen, setChosen] = useState<string | null>(null);
  // The import's end closes the dialog and shows its results.
  const onImported = useCallback((id: string) => {
    setChosen(id);
    setUploading(false);
  }, []);
  const shown = data?.find((statement) => statement.id === (chosen ?? data.find((s) => s.status === 'completed')?.id));
  return (
    <>
      <Section
        title={T.statements}
        action={
          mayWrite && (
            <Button size="small" startIcon={<UploadFileIcon />} onClick={() => setUploading(true)}>
              {T.uploadStatement}
            </Button>
          )
        }
      >
        {isPending ? (
          <Skeleton variant="rounded" height={80} />
        ) : isError ? (
          <Alert severity="error">{T.loadFailed}</Alert>
        ) : data.length === 0 ? (
          <Typography variant="body2">{T.noStatements}</Typography>
        ) : (
          <Box component="ul" aria-label={T.statements} sx={{ listStyle: 'none', m: 0, p: 0, display: 'grid', gap: 1 }}>
            {data.map((statement) => (
              <Box component="li" key={statement.id} sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: 1 }}>
                <Typography variant="body2" sx={{ fontWeight: statement.id === shown?.id ? 700 : 400 }}>
                  {T.statementLabel(statement.carrier, statement.fileName)}
                </Typography>
                <Chip size="small" variant="outlined" label={T.statuses[statement.status]} />
                {statement.status === 'completed' && statement.id !== shown?.id && (
                  <Button size="small" onClick={() => setChosen(statement.id)} aria-label={`${T.view}: ${statement.fileName}`}>
                    {T.view}
                  </Button>
                )}
              </Box>
            ))}
          </Box>
        )}
      </Section>
      {shown && <StatementResults statement={shown} />}
      {uploading && <StatementUploadDialog onClose={() => setUploading(false)} onImported={onImported} />}
    </>
  );
}

function StatementResults({ statement }: { statement: Statement }) {
  const { COMMISSION_TEXTS: T } = useBrokerTexts().commissions;
  const mayWrite = useMemberMay()('commissions:write');
  const matched = useQuery({
    queryKey: ['commissions', 'rows', statement.id, 'matched'],
    queryFn: () => commissionsApi.rows(statement.id, 'matched'),
  });
  const unmatched = useQuery({
    queryKey: ['commissions', 'rows', statement.id, 'unmatched'],
    queryFn: () => commissionsApi.rows(statement.id, 'unmatched'),
  });
  const unpaid = useQuery({ queryKey: ['commissions', 'unpaid', statement.id], queryFn: () => commissionsApi.unpaid(statement.id) });
  const [matching, setMatching] = useState<StatementRow | null>(null);
  // Filled for what matched exactly; outlined text for the rest (contrast stays with the text colour).
  const counts: [string, number, 'success' | 'default'][] = [
    [T.matchedExact, statement.matchedExact, 'success'],
    [T.matchedFuzzy, statement.matchedFuzzy, 'default'],
    [T.unmatched, statement.unmatched, 'default'],
    [T.rejected, statement.rejected, 'default'],
  ];
  return (
    <Section title={T.statementLabel(statement.carrier, statement.fileName)} help={statement.message ?? undefined}>
      <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1 }}>
        {counts.map(([label, count, color]) => (
          <Chip key={label} color={color} variant={color === 'default' ? 'outlined' : 'filled'} label={`${label}: ${count}`} />
        ))}
      </Box>
      <Typography variant="subtitle1" component="h3" sx={{ fontWeight: 600 }}>
        {T.unmatchedRows}
      </Typography>
      {unmatched.data?.length === 0 ? (
        <Typography variant="body2">{T.noUnmatched}</Typography>
      ) : (
        <RowsTable
          label={T.unmatchedRows}
          rows={unmatched.data ?? []}
          action={
            mayWrite
              ? (row) =>
                  !row.problem && (
                    <Button size="small" onClick={() => setMatching(row)}>
                      {T.matchByHand}
                    </Button>
                  )
              : undefined
          }
        />
      )}
      <Typography variant="subtitle1" component="h3" sx={{ fontWeight: 600 }}>
        {T.unpaidPolicies}
      </Typography>
      {unpaid.data?.length === 0 ? <Typography variant="body2">{T.noUnpaid}</Typography> : <UnpaidTable rows={unpaid.data ?? []} />}
      <Typography variant="subtitle1" component="h3" sx={{ fontWeight: 600 }}>
        {T.matchedRows}
      </Typography>
      <RowsTable label={T.matchedRows} rows={matched.data ?? []} matched />
      {matching && <MatchDialog row={matching} candidates={unpaid.data ?? []} onClose={() => setMatching(null)} />}
    </Section>
  );
}

function RowsTable({
  label,
  rows,
  matched,
  action,
}: {
  label: string;
  rows: StatementRow[];
  matched?: boolean;
  action?: (row: StatementRow) => React.ReactNode;
}) {
  const { COMMISSION_TEXTS: T } = useBrokerTexts().commissions;
  return (
    <ScrollArea label={label}>
      <Table size="small" aria-label={label}>
        <TableHead>
          <TableRow>
            <TableCell>{T.line}</TableCell>
            <TableCell>{T.member}</TableCell>
            <TableCell>{T.plan}</TableCell>
            <TableCell>{T.month}</TableCell>
            <TableCell align="right">{T.amount}</TableCell>
            {matched ? (
              <>
                <TableCell>{T.client}</TableCell>
                <TableCell>{T.how}</TableCell>
              </>
            ) : (
              <TableCell />
            )}
          </TableRow>
        </TableHead>
        <TableBody>
          {rows.map((row) => (
            <TableRow key={row.id}>
              <TableCell>{row.line}</TableCell>
              <TableCell>{[row.memberName, row.memberId].filter(Boolean).join(' · ')}</TableCell>
              <TableCell sx={{ whiteSpace: 'nowrap' }}>{row.planId}</TableCell>
              <TableCell>{row.month}</TableCell>
              <TableCell align="right">{row.amountCents === null ? '' : dollars(row.amountCents)}</TableCell>
              {matched ? (
                <>
                  <TableCell>{row.clientName}</TableCell>
                  <TableCell>{T.kinds[row.match]}</TableCell>
                </>
              ) : (
                <TableCell>{row.problem ?? action?.(row)}</TableCell>
              )}
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </ScrollArea>
  );
}

function UnpaidTable({ rows }: { rows: UnpaidPolicy[] }) {
  const { COMMISSION_TEXTS: T } = useBrokerTexts().commissions;
  return (
    <ScrollArea label={T.unpaidPolicies}>
      <Table size="small" aria-label={T.unpaidPolicies}>
        <TableHead>
          <TableRow>
            <TableCell>{T.month}</TableCell>
            <TableCell>{T.client}</TableCell>
            <TableCell>{T.policy}</TableCell>
            <TableCell align="right">{T.expected}</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {rows.map((row) => (
            <TableRow key={`${row.policyId}-${row.month}`}>
              <TableCell>{row.month}</TableCell>
              <TableCell>{row.clientName}</TableCell>
              <TableCell>{[row.planName, row.planId].filter(Boolean).join(' · ')}</TableCell>
              <TableCell align="right">{dollars(row.expectedCents)}</TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </ScrollArea>
  );
}

/** Matches an unmatched row by hand, to one of the carrier's policies expected and not paid. */
function MatchDialog({ row, candidates, onClose }: { row: StatementRow; candidates: UnpaidPolicy[]; onClose: () => void }) {
  const { COMMISSION_TEXTS: T } = useBrokerTexts().commissions;
  const titleId = useId();
  const queryClient = useQueryClient();
  const toast = useToast();
  const errorToast = useErrorToast();
  const policies = [...new Map(candidates.map((policy) => [policy.policyId, policy])).values()];
  const [policyId, setPolicyId] = useState(policies[0]?.policyId ?? '');
  const match = useMutation({
    mutationFn: () => commissionsApi.matchRow(row.id, policyId),
    onSuccess: async () => {
      toast({ title: T.matched });
      await queryClient.invalidateQueries({ queryKey: ['commissions'] });
      onClose();
    },
    onError: (error) => errorToast(error, T.matchFailed),
  });
  return (
    <Dialog open onClose={match.isPending ? undefined : onClose} aria-labelledby={titleId} fullWidth maxWidth="sm">
      <DialogTitle id={titleId}>{T.matchTitle}</DialogTitle>
      <DialogContent sx={{ display: 'grid', gap: 2 }}>
        <DialogContentText>
          {[row.memberName, row.memberId, row.planId, row.month].filter(Boolean).join(' · ')} · {T.matchHelp}
        </DialogContentText>
        <TextField id="match-policy" select label={T.choosePolicy} value={policyId} onChange={(event) => setPolicyId(event.target.value)}>
          {policies.map((policy) => (
            <MenuItem key={policy.policyId} value={policy.policyId}>
              {`${policy.clientName} · ${policy.planName}${policy.planId ? ` · ${policy.planId}` : ''}`}
            </MenuItem>
          ))}
        </TextField>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose} disabled={match.isPending}>
          {T.cancel}
        </Button>
        <Button variant="contained" disabled={!policyId} loading={match.isPending} onClick={() => match.mutate()}>
          {T.matchByHand}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
