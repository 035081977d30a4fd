import { Button, Dialog, DialogActions, DialogContent, DialogTitle, Stack } from '@mui/material';
import { useMutation } from '@tanstack/react-query';
import { useId, useState } from 'react';

import { useBrokerTexts } from '../../i18n/useBrokerTexts.ts';
import { useCareKeepDataProvider } from '../../providers/dataProvider.ts';
import type { Resource } from '../../types.ts';
import { useErrorToast } from '../../ui/errors.ts';
import { useToast } from '../../ui/toast.tsx';
import { useRefreshResources } from './queries.ts';
import { type ResourceDetails, ResourceInputs } from './ResourceInputs.tsx';

/** Title, description and category of a resource; its file cannot be replaced (SPEC §4 Resource). */
export function EditResourceDialog({ resource, onClose }: { resource: Resource | null; onClose: () => void }) {
  const { ADMIN_RESOURCES_TEXTS: T } = useBrokerTexts().adminResources;
  const titleId = useId();
  // The last resource stays on screen while the dialog fades out.
  const [last, setLast] = useState(resource);
  if (resource && resource !== last) setLast(resource);
  const shown = resource ?? last;
  return (
    <Dialog open={resource !== null} onClose={onClose} maxWidth="sm" fullWidth aria-labelledby={titleId}>
      <DialogTitle id={titleId}>{T.editTitle}</DialogTitle>
      {/* Keyed by the resource so the form starts from its current values each time it opens. */}
      {shown && <EditForm key={shown.id} resource={shown} onClose={onClose} />}
    </Dialog>
  );
}

function EditForm({ resource, onClose }: { resource: Resource; onClose: () => void }) {
  const { ADMIN_RESOURCES_TEXTS: T, updatedDescription } = useBrokerTexts().adminResources;
  const dataProvider = useCareKeepDataProvider();
  const toast = useToast();
  const errorToast = useErrorToast();
  const refresh = useRefreshResources();
  const [details, setDetails] = useState<ResourceDetails>({
    title: resource.title,
    description: resource.description ?? '',
    category: resource.category,
  });

  const update = useMutation({
    mutationFn: (input: ResourceDetails) => dataProvider.updateResource(resource.id, input),
    onSuccess: (saved) => {
      toast({ title: T.updated, description: updatedDescription(saved.title) });
      void refresh();
      onClose();
    },
    onError: (error) => errorToast(error, T.updateFailed),
  });

  const title = details.title.trim();
  return (
    <>
      <DialogContent>
        <Stack sx={{ pt: 1 }}>
          <ResourceInputs value={details} onChange={setDetails} disabled={update.isPending} titleError={!title} />
        </Stack>
      </DialogContent>
      <DialogActions sx={{ px: 3, pb: 2 }}>
        <Button onClick={onClose} disabled={update.isPending}>
          {T.cancel}
        </Button>
        <Button
          variant="contained"
          disabled={!title}
          loading={update.isPending}
          onClick={() => update.mutate({ title, description: details.description.trim(), category: details.category })}
        >
          {T.save}
        </Button>
      </DialogActions>
    </>
  );
}
