import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { IsIn, IsOptional, IsString } from 'class-validator';
import { DELIVERY_METHODS, type DeliveryMethod, REMINDER_STATUSES, type ReminderStatus } from '../reminder.entity.js';

/** A broker's reminder (SPEC §3 "Reminder (broker)"). */
export class ReminderDto {
  @ApiProperty({ format: 'uuid' }) id!: string;
  @ApiProperty({ format: 'uuid' }) clientId!: string;
  @ApiProperty({ type: String, format: 'date-time' }) scheduledTime!: string;
  @ApiProperty({ enum: DELIVERY_METHODS }) deliveryMethod!: DeliveryMethod;
  @ApiProperty() message!: string;
  @ApiProperty({ enum: REMINDER_STATUSES }) status!: ReminderStatus;
}

// Fields are optional here so the service can answer the spec's own messages.
export class CreateReminderDto {
  @ApiPropertyOptional({ format: 'uuid' }) @IsOptional() @IsString() clientId?: string;
  @ApiPropertyOptional({ type: String, format: 'date-time' }) @IsOptional() @IsString() scheduledTime?: string;
  @ApiPropertyOptional({ enum: DELIVERY_METHODS, default: 'voice' })
  @IsOptional()
  @IsIn([...DELIVERY_METHODS], { message: 'deliveryMethod must be voice or sms' })
  deliveryMethod?: DeliveryMethod;
  @ApiPropertyOptional({ description: 'Generic: no medication or health condition' }) @IsOptional() @IsString() message?: string;
  @ApiPropertyOptional({ enum: ['pending'] })
  @IsOptional()
  @IsIn(['pending'], { message: 'A new reminder is always pending' })
  status?: 'pending';
}

export class ExecuteResultDto {
  @ApiProperty({ description: 'Reminders sent now' }) count!: number;
}
