import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { IsOptional, IsString } from 'class-validator';

/** SPEC §3 "Medication". */
export class MedicationDto {
  @ApiProperty({ format: 'uuid' }) id!: string;
  @ApiProperty() name!: string;
  @ApiProperty({ type: String, nullable: true }) dosage!: string | null;
  @ApiProperty({ type: String, nullable: true }) frequency!: string | null;
  @ApiProperty({ type: String, nullable: true }) instructions!: string | null;
}

export class MedicationInputDto {
  @ApiPropertyOptional({ maxLength: 120, description: 'Required when adding' }) @IsOptional() @IsString() name?: string;
  @ApiPropertyOptional({ type: String, nullable: true, maxLength: 120 }) @IsOptional() @IsString() dosage?: string | null;
  @ApiPropertyOptional({ type: String, nullable: true, maxLength: 120 }) @IsOptional() @IsString() frequency?: string | null;
  @ApiPropertyOptional({ type: String, nullable: true, maxLength: 500 }) @IsOptional() @IsString() instructions?: string | null;
}

export class HistoryItemDto {
  @ApiProperty({ format: 'uuid' }) id!: string;
  @ApiProperty({ format: 'uuid' }) reminderId!: string;
  @ApiProperty({ type: String, format: 'date-time' }) occurrenceAt!: string;
  @ApiProperty({ enum: ['voice', 'sms'] }) channel!: string;
  @ApiProperty({ type: String, nullable: true }) message!: string | null;
  @ApiProperty({ enum: ['confirmed', 'delivered', 'failed', 'skipped', 'pending'], description: 'confirmed: pressed 1 on the call' })
  outcome!: 'confirmed' | 'delivered' | 'failed' | 'skipped' | 'pending';
}

export class UpcomingReminderDto {
  @ApiProperty({ format: 'uuid' }) id!: string;
  @ApiProperty({ type: String, nullable: true }) message!: string | null;
  @ApiProperty({ type: String, format: 'date-time' }) scheduledTime!: string;
}

export class MyInfoClientDto {
  @ApiProperty() firstName!: string;
  @ApiProperty() lastName!: string;
}

/** SPEC §3 "Client portal info". */
export class MyInfoDto {
  @ApiProperty({ type: MyInfoClientDto }) client!: MyInfoClientDto;
  @ApiProperty({ type: [MedicationDto] }) medications!: MedicationDto[];
  @ApiProperty({ type: [UpcomingReminderDto] }) upcomingReminders!: UpcomingReminderDto[];
}
