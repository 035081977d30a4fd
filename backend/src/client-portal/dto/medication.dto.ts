import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { IsInt, IsOptional, IsString, Max, Min } from 'class-validator';

import { type Language, LANGUAGES } from '../../common/language.js';
import { OCCURRENCE_OUTCOMES, type OccurrenceOutcome } from '../adherence.js';

/** SPEC §3 "Medication". */
export class MedicationDto {
  @ApiProperty({ format: 'uuid', example: '5a7c9e1b-2d4f-4a6b-8c0d-1e3f5a7b9c2d' }) id!: string;
  @ApiProperty({ example: 'Lisinopril' }) name!: string;
  @ApiProperty({ type: String, nullable: true, example: '10 mg' }) dosage!: string | null;
  @ApiProperty({ type: String, nullable: true, example: 'Once a day' }) frequency!: string | null;
  @ApiProperty({ type: String, nullable: true, example: 'With breakfast' }) instructions!: string | null;
  @ApiProperty({ type: Number, nullable: true, example: 30, description: 'Pills on hand when last counted' }) pillsOnHand!: number | null;
  @ApiProperty({ type: Number, nullable: true, example: 1, description: 'Pills taken a day' }) pillsPerDay!: number | null;
  @ApiProperty({ type: Number, nullable: true, example: 24, description: 'Whole days of pills left today (null without both counts)' })
  daysLeft!: number | null;
  @ApiProperty({ type: String, format: 'date', nullable: true, example: '2026-12-28', description: 'The local date the pills run out' })
  runsOutOn!: string | null;
  @ApiProperty({ example: false, description: 'Seven days left or fewer: time to refill' }) refillSoon!: boolean;
}

export class MedicationInputDto {
  @ApiPropertyOptional({ maxLength: 120, example: 'Lisinopril', description: 'Required when adding' })
  @IsOptional()
  @IsString()
  name?: string;
  @ApiPropertyOptional({ type: String, nullable: true, maxLength: 120, example: '10 mg' }) @IsOptional() @IsString() dosage?: string | null;
  @ApiPropertyOptional({ type: String, nullable: true, maxLength: 120, example: 'Once a day' })
  @IsOptional()
  @IsString()
  frequency?: string | null;
  @ApiPropertyOptional({ type: String, nullable: true, maxLength: 500, example: 'With breakfast' })
  @IsOptional()
  @IsString()
  instructions?: string | null;
  @ApiPropertyOptional({
    type: 'integer',
    nullable: true,
    minimum: 0,
    maximum: 10000,
    example: 30,
    description: 'Pills on hand now (counting restarts today)',
  })
  @IsOptional()
  @IsInt({ message: 'pillsOnHand must be a whole number from 0 to 10000' })
  @Min(0, { message: 'pillsOnHand must be a whole number from 0 to 10000' })
  @Max(10000, { message: 'pillsOnHand must be a whole number from 0 to 10000' })
  pillsOnHand?: number | null;
  @ApiPropertyOptional({ type: 'integer', nullable: true, minimum: 1, maximum: 24, example: 1, description: 'Pills taken a day' })
  @IsOptional()
  @IsInt({ message: 'pillsPerDay must be a whole number from 1 to 24' })
  @Min(1, { message: 'pillsPerDay must be a whole number from 1 to 24' })
  @Max(24, { message: 'pillsPerDay must be a whole number from 1 to 24' })
  pillsPerDay?: number | null;
}

