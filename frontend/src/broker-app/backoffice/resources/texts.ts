/**
 * The back office's words for the library; the categories, file sizes, file kinds and load-error texts
 * are the broker library's (../../resources/texts.ts, format.ts, FileTypeIcon.tsx), one set for both.
 * SPEC §2 Admin resource management, §5 Resource upload, §8 Admin and Success messages, word for
 * word where the spec gives them.
 */
export const ADMIN_RESOURCES_TEXTS = {
  title: 'Resource Management',
  subtitle: 'Upload and manage the files brokers use with their clients',
  upload: 'Upload Resource',

  // Search
  searchLabel: 'Search resources',
  searchPlaceholder: 'Title or description',
  noMatchTitle: 'No resources found',
  noMatch: 'No resource has these words in its title or description. Try other words, or clear the search.',
  clearSearch: 'Clear Search',

  // Table
  tableLabel: 'Resources',
  type: 'Type',
  titleColumn: 'Title',
  category: 'Category',
  size: 'Size',
  downloads: 'Downloads',
  status: 'Status',
  publicLink: 'Public Link',
  uploadedColumn: 'Uploaded',
  actions: 'Actions',
  active: 'Active',
  inactive: 'Inactive',
  copyLink: 'Copy Link',
  copied: 'Copied',
  private: 'Private',
  publicLinkHint: 'Anyone with this link can download the file, without signing in',
  inactiveLinkHint: 'The link answers "not found" until the resource is active again',
  summary: (total: number, active: number, shared: number) =>
    `${total} ${total === 1 ? 'resource' : 'resources'} · ${active} active · ${shared} public`,
  empty: 'No resources uploaded yet',
  emptyHint: 'Upload PDFs, Word documents, images or videos for your brokers to use with their clients.',

  // Row actions
  rowActions: (title: string) => `Actions for ${title}`,
  edit: 'Edit',
  activate: 'Activate',
  deactivate: 'Deactivate',
  makePublic: 'Make Public',
  makePrivate: 'Make Private',
  delete: 'Delete',

  // Upload and edit dialogs
  uploadTitle: 'Upload Resource',
  editTitle: 'Edit Resource',
  fileLabel: 'File',
  chooseFile: 'Choose File',
  noFileChosen: 'No file chosen',
  acceptedFiles: 'PDF, Word, Excel or PowerPoint files, images (PNG, JPEG, WebP, GIF) or videos (MP4, WebM).',
  titleLabel: 'Title',
  descriptionLabel: 'Description',
  categoryLabel: 'Category',
  required: 'Please select a file and enter a title',
  uploadProgress: 'Upload progress',
  uploading: (percent: number) => `Uploading… ${percent}%`,
  saving: 'Saving…',
  cancel: 'Cancel',
  save: 'Save Changes',
  uploadButton: 'Upload',

  // Delete
  deleteTitle: 'Delete Resource',
  deleteConfirm: 'Are you sure you want to delete this resource?',
  deleteNote: 'The file is removed for good; brokers and public links lose it at once.',

  // Toasts (SPEC §8)
  uploadSucceeded: 'Resource uploaded successfully',
  uploadFailed: 'Failed to upload resource',
  updated: 'Resource updated successfully',
  updateFailed: 'Failed to update resource',
  statusUpdated: 'Resource status updated',
  statusFailed: 'Failed to update status',
  sharingUpdated: 'Resource sharing updated',
  sharingFailed: 'Failed to update sharing',
  deleted: 'Resource deleted successfully',
  deleteFailed: 'Failed to delete resource',
  copiedToast: 'Copied!',
  copiedDescription: 'The public download link is on your clipboard.',
  copyFailed: 'Failed to copy link',
} as const;

export const statusDescription = (title: string, isActive: boolean) =>
  isActive ? `"${title}" is visible to brokers again.` : `"${title}" is hidden from brokers.`;

export const sharingDescription = (title: string, isPublic: boolean) =>
  isPublic ? `"${title}" can now be downloaded with its public link.` : `"${title}" is private: its public link no longer works.`;

export const uploadedDescription = (title: string) => `"${title}" is now in the library.`;

export const updatedDescription = (title: string) => `"${title}" was saved.`;

export const deletedDescription = (title: string) => `"${title}" was removed from the library.`;
