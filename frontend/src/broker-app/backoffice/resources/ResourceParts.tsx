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
  Button,
  Chip,
  CircularProgress,
  Divider,
  IconButton,
  ListItemIcon,
  ListItemText,
  Menu,
  MenuItem,
  Tooltip,
  Typography,
} from '@mui/material';
import { useMutation } from '@tanstack/react-query';
import { type ReactNode, useEffect, useRef, useState } from 'react';

import { useBrokerTexts } from '../../i18n/useBrokerTexts.ts';
import { useCareKeepDataProvider } from '../../providers/dataProvider.ts';
import { publicDownloadUrl } from '../../resources/format.ts';
import type { Resource } from '../../types.ts';
import { useErrorToast } from '../../ui/errors.ts';
import { formatDateTime, formatDay } from '../../ui/format.ts';
import { useToast } from '../../ui/toast.tsx';
import { useRefreshResources } from './queries.ts';

/** SPEC §9: the 'Copied' indicator shows for 2 seconds. */
export const COPIED_MS = 2000;

export interface RowHandlers {
  onEdit: (resource: Resource) => void;
  onDelete: (resource: Resource) => void;
}

/** The title, with up to two lines of the description below. */
export function ResourceTitle({ resource }: { resource: Resource }) {
  return (
    <>
      <Typography
        variant="body2"
        color={resource.isActive ? 'text.primary' : 'text.secondary'}
        sx={{ fontWeight: 600, overflowWrap: 'anywhere' }}
      >
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
    </>
  );
}

export function ResourceStatus({ resource }: { resource: Resource }) {
  const { ADMIN_RESOURCES_TEXTS: T } = useBrokerTexts().adminResources;
  return resource.isActive ? <Chip label={T.active} size="small" color="success" /> : <Chip label={T.inactive} size="small" />;
}

/** Copy Link for a public resource, a Private badge otherwise. */
export function ResourceSharing({ resource }: { resource: Resource }) {
  const { ADMIN_RESOURCES_TEXTS: T } = useBrokerTexts().adminResources;
  return resource.isPublic ? (
    <CopyLinkButton resource={resource} />
  ) : (
    <Chip icon={<LockOutlinedIcon />} label={T.private} size="small" variant="outlined" />
  );
}

export function UploadedDay({ resource }: { resource: Resource }) {
  return (
    <time dateTime={resource.createdAt} title={formatDateTime(resource.createdAt)}>
      {formatDay(resource.createdAt)}
    </time>
  );
}

/** Copies the public download link; 'Copied' shows for 2 s, with the 'Copied!' toast. */
function CopyLinkButton({ resource }: { resource: Resource }) {
  const { ADMIN_RESOURCES_TEXTS: T } = useBrokerTexts().adminResources;
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
        sx={{ minWidth: 112, whiteSpace: 'nowrap' }}
      >
        {copied ? T.copied : T.copyLink}
      </Button>
    </Tooltip>
  );
}

/**
 * The row's actions in one menu, so the nine columns fit beside the sidebar: edit and delete open
 * the page's dialogs; activate/deactivate and make public/private apply at once.
 */
export function ResourceRowMenu({ resource, onEdit, onDelete }: { resource: Resource } & RowHandlers) {
  const { ADMIN_RESOURCES_TEXTS: T, statusDescription, sharingDescription } = useBrokerTexts().adminResources;
  const dataProvider = useCareKeepDataProvider();
  const toast = useToast();
  const errorToast = useErrorToast();
  const refresh = useRefreshResources();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);

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
  if (toggleActive.isPending || togglePublic.isPending) return <CircularProgress size={20} aria-label={T.saving} />;
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
        {item(T.edit, <EditOutlinedIcon fontSize="small" />, () => onEdit(resource))}
        {resource.isActive
          ? item(T.deactivate, <VisibilityOffIcon fontSize="small" />, () => toggleActive.mutate(false))
          : item(T.activate, <VisibilityIcon fontSize="small" />, () => toggleActive.mutate(true))}
        {resource.isPublic
          ? item(T.makePrivate, <PublicOffIcon fontSize="small" />, () => togglePublic.mutate(false))
          : item(T.makePublic, <PublicIcon fontSize="small" />, () => togglePublic.mutate(true))}
        <Divider />
        {item(T.delete, <DeleteOutlinedIcon fontSize="small" />, () => onDelete(resource), true)}
      </Menu>
    </>
  );
}
