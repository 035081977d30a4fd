import CheckIcon from '@mui/icons-material/Check';
import ContentCopyIcon from '@mui/icons-material/ContentCopy';
import DeleteOutlinedIcon from '@mui/icons-material/DeleteOutlined';
import EditOutlinedIcon from '@mui/icons-material/EditOutlined';
import LockOutlinedIcon from '@mui/icons-material/LockOutlined';
import MoreVertIcon from '@mui/icons-material/MoreVert';
import PublicIcon from '@mui/icons-material/Public';
import PublicOffIcon from '@mui/icons-material/PublicOff';
import VisibilityIcon from '@mui/icons-material/Visibility';
import VisibilityOffIcon from '@mui/icons-material/VisibilityOff';
import {
  Box,
  Button,
  Chip,
  CircularProgress,
  Divider,
  IconButton,
  ListItemIcon,
  ListItemText,
  Menu,
  MenuItem,
  Paper,
  Skeleton,
  Table,
  TableBody,
  TableCell,
  TableContainer,
  TableHead,
  TableRow,
  Tooltip,
  Typography,
} from '@mui/material';
import { useMutation } from '@tanstack/react-query';
import { type ReactNode, useEffect, useRef, useState } from 'react';

import { useBrokerTexts } from '../../i18n/useBrokerTexts.ts';
import { useCareKeepDataProvider } from '../../providers/dataProvider.ts';
import { FileTypeIcon } from '../../resources/FileTypeIcon.tsx';
import { formatFileSize, publicDownloadUrl } from '../../resources/format.ts';
import type { Resource } from '../../types.ts';
import { useErrorToast } from '../../ui/errors.ts';
import { formatDateTime, formatDay } from '../../ui/format.ts';
import { useToast } from '../../ui/toast.tsx';
import { useRefreshResources } from './queries.ts';
import { ADMIN_RESOURCES_TEXTS as T, sharingDescription, statusDescription } from './texts.ts';

/** SPEC §9: the 'Copied' indicator shows for 2 seconds. */
export const COPIED_MS = 2000;

/** Compact cells: nine columns beside the sidebar at a laptop's width. */
const TABLE_SX = { minWidth: 940, '& .MuiTableCell-root': { px: 1.25 } } as const;

const COLUMNS = [T.type, T.titleColumn, T.category, T.size, T.downloads, T.status, T.publicLink, T.uploadedColumn, T.actions] as const;

export interface RowHandlers {
  onEdit: (resource: Resource) => void;
  onDelete: (resource: Resource) => void;
}

/** Every resource, inactive ones included, with its actions (SPEC §2 Admin resource management). */
export function ResourcesTable({ resources, ...handlers }: { resources: Resource[] } & RowHandlers) {
  return (
    <TableContainer component={Paper} variant="outlined">
      <Table aria-label={T.tableLabel} size="small" sx={TABLE_SX}>
        <TableHead>
          <HeaderRow />
        </TableHead>
        <TableBody>
          {resources.map((resource) => (
            <ResourceRow key={resource.id} resource={resource} {...handlers} />
          ))}
        </TableBody>
      </Table>
    </TableContainer>
  );
}

