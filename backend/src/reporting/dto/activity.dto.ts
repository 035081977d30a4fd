import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { IsIn, IsOptional } from 'class-validator';

// The kinds and their English titles live in a file without imports, which the web app reads too.
import { ACTIVITY_KINDS, ACTIVITY_TITLES, type ActivityKind } from '../activity-titles.js';
import { ScopeQueryDto } from './scope.dto.js';

export { ACTIVITY_KINDS, ACTIVITY_TITLES, type ActivityKind };

export const TIMELINE_LIMIT = 100;

export const ACTIVITY_LIMIT_MAX = 20;
export const ACTIVITY_LIMIT_DEFAULT = 5;
// Query values arrive as text: only the exact whole numbers 1-20 are accepted ("05", "2.0", "1e1" are not).
const LIMIT_VALUES = Array.from({ length: ACTIVITY_LIMIT_MAX }, (_, i) => String(i + 1));

export class ActivityQueryDto extends ScopeQueryDto {
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
