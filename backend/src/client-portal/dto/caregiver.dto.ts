import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { IsOptional, IsString } from 'class-validator';

import { CAREGIVER_STATUSES, type CaregiverStatus } from '../caregiver.entity.js';

/** Someone the client asked to be told when they miss a reminder. */
export class CaregiverDto {
  @ApiProperty({ format: 'uuid' }) id!: string;
  @ApiProperty() name!: string;
  @ApiProperty({ type: String, nullable: true }) relationship!: string | null;
  @ApiProperty({ example: '+12125550142' }) phone!: string;
  @ApiProperty({
    enum: CAREGIVER_STATUSES,
    description: 'invited: asked by text, no answer yet (nothing else is sent); active: replied YES; stopped: replied STOP',
  })
  status!: CaregiverStatus;
  @ApiProperty({ type: String, format: 'date-time' }) invitedAt!: string;
  @ApiProperty({ type: String, format: 'date-time', nullable: true }) optedInAt!: string | null;
}

export class CaregiverInputDto {
  @ApiProperty({ maxLength: 100 }) @IsString({ message: 'name is required' }) name!: string;
  @ApiProperty({ description: 'A US mobile number; the invitation goes there by text' })
  @IsString({ message: 'phone is required' })
  phone!: string;
  @ApiPropertyOptional({ type: String, nullable: true, maxLength: 60, example: 'Daughter' })
  @IsOptional()
  @IsString()
  relationship?: string | null;
}
