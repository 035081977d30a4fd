import ContentCopyIcon from '@mui/icons-material/ContentCopy';
import { Alert, Box, Button, Skeleton, TextField, Typography } from '@mui/material';
import { useQuery } from '@tanstack/react-query';

import { useBrokerTexts } from '../i18n/useBrokerTexts.ts';
import { useCareKeepDataProvider } from '../providers/dataProvider.ts';
import { FormSection } from '../ui/FormSection.tsx';
import { useToast } from '../ui/toast.tsx';

/**
 * The agency's branded sign-in link for its clients, with Copy: `/client/login?agency={slug}`
 * opens the sign-in page with the agency's logo, name and colour. The slug is made on first need
 * and then kept, so the link shared today keeps working.
 */
export function PortalLinkSection() {
  const { BRANDING_TEXTS: T } = useBrokerTexts().branding;
  const dataProvider = useCareKeepDataProvider();
  const toast = useToast();
  const { data, isError } = useQuery({ queryKey: ['branding', 'portal-link'], queryFn: () => dataProvider.getPortalLink() });

  const copy = async (url: string) => {
    try {
      await navigator.clipboard.writeText(url);
      toast({ title: T.portalLinkCopied, description: T.portalLinkCopiedDescription });
    } catch {
      toast({ title: T.portalLinkCopyFailed, variant: 'destructive' });
    }
  };

  return (
    <FormSection id="portal-link-title" title={T.portalLinkTitle}>
      <Typography variant="body2" color="text.secondary">
        {T.portalLinkHint}
      </Typography>
      {isError ? (
        <Alert severity="error">{T.portalLinkFailed}</Alert>
      ) : !data ? (
        <Skeleton variant="rounded" height={56} />
      ) : (
        <Box sx={{ display: 'flex', gap: 1, alignItems: 'center', flexWrap: { xs: 'wrap', sm: 'nowrap' } }}>
          <TextField
            id="portalLink"
            label={T.portalLinkLabel}
            value={data.url}
            fullWidth
            slotProps={{ htmlInput: { readOnly: true }, inputLabel: { shrink: true } }}
            onFocus={(event) => event.target.select()}
          />
          <Button variant="contained" startIcon={<ContentCopyIcon />} onClick={() => void copy(data.url)} sx={{ flex: 'none' }}>
            {T.portalLinkCopy}
          </Button>
        </Box>
      )}
    </FormSection>
  );
}
