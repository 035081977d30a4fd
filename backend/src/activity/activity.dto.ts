import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { IsIn, IsOptional } from 'class-validator';

export const ACTIVITY_KINDS = ['reminder_sent', 'engagement', 'contact_change_confirmed', 'contact_change_refused'] as const;
export type ActivityKind = (typeof ACTIVITY_KINDS)[number];

export const ACTIVITY_TITLES: Record<ActivityKind, string> = {
  reminder_sent: 'Medication reminder sent',
  engagement: 'Client engagement recorded',
  contact_change_confirmed: 'Contact change confirmed by the client',
  contact_change_refused: 'Contact change refused by the client',
};

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
  @ApiProperty({ enum: Object.values(ACTIVITY_TITLES) }) title!: string;
  @ApiProperty({ type: String, nullable: true, description: '"First Last"; null when the client was deleted' }) clientName!: string | null;
  @ApiProperty({ type: String, format: 'date-time' }) occurredAt!: string;
  @ApiPropertyOptional({ example: 'Phone ***-***-0142 → ***-***-0199', description: 'Contact changes: what changed, masked' })
  detail?: string;
}
