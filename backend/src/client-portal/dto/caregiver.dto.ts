import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { IsOptional, IsString } from 'class-validator';

import { CAREGIVER_STATUSES, type CaregiverStatus } from '../caregiver.entity.js';

/** Someone the client asked to be told when they miss a reminder: reached by text or by e-mail. */
export class CaregiverDto {
  @ApiProperty({ format: 'uuid' }) id!: string;
  @ApiProperty() name!: string;
  @ApiProperty({ type: String, nullable: true }) relationship!: string | null;
  @ApiProperty({ type: String, nullable: true, example: '+12125550142', description: 'Set when they are reached by text' })
  phone!: string | null;
  @ApiProperty({ type: String, nullable: true, example: 'maria@example.com', description: 'Set when they are reached by e-mail' })
  email!: string | null;
  @ApiProperty({
    enum: CAREGIVER_STATUSES,
    description:
      'invited: asked, no answer yet (nothing else is sent); active: agreed (replied YES, or said yes on the e-mail’s page); stopped: replied STOP or stopped the e-mails',
  })
  status!: CaregiverStatus;
  @ApiProperty({ type: String, format: 'date-time' }) invitedAt!: string;
  @ApiProperty({ type: String, format: 'date-time', nullable: true }) optedInAt!: string | null;
}

export class CaregiverInputDto {
  @ApiProperty({ maxLength: 100 }) @IsString({ message: 'name is required' }) name!: string;
  @ApiPropertyOptional({
    type: String,
    nullable: true,
    description: 'A US mobile number: the invitation goes there by text (give this or an e-mail address, not both)',
  })
  @IsOptional()
  @IsString({ message: 'phone must be text' })
  phone?: string | null;
  @ApiPropertyOptional({
    type: String,
    nullable: true,
    maxLength: 254,
    description: 'An e-mail address: the invitation goes there by e-mail (give this or a phone number, not both)',
  })
  @IsOptional()
  @IsString({ message: 'email must be text' })
  email?: string | null;
  @ApiPropertyOptional({ type: String, nullable: true, maxLength: 60, example: 'Daughter' })
  @IsOptional()
  @IsString()
  relationship?: string | null;
}