export function ResourcesTableSkeleton() {
  return (
    <TableContainer component={Paper} variant="outlined" aria-busy="true">
      <Table size="small" sx={TABLE_SX}>
        <TableHead>
          <HeaderRow />
        </TableHead>
        <TableBody>
          {[0, 1, 2, 3].map((row) => (
            <TableRow key={row}>
              <TableCell>
                <Skeleton variant="rounded" width={36} height={36} />
              </TableCell>
              <TableCell>
                <Skeleton width="80%" />
                <Skeleton width="55%" />
              </TableCell>
              {COLUMNS.slice(2).map((column) => (
                <TableCell key={column}>
                  <Skeleton />
                </TableCell>
              ))}
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </TableContainer>
  );
}

function HeaderRow() {
  return (
    <TableRow>
      {COLUMNS.map((column) => (
        <TableCell
          key={column}
          align={column === T.downloads ? 'right' : column === T.actions ? 'center' : 'left'}
          sx={{ fontWeight: 600, whiteSpace: 'nowrap', py: 1.5 }}
        >
          {column}
        </TableCell>
      ))}
    </TableRow>
  );
}

function ResourceRow({ resource, onEdit, onDelete }: { resource: Resource } & RowHandlers) {
  const { CATEGORY_LABELS } = useBrokerTexts().resources;
  const dataProvider = useCareKeepDataProvider();
  const toast = useToast();
  const errorToast = useErrorToast();
  const refresh = useRefreshResources();

  const toggleActive = useMutation({
    mutationFn: (isActive: boolean) => dataProvider.toggleResourceActive(resource.id, isActive),
    onSuccess: (saved) => {
      toast({ title: T.statusUpdated, description: statusDescription(saved.title, saved.isActive) });
      void refresh();
    },
    onError: (error) => errorToast(error, T.statusFailed),
  });
  const togglePublic = useMutation({
    mutationFn: (isPublic: boolean) => dataProvider.toggleResourcePublic(resource.id, isPublic),
    onSuccess: (saved) => {
      toast({ title: T.sharingUpdated, description: sharingDescription(saved.title, saved.isPublic) });
      void refresh();
    },
    onError: (error) => errorToast(error, T.sharingFailed),
  });
  const busy = toggleActive.isPending || togglePublic.isPending;
  const muted = resource.isActive ? undefined : 0.6;

  return (
    <TableRow hover data-testid="resource-row" data-resource-id={resource.id}>
      <TableCell sx={{ opacity: muted, width: 52, py: 1.5 }}>
        <FileTypeIcon fileType={resource.fileType} />
      </TableCell>
      <TableCell sx={{ opacity: muted, minWidth: 180 }}>
        <Typography variant="body2" sx={{ fontWeight: 600, overflowWrap: 'anywhere' }}>
          {resource.title}
        </Typography>
        {resource.description && (
          <Typography
            variant="caption"
            color="text.secondary"
            component="p"
            sx={{ display: '-webkit-box', WebkitLineClamp: 2, WebkitBoxOrient: 'vertical', overflow: 'hidden' }}
          >
            {resource.description}
          </Typography>
        )}
      </TableCell>
      <TableCell sx={{ minWidth: 84 }}>{CATEGORY_LABELS[resource.category] ?? resource.category}</TableCell>
      <TableCell sx={{ whiteSpace: 'nowrap' }}>{formatFileSize(resource.fileSize)}</TableCell>
      <TableCell align="right">{resource.downloadCount.toLocaleString('en-US')}</TableCell>
      <TableCell>
        {resource.isActive ? <Chip label={T.active} size="small" color="success" /> : <Chip label={T.inactive} size="small" />}
      </TableCell>
      <TableCell sx={{ whiteSpace: 'nowrap' }}>
        {resource.isPublic ? (
          <CopyLinkButton resource={resource} />
        ) : (
          <Chip icon={<LockOutlinedIcon />} label={T.private} size="small" variant="outlined" />
        )}
      </TableCell>
      <TableCell sx={{ whiteSpace: 'nowrap' }}>
        <time dateTime={resource.createdAt} title={formatDateTime(resource.createdAt)}>
          {formatDay(resource.createdAt)}
        </time>
      </TableCell>
      <TableCell align="center">
        <RowMenu
          resource={resource}
          busy={busy}
          onEdit={() => onEdit(resource)}
          onToggleActive={() => toggleActive.mutate(!resource.isActive)}
          onTogglePublic={() => togglePublic.mutate(!resource.isPublic)}
          onDelete={() => onDelete(resource)}
        />
      </TableCell>
    </TableRow>
  );
}

/** The row's actions in one menu, so the nine columns fit beside the sidebar. */
function RowMenu({
  resource,
  busy,
  onEdit,
  onToggleActive,
  onTogglePublic,
  onDelete,
}: {
  resource: Resource;
  busy: boolean;
  onEdit: () => void;
  onToggleActive: () => void;
  onTogglePublic: () => void;
  onDelete: () => void;
}) {
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const item = (label: string, icon: ReactNode, action: () => void, danger = false) => (
    <MenuItem
      onClick={() => {
        setAnchor(null);
        action();
      }}
      sx={danger ? { color: 'error.main' } : undefined}
    >
      <ListItemIcon sx={danger ? { color: 'error.main' } : undefined}>{icon}</ListItemIcon>
      <ListItemText>{label}</ListItemText>
    </MenuItem>
  );
  if (busy) return <CircularProgress size={20} aria-label={T.saving} />;
  return (
    <>
      <IconButton
        aria-label={T.rowActions(resource.title)}
        aria-haspopup="menu"
        size="small"
        onClick={(event) => setAnchor(event.currentTarget)}
      >
        <MoreVertIcon fontSize="small" />
      </IconButton>
      <Menu anchorEl={anchor} open={anchor !== null} onClose={() => setAnchor(null)}>
        {item(T.edit, <EditOutlinedIcon fontSize="small" />, onEdit)}
        {resource.isActive
          ? item(T.deactivate, <VisibilityOffIcon fontSize="small" />, onToggleActive)
          : item(T.activate, <VisibilityIcon fontSize="small" />, onToggleActive)}
        {resource.isPublic
          ? item(T.makePrivate, <PublicOffIcon fontSize="small" />, onTogglePublic)
          : item(T.makePublic, <PublicIcon fontSize="small" />, onTogglePublic)}
        <Divider />
        {item(T.delete, <DeleteOutlinedIcon fontSize="small" />, onDelete, true)}
      </Menu>
    </>
  );
}

/** Copies the public download link; 'Copied' shows for 2 s, with the 'Copied!' toast. */
function CopyLinkButton({ resource }: { resource: Resource }) {
  const toast = useToast();
  const errorToast = useErrorToast();
  const [copied, setCopied] = useState(false);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);

  useEffect(() => () => clearTimeout(timer.current), []);

  const copy = async () => {
    try {
      await navigator.clipboard.writeText(publicDownloadUrl(resource.id));
    } catch (error) {
      errorToast(error, T.copyFailed);
      return;
    }
    setCopied(true);
    toast({ title: T.copiedToast, description: T.copiedDescription });
    clearTimeout(timer.current);
    timer.current = setTimeout(() => setCopied(false), COPIED_MS);
  };

  return (
    <Tooltip title={resource.isActive ? T.publicLinkHint : T.inactiveLinkHint} describeChild>
      <Button
        size="small"
        variant="outlined"
        color={copied ? 'success' : 'primary'}
        startIcon={copied ? <CheckIcon /> : <ContentCopyIcon />}
        onClick={() => void copy()}
        sx={{ minWidth: 112 }}
      >
        {copied ? T.copied : T.copyLink}
      </Button>
    </Tooltip>
  );
}

/** A row-count line above the table. */
export function ResourcesSummary({ resources }: { resources: Resource[] }) {
  const active = resources.filter((r) => r.isActive).length;
  const shared = resources.filter((r) => r.isPublic).length;
  return (
    <Box sx={{ mb: 1.5 }}>
      <Typography variant="body2" color="text.secondary">
        {T.summary(resources.length, active, shared)}
      </Typography>
    </Box>
  );
}
