import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { IsIn, IsOptional, IsString } from 'class-validator';

import { IsOptionalNotNull } from '../../common/validation.js';
import { CAMPAIGN_STATUSES, CAMPAIGN_TYPES, type CampaignStatus, type CampaignType } from '../campaign.entity.js';

/** SPEC §3 "Campaign". */
export class CampaignDto {
  @ApiProperty({ format: 'uuid' }) id!: string;
  @ApiProperty() name!: string;
  @ApiProperty({ enum: CAMPAIGN_TYPES }) type!: CampaignType;
  @ApiProperty({ type: String, nullable: true }) subject!: string | null;
  @ApiProperty() message!: string;
  @ApiProperty({ enum: CAMPAIGN_STATUSES }) status!: CampaignStatus;
  @ApiProperty({ description: 'Fixed when sent' }) recipientCount!: number;
  @ApiProperty({ description: 'Distinct recipients who opened (e-mail)' }) openedCount!: number;
  @ApiProperty({ description: 'Distinct recipients who clicked a link' }) clickedCount!: number;
  @ApiProperty({ type: String, format: 'date-time' }) createdAt!: string;
  @ApiProperty({ type: String, format: 'date-time', nullable: true }) sentAt!: string | null;
}

// Optional here so the service answers with messages that name the field.
export class CreateCampaignDto {
  @ApiPropertyOptional() @IsOptionalNotNull() @IsString() name?: string;
  @ApiPropertyOptional({ enum: CAMPAIGN_TYPES })
  @IsOptionalNotNull()
  @IsIn([...CAMPAIGN_TYPES], { message: 'type must be email or sms' })
  type?: CampaignType;
  @ApiPropertyOptional({ type: String, nullable: true, description: 'Required for e-mail' }) @IsOptional() @IsString() subject?:
    string | null;
  @ApiPropertyOptional() @IsOptionalNotNull() @IsString() message?: string;
  @ApiPropertyOptional({ enum: ['draft'] })
  @IsOptionalNotNull()
  @IsIn(['draft'], { message: 'A new campaign is always a draft' })
  status?: 'draft';
}

/** What a draft's edit may change; each field left out keeps its value. */
export class UpdateCampaignDto {
  @ApiPropertyOptional() @IsOptionalNotNull() @IsString() name?: string;
  @ApiPropertyOptional({ enum: CAMPAIGN_TYPES })
  @IsOptionalNotNull()
  @IsIn([...CAMPAIGN_TYPES], { message: 'type must be email or sms' })
  type?: CampaignType;
  @ApiPropertyOptional({ type: String, nullable: true, description: 'Required for e-mail' }) @IsOptional() @IsString() subject?:
    string | null;
  @ApiPropertyOptional() @IsOptionalNotNull() @IsString() message?: string;
}

export class AudienceDto {
  @ApiProperty({ description: 'Clients it would go to if sent now: active, with an address for the channel, not opted out' })
  count!: number;
}

export class SendResultDto {
  @ApiProperty({ description: 'Recipients the campaign is going to' }) count!: number;
}
