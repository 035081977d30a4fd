import CloudUploadIcon from '@mui/icons-material/CloudUpload';
import FolderOffIcon from '@mui/icons-material/FolderOff';
import { Box, Button } from '@mui/material';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';

import { useBrokerTexts } from '../../i18n/useBrokerTexts.ts';
import { useLatest } from '../../i18n/useLatest.ts';
import { useCareKeepDataProvider } from '../../providers/dataProvider.ts';
import type { Resource } from '../../types.ts';
import { EmptyState, LoadError } from '../../ui/EmptyState.tsx';
import { useErrorToast } from '../../ui/errors.ts';
import { PageHeader } from '../../ui/PageHeader.tsx';
import { DeleteResourceDialog } from './DeleteResourceDialog.tsx';
import { EditResourceDialog } from './EditResourceDialog.tsx';
import { ADMIN_RESOURCES_KEY } from './queries.ts';
import { ResourcesSummary, ResourcesTable, ResourcesTableSkeleton } from './ResourcesTable.tsx';
import { UploadResourceDialog } from './UploadResourceDialog.tsx';

/** The platform's resource library as admins manage it (SPEC §2 Admin resource management). */
export function AdminResourcesPage() {
  const { ADMIN_RESOURCES_TEXTS: T } = useBrokerTexts().adminResources;
  const { RESOURCES_TEXTS } = useBrokerTexts().resources;
  const dataProvider = useCareKeepDataProvider();
  const errorToast = useErrorToast();
  const [uploading, setUploading] = useState(false);
  const [editing, setEditing] = useState<Resource | null>(null);
  const [deleting, setDeleting] = useState<Resource | null>(null);
  const { data, isPending, error, refetch } = useQuery({
    queryKey: ADMIN_RESOURCES_KEY,
    queryFn: () => dataProvider.getAdminResources(),
  });

  // The words are read when the toast shows; a language switch does not show it again.
  const failedText = useLatest(RESOURCES_TEXTS.fetchFailed);
  useEffect(() => {
    // A lost session has its own 'Unauthorized' toast; only one toast shows at a time.
    if (error && (error as { status?: number }).status !== 401) errorToast(error, failedText.current);
  }, [error, errorToast, failedText]);

  const uploadButton = (
    <Button variant="contained" startIcon={<CloudUploadIcon />} onClick={() => setUploading(true)}>
      {T.upload}
    </Button>
  );

  return (
    <Box>
      <PageHeader title={T.title} subtitle={T.subtitle} actions={uploadButton} />
      {isPending ? (
        <ResourcesTableSkeleton />
      ) : error ? (
        <LoadError message={RESOURCES_TEXTS.fetchFailed} retryLabel={RESOURCES_TEXTS.retry} onRetry={() => void refetch()} />
      ) : data.length === 0 ? (
        <EmptyState icon={FolderOffIcon} title={T.empty} body={T.emptyHint} />
      ) : (
        <>
          <ResourcesSummary resources={data} />
          <ResourcesTable resources={data} onEdit={setEditing} onDelete={setDeleting} />
        </>
      )}
      <UploadResourceDialog open={uploading} onClose={() => setUploading(false)} />
      <EditResourceDialog resource={editing} onClose={() => setEditing(null)} />
      <DeleteResourceDialog resource={deleting} onClose={() => setDeleting(null)} />
    </Box>
  );
}
