import CloudUploadIcon from '@mui/icons-material/CloudUpload';
import ImageIcon from '@mui/icons-material/Image';
import { Box, Button, Card, CardContent, LinearProgress, Typography } from '@mui/material';
import { useMutation } from '@tanstack/react-query';
import { type ChangeEvent, useState } from 'react';

import { useBrokerTexts } from '../i18n/useBrokerTexts.ts';
import { useCareKeepDataProvider } from '../providers/dataProvider.ts';
import { useSetCurrentUser } from '../providers/useCurrentUser.ts';
import { useErrorToast } from '../ui/errors.ts';
import { useToast } from '../ui/toast.tsx';
import { LOGO_ACCEPT, LOGO_MAX_BYTES } from './texts.ts';

/** The agency logo: the current one, and an upload that shows in the whole app at once. */
export function LogoUpload({ logoUrl }: { logoUrl: string | null }) {
  const { BRANDING_TEXTS: T } = useBrokerTexts().branding;
  const dataProvider = useCareKeepDataProvider();
  const setCurrentUser = useSetCurrentUser();
  const toast = useToast();
  const errorToast = useErrorToast();
  const [progress, setProgress] = useState(0);

  const upload = useMutation({
    mutationFn: (file: File) => dataProvider.uploadLogo(file, setProgress),
    onSuccess: ({ logoUrl: url }) => {
      setCurrentUser((user) => ({ ...user, logoUrl: url }));
      toast({ title: T.logoUploaded, description: T.logoUploadedDescription });
    },
    onError: (error) => errorToast(error, T.logoFailed),
  });

  const onFile = (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    // The same file may be chosen again after a failure.
    event.target.value = '';
    if (!file) return;
    if (!LOGO_ACCEPT.split(',').includes(file.type) || file.size > LOGO_MAX_BYTES) {
      toast({ title: T.logoFailed, description: T.logoWrongFile, variant: 'destructive' });
      return;
    }
    setProgress(0);
    upload.mutate(file);
  };

  return (
    <Card component="section" aria-labelledby="logo-title">
      <CardContent sx={{ display: 'grid', gap: 2 }}>
        <Typography id="logo-title" variant="h6" component="h2" sx={{ fontWeight: 600 }}>
          {T.logoTitle}
        </Typography>
        <Box sx={{ display: 'flex', alignItems: 'center', gap: 2.5, flexWrap: 'wrap' }}>
          <Box
            data-testid="logo-preview"
            sx={{
              width: 96,
              height: 96,
              borderRadius: 2,
              border: 1,
              borderStyle: logoUrl ? 'solid' : 'dashed',
              borderColor: 'divider',
              display: 'grid',
              placeItems: 'center',
              overflow: 'hidden',
              bgcolor: 'action.hover',
              flexShrink: 0,
            }}
          >
            {logoUrl ? (
              <Box component="img" src={logoUrl} alt={T.logoAlt} sx={{ maxWidth: '100%', maxHeight: '100%', objectFit: 'contain' }} />
            ) : (
              <Box sx={{ textAlign: 'center', color: 'text.secondary' }}>
                <ImageIcon />
                <Typography variant="caption" component="div">
                  {T.logoNone}
                </Typography>
              </Box>
            )}
          </Box>
          <Box sx={{ display: 'grid', gap: 1, flex: '1 1 200px', minWidth: 0 }}>
            <Box>
              <Button component="label" variant="outlined" startIcon={<CloudUploadIcon />} disabled={upload.isPending}>
                {logoUrl ? T.logoReplace : T.logoUpload}
                <input hidden type="file" accept={LOGO_ACCEPT} aria-label={T.logoFileLabel} onChange={onFile} />
              </Button>
            </Box>
            <Typography variant="body2" color="text.secondary">
              {T.logoHint}
            </Typography>
            {upload.isPending && (
              <Box>
                <LinearProgress variant="determinate" value={progress} aria-label={T.logoUploading(progress)} />
                <Typography variant="caption" color="text.secondary">
                  {T.logoUploading(progress)}
                </Typography>
              </Box>
            )}
          </Box>
        </Box>
      </CardContent>
    </Card>
  );
}
