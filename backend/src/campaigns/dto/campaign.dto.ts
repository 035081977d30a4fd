import { ApiProperty, ApiPropertyOptional, getSchemaPath } from '@nestjs/swagger';
import { ArrayMaxSize, ArrayNotEmpty, IsArray, IsIn, IsObject, IsOptional, IsString, IsUUID, Matches } from 'class-validator';

import { type Language, LANGUAGES } from '../../common/language.js';
import { IsOptionalNotNull } from '../../common/validation.js';
import {
  CAMPAIGN_PURPOSES,
  CAMPAIGN_STATUSES,
  CAMPAIGN_TYPES,
  type CampaignAudience,
  type CampaignFollowUp,
  type CampaignPurpose,
  type CampaignStatus,
  type CampaignTrigger,
  type CampaignType,
  MEDICARE_DATES,
  type MedicareDate,
} from '../campaign.entity.js';
import { TEMPLATE_KEYS, type TemplateKey } from '../templates.js';

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

/** What starts a sequence (see CampaignTrigger): one of three shapes, told apart by `kind`. */
export class JoinedTrigger {
  @ApiProperty({
    enum: ['joined'],
    example: 'joined',
    description: 'Every client in the audience when started, and each who joins it later',
  })
  kind!: 'joined';
}

export class DaysBeforeTrigger {
  @ApiProperty({ enum: ['turning_65', 'birthday', 'birthday_rule', 'plan_anniversary'], example: 'turning_65' })
  kind!: 'turning_65' | 'birthday' | 'birthday_rule' | 'plan_anniversary';
  @ApiProperty({ minimum: 0, maximum: 365, example: 30, description: 'Days before the client’s date it starts (once a year)' })
  daysBefore!: number;
}

export class MedicareDateTrigger {
  @ApiProperty({ enum: ['medicare_date'], example: 'medicare_date' }) kind!: 'medicare_date';
  @ApiProperty({
    enum: MEDICARE_DATES,
    example: 'aep_start',
    description: 'anoc_review Sep 30, marketing_start Oct 1, aep_start Oct 15, aep_last_week Dec 1, oep_start Jan 2',
  })
  date!: MedicareDate;
}

export const TRIGGER_MODELS = [JoinedTrigger, DaysBeforeTrigger, MedicareDateTrigger];

const triggerSchema = {
  nullable: true,
  oneOf: TRIGGER_MODELS.map((model) => ({ $ref: getSchemaPath(model) })),
};

/** A sequence's later step. */
export class FollowUpDto {
  @ApiProperty({ minimum: 1, maximum: 365, example: 7, description: 'Days after the step before' }) delayDays!: number;
  @ApiProperty({
    type: String,
    nullable: true,
    example: 'Still time to review your plan',
    description: 'E-mail: null keeps the campaign’s subject',
  })
  subject!: string | null;
  @ApiProperty({ example: 'Annual Enrollment ends December 7. Call us to review your plan.' }) message!: string;
  @ApiProperty({ example: true, description: 'Not sent to a client who clicked or replied to an earlier step' }) skipIfEngaged!: boolean;
}

/** A sequence's figures for one step, over every year it ran. */
export class StepFiguresDto {
  @ApiProperty({ example: 1, description: '1 = the campaign’s own message' }) step!: number;
  @ApiProperty({ example: 40, description: 'Clients it was addressed to' }) sent!: number;
  @ApiProperty({ example: 22 }) opened!: number;
  @ApiProperty({ example: 6 }) clicked!: number;
  @ApiProperty({ example: 3, description: 'Clients who answered the text' }) replied!: number;
  @ApiProperty({ example: 5, description: 'Not sent because the client had already engaged' }) skipped!: number;
}

/** A scheduled campaign's day and wall-clock time, in each recipient's own time zone. */
export class ScheduleDto {
  // No fixed example: a fixed date would one day be in the past.
  @ApiProperty({ type: String, format: 'date', description: 'YYYY-MM-DD, today to a year ahead' })
  @IsString({ message: 'date must be a date (YYYY-MM-DD)' })
  @Matches(/^\d{4}-\d{2}-\d{2}$/, { message: 'date must be a date (YYYY-MM-DD)' })
  date!: string;

