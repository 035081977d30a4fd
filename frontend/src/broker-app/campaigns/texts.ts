/** Texts of the Campaigns page. Titles and error fallbacks are the spec's (§2, §8), word for word. */
export const CAMPAIGN_TEXTS = {
  title: 'Messaging Campaigns',
  subtitle: 'Reach all your active clients at once by e-mail or text message.',
  createCampaign: 'Create Campaign',
  listLabel: 'Campaigns',
  loadFailed: 'Failed to load campaigns',
  showMore: 'Show more',

  emptyTitle: 'No campaigns yet',
  emptyBody:
    'Create a campaign to send an enrolment-period update, a newsletter or a holiday greeting to all your active ' +
    'clients. It is saved as a draft; nothing goes out until you press Send.',

  dialogTitle: 'Create Campaign',
  name: 'Campaign name',
  namePlaceholder: 'Annual Enrollment Period update',
  type: 'Type',
  email: 'Email',
  sms: 'SMS',
  subject: 'Subject',
  message: 'Message',
  smsHint: (length: number) => `${length} characters · texts over 160 characters are sent in several parts`,
  draftHint: 'Saved as a draft. You can review it before sending it to your active clients.',
  cancel: 'Cancel',
  submit: 'Create Campaign',

  nameRequired: 'Name is required',
  subjectRequired: 'Subject is required for an email campaign',
  messageRequired: 'Message is required',

  created: 'Campaign created',
  createdDescription: 'Saved as a draft. Press Send when you are ready.',
  createFailed: 'Failed to create campaign',

  send: 'Send',
  confirmTitle: 'Send this campaign?',
  confirmBody: (name: string, type: 'email' | 'sms') =>
    `“${name}” goes out now by ${type === 'email' ? 'e-mail' : 'text message'} to each of your active clients ` +
    `with ${type === 'email' ? 'an e-mail address' : 'a phone number'}. A sent campaign cannot be recalled.`,
  confirmSend: 'Send now',
  sent: 'Campaign sent',
  sentTo: (count: number) => `Going out to ${count} ${count === 1 ? 'client' : 'clients'}.`,
  sendFailed: 'Failed to send campaign',

  status: { draft: 'Draft', sent: 'Sent' },
  typeLabel: { email: 'Email', sms: 'SMS' },
  recipients: 'Recipients',
  opened: 'Opened',
  clicked: 'Clicked',
  draftRecipients: 'Goes to your active clients when sent',
  createdOn: (date: string) => `Created ${date}`,
  sentOn: (date: string) => `Sent ${date}`,
} as const;

/** Server limits (characters). */
export const LIMITS = { name: 200, subject: 200, message: 5000 } as const;
export const SMS_SEGMENT = 160;
