import type { Resource, ResourceCategory } from '../types.ts';
import { CATEGORY_ORDER } from './texts.ts';

const KB = 1024;
const MB = 1024 * 1024;

/** SPEC §9 Display: KB with one decimal below 1 MB, else MB (one decimal). */
export function formatFileSize(bytes: number): string {
  if (bytes < MB) return `${(bytes / KB).toFixed(1)} KB`;
  return `${(bytes / MB).toFixed(1)} MB`;
}

export interface ResourceFilters {
  q: string;
  category: ResourceCategory | 'all';
}

export function hasActiveFilters(filters: ResourceFilters): boolean {
  return filters.q.trim() !== '' || filters.category !== 'all';
}

/** The search looks at title and description, like the server's q filter. */
export function filterResources(resources: readonly Resource[], filters: ResourceFilters): Resource[] {
  const q = filters.q.trim().toLowerCase();
  return resources.filter(
    (r) =>
      (filters.category === 'all' || r.category === filters.category) &&
      (q === '' || r.title.toLowerCase().includes(q) || (r.description ?? '').toLowerCase().includes(q)),
  );
}

export interface ResourceGroup {
  category: ResourceCategory;
  resources: Resource[];
}

/** Groups in the categories' fixed order, titles A–Z inside each; empty groups are left out. */
export function groupByCategory(resources: readonly Resource[]): ResourceGroup[] {
  const byTitle = [...resources].sort((a, b) => a.title.localeCompare(b.title));
  return CATEGORY_ORDER.map((category) => ({ category, resources: byTitle.filter((r) => r.category === category) })).filter(
    (group) => group.resources.length > 0,
  );
}

export type FileKind = 'pdf' | 'document' | 'spreadsheet' | 'presentation' | 'image' | 'video' | 'other';

export function fileKind(fileType: string): FileKind {
  switch (fileType.toLowerCase()) {
    case 'pdf':
      return 'pdf';
    case 'doc':
    case 'docx':
      return 'document';
    case 'xls':
    case 'xlsx':
      return 'spreadsheet';
    case 'ppt':
    case 'pptx':
      return 'presentation';
    case 'png':
    case 'jpg':
    case 'jpeg':
    case 'webp':
    case 'gif':
      return 'image';
    case 'mp4':
    case 'webm':
      return 'video';
    default:
      return 'other';
  }
}

/** Where a signed-in broker downloads a resource. */
export function resourceDownloadUrl(id: string): string {
  return `/api/resources/${encodeURIComponent(id)}/download`;
}

/** SPEC §7 Navigation: the public link is the origin plus /api/public/resources/{id}/download. */
export function publicDownloadUrl(id: string, origin: string = window.location.origin): string {
  return `${origin}/api/public/resources/${encodeURIComponent(id)}/download`;
}