  @ApiProperty({ example: '09:30', description: 'HH:MM between 08:00 and 20:59, in each recipient’s time zone' })
  @IsString({ message: 'time must be a time (HH:MM)' })
  @Matches(/^([01]\d|2[0-3]):[0-5]\d$/, { message: 'time must be a time (HH:MM)' })
  time!: string;
}

/** A ready-made campaign (GET /api/campaigns/templates). */
export class TemplateEmailDto {
  @ApiProperty({ example: 'Annual Enrollment is open: let’s review your plan' }) subject!: string;
  @ApiProperty({ example: 'Medicare’s Annual Enrollment Period runs from October 15 to December 7.' }) message!: string;
}

export class TemplateSmsDto {
  @ApiProperty({ example: 'Medicare Annual Enrollment is open from Oct 15 to Dec 7.', maxLength: 300 }) message!: string;
}

export class CampaignTemplateDto {
  @ApiProperty({ enum: TEMPLATE_KEYS, example: 'aep_check_in' }) key!: TemplateKey;
  @ApiProperty({ enum: LANGUAGES, example: 'en' }) language!: Language;
  @ApiProperty({ example: 'Annual Enrollment check-in' }) name!: string;
  @ApiProperty({ enum: CAMPAIGN_PURPOSES, example: 'marketing' }) purpose!: CampaignPurpose;
  @ApiProperty({ ...triggerSchema, description: 'The trigger a sequence from it would usually have' }) trigger!: CampaignTrigger | null;
  @ApiProperty({ type: TemplateEmailDto }) email!: TemplateEmailDto;
  @ApiProperty({ type: TemplateSmsDto }) sms!: TemplateSmsDto;
}

/** SPEC §3 "Campaign". */
export class CampaignDto {
  @ApiProperty({ format: 'uuid', example: '7e9a1c3e-5b7d-4f9a-8b2c-4d6e8f0a2c4e' }) id!: string;
  @ApiProperty({ example: 'Annual Enrollment 2027' }) name!: string;
  @ApiProperty({ enum: CAMPAIGN_TYPES, example: 'email' }) type!: CampaignType;
  @ApiProperty({ type: String, nullable: true, example: 'Time to review your Medicare plan' }) subject!: string | null;
  @ApiProperty({ example: 'Annual Enrollment opens October 15. Call us to review your plan for next year.' }) message!: string;
  @ApiProperty({
    enum: CAMPAIGN_STATUSES,
    example: 'sent',
    description: 'draft → sent, or draft → scheduled → sent; a sequence: draft → active ⇄ paused → finished',
  })
  status!: CampaignStatus;
  @ApiProperty({
    enum: CAMPAIGN_PURPOSES,
    example: 'marketing',
    description: 'Marketing needs marketing permission; informational goes with any permission on the channel',
  })
  purpose!: CampaignPurpose;
  @ApiProperty({ type: String, nullable: true, enum: TEMPLATE_KEYS, example: 'aep_check_in' }) templateKey!: TemplateKey | null;
  @ApiProperty({ type: ScheduleDto, nullable: true, description: 'A scheduled campaign’s day and time, in each recipient’s zone' })
  schedule!: ScheduleDto | null;
  @ApiProperty({ ...triggerSchema, description: 'A sequence’s trigger; null for a campaign sent once' }) trigger!: CampaignTrigger | null;
  @ApiProperty({ type: [FollowUpDto], maxItems: 4, description: 'A sequence’s steps after the first' }) followUps!: CampaignFollowUp[];
  @ApiProperty({ type: [StepFiguresDto], description: 'A sequence’s figures per step; [] for a campaign sent once' })
  steps!: StepFiguresDto[];
  @ApiProperty({ example: 40, description: 'Clients who entered the sequence' }) enrolledCount!: number;
  @ApiProperty(audienceSchema) audience!: CampaignAudience;
  @ApiProperty({ example: 212, description: 'Fixed when sent' }) recipientCount!: number;
  @ApiProperty({ example: 97, description: 'Distinct recipients who opened (e-mail)' }) openedCount!: number;
  @ApiProperty({ example: 31, description: 'Distinct recipients who clicked a link' }) clickedCount!: number;
  @ApiProperty({ type: String, format: 'date-time', example: '2026-09-20T15:12:00.000Z' }) createdAt!: string;
  @ApiProperty({ type: String, format: 'date-time', nullable: true, example: '2026-10-01T13:00:00.000Z' }) sentAt!: string | null;
}

