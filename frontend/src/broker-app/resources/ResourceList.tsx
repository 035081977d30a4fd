import DownloadIcon from '@mui/icons-material/Download';
import FolderOffIcon from '@mui/icons-material/FolderOff';
import SearchIcon from '@mui/icons-material/Search';
import SearchOffIcon from '@mui/icons-material/SearchOff';
import {
  Box,
  Button,
  Card,
  CardActions,
  CardContent,
  Chip,
  FormControl,
  Grid,
  InputAdornment,
  InputLabel,
  MenuItem,
  Paper,
  Select,
  Skeleton,
  Stack,
  TextField,
  Typography,
} from '@mui/material';
import { useEffect, useId, useMemo, useState } from 'react';
import { useGetList } from 'react-admin';

import { useBrokerTexts } from '../i18n/useBrokerTexts.ts';
import { useLatest } from '../i18n/useLatest.ts';
import type { Resource } from '../types.ts';
import { LoadError } from '../ui/EmptyState.tsx';
import { useErrorToast } from '../ui/errors.ts';
import { formatDay } from '../ui/format.ts';
import { PageHeader } from '../ui/PageHeader.tsx';
import { useToast } from '../ui/toast.tsx';
import { FileTypeIcon } from './FileTypeIcon.tsx';
import { filterResources, formatFileSize, groupByCategory, hasActiveFilters, resourceDownloadUrl, type ResourceFilters } from './format.ts';
import { CATEGORY_ORDER } from './texts.ts';

/** The server's largest page: the library is small enough to load whole and filter as the broker types. */
const ALL_RESOURCES = { pagination: { page: 1, perPage: 1000 }, sort: { field: 'title', order: 'ASC' as const } };

/** The broker's resource library (SPEC §2 Broker resources page): search, category filter, grouped results. */
export function ResourceList() {
  const { CATEGORY_LABELS, RESOURCES_TEXTS: T } = useBrokerTexts().resources;
  const [filters, setFilters] = useState<ResourceFilters>({ q: '', category: 'all' });
  const { data, isPending, error, refetch } = useGetList<Resource>('resources', ALL_RESOURCES);
  const errorToast = useErrorToast();

  // The words are read when the toast shows; a language switch does not show it again.
  const failedText = useLatest(T.fetchFailed);
  useEffect(() => {
    // A lost session has its own 'Unauthorized' toast; only one toast shows at a time.
    if (error && (error as { status?: number }).status !== 401) errorToast(error, failedText.current);
  }, [error, errorToast, failedText]);

  const all = data ?? [];
  const groups = useMemo(() => groupByCategory(filterResources(data ?? [], filters)), [data, filters]);
  const filtered = hasActiveFilters(filters);

  return (
    <Box>
      <PageHeader title={T.title} subtitle={T.subtitle} />
      <FilterBar filters={filters} onChange={setFilters} />
      {isPending ? (
        <LoadingGrid />
      ) : error ? (
        <LoadError message={T.fetchFailed} retryLabel={T.retry} onRetry={() => void refetch()} />
      ) : groups.length === 0 ? (
        <EmptyState filtered={filtered && all.length > 0} onClear={() => setFilters({ q: '', category: 'all' })} />
      ) : (
        <Stack spacing={4}>
          {groups.map((group) => (
            <Box component="section" key={group.category} aria-labelledby={`resources-${group.category}`}>
              <Typography id={`resources-${group.category}`} variant="h2" sx={{ fontSize: '1.25rem', fontWeight: 600, mb: 2 }}>
                {`${CATEGORY_LABELS[group.category]} (${group.resources.length})`}
              </Typography>
              <Grid container spacing={2}>
                {group.resources.map((resource) => (
                  <Grid key={resource.id} size={{ xs: 12, sm: 6, xl: 4 }}>
                    <ResourceCard resource={resource} />
                  </Grid>
                ))}
              </Grid>
            </Box>
          ))}
        </Stack>
      )}
    </Box>
  );
}

