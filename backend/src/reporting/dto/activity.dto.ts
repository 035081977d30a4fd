import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { IsIn, IsOptional } from 'class-validator';

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

export const TIMELINE_LIMIT = 100;

export const ACTIVITY_LIMIT_MAX = 20;
export const ACTIVITY_LIMIT_DEFAULT = 5;
// Query values arrive as text: only the exact whole numbers 1-20 are accepted ("05", "2.0", "1e1" are not).
const LIMIT_VALUES = Array.from({ length: ACTIVITY_LIMIT_MAX }, (_, i) => String(i + 1));

export class ActivityQueryDto {
  @ApiPropertyOptional({ type: 'integer', minimum: 1, maximum: ACTIVITY_LIMIT_MAX, default: ACTIVITY_LIMIT_DEFAULT })
  @IsOptional()
  @IsIn(LIMIT_VALUES, { message: `limit must be a whole number from 1 to ${ACTIVITY_LIMIT_MAX}` })
  limit?: string;
}

/** One event of the broker's recent activity: what happened and to whom, never what a message said. */
export class ActivityItemDto {
  @ApiProperty({ description: 'Stable for the same event' }) id!: string;
  @ApiProperty({ enum: ACTIVITY_KINDS }) kind!: ActivityKind;
  @ApiProperty({ enum: [...new Set(Object.values(ACTIVITY_TITLES))] }) title!: string;
  @ApiProperty({ type: String, nullable: true, description: '"First Last"; null for a campaign sent, or when the client was deleted' })
  clientName!: string | null;
  @ApiProperty({ type: String, format: 'date-time' }) occurredAt!: string;
  @ApiPropertyOptional({
    example: 'Phone ***-***-0142 → ***-***-0199',
    description: 'Contact changes: what changed, masked. Campaigns: the campaign’s name (and, once sent, its recipient count).',
  })
  detail?: string;
}
