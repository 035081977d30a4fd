import CloudUploadIcon from '@mui/icons-material/CloudUpload';
import FolderOffIcon from '@mui/icons-material/FolderOff';
import SearchIcon from '@mui/icons-material/Search';
import SearchOffIcon from '@mui/icons-material/SearchOff';
import { Box, Button, Card, CardContent, InputAdornment, Skeleton, type Theme, Typography, useMediaQuery } from '@mui/material';
import { type ReactNode, useState } from 'react';
import {
  DataTable,
  DataTableBody,
  type DataTableBodyProps,
  DataTableRow,
  type DataTableRowProps,
  FilterLiveForm,
  List,
  Pagination,
  TextInput,
  useListContext,
  useRecordContext,
} from 'react-admin';

import { useBrokerTexts } from '../../i18n/useBrokerTexts.ts';
import { FileTypeIcon } from '../../resources/FileTypeIcon.tsx';
import { formatFileSize } from '../../resources/format.ts';
import type { Resource } from '../../types.ts';
import { EmptyState, LoadError } from '../../ui/EmptyState.tsx';
import { useErrorToast } from '../../ui/errors.ts';
import { FilterRow } from '../../ui/ListFilters.tsx';
import { PageHeader } from '../../ui/PageHeader.tsx';
import { DeleteResourceDialog } from './DeleteResourceDialog.tsx';
import { EditResourceDialog } from './EditResourceDialog.tsx';
import { ResourceRowMenu, ResourceSharing, ResourceStatus, ResourceTitle, type RowHandlers, UploadedDay } from './ResourceParts.tsx';
import { UploadResourceDialog } from './UploadResourceDialog.tsx';

/** Typing in the search box waits this long before asking the server. */
export const SEARCH_DEBOUNCE_MS = 300;
export const PAGE_SIZES = [10, 25, 50, 100];
export const DEFAULT_PAGE_SIZE = 25;

/**
 * The platform's resource library as admins manage it (SPEC §2 Admin resource management): every
 * resource, inactive ones included, searched by title and description, sorted and paged by the
 * server. Below 900 px each resource is a card.
 */
export function AdminResourcesPage() {
  const { ADMIN_RESOURCES_TEXTS: T } = useBrokerTexts().adminResources;
  const { RESOURCES_TEXTS } = useBrokerTexts().resources;
  const narrow = useMediaQuery((theme: Theme) => theme.breakpoints.down('md'), { noSsr: true });
  const errorToast = useErrorToast();
  const [uploading, setUploading] = useState(false);
  const [editing, setEditing] = useState<Resource | null>(null);
  const [deleting, setDeleting] = useState<Resource | null>(null);
  const handlers: RowHandlers = { onEdit: setEditing, onDelete: setDeleting };

  const uploadButton = (
    <Button variant="contained" startIcon={<CloudUploadIcon />} onClick={() => setUploading(true)}>
      {T.upload}
    </Button>
  );

  return (
    <Box>
      <PageHeader title={T.title} subtitle={T.subtitle} actions={uploadButton} />
      <List<Resource>
        resource="admin/resources"
        title={false}
        // Admins manage the whole library: the hidden (inactive) resources too.
        filter={{ includeInactive: true }}
        filters={<ResourceFilters />}
        actions={false}
        sort={{ field: 'createdAt', order: 'DESC' }}
        perPage={DEFAULT_PAGE_SIZE}
        pagination={<Pagination rowsPerPageOptions={PAGE_SIZES} />}
        empty={<EmptyState icon={FolderOffIcon} title={T.empty} body={T.emptyHint} />}
        error={<LoadFailed />}
        component={narrow ? 'div' : Card}
        queryOptions={{
          // A lost session has its own 'Unauthorized' toast; only one toast shows at a time.
          onError: (error) => {
            if ((error as { status?: number }).status !== 401) errorToast(error, RESOURCES_TEXTS.fetchFailed);
          },
        }}
        sx={{ '& .RaList-main': { minWidth: 0 }, '& .RaList-actions': { mb: 1, bgcolor: 'transparent' } }}
      >
        <ResourcesSummary />
        {narrow ? <ResourceCards {...handlers} /> : <ResourcesTable {...handlers} />}
      </List>
      <UploadResourceDialog open={uploading} onClose={() => setUploading(false)} />
      <EditResourceDialog resource={editing} onClose={() => setEditing(null)} />
      <DeleteResourceDialog resource={deleting} onClose={() => setDeleting(null)} />
    </Box>
  );
}

