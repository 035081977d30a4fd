import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { IsIn, IsInt, IsOptional, IsString, Max, MaxLength, Min, ValidateIf } from 'class-validator';

import { IsTimestamp } from '../../common/dates.js';
import {
  type ClientInteraction,
  INTERACTION_KINDS,
  INTERACTION_OUTCOMES,
  type InteractionKind,
  type InteractionOutcome,
} from '../client-interaction.entity.js';
import { NOTES_MAX } from './task.dto.js';

const sent = (_: object, value: unknown) => value !== undefined;
const oneOf = (field: string, values: readonly string[]) => ({ message: `${field} must be one of: ${values.join(', ')}` });

/** A call or meeting to log: kind and outcome; when defaults to now. */
export class CreateInteractionDto {
  @ApiProperty({ enum: INTERACTION_KINDS, example: 'call' })
  @IsIn([...INTERACTION_KINDS], oneOf('kind', INTERACTION_KINDS))
  kind!: InteractionKind;

  @ApiProperty({ enum: INTERACTION_OUTCOMES, example: 'reached' })
  @IsIn([...INTERACTION_OUTCOMES], oneOf('outcome', INTERACTION_OUTCOMES))
  outcome!: InteractionOutcome;

  @ApiPropertyOptional({ type: String, nullable: true, maxLength: NOTES_MAX })
  @IsOptional()
  @IsString({ message: 'notes must be text' })
  @MaxLength(NOTES_MAX, { message: `notes must be at most ${NOTES_MAX} characters` })
  notes?: string | null;

  @ApiPropertyOptional({ type: 'integer', nullable: true, minimum: 0, maximum: 1440, example: 12 })
  @IsOptional()
  @IsInt({ message: 'durationMinutes must be a whole number of minutes' })
  @Min(0, { message: 'durationMinutes must be 0 or more' })
  @Max(1440, { message: 'durationMinutes must be at most 1440' })
  durationMinutes?: number | null;

  @ApiPropertyOptional({ type: String, format: 'date-time', description: 'When it took place (not in the future); default now' })
  @ValidateIf(sent)
  @IsTimestamp({ message: 'at must be a date and time such as 2026-11-30T15:00:00Z' })
  at?: string;
}

export class InteractionDto {
  @ApiProperty({ format: 'uuid' }) id!: string;
  @ApiProperty({ format: 'uuid' }) clientId!: string;
  @ApiProperty({ enum: INTERACTION_KINDS }) kind!: InteractionKind;
  @ApiProperty({ enum: INTERACTION_OUTCOMES }) outcome!: InteractionOutcome;
  @ApiProperty({ type: String, nullable: true }) notes!: string | null;
  @ApiProperty({ type: Number, nullable: true }) durationMinutes!: number | null;
  @ApiProperty({ type: String, format: 'date-time' }) at!: string;
  @ApiProperty({ type: String, format: 'uuid', nullable: true }) memberId!: string | null;
  @ApiProperty({ type: String, format: 'date-time' }) createdAt!: string;

  static from(row: ClientInteraction): InteractionDto {
    return {
      id: row.id,
      clientId: row.client,
      kind: row.kind,
      outcome: row.outcome,
      notes: row.notes ?? null,
      durationMinutes: row.durationMinutes ?? null,
      at: row.at.toISOString(),
      memberId: row.memberId ?? null,
      createdAt: row.createdAt.toISOString(),
    };
  }
}
