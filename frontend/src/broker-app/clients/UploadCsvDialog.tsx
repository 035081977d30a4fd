import DownloadIcon from '@mui/icons-material/Download';
import UploadFileIcon from '@mui/icons-material/UploadFile';
import {
  Alert,
  AlertTitle,
  Box,
  Button,
  Checkbox,
  Dialog,
  DialogActions,
  DialogContent,
  DialogContentText,
  DialogTitle,
  FormControlLabel,
  LinearProgress,
  Table,
  TableBody,
  TableCell,
  TableContainer,
  TableHead,
  TableRow,
  Typography,
} from '@mui/material';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useId, useRef, useState } from 'react';
import { downloadCSV } from 'react-admin';

import { attestationsIn } from '../../../../backend/src/consent/attestations.ts';
import { errorBodyField, serverMessage } from '../../lib/http.ts';
import { useBrokerLanguage, useBrokerTexts } from '../i18n/useBrokerTexts.ts';
import { useLatest } from '../i18n/useLatest.ts';
import { useCareKeepDataProvider } from '../providers/dataProvider.ts';
import type { ImportJob } from '../types.ts';
import { useErrorToast } from '../ui/errors.ts';
import { useToast } from '../ui/toast.tsx';
import { importErrorsCsv, importErrorsFileName } from './importErrors.ts';
import { useLimitToast, useRefreshClients, useRefreshUsage } from './usage.ts';

/** How often the dialog asks how far an import has got. */
export const IMPORT_POLL_MS = 1000;

const hasEnded = (job: ImportJob | undefined): job is ImportJob => job?.status === 'completed' || job?.status === 'failed';

/** One of the broker's attestations for the whole file: its words as the label, the box theirs to tick. */
function AttestationBox(props: { label: string; checked: boolean; onChange: (checked: boolean) => void; disabled: boolean }) {
  return (
    <FormControlLabel
      sx={{ alignItems: 'flex-start', mt: 1, mx: 0, gap: 0.5 }}
      control={
        <Checkbox
          checked={props.checked}
          onChange={(event) => props.onChange(event.target.checked)}
          disabled={props.disabled}
          sx={{ mt: -0.75 }}
        />
      }
      label={<Typography variant="body2">{props.label}</Typography>}
    />
  );
}

/**
 * SPEC §5 CSV upload: a .csv with firstName, lastName, email, phone. Shows the upload's progress;
 * the server then imports the file in the background, and the dialog follows it (rows done of the
 * file's rows) until it shows what was imported and which rows were not (row, field, problem, also
 * as a CSV to download). Closed while the import runs, it keeps following it: the list updates and
 * a toast says when it is done, and opening the dialog again shows where it is.
 */
