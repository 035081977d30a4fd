import type { OutboxMessage } from '../types.ts';

/** The development outbox page (development only; not a page of the spec). */
export const OUTBOX_TEXTS = {
  messageLabel: (channel: string, recipient: string) => `${channel} to ${recipient}`,
  title: 'Outbox',
  subtitle: 'In development nothing is really sent: every call script, text message and e-mail the system would have sent is here.',
  channelFilter: 'Channel',
  all: 'All',
  refresh: 'Refresh',
  emptyTitle: 'No messages yet',
  emptyHint: 'Invitations, reminder calls and texts, and campaign messages you send will appear here.',
  emptyFilteredHint: 'Nothing on this channel yet. Choose All to see every message.',
  loadFailed: 'Failed to load the outbox',
  retry: 'Try again',
  subject: 'Subject',
  callScript: 'Call script',
  emailPreview: 'E-mail preview',
  phoneTitle: (recipient: string) => `Answer as ${recipient}`,
  phoneHint: 'Without a phone provider, answer here as the client would: it goes through the same steps as a real reply or key press.',
  replyLabel: 'Reply',
  replyPlaceholder: 'e.g. Can you call me about my plan?',
  sendReply: 'Send reply',
  press1: 'Press 1 (confirm)',
  press9: 'Press 9 (stop calls)',
  voicemail: 'Voicemail',
  noAnswer: 'No answer',
  heardTitle: 'Heard back',
  heardNothing: 'Nothing was said back.',
  answerFailed: 'The answer could not be given',
} as const;

export type Channel = OutboxMessage['channel'];

export const CHANNEL_FILTERS: readonly { value: Channel; label: string }[] = [
  { value: 'voice', label: 'Voice' },
  { value: 'sms', label: 'SMS' },
  { value: 'email', label: 'E-mail' },
];

export const CHANNEL_LABELS: Record<Channel, string> = { voice: 'Voice call', sms: 'SMS', email: 'E-mail' };

const PURPOSE_LABELS: Record<string, string> = {
  'client-invitation': 'Client invitation',
  reminder: 'Reminder',
  campaign: 'Campaign',
};

/** The server's purpose codes in words; an unknown code reads as its words. */
export function purposeLabel(purpose: string): string {
  const known = PURPOSE_LABELS[purpose];
  if (known) return known;
  const words = purpose.replace(/[-_]+/g, ' ').trim();
  return words.charAt(0).toUpperCase() + words.slice(1);
}