/** The search: words of the title or the description, kept in the address. */
function ResourceFilters() {
  const { ADMIN_RESOURCES_TEXTS: T } = useBrokerTexts().adminResources;
  return (
    <FilterLiveForm debounce={SEARCH_DEBOUNCE_MS} formComponent={FilterRow}>
      <TextInput
        source="q"
        type="search"
        size="small"
        label={T.searchLabel}
        placeholder={T.searchPlaceholder}
        helperText={false}
        sx={{ width: { xs: '100%', sm: 320 } }}
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
    </FilterLiveForm>
  );
}

/** A count line above the list, when the whole list (under the search) is on the page; else the pagination counts. */
function ResourcesSummary() {
  const { ADMIN_RESOURCES_TEXTS: T } = useBrokerTexts().adminResources;
  const { data, total } = useListContext<Resource>();
  if (!data?.length || total !== data.length) return null;
  const active = data.filter((r) => r.isActive).length;
  const shared = data.filter((r) => r.isPublic).length;
  return (
    <Typography variant="body2" color="text.secondary" sx={{ px: { md: 2 }, pt: { md: 1.5 }, pb: 1 }}>
      {T.summary(data.length, active, shared)}
    </Typography>
  );
}

function ResourceRow(props: DataTableRowProps) {
  const resource = useRecordContext<Resource>();
  return <DataTableRow {...props} data-testid="resource-row" data-resource-id={resource?.id} />;
}
const ResourceBody = (props: DataTableBodyProps) => <DataTableBody {...props} row={ResourceRow} />;

/** An inactive resource's icon is dimmed and its title greyed, still at a readable contrast (WCAG AA). */
const mutedIcon = (resource: Resource) => (resource.isActive ? {} : { opacity: 0.6 });

function ResourcesTable(handlers: RowHandlers) {
  const { ADMIN_RESOURCES_TEXTS: T } = useBrokerTexts().adminResources;
  const { CATEGORY_LABELS } = useBrokerTexts().resources;
  return (
    <DataTable<Resource>
      aria-label={T.tableLabel}
      body={ResourceBody}
      rowClick={false}
      bulkActionButtons={false}
      empty={<NoMatch />}
      // Compact cells: nine columns beside the sidebar at a laptop's width.
      sx={{
        '& .RaDataTable-tableWrapper': { overflowX: 'auto' },
        '& table': { minWidth: 940 },
        '& .MuiTableCell-root': { px: 1 },
        '& th': { fontWeight: 600, whiteSpace: 'nowrap', py: 1.5 },
      }}
    >
      <DataTable.Col<Resource>
        label={T.type}
        disableSort
        cellSx={(r) => ({ ...mutedIcon(r), width: 52, py: 1.5 })}
        render={(r) => <FileTypeIcon fileType={r.fileType} />}
      />
      <DataTable.Col<Resource>
        source="title"
        label={T.titleColumn}
        cellSx={() => ({ minWidth: 180 })}
        render={(r) => <ResourceTitle resource={r} />}
      />
      <DataTable.Col<Resource>
        source="category"
        label={T.category}
        cellSx={() => ({ minWidth: 84 })}
        render={(r) => CATEGORY_LABELS[r.category] ?? r.category}
      />
      <DataTable.Col<Resource>
        source="fileSize"
        label={T.size}
        cellSx={() => ({ whiteSpace: 'nowrap' })}
        render={(r) => formatFileSize(r.fileSize)}
      />
      <DataTable.Col<Resource>
        source="downloadCount"
        label={T.downloads}
        align="right"
        render={(r) => r.downloadCount.toLocaleString('en-US')}
      />
      <DataTable.Col<Resource> label={T.status} disableSort render={(r) => <ResourceStatus resource={r} />} />
      <DataTable.Col<Resource>
        label={T.publicLink}
        disableSort
        cellSx={() => ({ whiteSpace: 'nowrap' })}
        render={(r) => <ResourceSharing resource={r} />}
      />
      <DataTable.Col<Resource>
        source="createdAt"
        label={T.uploadedColumn}
        cellSx={() => ({ whiteSpace: 'nowrap' })}
        render={(r) => <UploadedDay resource={r} />}
      />
      <DataTable.Col<Resource>
        label={T.actions}
        disableSort
        align="center"
        render={(r) => <ResourceRowMenu resource={r} {...handlers} />}
      />
    </DataTable>
  );
}

