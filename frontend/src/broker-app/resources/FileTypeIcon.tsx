import type { SvgIconComponent } from '@mui/icons-material';
import DescriptionIcon from '@mui/icons-material/Description';
import ImageIcon from '@mui/icons-material/Image';
import InsertDriveFileIcon from '@mui/icons-material/InsertDriveFile';
import PictureAsPdfIcon from '@mui/icons-material/PictureAsPdf';
import SlideshowIcon from '@mui/icons-material/Slideshow';
import TableChartIcon from '@mui/icons-material/TableChart';
import VideoFileIcon from '@mui/icons-material/VideoFile';
import { Avatar } from '@mui/material';

import { type FileKind, fileKind } from './format.ts';

/** One icon per kind of file the server accepts (backend storage/file-types.ts), named for screen readers. */
export const FILE_KINDS: Record<FileKind, { icon: SvgIconComponent; color: string; label: string }> = {
  pdf: { icon: PictureAsPdfIcon, color: '#dc2626', label: 'PDF file' },
  document: { icon: DescriptionIcon, color: '#2563eb', label: 'Word document' },
  spreadsheet: { icon: TableChartIcon, color: '#16a34a', label: 'Excel spreadsheet' },
  presentation: { icon: SlideshowIcon, color: '#ea580c', label: 'PowerPoint presentation' },
  image: { icon: ImageIcon, color: '#9333ea', label: 'Image' },
  video: { icon: VideoFileIcon, color: '#db2777', label: 'Video' },
  other: { icon: InsertDriveFileIcon, color: '#64748b', label: 'File' },
};

/** The file's kind as a coloured icon, in the broker's library (48 px) and the admin's table (36 px). */
export function FileTypeIcon({ fileType, size = 36 }: { fileType: string; size?: number }) {
  const kind = FILE_KINDS[fileKind(fileType)];
  const Icon = kind.icon;
  return (
    <Avatar
      variant="rounded"
      role="img"
      aria-label={`${kind.label} (${fileType.toUpperCase()})`}
      title={fileType.toUpperCase()}
      sx={{ bgcolor: `${kind.color}1a`, color: kind.color, width: size, height: size }}
    >
      <Icon fontSize={size > 40 ? 'medium' : 'small'} />
    </Avatar>
  );
}
