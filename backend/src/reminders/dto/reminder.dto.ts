import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { IsIn, IsString } from 'class-validator';

import { IsTimestamp } from '../../common/dates.js';
import { IsOptionalNotNull } from '../../common/validation.js';
import { DELIVERY_METHODS, type DeliveryMethod, REMINDER_STATUSES, type ReminderStatus } from '../reminder.entity.js';
import { REMINDER_MESSAGES } from '../reminders.service.js';

/** A broker's reminder (SPEC §3 "Reminder (broker)"). */
export class ReminderDto {
  @ApiProperty({ format: 'uuid' }) id!: string;
  @ApiProperty({ format: 'uuid' }) clientId!: string;
  @ApiProperty({ type: String, format: 'date-time' }) scheduledTime!: string;
  @ApiProperty({ enum: DELIVERY_METHODS }) deliveryMethod!: DeliveryMethod;
  @ApiProperty() message!: string;
  @ApiProperty({ enum: REMINDER_STATUSES }) status!: ReminderStatus;
  @ApiProperty({
    type: String,
    nullable: true,
    example: 'No permission for reminder texts',
    description: 'Why it was not sent (no permission, revoked, opted out, inactive client); null when it was sent or is still pending',
  })
  notSentReason!: string | null;
}

// Fields are optional here so the service can answer the spec's own messages.
export class CreateReminderDto {
  @ApiPropertyOptional({ format: 'uuid' }) @IsOptionalNotNull() @IsString() clientId?: string;
  @ApiPropertyOptional({ type: String, format: 'date-time' })
  @IsOptionalNotNull()
  @IsTimestamp({ message: REMINDER_MESSAGES.invalidDate })
  scheduledTime?: string;
  @ApiPropertyOptional({ enum: DELIVERY_METHODS, default: 'voice' })
  @IsOptionalNotNull()
  @IsIn([...DELIVERY_METHODS], { message: 'deliveryMethod must be voice or sms' })
  deliveryMethod?: DeliveryMethod;
  @ApiPropertyOptional({ description: 'Generic: no medication or health condition' }) @IsOptionalNotNull() @IsString() message?: string;
  @ApiPropertyOptional({ enum: ['pending'] })
  @IsOptionalNotNull()
  @IsIn(['pending'], { message: 'A new reminder is always pending' })
  status?: 'pending';
}

export class ExecuteResultDto {
  @ApiProperty({ example: 3, description: 'Reminders sent now' }) count!: number;
}

/** What a pending reminder's edit may change; each field left out keeps its value. */
export class UpdateReminderDto {
  @ApiPropertyOptional({ format: 'uuid' }) @IsOptionalNotNull() @IsString() clientId?: string;
  @ApiPropertyOptional({ type: String, format: 'date-time' })
  @IsOptionalNotNull()
  @IsTimestamp({ message: REMINDER_MESSAGES.invalidDate })
  scheduledTime?: string;
  @ApiPropertyOptional({ enum: DELIVERY_METHODS })
  @IsOptionalNotNull()
  @IsIn([...DELIVERY_METHODS], { message: 'deliveryMethod must be voice or sms' })
  deliveryMethod?: DeliveryMethod;
  @ApiPropertyOptional({ description: 'Generic: no medication or health condition' }) @IsOptionalNotNull() @IsString() message?: string;
}