export function UploadCsvDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { CLIENT_TEXTS } = useBrokerTexts().clients;
  // In the app's language, as the server records them (in the broker's saved language).
  const attestations = attestationsIn(useBrokerLanguage());
  const dataProvider = useCareKeepDataProvider();
  const [file, setFile] = useState<File | null>(null);
  const [progress, setProgress] = useState(0);
  const [remindersAttested, setRemindersAttested] = useState(false);
  const [marketingAttested, setMarketingAttested] = useState(false);
  const [jobId, setJobId] = useState<string | null>(null);
  const inputRef = useRef<HTMLInputElement>(null);
  const inputId = useId();
  const toast = useToast();
  const errorToast = useErrorToast();
  const limitToast = useLimitToast();
  const refreshClients = useRefreshClients();
  const refreshUsage = useRefreshUsage();

  const queryClient = useQueryClient();
  const upload = useMutation({
    mutationFn: (chosen: File) => dataProvider.uploadClients(chosen, setProgress, marketingAttested),
    // An ordinary file comes back imported (200, the result); a long one just begun (202), followed below.
    onSuccess: (answer) => {
      if (hasEnded(answer)) queryClient.setQueryData(['imports', answer.jobId], answer);
      setJobId(answer.jobId);
    },
    onError: (error) => {
      if (errorBodyField(error, 'limitReached') === true) limitToast(serverMessage(error));
      else errorToast(error, CLIENT_TEXTS.uploadFailed);
    },
  });

  const { data: job } = useQuery({
    queryKey: ['imports', jobId],
    queryFn: () => dataProvider.getImportJob(jobId!),
    enabled: jobId !== null,
    refetchInterval: (query) => (hasEnded(query.state.data) ? false : IMPORT_POLL_MS),
    // An ended import does not change: the upload's own answer is not asked for again.
    staleTime: (query) => (hasEnded(query.state.data) ? Infinity : 0),
  });
  const result = hasEnded(job) ? job : null;
  const importing = jobId !== null && !result;

  // Once per import, when it ends. The list at once; the usage (and any warning dialog it opens)
  // once the summary is closed, or at once when the dialog was closed before the end.
  const ended = useRef<string | null>(null);
  // The words are read when the toast shows; a language switch does not show it again.
  const words = useLatest(CLIENT_TEXTS);
  useEffect(() => {
    if (!result || ended.current === result.jobId) return;
    ended.current = result.jobId;
    void refreshClients({ exceptUsage: open });
    if (result.limitReached) limitToast(result.message ?? undefined);
    else if (!open) {
      const failed = result.status === 'failed';
      toast({
        title: failed ? words.current.importFailed : words.current.importDone,
        description: result.message ?? undefined,
        variant: failed ? 'destructive' : 'default',
      });
    }
  }, [result, open, refreshClients, limitToast, toast, words]);

  const reset = () => {
    setFile(null);
    setProgress(0);
    setJobId(null);
    upload.reset();
    if (inputRef.current) inputRef.current.value = '';
  };

  const close = () => {
    // The import goes on; the dialog keeps following it.
    if (importing) return onClose();
    if (result) void refreshUsage();
    reset();
    onClose();
  };

  const start = () => {
    if (!file) return;
    setProgress(0);
    upload.mutate(file);
  };

  return (
    <Dialog open={open} onClose={upload.isPending ? undefined : close} maxWidth="sm" fullWidth aria-labelledby="upload-csv-title">
      <DialogTitle id="upload-csv-title">{CLIENT_TEXTS.uploadTitle}</DialogTitle>
      <DialogContent>
        {result ? (
          <ImportSummary result={result} />
        ) : (
          <>
            <DialogContentText>{CLIENT_TEXTS.uploadIntro}</DialogContentText>
            <DialogContentText sx={{ mt: 1 }}>{CLIENT_TEXTS.uploadGuide}</DialogContentText>
            <DialogContentText sx={{ mt: 1 }}>{CLIENT_TEXTS.uploadFactsGuide}</DialogContentText>
            <DialogContentText sx={{ mt: 1 }}>{CLIENT_TEXTS.uploadPolicyGuide}</DialogContentText>
            <Box
              sx={{
                mt: 2,
                p: 2,
                border: 1,
                borderStyle: 'dashed',
                borderColor: 'divider',
                borderRadius: 1,
                display: 'flex',
                flexWrap: 'wrap',
                alignItems: 'center',
                gap: 2,
              }}
            >
              <Button
                component="label"
                htmlFor={inputId}
                variant="outlined"
                startIcon={<UploadFileIcon />}
                disabled={upload.isPending || importing}
              >
                {CLIENT_TEXTS.chooseFile}
              </Button>
              <input
                ref={inputRef}
                id={inputId}
                type="file"
                accept=".csv,text/csv"
                aria-label={CLIENT_TEXTS.csvFile}
                hidden
                onChange={(event) => setFile(event.target.files?.[0] ?? null)}
              />
              <Typography variant="body2" color={file ? 'text.primary' : 'text.secondary'} sx={{ wordBreak: 'break-all' }}>
                {file ? file.name : CLIENT_TEXTS.noFileChosen}
              </Typography>
            </Box>
            <Typography variant="body2" sx={{ mt: 2 }}>
              {CLIENT_TEXTS.uploadPermission}
            </Typography>
            <AttestationBox
              label={attestations.importReminders}
              checked={remindersAttested}
              onChange={setRemindersAttested}
              disabled={upload.isPending || importing}
            />
            <AttestationBox
              label={attestations.importMarketing}
              checked={marketingAttested}
              onChange={setMarketingAttested}
              disabled={upload.isPending || importing}
            />
            {upload.isPending && (
              <Box sx={{ mt: 2 }}>
                <LinearProgress
                  variant="determinate"
                  value={progress}
                  aria-label={CLIENT_TEXTS.uploadProgress}
                  sx={{ height: 8, borderRadius: 4 }}
                />
                <Typography variant="body2" color="text.secondary" sx={{ mt: 1 }} role="status">
                  {progress < 100 ? CLIENT_TEXTS.uploading(progress) : CLIENT_TEXTS.importing}
                </Typography>
              </Box>
            )}
            {importing && <ImportProgress job={job} />}
          </>
        )}
      </DialogContent>
      <DialogActions sx={{ px: 3, pb: 2 }}>
        {result ? (
          <>
            <Button onClick={reset}>{CLIENT_TEXTS.uploadAnother}</Button>
            <Button variant="contained" onClick={close}>
              {CLIENT_TEXTS.done}
            </Button>
          </>
        ) : importing ? (
          <Button variant="contained" onClick={close}>
            {CLIENT_TEXTS.close}
          </Button>
        ) : (
          <>
            <Button onClick={close} disabled={upload.isPending}>
              {CLIENT_TEXTS.cancel}
            </Button>
            <Button variant="contained" onClick={start} disabled={!file || !remindersAttested} loading={upload.isPending}>
              {CLIENT_TEXTS.upload}
            </Button>
          </>
        )}
      </DialogActions>
    </Dialog>
  );
}

