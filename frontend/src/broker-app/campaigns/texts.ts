/** Texts of the Campaigns page. Titles and error fallbacks are the spec's (§2, §8), word for word. */
export const CAMPAIGN_TEXTS = {
  loadingCampaigns: 'Loading campaigns',
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
  draftHint: 'Saved as a draft. You can review it before sending it.',
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
  audienceCounting: 'Counting the clients it goes to…',
  audience: (count: number, type: 'email' | 'sms', consented = count) =>
    count === 0
      ? `None of your active clients can receive it: none has ${type === 'email' ? 'an e-mail address' : 'a phone number'}.`
      : consented === 0
        ? `None of these ${count} ${count === 1 ? 'client has' : 'clients have'} given permission for marketing ${type === 'email' ? 'e-mails' : 'texts'} (or it lapsed): it would be sent to no one. Record their permission on the client page first.`
        : consented < count
          ? `It goes to ${consented} of ${count} clients. The other ${count - consented} have not given permission for marketing ${type === 'email' ? 'e-mails' : 'texts'}, took it back or opted out: they are skipped, and the campaign page says why.`
          : `It goes to ${count} ${count === 1 ? 'client' : 'clients'}.`,
  confirmSend: 'Send now',
  skippedTitle: (count: number) => `${count} ${count === 1 ? 'message was' : 'messages were'} not sent:`,
  skippedLine: (reason: string, count: number) => `${reason}: ${count}`,
  edit: 'Edit',
  editFor: (name: string) => `Edit ${name}`,
  editTitle: 'Edit Campaign',
  save: 'Save Changes',
  saved: 'Campaign saved',
  saveFailed: 'Failed to save campaign',
  delete: 'Delete',
  deleteFor: (name: string) => `Delete ${name}`,
  deleteTitle: 'Delete this draft?',
  deleteBody: (name: string) => `“${name}” will be deleted. It was never sent.`,
  keepIt: 'Keep It',
  deleted: 'Draft deleted',
  deleteFailed: 'Failed to delete campaign',
  sendTest: 'Send Test',
  sendTestFor: (name: string) => `Send Test of ${name} to yourself`,
  sendTestFailed: 'Failed to send the test',
  sendTestHint: 'Sends it to you alone, marked [Test]: by e-mail to your address, by text to your agency phone.',
  duplicate: 'Duplicate',
  duplicateFor: (name: string) => `Duplicate ${name}`,
  duplicated: (name: string) => `Saved “${name}” as a draft`,
  duplicateFailed: 'Failed to duplicate campaign',
  viewRecipients: 'Recipients',
  viewRecipientsFor: (name: string) => `Recipients of ${name}`,

  pageBack: 'Campaigns',
  pageNotFound: 'This campaign was not found. It may have been deleted.',
  recipientsTitle: 'Recipients',
  recipientsEmptyDraft: 'A draft has no recipients yet: they are fixed when it is sent.',
  recipientsEmpty: 'None of your clients could receive this campaign when it was sent.',
  colName: 'Client',
  colAddress: 'Sent to',
  colStatus: 'Status',
  colOpened: 'Opened',
  colClicked: 'Clicked',
  recipientStatus: { waiting: 'Waiting', sent: 'Sent', delivered: 'Delivered', failed: 'Failed', skipped: 'Skipped' },
  yes: 'Yes',
  no: '—',
  noHealthData: 'Delivery only: nothing of a client’s health information is shown here.',
  sent: 'Campaign sent',
  sentTo: (count: number) => `Going out to ${count} ${count === 1 ? 'client' : 'clients'}.`,
  sendFailed: 'Failed to send campaign',

  status: { draft: 'Draft', sent: 'Sent' },
  typeLabel: { email: 'Email', sms: 'SMS' },
  recipients: 'Recipients',
  opened: 'Opened',
  clicked: 'Clicked',
  draftRecipients: 'Goes to your active clients when sent',
  audienceLabel: 'Audience',
  audienceAll: 'All your active clients',
  audienceFilter: (words: string) => `Clients matching: ${words || 'every client'}`,
  audienceClients: (count: number) => `${count} chosen ${count === 1 ? 'client' : 'clients'}`,
  audienceFor: (words: string) => `For ${words.charAt(0).toLowerCase()}${words.slice(1)}`,
  audienceHint: 'Only active clients who can receive it get it: with an address for this channel, and not opted out.',
  createdOn: (date: string) => `Created ${date}`,
  sentOn: (date: string) => `Sent ${date}`,
} as const;

/** Server limits (characters). */
export const LIMITS = { name: 200, subject: 200, message: 5000 } as const;
export const SMS_SEGMENT = 160;