/** Narrow screens: one card per resource, the table's columns stacked. */
function ResourceCards(handlers: RowHandlers) {
  const { ADMIN_RESOURCES_TEXTS: T } = useBrokerTexts().adminResources;
  const { CATEGORY_LABELS } = useBrokerTexts().resources;
  const { data, isPending } = useListContext<Resource>();
  if (isPending) {
    return (
      <Box sx={{ display: 'grid', gap: 1.5 }} aria-busy="true">
        {Array.from({ length: 3 }, (_, index) => (
          <Card key={index}>
            <CardContent>
              <Skeleton width="60%" />
              <Skeleton width="80%" />
              <Skeleton width="40%" />
            </CardContent>
          </Card>
        ))}
      </Box>
    );
  }
  if (!data || data.length === 0) return <NoMatch />;
  return (
    <Box component="ul" aria-label={T.tableLabel} sx={{ listStyle: 'none', m: 0, p: 0, display: 'grid', gap: 1.5 }}>
      {data.map((resource) => (
        <Card key={resource.id} component="li" data-testid="resource-card" data-resource-id={resource.id}>
          <CardContent sx={{ display: 'grid', gap: 1, '&:last-child': { pb: 2 } }}>
            <Box sx={{ display: 'flex', alignItems: 'flex-start', gap: 1.5 }}>
              <Box sx={mutedIcon(resource)}>
                <FileTypeIcon fileType={resource.fileType} />
              </Box>
              <Box sx={{ flex: 1, minWidth: 0 }}>
                <ResourceTitle resource={resource} />
              </Box>
              <ResourceRowMenu resource={resource} {...handlers} />
            </Box>
            <Box sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: 1 }}>
              <ResourceStatus resource={resource} />
              <ResourceSharing resource={resource} />
            </Box>
            <Field label={T.category}>{CATEGORY_LABELS[resource.category] ?? resource.category}</Field>
            <Field label={T.size}>{formatFileSize(resource.fileSize)}</Field>
            <Field label={T.downloads}>{resource.downloadCount.toLocaleString('en-US')}</Field>
            <Field label={T.uploadedColumn}>
              <UploadedDay resource={resource} />
            </Field>
          </CardContent>
        </Card>
      ))}
    </Box>
  );
}

function Field({ label, children }: { label: string; children: ReactNode }) {
  return (
    <Box sx={{ display: 'grid', gridTemplateColumns: '7.5rem minmax(0, 1fr)', columnGap: 1.5 }}>
      <Typography variant="body2" color="text.secondary">
        {label}
      </Typography>
      <Typography variant="body2" component="div">
        {children}
      </Typography>
    </Box>
  );
}

/** A search that finds nothing (with no search at all, the list shows 'No resources uploaded yet'). */
function NoMatch() {
  const { ADMIN_RESOURCES_TEXTS: T } = useBrokerTexts().adminResources;
  const { setFilters } = useListContext<Resource>();
  return (
    <Box sx={{ py: 6, px: 2, textAlign: 'center' }}>
      <SearchOffIcon sx={{ fontSize: 48, color: 'text.disabled' }} aria-hidden />
      <Typography component="h2" variant="h6" sx={{ mt: 1, fontWeight: 600 }}>
        {T.noMatchTitle}
      </Typography>
      <Typography color="text.secondary" sx={{ mt: 0.5, maxWidth: 520, mx: 'auto' }}>
        {T.noMatch}
      </Typography>
      <Button sx={{ mt: 2 }} onClick={() => setFilters({}, {})}>
        {T.clearSearch}
      </Button>
    </Box>
  );
}

function LoadFailed() {
  const { RESOURCES_TEXTS } = useBrokerTexts().resources;
  const { refetch } = useListContext<Resource>();
  return (
    <Box sx={{ p: { md: 2 } }}>
      <LoadError message={RESOURCES_TEXTS.fetchFailed} retryLabel={RESOURCES_TEXTS.retry} onRetry={() => void refetch()} />
    </Box>
  );
}
