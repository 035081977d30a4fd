import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { IsArray, IsBoolean, IsIn, IsInt, IsOptional, IsString } from 'class-validator';
import { DELIVERY_METHODS, type DeliveryMethod, REMINDER_STATUSES, type ReminderStatus } from '../../reminders/reminder.entity.js';
import { RECURRENCE_PATTERNS, type RecurrencePattern } from '../client-reminder.entity.js';

/** A client's own reminder (SPEC §3 "Client reminder"). */
export class ClientReminderDto {
  @ApiProperty({ format: 'uuid' }) id!: string;
  @ApiProperty({ type: String, format: 'uuid', nullable: true }) medicationId!: string | null;
  @ApiProperty({ type: String, format: 'date-time' }) scheduledTime!: string;
  @ApiProperty({ type: String, nullable: true }) message!: string | null;
  @ApiProperty({ enum: DELIVERY_METHODS }) deliveryMethod!: DeliveryMethod;
  @ApiProperty({ description: 'Whether the call or text says the medication’s name' }) sayMedicationName!: boolean;
  @ApiProperty({ enum: REMINDER_STATUSES }) status!: ReminderStatus;
  @ApiProperty() isRecurring!: boolean;
  @ApiProperty({ enum: RECURRENCE_PATTERNS, nullable: true }) recurrencePattern!: RecurrencePattern | null;
  @ApiProperty({ minimum: 1 }) recurrenceInterval!: number;
  @ApiProperty({ type: [Number], nullable: true, description: '0 = Sunday … 6 = Saturday (weekly)' }) recurrenceDays!: number[] | null;
  @ApiProperty({ type: String, format: 'date', nullable: true }) recurrenceEndDate!: string | null;
  @ApiProperty({ type: String, format: 'date-time', nullable: true, description: 'The next time it will ring' })
  nextOccurrenceAt!: string | null;
  @ApiProperty({ example: 'America/Chicago' }) timeZone!: string;
}

export class CreateClientReminderDto {
  @ApiPropertyOptional({ format: 'uuid' }) @IsOptional() @IsString() medicationId?: string | null;
  @ApiProperty({ type: String, format: 'date-time', description: 'The first time, as an ISO timestamp' })
  @IsOptional()
  @IsString()
  scheduledTime?: string;
  @ApiPropertyOptional({ description: `Default: "It's time to take your medication"` }) @IsOptional() @IsString() message?: string | null;
  @ApiPropertyOptional({ enum: DELIVERY_METHODS, default: 'voice' })
  @IsOptional()
  @IsIn([...DELIVERY_METHODS], { message: 'deliveryMethod must be voice or sms' })
  deliveryMethod?: DeliveryMethod;
  @ApiPropertyOptional({ default: false, description: 'Say the medication’s name in the call or text (needs medicationId)' })
  @IsOptional()
  @IsBoolean()
  sayMedicationName?: boolean;
  @ApiPropertyOptional({ example: 'America/Chicago', description: 'IANA time zone of the browser' })
  @IsOptional()
  @IsString()
  timeZone?: string;
  @ApiPropertyOptional() @IsOptional() @IsBoolean() isRecurring?: boolean;
  @ApiPropertyOptional({ enum: RECURRENCE_PATTERNS, default: 'daily' })
  @IsOptional()
  @IsIn([...RECURRENCE_PATTERNS], { message: 'recurrencePattern must be daily, weekly or monthly' })
  recurrencePattern?: RecurrencePattern;
  @ApiPropertyOptional({ minimum: 1, default: 1 }) @IsOptional() @IsInt({ message: 'recurrenceInterval must be a whole number' }) recurrenceInterval?: number;
  @ApiPropertyOptional({ type: [Number] }) @IsOptional() @IsArray() @IsInt({ each: true }) recurrenceDays?: number[];
  @ApiPropertyOptional({ type: String, format: 'date', description: 'Leave empty to continue for 90 days' })
  @IsOptional()
  @IsString()
  recurrenceEndDate?: string | null;
}
