export const ACTIVITY_KINDS = [
  'reminder_call',
  'reminder_text',
  'reminder_confirmed',
  'campaign_sent',
  'campaign_opened',
  'campaign_clicked',
  'invitation_sent',
  'client_registered',
  'contact_change_confirmed',
  'contact_change_refused',
  'client_added',
  'client_deactivated',
] as const;
export type ActivityKind = (typeof ACTIVITY_KINDS)[number];

/**
 * What each event was. The broker's own reminders are generic calls and texts, so they are named by
 * channel; "Client engagement recorded" is the spec's row, kept for the events it describes. A
 * client's own reminders are never listed (they are the client's private schedule).
 */
export const ACTIVITY_TITLES: Record<ActivityKind, string> = {
  reminder_call: 'Reminder call made',
  reminder_text: 'Reminder text sent',
  reminder_confirmed: 'Reminder call confirmed',
  campaign_sent: 'Campaign sent',
  campaign_opened: 'Client engagement recorded',
  campaign_clicked: 'Client engagement recorded',
  invitation_sent: 'Invitation sent',
  client_registered: 'Client registered',
  contact_change_confirmed: 'Contact change confirmed by the client',
  contact_change_refused: 'Contact change refused by the client',
  client_added: 'Client added',
  client_deactivated: 'Marked inactive',
};
