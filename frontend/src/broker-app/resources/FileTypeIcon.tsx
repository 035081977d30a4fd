import type { SvgIconComponent } from '@mui/icons-material';
import DescriptionIcon from '@mui/icons-material/Description';
import ImageIcon from '@mui/icons-material/Image';
import InsertDriveFileIcon from '@mui/icons-material/InsertDriveFile';
import PictureAsPdfIcon from '@mui/icons-material/PictureAsPdf';
import SlideshowIcon from '@mui/icons-material/Slideshow';
import TableChartIcon from '@mui/icons-material/TableChart';
import VideoFileIcon from '@mui/icons-material/VideoFile';
import { Avatar } from '@mui/material';

import { useBrokerTexts } from '../i18n/useBrokerTexts.ts';
import { type FileKind, fileKind } from './format.ts';

/** One icon per kind of file the server accepts (backend storage/file-types.ts), named for screen readers. */
export const FILE_KINDS: Record<FileKind, { icon: SvgIconComponent; color: string }> = {
  pdf: { icon: PictureAsPdfIcon, color: '#dc2626' },
  document: { icon: DescriptionIcon, color: '#2563eb' },
  spreadsheet: { icon: TableChartIcon, color: '#16a34a' },
  presentation: { icon: SlideshowIcon, color: '#ea580c' },
  image: { icon: ImageIcon, color: '#9333ea' },
  video: { icon: VideoFileIcon, color: '#db2777' },
  other: { icon: InsertDriveFileIcon, color: '#64748b' },
};

/** The file's kind as a coloured icon, in the broker's library (48 px) and the admin's table (36 px). */
export function FileTypeIcon({ fileType, size = 36 }: { fileType: string; size?: number }) {
  const { FILE_KIND_NAMES } = useBrokerTexts().resources;
  const kind = FILE_KINDS[fileKind(fileType)];
  const Icon = kind.icon;
  return (
    <Avatar
      variant="rounded"
      role="img"
      aria-label={`${FILE_KIND_NAMES[fileKind(fileType)]} (${fileType.toUpperCase()})`}
      title={fileType.toUpperCase()}
      sx={{ bgcolor: `${kind.color}1a`, color: kind.color, width: size, height: size }}
    >
      <Icon fontSize={size > 40 ? 'medium' : 'small'} />
    </Avatar>
  );
}
