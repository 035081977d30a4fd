import UploadFileIcon from '@mui/icons-material/UploadFile';
import { Alert, Box, Button, Dialog, DialogActions, DialogContent, DialogTitle, LinearProgress, Stack, Typography } from '@mui/material';
import { useMutation } from '@tanstack/react-query';
import { useId, useRef, useState } from 'react';

import { useBrokerTexts } from '../../i18n/useBrokerTexts.ts';
import { useCareKeepDataProvider } from '../../providers/dataProvider.ts';
import { formatFileSize } from '../../resources/format.ts';
import { useErrorToast } from '../../ui/errors.ts';
import { useToast } from '../../ui/toast.tsx';
import { useRefreshResources } from './queries.ts';
import { EMPTY_DETAILS, type ResourceDetails, ResourceInputs } from './ResourceInputs.tsx';

/** The kinds the server recognises by their bytes; the picker offers only those. */
const ACCEPT = '.pdf,.docx,.xlsx,.pptx,.png,.jpg,.jpeg,.webp,.gif,.mp4,.webm';

/** SPEC §5 Resource upload: file and title required, description optional, category default general. */
export function UploadResourceDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { ADMIN_RESOURCES_TEXTS: T, uploadedDescription } = useBrokerTexts().adminResources;
  const dataProvider = useCareKeepDataProvider();
  const toast = useToast();
  const errorToast = useErrorToast();
  const refresh = useRefreshResources();
  const [file, setFile] = useState<File | null>(null);
  const [details, setDetails] = useState<ResourceDetails>(EMPTY_DETAILS);
  const [missing, setMissing] = useState(false);
  const [progress, setProgress] = useState(0);
  const inputRef = useRef<HTMLInputElement>(null);
  const inputId = useId();
  const titleId = useId();

  const upload = useMutation({
    mutationFn: (input: { file: File } & ResourceDetails) =>
      dataProvider.uploadResource(
        {
          file: input.file,
          title: input.title,
          description: input.description || undefined,
          category: input.category,
        },
        setProgress,
      ),
    onSuccess: (created) => {
      toast({ title: T.uploadSucceeded, description: uploadedDescription(created.title) });
      void refresh();
      close();
    },
    onError: (error) => errorToast(error, T.uploadFailed),
  });

  function reset() {
    setFile(null);
    setDetails(EMPTY_DETAILS);
    setMissing(false);
    setProgress(0);
    upload.reset();
    if (inputRef.current) inputRef.current.value = '';
  }

  function close() {
    reset();
    onClose();
  }

  // The message stays only while something is still missing.
  const showMissing = missing && (!file || !details.title.trim());

  const submit = () => {
    const title = details.title.trim();
    if (!file || !title) {
      setMissing(true);
      return;
    }
    setMissing(false);
    setProgress(0);
    upload.mutate({ file, title, description: details.description.trim(), category: details.category });
  };

  return (
    <Dialog open={open} onClose={upload.isPending ? undefined : close} maxWidth="sm" fullWidth aria-labelledby={titleId}>
      <DialogTitle id={titleId}>{T.uploadTitle}</DialogTitle>
      <DialogContent>
        <Stack spacing={2} sx={{ pt: 1 }}>
          {showMissing && <Alert severity="error">{T.required}</Alert>}
          <Box
            sx={{
              p: 2,
              border: 1,
              borderStyle: 'dashed',
              borderColor: showMissing && !file ? 'error.main' : 'divider',
              borderRadius: 1,
            }}
          >
            <Box sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: 2 }}>
              <Button component="label" htmlFor={inputId} variant="outlined" startIcon={<UploadFileIcon />} disabled={upload.isPending}>
                {T.chooseFile}
              </Button>
              <input
                ref={inputRef}
                id={inputId}
                type="file"
                accept={ACCEPT}
                aria-label={T.fileLabel}
                required
                hidden
                onChange={(event) => setFile(event.target.files?.[0] ?? null)}
              />
              <Typography variant="body2" color={file ? 'text.primary' : 'text.secondary'} sx={{ wordBreak: 'break-all' }}>
                {file ? `${file.name} (${formatFileSize(file.size)})` : T.noFileChosen}
              </Typography>
            </Box>
            <Typography variant="caption" color="text.secondary" component="p" sx={{ mt: 1 }}>
              {T.acceptedFiles}
            </Typography>
          </Box>
          <ResourceInputs
            value={details}
            onChange={setDetails}
            disabled={upload.isPending}
            titleError={showMissing && !details.title.trim()}
          />
          {upload.isPending && (
            <Box>
              <LinearProgress variant="determinate" value={progress} aria-label={T.uploadProgress} sx={{ height: 8, borderRadius: 4 }} />
              <Typography variant="body2" color="text.secondary" sx={{ mt: 1 }} role="status">
                {progress < 100 ? T.uploading(progress) : T.saving}
              </Typography>
            </Box>
          )}
        </Stack>
      </DialogContent>
      <DialogActions sx={{ px: 3, pb: 2 }}>
        <Button onClick={close} disabled={upload.isPending}>
          {T.cancel}
        </Button>
        <Button variant="contained" onClick={submit} loading={upload.isPending}>
          {T.uploadButton}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
