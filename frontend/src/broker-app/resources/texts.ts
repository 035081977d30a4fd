import type { ResourceCategory } from '../types.ts';

/** SPEC §2 Broker resources page, §3 Resource, §8 Resources (broker), word for word where the spec gives them. */
export const RESOURCES_TEXTS = {
  loadingResources: 'Loading resources',
  title: 'Resources',
  subtitle: 'Training materials, sales scripts, templates and compliance documents shared with your agency',
  searchLabel: 'Search resources',
  searchPlaceholder: 'Search by title or description...',
  categoryLabel: 'Category',
  allCategories: 'All',
  download: 'Download',
  emptyTitle: 'No resources found',
  emptyFiltered: 'Try adjusting your filters',
  emptyNone: 'No resources have been uploaded yet',
  clearFilters: 'Clear filters',
  fetchFailed: 'Failed to fetch resources',
  retry: 'Try again',
  downloadFailed: 'Failed to download resource',
  downloadStarted: 'Download Started',
  uploaded: 'Uploaded',
} as const;

/** Category labels in the order the page shows its groups (SPEC §3; marketing per the guides). */
export const CATEGORY_LABELS: Record<ResourceCategory, string> = {
  general: 'General',
  training: 'Training Materials',
  scripts: 'Sales Scripts',
  templates: 'Templates',
  compliance: 'Compliance',
  marketing: 'Marketing',
};

export const CATEGORY_ORDER = Object.keys(CATEGORY_LABELS) as ResourceCategory[];

export const downloadStartedDescription = (title: string) => `"${title}" is downloading in a new tab.`;

/** Each kind of file, as screen readers name its icon. */
export const FILE_KIND_NAMES = {
  pdf: 'PDF file',
  document: 'Word document',
  spreadsheet: 'Excel spreadsheet',
  presentation: 'PowerPoint presentation',
  image: 'Image',
  video: 'Video',
  other: 'File',
} as const;