export class HistoryItemDto {
  @ApiProperty({ format: 'uuid', example: '9b1d3f5a-7c9e-4b2d-8f4a-6c8e0a2b4d6f' }) id!: string;
  @ApiProperty({ format: 'uuid', example: '2e4a6c8e-0b2d-4f6a-9c1e-3a5c7e9b1d3f' }) reminderId!: string;
  @ApiProperty({ type: String, format: 'date-time', example: '2026-11-30T14:00:00.000Z' }) occurrenceAt!: string;
  @ApiProperty({ enum: ['voice', 'sms'], example: 'sms', description: 'How it was last sent (a retry may use the other channel)' })
  channel!: string;
  @ApiProperty({ type: String, nullable: true, example: 'Time for your morning pills' }) message!: string | null;
  @ApiProperty({
    enum: OCCURRENCE_OUTCOMES,
    example: 'confirmed',
    description:
      'confirmed: pressed 1 or replied 1/YES; missed: every try ended without a confirmation; skipped: not sent (opt-out, inactive); waiting: sent, the confirmation still possible',
  })
  outcome!: OccurrenceOutcome;
  @ApiProperty({ type: String, format: 'date-time', nullable: true, example: '2026-11-30T14:03:12.000Z' }) confirmedAt!: string | null;
  @ApiProperty({ example: 1, description: 'Calls or texts sent for this occurrence' }) attempts!: number;
}

export class AdherenceDayDto {
  @ApiProperty({ format: 'date', description: 'Local date in the client’s time zone' }) date!: string;
  @ApiProperty() confirmed!: number;
  @ApiProperty() missed!: number;
  @ApiProperty() skipped!: number;
  @ApiProperty() waiting!: number;
}

export class ReminderAdherenceDto {
  @ApiProperty({ format: 'uuid' }) reminderId!: string;
  @ApiProperty({ type: String, nullable: true }) message!: string | null;
  @ApiProperty({ type: String, nullable: true }) medicationName!: string | null;
  @ApiProperty() confirmed!: number;
  @ApiProperty() missed!: number;
  @ApiProperty() skipped!: number;
  @ApiProperty({ type: Number, nullable: true, description: 'confirmed ÷ (confirmed + missed) over 30 days, in %; null while none ended' })
  percent!: number | null;
  @ApiProperty({ type: [AdherenceDayDto], description: 'The last 30 days, oldest first' }) days!: AdherenceDayDto[];
}

export class AdherenceDto {
  @ApiProperty({ example: 'America/New_York' }) timeZone!: string;
  @ApiProperty({ format: 'date' }) from!: string;
  @ApiProperty({ format: 'date' }) to!: string;
  @ApiProperty() confirmed!: number;
  @ApiProperty() missed!: number;
  @ApiProperty() skipped!: number;
  @ApiProperty({ type: Number, nullable: true, description: 'All reminders together, over 30 days, in %' }) percent!: number | null;
  @ApiProperty({ type: [ReminderAdherenceDto] }) reminders!: ReminderAdherenceDto[];
}

export class UpcomingReminderDto {
  @ApiProperty({ format: 'uuid', example: '2e4a6c8e-0b2d-4f6a-9c1e-3a5c7e9b1d3f' }) id!: string;
  @ApiProperty({ type: String, nullable: true, example: 'Time for your morning pills' }) message!: string | null;
  @ApiProperty({
    type: String,
    format: 'date-time',
    example: '2026-12-01T14:00:00.000Z',
    description: 'Its next time; for a paused reminder, the time it was due when paused (it will not ring then)',
  })
  scheduledTime!: string;
  @ApiProperty({
    type: String,
    format: 'date-time',
    nullable: true,
    example: '2026-12-02T09:30:00.000Z',
    description: 'When the client paused it; null while it is active',
  })
  pausedAt!: string | null;
}

export class MyInfoClientDto {
  @ApiProperty({ example: 'Dolores' }) firstName!: string;
  @ApiProperty({ example: 'Ibarra' }) lastName!: string;
  @ApiProperty({ enum: LANGUAGES, example: 'es', description: 'The client’s language: the portal shows itself in it' }) language!: Language;
}

/** SPEC §3 "Client portal info". */
export class MyInfoDto {
  @ApiProperty({ type: MyInfoClientDto }) client!: MyInfoClientDto;
  @ApiProperty({ type: [MedicationDto] }) medications!: MedicationDto[];
  @ApiProperty({ type: [UpcomingReminderDto] }) upcomingReminders!: UpcomingReminderDto[];
}
