import { ApiProperty, ApiPropertyOptional, getSchemaPath } from '@nestjs/swagger';
import { ArrayMaxSize, ArrayNotEmpty, IsArray, IsIn, IsObject, IsOptional, IsString, IsUUID } from 'class-validator';

import { IsOptionalNotNull } from '../../common/validation.js';
import { CAMPAIGN_STATUSES, CAMPAIGN_TYPES, type CampaignAudience, type CampaignStatus, type CampaignType } from '../campaign.entity.js';

/** Who a campaign is for (see CampaignAudience): one of three shapes, told apart by `kind`. */
export class AllClientsAudience {
  @ApiProperty({ enum: ['all'], example: 'all', description: 'Every active client' }) kind!: 'all';
}

export class FilterAudience {
  @ApiProperty({ enum: ['filter'], example: 'filter' }) kind!: 'filter';
  @ApiProperty({
    type: 'object',
    additionalProperties: true,
    example: { engagementMax: 40, isActive: true },
    description: 'The Clients list filter (q, isActive, inviteStatus, engagementMin, engagementMax)',
  })
  filter!: Record<string, unknown>;
}

export class ChosenClientsAudience {
  @ApiProperty({ enum: ['clients'], example: 'clients' }) kind!: 'clients';
  @ApiProperty({ type: [String], format: 'uuid', maxItems: 10_000, description: 'The chosen clients (up to 10,000)' })
  clientIds!: string[];
}

export const AUDIENCE_MODELS = [AllClientsAudience, FilterAudience, ChosenClientsAudience];

const audienceSchema = {
  oneOf: AUDIENCE_MODELS.map((model) => ({ $ref: getSchemaPath(model) })),
  discriminator: {
    propertyName: 'kind',
    mapping: {
      all: getSchemaPath(AllClientsAudience),
      filter: getSchemaPath(FilterAudience),
      clients: getSchemaPath(ChosenClientsAudience),
    },
  },
};

/** SPEC §3 "Campaign". */
export class CampaignDto {
  @ApiProperty({ format: 'uuid', example: '7e9a1c3e-5b7d-4f9a-8b2c-4d6e8f0a2c4e' }) id!: string;
  @ApiProperty({ example: 'Annual Enrollment 2027' }) name!: string;
  @ApiProperty({ enum: CAMPAIGN_TYPES, example: 'email' }) type!: CampaignType;
  @ApiProperty({ type: String, nullable: true, example: 'Time to review your Medicare plan' }) subject!: string | null;
  @ApiProperty({ example: 'Annual Enrollment opens October 15. Call us to review your plan for next year.' }) message!: string;
  @ApiProperty({ enum: CAMPAIGN_STATUSES, example: 'sent' }) status!: CampaignStatus;
  @ApiProperty(audienceSchema) audience!: CampaignAudience;
  @ApiProperty({ example: 212, description: 'Fixed when sent' }) recipientCount!: number;
  @ApiProperty({ example: 97, description: 'Distinct recipients who opened (e-mail)' }) openedCount!: number;
  @ApiProperty({ example: 31, description: 'Distinct recipients who clicked a link' }) clickedCount!: number;
  @ApiProperty({ type: String, format: 'date-time', example: '2026-09-20T15:12:00.000Z' }) createdAt!: string;
  @ApiProperty({ type: String, format: 'date-time', nullable: true, example: '2026-10-01T13:00:00.000Z' }) sentAt!: string | null;
}

// Optional here so the service answers with messages that name the field.
export class CreateCampaignDto {
  @ApiPropertyOptional({ example: 'Annual Enrollment 2027' }) @IsOptionalNotNull() @IsString() name?: string;
  @ApiPropertyOptional({ enum: CAMPAIGN_TYPES, example: 'email' })
  @IsOptionalNotNull()
  @IsIn([...CAMPAIGN_TYPES], { message: 'type must be email or sms' })
  type?: CampaignType;
  @ApiPropertyOptional({ type: String, nullable: true, example: 'Time to review your Medicare plan', description: 'Required for e-mail' })
  @IsOptional()
  @IsString()
  subject?: string | null;
  @ApiPropertyOptional({ example: 'Annual Enrollment opens October 15. Call us to review your plan for next year.' })
  @IsOptionalNotNull()
  @IsString()
  message?: string;
  @ApiPropertyOptional({ ...audienceSchema, description: 'Default: all active clients' })
  @IsOptionalNotNull()
  @IsObject({ message: 'audience must be an object' })
  audience?: unknown;
  @ApiPropertyOptional({ enum: ['draft'] })
  @IsOptionalNotNull()
  @IsIn(['draft'], { message: 'A new campaign is always a draft' })
  status?: 'draft';
}

/** What a draft's edit may change; each field left out keeps its value. */
export class UpdateCampaignDto {
  @ApiPropertyOptional({ example: 'Annual Enrollment 2027' }) @IsOptionalNotNull() @IsString() name?: string;
  @ApiPropertyOptional({ enum: CAMPAIGN_TYPES, example: 'email' })
  @IsOptionalNotNull()
  @IsIn([...CAMPAIGN_TYPES], { message: 'type must be email or sms' })
  type?: CampaignType;
  @ApiPropertyOptional({ type: String, nullable: true, example: 'Time to review your Medicare plan', description: 'Required for e-mail' })
  @IsOptional()
  @IsString()
  subject?: string | null;
  @ApiPropertyOptional({ example: 'Annual Enrollment opens October 15. Call us to review your plan for next year.' })
  @IsOptionalNotNull()
  @IsString()
  message?: string;
  @ApiPropertyOptional({ ...audienceSchema, description: 'Default: all active clients' })
  @IsOptionalNotNull()
  @IsObject({ message: 'audience must be an object' })
  audience?: unknown;
}

/** Clients to add to a draft's chosen clients (the Clients page's bulk action). */
export class AddClientsDto {
  @ApiProperty({ type: [String], format: 'uuid' })
  @IsArray({ message: 'ids must be a list of client ids' })
  @ArrayNotEmpty({ message: 'Select at least one client' })
  @ArrayMaxSize(10_000, { message: 'ids must be at most 10,000 clients' })
  @IsUUID('all', { each: true, message: 'ids must be client ids' })
  ids!: string[];
}

export class AudienceDto {
  @ApiProperty({ description: 'Clients it would be addressed to if sent now: active, with an address for the channel' })
  count!: number;

  @ApiProperty({
    description:
      'Of those, how many may receive it: marketing permission on the channel (given, not revoked, not lapsed) and the address not opted out. The others are skipped with the reason.',
  })
  consented!: number;
}

export class SkippedCountDto {
  @ApiProperty({ example: 'No permission for marketing e-mails' }) reason!: string;
  @ApiProperty() count!: number;
}

export class TestSendResultDto {
  @ApiProperty({ description: 'False when the provider did not take it' }) success!: boolean;
  @ApiProperty({ description: 'Where the test went: the broker’s e-mail, or the agency phone' }) to!: string;
  @ApiProperty() message!: string;
}

export class SendResultDto {
  @ApiProperty({ description: 'Recipients the campaign is going to' }) count!: number;
}
