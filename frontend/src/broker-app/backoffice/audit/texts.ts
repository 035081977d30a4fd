/**
 * The platform's audit log (/admin/audit, docs/admin.md). The actions' names and the changed values
 * are worded as on the broker detail's activity timeline (../brokers/texts.ts ACTION_LABELS and
 * CHANGE_FIELD_LABELS, through ../brokers/format.ts), one wording for both.
 */
export const AUDIT_TEXTS = {
  title: 'Audit Log',
  subtitle: 'Every change a platform admin made: who, when, to which account, and the values before and after.',
  appendOnly: 'Entries are never changed or removed.',

  filtersLabel: 'Audit log filters',
  search: 'Search',
  searchPlaceholder: 'Notes, action, admin or broker',
  admin: 'Admin',
  broker: 'Broker',
  action: 'Action',
  from: 'From',
  to: 'To',
  all: 'All',
  clearFilters: 'Clear Filters',

  exportCsv: 'Export CSV',
  exportHint: 'Download every entry under these filters as a CSV file',

  tableLabel: 'Audit log',
  columns: { when: 'When', admin: 'Admin', action: 'Action', broker: 'Broker', change: 'Change', notes: 'Notes' },
  none: '—',
  deletedAccount: 'Deleted account',
  byAdmin: (who: string) => `by ${who}`,
  forBroker: (who: string) => `Broker: ${who}`,
  change: (before: string, after: string) => `${before} → ${after}`,

  emptyTitle: 'No entries',
  emptyFiltered: 'No entry matches these filters. Try other words or dates, or clear the filters.',
  emptyNone: 'No admin has made a change yet. Trial extensions, subscription changes and resource changes appear here.',
  loadFailed: 'Failed to load the audit log',
} as const;

/** What an entry was about, by its target type; another type is shown as stored. */
export const TARGET_LABELS: Record<string, string> = {
  broker: 'Broker',
  resource: 'Resource',
  api_token: 'API token',
  user: 'Person',
};