/** Rows done of the file's rows, once the server has read the file through (until then the bar runs without an end). */
function ImportProgress({ job }: { job: ImportJob | undefined }) {
  const { CLIENT_TEXTS } = useBrokerTexts().clients;
  const total = job?.rowsTotal ?? null;
  const percent = total === null ? undefined : total === 0 ? 100 : Math.min(100, Math.round(((job?.rowsRead ?? 0) / total) * 100));
  const text =
    !job || job.status === 'queued'
      ? CLIENT_TEXTS.importQueued
      : total === null
        ? CLIENT_TEXTS.importReading
        : CLIENT_TEXTS.importRows(job.rowsRead, total);
  return (
    <Box sx={{ mt: 2 }}>
      <LinearProgress
        variant={percent === undefined ? 'indeterminate' : 'determinate'}
        value={percent}
        aria-label={CLIENT_TEXTS.importProgress}
        sx={{ height: 8, borderRadius: 4 }}
      />
      <Typography variant="body2" color="text.secondary" sx={{ mt: 1 }} role="status">
        {text}
      </Typography>
      <Typography variant="body2" color="text.secondary" sx={{ mt: 1 }}>
        {CLIENT_TEXTS.importContinues}
      </Typography>
    </Box>
  );
}

function ImportSummary({ result }: { result: ImportJob }) {
  const { CLIENT_TEXTS } = useBrokerTexts().clients;
  const failed = result.status === 'failed';
  return (
    <Box>
      <Alert severity={failed ? 'error' : result.partial ? 'warning' : 'success'}>
        <AlertTitle>{failed ? CLIENT_TEXTS.importFailed : CLIENT_TEXTS.imported(result.count)}</AlertTitle>
        {result.message}
      </Alert>
      {result.errors.length > 0 && (
        <Box sx={{ mt: 2 }}>
          <Box sx={{ display: 'flex', alignItems: 'center', justifyContent: 'space-between', gap: 1, mb: 1, flexWrap: 'wrap' }}>
            <Typography component="h3" variant="subtitle2" id="import-problems">
              {CLIENT_TEXTS.rowProblems}
            </Typography>
            <Button
              size="small"
              startIcon={<DownloadIcon />}
              onClick={() => downloadCSV(importErrorsCsv(result.errors), importErrorsFileName(result.fileName))}
            >
              {CLIENT_TEXTS.downloadErrors}
            </Button>
          </Box>
          {result.rejected > result.errors.length && (
            <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
              {CLIENT_TEXTS.rowProblemsFirst(result.errors.length, result.rejected)}
            </Typography>
          )}
          <TableContainer sx={{ maxHeight: 280, border: 1, borderColor: 'divider', borderRadius: 1 }}>
            <Table size="small" stickyHeader aria-labelledby="import-problems">
              <TableHead>
                <TableRow>
                  <TableCell>{CLIENT_TEXTS.rowColumn}</TableCell>
                  <TableCell>{CLIENT_TEXTS.fieldColumn}</TableCell>
                  <TableCell>{CLIENT_TEXTS.problemColumn}</TableCell>
                </TableRow>
              </TableHead>
              <TableBody>
                {result.errors.map((problem, index) => (
                  <TableRow key={`${problem.row}-${problem.field}-${index}`}>
                    <TableCell>{problem.row}</TableCell>
                    <TableCell>{problem.field}</TableCell>
                    <TableCell>{problem.message}</TableCell>
                  </TableRow>
                ))}
              </TableBody>
            </Table>
          </TableContainer>
        </Box>
      )}
    </Box>
  );
}