function FilterBar({ filters, onChange }: { filters: ResourceFilters; onChange: (filters: ResourceFilters) => void }) {
  const { CATEGORY_LABELS, RESOURCES_TEXTS: T } = useBrokerTexts().resources;
  const labelId = useId();
  return (
    <Paper variant="outlined" sx={{ p: 2, mb: 3, display: 'flex', flexWrap: 'wrap', gap: 2 }}>
      <TextField
        label={T.searchLabel}
        placeholder={T.searchPlaceholder}
        type="search"
        size="small"
        value={filters.q}
        onChange={(event) => onChange({ ...filters, q: event.target.value })}
        sx={{ flex: '1 1 280px' }}
        slotProps={{
          input: {
            startAdornment: (
              <InputAdornment position="start">
                <SearchIcon fontSize="small" />
              </InputAdornment>
            ),
          },
        }}
      />
      <FormControl size="small" sx={{ flex: '0 1 240px', minWidth: 200 }}>
        <InputLabel id={labelId}>{T.categoryLabel}</InputLabel>
        <Select
          labelId={labelId}
          label={T.categoryLabel}
          value={filters.category}
          onChange={(event) => onChange({ ...filters, category: event.target.value })}
        >
          <MenuItem value="all">{T.allCategories}</MenuItem>
          {CATEGORY_ORDER.map((category) => (
            <MenuItem key={category} value={category}>
              {CATEGORY_LABELS[category]}
            </MenuItem>
          ))}
        </Select>
      </FormControl>
    </Paper>
  );
}

function ResourceCard({ resource }: { resource: Resource }) {
  const { downloadStartedDescription, RESOURCES_TEXTS: T } = useBrokerTexts().resources;
  const titleId = useId();
  const toast = useToast();
  const errorToast = useErrorToast();

  const download = () => {
    // Opened without 'noopener' so a blocked pop-up (null) can be told apart; the opener is cut right after.
    const tab = window.open(resourceDownloadUrl(resource.id), '_blank');
    if (!tab) {
      errorToast(undefined, T.downloadFailed);
      return;
    }
    tab.opener = null;
    toast({ title: T.downloadStarted, description: downloadStartedDescription(resource.title) });
  };

  return (
    <Card variant="outlined" sx={{ height: '100%', display: 'flex', flexDirection: 'column' }} data-testid="resource-card">
      <CardContent sx={{ flexGrow: 1, display: 'flex', gap: 2 }}>
        <FileTypeIcon fileType={resource.fileType} size={48} />
        <Box sx={{ minWidth: 0, flex: 1 }}>
          <Typography id={titleId} variant="h3" sx={{ fontSize: '1rem', fontWeight: 600, overflowWrap: 'anywhere' }}>
            {resource.title}
          </Typography>
          {resource.description && (
            <Typography
              variant="body2"
              color="text.secondary"
              sx={{
                mt: 0.5,
                display: '-webkit-box',
                WebkitLineClamp: 3,
                WebkitBoxOrient: 'vertical',
                overflow: 'hidden',
              }}
            >
              {resource.description}
            </Typography>
          )}
          <Box sx={{ mt: 1.5, display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: 1 }}>
            <Chip label={resource.fileType.toUpperCase()} size="small" variant="outlined" />
            <Typography variant="caption" color="text.secondary">
              {formatFileSize(resource.fileSize)}
            </Typography>
            <Typography variant="caption" color="text.secondary" aria-hidden>
              ·
            </Typography>
            <Typography variant="caption" color="text.secondary">
              {`${T.uploaded} ${formatDay(resource.createdAt)}`}
            </Typography>
          </Box>
        </Box>
      </CardContent>
      <CardActions sx={{ px: 2, pb: 2, pt: 0, justifyContent: 'flex-end' }}>
        <Button variant="contained" size="small" startIcon={<DownloadIcon />} onClick={download} aria-describedby={titleId}>
          {T.download}
        </Button>
      </CardActions>
    </Card>
  );
}

function EmptyState({ filtered, onClear }: { filtered: boolean; onClear: () => void }) {
  const { RESOURCES_TEXTS: T } = useBrokerTexts().resources;
  const Icon = filtered ? SearchOffIcon : FolderOffIcon;
  return (
    <Paper variant="outlined" sx={{ py: 8, px: 3, textAlign: 'center' }}>
      <Icon sx={{ fontSize: 48, color: 'text.disabled' }} />
      <Typography variant="h2" sx={{ fontSize: '1.125rem', fontWeight: 600, mt: 1 }}>
        {T.emptyTitle}
      </Typography>
      <Typography color="text.secondary" sx={{ mt: 0.5 }}>
        {filtered ? T.emptyFiltered : T.emptyNone}
      </Typography>
      {filtered && (
        <Button sx={{ mt: 2 }} onClick={onClear}>
          {T.clearFilters}
        </Button>
      )}
    </Paper>
  );
}

function LoadingGrid() {
  const { RESOURCES_TEXTS: T } = useBrokerTexts().resources;
  return (
    <Box aria-busy="true" aria-label={T.loadingResources}>
      <Skeleton variant="text" width={220} height={32} sx={{ mb: 1 }} />
      <Grid container spacing={2}>
        {[0, 1, 2].map((i) => (
          <Grid key={i} size={{ xs: 12, sm: 6, xl: 4 }}>
            <Skeleton variant="rounded" height={150} />
          </Grid>
        ))}
      </Grid>
    </Box>
  );
}
