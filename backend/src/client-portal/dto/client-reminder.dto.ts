import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { ArrayMaxSize, ArrayUnique, IsArray, IsBoolean, IsIn, IsInt, IsOptional, IsString, Max, Min } from 'class-validator';

import { IsCalendarDate, IsTimestamp } from '../../common/dates.js';
import { IsOptionalNotNull } from '../../common/validation.js';
import { DELIVERY_METHODS, type DeliveryMethod, REMINDER_STATUSES, type ReminderStatus } from '../../reminders/reminder.entity.js';
import {
  ATTEMPTS_PER_OCCURRENCE,
  RECURRENCE_PATTERNS,
  type RecurrencePattern,
  RETRY_AFTER_MINUTES,
  RETRY_CHANNELS,
  type RetryChannel,
} from '../client-reminder.entity.js';
import { CLIENT_REMINDER_MESSAGES } from '../client-reminders.service.js';

/** recurrence_interval is a smallint. */
export const RECURRENCE_INTERVAL_MAX = 32767;

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
  @ApiProperty({ description: 'Not confirmed this many minutes after a call or text: sent again' }) retryAfterMinutes!: number;
  @ApiProperty({ description: 'Sends per occurrence in all, the first included' }) maxAttempts!: number;
  @ApiProperty({
    enum: RETRY_CHANNELS,
    description: 'same: retries on the same channel; other: a call is retried as a text and a text as a call',
  })
  retryChannel!: RetryChannel;
  @ApiProperty({ description: 'Text the client’s caregivers (those who agreed) when an occurrence ends not confirmed' })
  alertCaregivers!: boolean;
  @ApiProperty({
    type: String,
    format: 'date-time',
    nullable: true,
    example: '2026-12-02T09:30:00.000Z',
    description: 'When the client paused it (nothing is sent until they resume it); null while it is active',
  })
  pausedAt!: string | null;
}

export class CreateClientReminderDto {
  @ApiPropertyOptional({ type: String, format: 'uuid', nullable: true }) @IsOptional() @IsString() medicationId?: string | null;
  @ApiProperty({ type: String, format: 'date-time', description: 'The first time, as an ISO timestamp' })
  @IsOptionalNotNull()
  @IsTimestamp({ message: CLIENT_REMINDER_MESSAGES.invalidDate })
  scheduledTime?: string;
  @ApiPropertyOptional({ type: String, nullable: true, description: `Default: "It's time to take your medication"` })
  @IsOptional()
  @IsString()
  message?: string | null;
  @ApiPropertyOptional({ enum: DELIVERY_METHODS, default: 'voice' })
  @IsOptionalNotNull()
  @IsIn([...DELIVERY_METHODS], { message: 'deliveryMethod must be voice or sms' })
  deliveryMethod?: DeliveryMethod;
  @ApiPropertyOptional({ default: false, description: 'Say the medication’s name in the call or text (needs medicationId)' })
  @IsOptionalNotNull()
  @IsBoolean()
  sayMedicationName?: boolean;
  @ApiPropertyOptional({ example: 'America/Chicago', description: 'IANA time zone of the browser' })
  @IsOptionalNotNull()
  @IsString()
  timeZone?: string;
  @ApiPropertyOptional() @IsOptionalNotNull() @IsBoolean() isRecurring?: boolean;
  @ApiPropertyOptional({ enum: RECURRENCE_PATTERNS, default: 'daily' })
  @IsOptionalNotNull()
  @IsIn([...RECURRENCE_PATTERNS], { message: 'recurrencePattern must be daily, weekly or monthly' })
  recurrencePattern?: RecurrencePattern;
  @ApiPropertyOptional({ type: 'integer', minimum: 1, maximum: RECURRENCE_INTERVAL_MAX, default: 1 })
  @IsOptionalNotNull()
  @IsInt({ message: 'recurrenceInterval must be a whole number' })
  @Min(1, { message: CLIENT_REMINDER_MESSAGES.intervalTooSmall })
  @Max(RECURRENCE_INTERVAL_MAX, { message: `recurrenceInterval must be at most ${RECURRENCE_INTERVAL_MAX}` })
  recurrenceInterval?: number;
  @ApiPropertyOptional({ type: 'integer', isArray: true, minimum: 0, maximum: 6, maxItems: 7, uniqueItems: true })
  @IsOptionalNotNull()
  @IsArray()
  @ArrayMaxSize(7, { message: 'recurrenceDays has at most 7 days' })
  @ArrayUnique({ message: 'recurrenceDays must not repeat a day' })
  @IsInt({ each: true, message: CLIENT_REMINDER_MESSAGES.invalidDays })
  @Min(0, { each: true, message: CLIENT_REMINDER_MESSAGES.invalidDays })
  @Max(6, { each: true, message: CLIENT_REMINDER_MESSAGES.invalidDays })
  recurrenceDays?: number[];
  @ApiPropertyOptional({ type: String, format: 'date', nullable: true, description: 'Leave empty to keep it going until you stop it' })
  @IsOptional()
  @IsCalendarDate({ message: CLIENT_REMINDER_MESSAGES.invalidEndDate })
  recurrenceEndDate?: string | null;
  @ApiPropertyOptional({
    type: 'integer',
    minimum: RETRY_AFTER_MINUTES.min,
    maximum: RETRY_AFTER_MINUTES.max,
    default: RETRY_AFTER_MINUTES.default,
    description: 'Send again this many minutes after a call or text that was not confirmed',
  })
  @IsOptionalNotNull()
  @IsInt({ message: CLIENT_REMINDER_MESSAGES.retryAfter })
  @Min(RETRY_AFTER_MINUTES.min, { message: CLIENT_REMINDER_MESSAGES.retryAfter })
  @Max(RETRY_AFTER_MINUTES.max, { message: CLIENT_REMINDER_MESSAGES.retryAfter })
  retryAfterMinutes?: number;
  @ApiPropertyOptional({
    type: 'integer',
    minimum: ATTEMPTS_PER_OCCURRENCE.min,
    maximum: ATTEMPTS_PER_OCCURRENCE.max,
    default: ATTEMPTS_PER_OCCURRENCE.default,
    description: 'Calls or texts per occurrence in all, the first included (1: never sent again)',
  })
  @IsOptionalNotNull()
  @IsInt({ message: CLIENT_REMINDER_MESSAGES.maxAttempts })
  @Min(ATTEMPTS_PER_OCCURRENCE.min, { message: CLIENT_REMINDER_MESSAGES.maxAttempts })
  @Max(ATTEMPTS_PER_OCCURRENCE.max, { message: CLIENT_REMINDER_MESSAGES.maxAttempts })
  maxAttempts?: number;
  @ApiPropertyOptional({ enum: RETRY_CHANNELS, default: 'same' })
  @IsOptionalNotNull()
  @IsIn([...RETRY_CHANNELS], { message: CLIENT_REMINDER_MESSAGES.retryChannel })
  retryChannel?: RetryChannel;
  @ApiPropertyOptional({
    default: true,
    description: 'Text the client’s caregivers (those who agreed) when an occurrence ends not confirmed',
  })
  @IsOptionalNotNull()
  @IsBoolean()
  alertCaregivers?: boolean;
}
