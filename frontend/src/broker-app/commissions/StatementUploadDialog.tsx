import {
  Alert,
  Box,
  Button,
  Dialog,
  DialogActions,
  DialogContent,
  DialogContentText,
  DialogTitle,
  LinearProgress,
  MenuItem,
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableRow,
  TextField,
  Typography,
} from '@mui/material';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useId, useState } from 'react';

import { errorBodyField } from '../../lib/http.ts';
import { useBrokerTexts } from '../i18n/useBrokerTexts.ts';
import { useErrorToast } from '../ui/errors.ts';
import { commissionsApi, ended, type Statement, STATEMENT_FIELDS, type StatementMapping } from './api.ts';
import { ScrollArea } from './Section.tsx';

const NONE = '';

/**
 * Uploads a carrier's statement, then maps its columns (the carrier's remembered mapping, or a
 * guess, offered with the file's first rows), then follows the import's progress until it ends.
 */
export function StatementUploadDialog({ onClose, onImported }: { onClose: () => void; onImported: (statementId: string) => void }) {
  const { COMMISSION_TEXTS: T } = useBrokerTexts().commissions;
  const titleId = useId();
  const queryClient = useQueryClient();
  const errorToast = useErrorToast();
  const [carrier, setCarrier] = useState('');
  const [file, setFile] = useState<File | null>(null);
  const [percent, setPercent] = useState<number | null>(null);
  const [statement, setStatement] = useState<Statement | null>(null);
  const [mapping, setMapping] = useState<Partial<StatementMapping>>({});
  const [problem, setProblem] = useState<{ field?: string; message: string } | null>(null);
  const [importing, setImporting] = useState(false);

  const progress = useQuery({
    queryKey: ['commissions', 'statement', statement?.id],
    queryFn: () => commissionsApi.statement(statement!.id),
    enabled: importing && Boolean(statement),
    refetchInterval: (query) => (query.state.data && ended(query.state.data) ? false : 500),
  });
  const now = progress.data;
  useEffect(() => {
    if (now && ended(now)) {
      void queryClient.invalidateQueries({ queryKey: ['commissions'] });
      onImported(now.id);
    }
  }, [now, onImported, queryClient]);

  const upload = async () => {
    if (!carrier.trim()) return setProblem({ field: 'carrier', message: T.required });
    if (!file) return setProblem({ field: 'file', message: T.required });
    setProblem(null);
    setPercent(0);
    try {
      const uploaded = await commissionsApi.upload(carrier.trim(), file, setPercent);
      setStatement(uploaded);
      setMapping(uploaded.mapping);
    } catch (error) {
      const message = errorBodyField(error, 'message');
      setProblem({ message: typeof message === 'string' ? message : T.uploadFailed });
    } finally {
      setPercent(null);
    }
  };

  const start = async () => {
    try {
      await commissionsApi.importStatement(statement!.id, mapping as StatementMapping);
      setImporting(true);
    } catch (error) {
      const field = errorBodyField(error, 'field');
      const message = errorBodyField(error, 'message');
      if (typeof message === 'string')
        setProblem({ field: typeof field === 'string' ? field.replace('mapping.', '') : undefined, message });
      else errorToast(error, T.importFailed);
    }
  };

  const busy = percent !== null || (importing && !(now && ended(now)));
  return (
    <Dialog open onClose={busy ? undefined : onClose} aria-labelledby={titleId} fullWidth maxWidth="md">
      <DialogTitle id={titleId}>{statement ? T.mapTitle : T.uploadTitle}</DialogTitle>
      <DialogContent sx={{ display: 'grid', gap: 2 }}>
        {!statement ? (
          <>
            <DialogContentText>{T.uploadHelp}</DialogContentText>
            <TextField
              id="statement-carrier"
              label={T.carrier}
              value={carrier}
              onChange={(event) => setCarrier(event.target.value)}
              required
              error={problem?.field === 'carrier'}
              helperText={problem?.field === 'carrier' ? problem.message : undefined}
              slotProps={{ htmlInput: { maxLength: 100 } }}
            />
            <Box>
              <Button variant="outlined" component="label">
                {T.chooseFile}
                <input
                  hidden
                  type="file"
                  accept=".csv,text/csv"
                  aria-label={T.chooseFile}
                  onChange={(event) => setFile(event.target.files?.[0] ?? null)}
                />
              </Button>
              {file && (
                <Typography component="span" variant="body2" sx={{ ml: 1 }}>
                  {file.name}
                </Typography>
              )}
            </Box>
            {percent !== null && <LinearProgress variant="determinate" value={percent} />}
          </>
        ) : importing ? (
          <Box sx={{ display: 'grid', gap: 1 }} role="status">
            <Typography variant="body2">{T.importing(now?.rowsDone ?? 0, now?.rowsTotal ?? statement.rowsTotal)}</Typography>
            <LinearProgress
              variant="determinate"
              value={now?.rowsTotal ? Math.min(100, (100 * now.rowsDone) / now.rowsTotal) : 0}
              aria-label={T.importing(now?.rowsDone ?? 0, now?.rowsTotal ?? statement.rowsTotal)}
            />
            {now?.status === 'failed' && <Alert severity="error">{now.message}</Alert>}
          </Box>
        ) : (
          <>
            <DialogContentText>
              {T.mapHelp} {statement.mappingRemembered ? T.remembered : T.guessed}
            </DialogContentText>
            <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' } }}>
              {STATEMENT_FIELDS.map((field) => (
                <TextField
                  key={field}
                  id={`statement-map-${field}`}
                  select
                  label={T.fields[field]}
                  value={mapping[field] ?? NONE}
                  required={field === 'amount' || field === 'period'}
                  error={problem?.field === field}
                  helperText={problem?.field === field ? problem.message : undefined}
                  onChange={(event) => setMapping({ ...mapping, [field]: event.target.value || null })}
                >
                  <MenuItem value={NONE}>{T.none}</MenuItem>
                  {statement.headers.map((header) => (
                    <MenuItem key={header} value={header}>
                      {header}
                    </MenuItem>
                  ))}
                </TextField>
              ))}
            </Box>
            <Typography variant="subtitle2" component="h3">
              {T.preview}
            </Typography>
            <ScrollArea label={T.preview}>
              <Table size="small" aria-label={T.preview}>
                <TableHead>
                  <TableRow>
                    {statement.headers.map((header) => (
                      <TableCell key={header}>{header}</TableCell>
                    ))}
                  </TableRow>
                </TableHead>
                <TableBody>
                  {statement.preview.map((row, index) => (
                    <TableRow key={index}>
                      {statement.headers.map((header, column) => (
                        <TableCell key={header}>{row[column] ?? ''}</TableCell>
                      ))}
                    </TableRow>
                  ))}
                </TableBody>
              </Table>
            </ScrollArea>
          </>
        )}
        {problem && !problem.field && <Alert severity="error">{problem.message}</Alert>}
        {problem?.field && !['carrier', ...STATEMENT_FIELDS].includes(problem.field) && <Alert severity="error">{problem.message}</Alert>}
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose} disabled={busy}>
          {importing ? T.close : T.cancel}
        </Button>
        {!statement && (
          <Button variant="contained" onClick={() => void upload()} loading={percent !== null}>
            {T.upload}
          </Button>
        )}
        {statement && !importing && (
          <Button variant="contained" onClick={() => void start()}>
            {T.importStatement}
          </Button>
        )}
      </DialogActions>
    </Dialog>
  );
}
