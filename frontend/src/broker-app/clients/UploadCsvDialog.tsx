import UploadFileIcon from '@mui/icons-material/UploadFile';
import {
  Alert,
  AlertTitle,
  Box,
  Button,
  Dialog,
  DialogActions,
  DialogContent,
  DialogContentText,
  DialogTitle,
  LinearProgress,
  Table,
  TableBody,
  TableCell,
  TableContainer,
  TableHead,
  TableRow,
  Typography,
} from '@mui/material';
import { useMutation } from '@tanstack/react-query';
import { useId, useRef, useState } from 'react';

import { errorBodyField, serverMessage } from '../../lib/http.ts';
import { useCareKeepDataProvider } from '../providers/dataProvider.ts';
import type { ImportResult } from '../types.ts';
import { useErrorToast } from '../ui/errors.ts';
import { CLIENT_TEXTS } from './texts.ts';
import { useLimitToast, useRefreshClients, useRefreshUsage } from './usage.ts';

/**
 * SPEC §5 CSV upload: a .csv with firstName, lastName, email, phone. Shows the upload's progress,
 * then what was imported and which rows were not (row, field, problem).
 */
export function UploadCsvDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const dataProvider = useCareKeepDataProvider();
  const [file, setFile] = useState<File | null>(null);
  const [progress, setProgress] = useState(0);
  const [result, setResult] = useState<ImportResult | null>(null);
  const inputRef = useRef<HTMLInputElement>(null);
  const inputId = useId();
  const errorToast = useErrorToast();
  const limitToast = useLimitToast();
  const refreshClients = useRefreshClients();
  const refreshUsage = useRefreshUsage();

  const upload = useMutation({
    mutationFn: (chosen: File) => dataProvider.uploadClients(chosen, setProgress),
    onSuccess: (imported) => {
      setResult(imported);
      if (imported.limitReached) limitToast(imported.message);
      // The list now; the usage (and any warning dialog it opens) once the summary is closed.
      void refreshClients({ exceptUsage: true });
    },
    onError: (error) => {
      if (errorBodyField(error, 'limitReached') === true) limitToast(serverMessage(error));
      else errorToast(error, CLIENT_TEXTS.uploadFailed);
    },
  });

  const reset = () => {
    setFile(null);
    setProgress(0);
    setResult(null);
    upload.reset();
    if (inputRef.current) inputRef.current.value = '';
  };

  const close = () => {
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
              <Button component="label" htmlFor={inputId} variant="outlined" startIcon={<UploadFileIcon />} disabled={upload.isPending}>
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
        ) : (
          <>
            <Button onClick={close} disabled={upload.isPending}>
              {CLIENT_TEXTS.cancel}
            </Button>
            <Button variant="contained" onClick={start} disabled={!file} loading={upload.isPending}>
              {CLIENT_TEXTS.upload}
            </Button>
          </>
        )}
      </DialogActions>
    </Dialog>
  );
}

function ImportSummary({ result }: { result: ImportResult }) {
  return (
    <Box>
      <Alert severity={result.partial ? 'warning' : 'success'}>
        <AlertTitle>{CLIENT_TEXTS.imported(result.count)}</AlertTitle>
        {result.message}
      </Alert>
      {result.errors.length > 0 && (
        <Box sx={{ mt: 2 }}>
          <Typography component="h3" variant="subtitle2" sx={{ mb: 1 }} id="import-problems">
            {CLIENT_TEXTS.rowProblems}
          </Typography>
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
