/** Texts of the Reminders page. Titles, validation messages and toasts are the spec's (§2, §5, §8), word for word. */
export const REMINDER_TEXTS = {
  loadingReminders: 'Loading reminders',
  notSent: (reason: string) => `Not sent: ${reason}`,
  title: 'Client Reminders',
  subtitle: 'One-time calls and text messages to your clients.',
  executePending: 'Execute Pending',
  scheduleReminder: 'Schedule Reminder',
  listLabel: 'Reminders',
  loadFailed: 'Failed to load reminders',
  showMore: 'Show more',

  emptyTitle: 'No reminders scheduled yet',
  emptyBody:
    'Schedule a call or a text message for one of your clients: a check-in, an appointment with you, an enrolment-period ' +
    'deadline. Reminders go out automatically within a minute of their scheduled time; Execute Pending sends the ones ' +
    'that are due right away.',
  privacyNote:
    'Your reminders carry generic messages only. Medication reminders are kept by your clients in their private portal, ' +
    'which you cannot see.',

  dialogTitle: 'Schedule Reminder',
  client: 'Client',
  clientHint: 'Type a name, phone or e-mail to find the client.',
  editTitle: 'Edit Reminder',
  save: 'Save Changes',
  saved: 'Reminder updated',
  saveFailed: 'Failed to update reminder',
  edit: 'Edit',
  cancelReminder: 'Cancel Reminder',
  editFor: (name: string) => `Edit Reminder to ${name}`,
  cancelFor: (name: string) => `Cancel Reminder to ${name}`,
  cancelTitle: 'Cancel this reminder?',
  cancelBody: (name: string, when: string) => `The reminder to ${name} on ${when} will not be sent.`,
  keepIt: 'Keep It',
  cancelled: 'Reminder cancelled',
  cancelFailed: 'Failed to cancel reminder',
  searchLabel: 'Search reminders',
  searchPlaceholder: 'Search by client name or message…',
  filterStatus: 'Status',
  filterMethod: 'Delivery',
  filterClient: 'Client',
  filterFrom: 'From',
  filterTo: 'To',
  filterAll: 'All',
  clearFilters: 'Clear filters',
  emptyNoMatch: 'No reminders match these filters.',
  paginationLabel: 'Reminder pages',
  noClients: 'You have no clients yet. Add a client on the Clients page first.',
  goToClients: 'Go to Clients',
  date: 'Date',
  time: 'Time',
  whenHint: 'Your local time. Reminders that fall between 9 PM and 8 AM in the client’s time zone wait until 8 AM.',
  deliveryMethod: 'Delivery method',
  voice: 'Voice call',
  sms: 'SMS',
  message: 'Message',
  messagePlaceholder: 'Hi! This is a friendly reminder about our call tomorrow. Call us back if you have questions.',
  messageHint: 'Keep the message generic, with no health information: no medication names or conditions.',
  cancel: 'Cancel',
  submit: 'Schedule Reminder',

  selectClient: 'Please select a client',
  invalidDate: 'Invalid date or time',
  pastDate: 'Scheduled time must be in the future',
  messageRequired: 'Message is required',

  scheduled: 'Reminder scheduled successfully',
  scheduleFailed: 'Failed to schedule reminder',
  executeFailed: 'Failed to execute reminders',
  executed: (count: number) => `${count} ${count === 1 ? 'reminder' : 'reminders'} executed`,
  nothingDue: 'No pending reminders were due yet. Each one goes out automatically within a minute of its time.',

  unknownClient: 'Unknown client',
  status: { pending: 'Pending', completed: 'Completed', failed: 'Failed' },
  method: { voice: 'Voice call', sms: 'SMS' },
} as const;

/** Server limit on a reminder's message. */
export const MESSAGE_MAX_LENGTH = 500;