/** What a draft's edit may change; each field left out keeps its value (optional so the service answers with messages that name the field). */
export class UpdateCampaignDto {
  @ApiPropertyOptional({ example: 'Annual Enrollment 2027' }) @IsOptionalNotNull() @IsString() name?: string;
  @ApiPropertyOptional({ enum: CAMPAIGN_TYPES, example: 'email' })
  @IsOptionalNotNull()
  @IsIn([...CAMPAIGN_TYPES], { message: 'type must be email or sms' })
  type?: CampaignType;
  @ApiPropertyOptional({
    type: String,
    nullable: true,
    example: 'Time to review your Medicare plan',
    description: 'Required for e-mail; may hold merge fields, as the message',
  })
  @IsOptional()
  @IsString()
  subject?: string | null;
  @ApiPropertyOptional({
    example: 'Hi {firstName}, Annual Enrollment opens October 15. Call {agencyName} at {agencyPhone} to review your plan.',
    description:
      'Merge fields, filled in for each client when it goes: {firstName}, {lastName}, {agencyName}, {agencyPhone}. Any other {word} is refused (400).',
  })
  @IsOptionalNotNull()
  @IsString()
  message?: string;
  @ApiPropertyOptional({ ...audienceSchema, description: 'Default: all active clients' })
  @IsOptionalNotNull()
  @IsObject({ message: 'audience must be an object' })
  audience?: unknown;
  @ApiPropertyOptional({ enum: CAMPAIGN_PURPOSES, example: 'informational', description: 'Default: marketing' })
  @IsOptionalNotNull()
  @IsIn([...CAMPAIGN_PURPOSES], { message: 'purpose must be marketing or informational' })
  purpose?: CampaignPurpose;
  @ApiPropertyOptional({ type: String, nullable: true, enum: TEMPLATE_KEYS, example: 'aep_check_in' })
  @IsOptional()
  @IsIn([...TEMPLATE_KEYS], { message: `templateKey must be one of: ${TEMPLATE_KEYS.join(', ')}` })
  templateKey?: TemplateKey | null;
  @ApiPropertyOptional({
    ...triggerSchema,
    example: null,
    description: 'Makes it a sequence, e.g. { "kind": "turning_65", "daysBefore": 30 }; null (the default): sent once',
  })
  @IsOptional()
  @IsObject({ message: 'trigger must be an object' })
  trigger?: unknown;
  @ApiPropertyOptional({
    type: [FollowUpDto],
    maxItems: 4,
    example: [],
    description: 'A sequence’s later steps (0–4), only with a trigger',
  })
  @IsOptionalNotNull()
  @IsArray({ message: 'followUps must be a list' })
  followUps?: unknown[];
}

/** A new campaign: the edit's fields, always a draft. */
export class CreateCampaignDto extends UpdateCampaignDto {
  @ApiPropertyOptional({ enum: ['draft'] })
  @IsOptionalNotNull()
  @IsIn(['draft'], { message: 'A new campaign is always a draft' })
  status?: 'draft';
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
      'Of those, how many may receive it: the permission its purpose needs on the channel (marketing: marketing permission given, not revoked, not lapsed; informational: reminders or marketing permission) and the address not opted out. The others are skipped with the reason.',
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
