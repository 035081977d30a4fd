import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { IsEmail, IsIn, IsInt, IsOptional, IsString, Matches, MaxLength, Min, MinLength } from 'class-validator';

import { IsOptionalNotNull } from '../../common/validation.js';
import { REGISTRATION_STATUSES, REGISTRATION_STEPS, STEP_STATUSES } from '../a2p-registration.entity.js';

export const BUSINESS_TYPES = ['llc', 'corporation', 'partnership', 'non_profit', 'sole_proprietor'] as const;
export const US_STATES =
  'AL AK AZ AR CA CO CT DE DC FL GA HI ID IL IN IA KS KY LA ME MD MA MI MN MS MO MT NE NV NH NJ NM NY NC ND OH OK OR PA RI SC SD TN TX UT VT VA WA WV WI WY PR GU VI AS MP'.split(
    ' ',
  );

/** What the owner enters: the agency as a business (the brand) and the amounts they were shown. */
export class SubmitRegistrationDto {
  @ApiProperty({
    example: 'Harbor Senior Insurance LLC',
    description: 'The legal name, exactly as the IRS has it (a sole proprietor: their own name)',
  })
  @IsString({ message: 'legalName must be text' })
  @MinLength(2, { message: 'Enter the legal business name' })
  @MaxLength(255, { message: 'legalName must be at most 255 characters' })
  legalName!: string;

  @ApiProperty({
    enum: BUSINESS_TYPES,
    example: 'llc',
    description: 'sole_proprietor: no EIN (the Sole Proprietor brand, one number, lower volume)',
  })
  @IsIn([...BUSINESS_TYPES], { message: `businessType must be one of ${BUSINESS_TYPES.join(', ')}` })
  businessType!: (typeof BUSINESS_TYPES)[number];

  @ApiPropertyOptional({
    type: String,
    nullable: true,
    example: '12-3456789',
    description: 'Required unless a sole proprietor; none for one',
  })
  @IsOptional()
  @IsString({ message: 'ein must be text' })
  @Matches(/^\d{2}-?\d{7}$/, { message: 'The EIN has 9 digits, written 12-3456789' })
  ein?: string | null;

  @ApiProperty({ example: '100 Harbor Way' })
  @IsString({ message: 'street must be text' })
  @MinLength(3, { message: 'Enter the street address' })
  @MaxLength(200, { message: 'street must be at most 200 characters' })
  street!: string;

  @ApiProperty({ example: 'Tampa' })
  @IsString({ message: 'city must be text' })
  @MinLength(2, { message: 'Enter the city' })
  @MaxLength(100, { message: 'city must be at most 100 characters' })
  city!: string;

  @ApiProperty({ example: 'FL', description: 'Two-letter US state' })
  @IsString({ message: 'state must be text' })
  @IsIn(US_STATES, { message: 'state must be a two-letter US state, e.g. FL' })
  state!: string;

  @ApiProperty({ example: '33602' })
  @IsString({ message: 'postalCode must be text' })
  @Matches(/^\d{5}(-\d{4})?$/, { message: 'The ZIP code has 5 digits (or 5+4)' })
  postalCode!: string;

  @ApiPropertyOptional({ type: String, nullable: true, example: 'https://harborsenior.example', description: 'Required of a company' })
  @IsOptional()
  @IsString({ message: 'website must be text' })
  @MaxLength(255, { message: 'website must be at most 255 characters' })
  @Matches(/^https?:\/\/[^\s/$.?#][^\s]*\.[^\s]+$/i, { message: 'The website must start with https:// and be a full address' })
  website?: string | null;

  @ApiProperty({ example: 'Dana' })
  @IsString({ message: 'contactFirstName must be text' })
  @MinLength(1, { message: 'Enter the contact’s first name' })
  @MaxLength(100, { message: 'contactFirstName must be at most 100 characters' })
  contactFirstName!: string;

  @ApiProperty({ example: 'Reyes' })
  @IsString({ message: 'contactLastName must be text' })
  @MinLength(1, { message: 'Enter the contact’s last name' })
  @MaxLength(100, { message: 'contactLastName must be at most 100 characters' })
  contactLastName!: string;

  @ApiProperty({ example: 'dana@harborsenior.example' })
  @IsString({ message: 'contactEmail must be text' })
  @MaxLength(254, { message: 'contactEmail must be at most 254 characters' })
  @IsEmail({}, { message: 'Enter a valid e-mail address' })
  contactEmail!: string;

  @ApiProperty({ example: '+18135550100', description: 'A mobile number in E.164; a sole proprietor confirms a code Twilio texts to it' })
  @IsString({ message: 'contactPhone must be text' })
  @Matches(/^\+1[2-9]\d{9}$/, { message: 'Enter a US phone number as +1 and 10 digits, e.g. +18135550100' })
  contactPhone!: string;

  @ApiPropertyOptional({ example: 'Owner', description: 'The contact’s title at the agency (default Owner)' })
  @IsOptionalNotNull()
  @IsString({ message: 'contactTitle must be text' })
  @MaxLength(100, { message: 'contactTitle must be at most 100 characters' })
  contactTitle?: string;

  @ApiProperty({ example: 5900, description: 'The one-time fees shown before submitting, in cents; other amounts answer 409' })
  @IsInt({ message: 'confirmOneTimeCents must be the one-time amount you were shown, in cents' })
  @Min(0, { message: 'confirmOneTimeCents must be the one-time amount you were shown, in cents' })
  confirmOneTimeCents!: number;

  @ApiProperty({ example: 1115, description: 'The monthly fees shown before submitting, in cents; other amounts answer 409' })
  @IsInt({ message: 'confirmMonthlyCents must be the monthly amount you were shown, in cents' })
  @Min(0, { message: 'confirmMonthlyCents must be the monthly amount you were shown, in cents' })
  confirmMonthlyCents!: number;
}

export class FeesDto {
  @ApiProperty({ example: '2026-11-29', description: 'The date the figures were read from their sources' }) asOf!: string;
  @ApiProperty({ type: [String] }) sources!: string[];
  @ApiProperty({ example: 400 }) brandRegistrationCents!: number;
  @ApiProperty({ example: 4000 }) secondaryVettingCents!: number;
  @ApiProperty({ example: 1500 }) campaignVettingCents!: number;
  @ApiProperty({ example: 1000 }) campaignMonthlyCents!: number;
  @ApiProperty({ example: 115 }) localNumberMonthlyCents!: number;
  @ApiProperty({
    example: 5900,
    description: 'Paid once on submitting (what this submission costs: a resubmission of the campaign alone pays its vetting only)',
  })
  oneTimeCents!: number;
  @ApiProperty({ example: 1115, description: 'Paid each month once approved' }) monthlyCents!: number;
}

export class CampaignPreviewDto {
  @ApiProperty({ example: 'MIXED' }) useCase!: string;
  @ApiProperty() description!: string;
  @ApiProperty() messageFlow!: string;
  @ApiProperty({ type: [String] }) messageSamples!: string[];
  @ApiProperty({ type: [String] }) optOutKeywords!: string[];
  @ApiProperty() optOutMessage!: string;
  @ApiProperty({ type: [String] }) helpKeywords!: string[];
  @ApiProperty() helpMessage!: string;
}

export class RegistrationPreviewDto {
  @ApiProperty({
    enum: ['twilio', 'simulated'],
    description: 'simulated: no Twilio here (development); texts go to the outbox and nothing is registered',
  })
  mode!: 'twilio' | 'simulated';
  @ApiProperty({ type: CampaignPreviewDto, description: 'A company’s campaign (MIXED)' }) company!: CampaignPreviewDto;
  @ApiProperty({ type: CampaignPreviewDto, description: 'A sole proprietor’s campaign' }) soleProprietor!: CampaignPreviewDto;
  @ApiProperty({ type: FeesDto }) companyFees!: FeesDto;
  @ApiProperty({ type: FeesDto }) soleProprietorFees!: FeesDto;
  @ApiProperty({
    type: Number,
    nullable: true,
    example: 813,
    description: 'The area code a number is looked for in (the agency’s phone’s)',
  })
  areaCode!: number | null;
  @ApiProperty({ description: 'Only the campaign is sent again (the brand was approved), so only its vetting is paid' })
  campaignOnly!: boolean;
}

export class RegistrationStepDto {
  @ApiProperty({ enum: REGISTRATION_STEPS }) step!: string;
  @ApiProperty({ enum: STEP_STATUSES }) status!: string;
}

export class RegistrationFailureDto {
  @ApiProperty({ enum: REGISTRATION_STEPS }) step!: string;
  @ApiProperty({ type: Number, nullable: true, example: 30893 }) code!: number | null;
  @ApiProperty({ description: 'Twilio’s own words' }) raw!: string;
  @ApiProperty({ description: 'Said plainly, in English' }) plainEn!: string;
  @ApiProperty({ description: 'Said plainly, in Spanish' }) plainEs!: string;
}

export class BrandDetailsDto {
  @ApiProperty() legalName!: string;
  @ApiProperty({ enum: BUSINESS_TYPES }) businessType!: string;
  @ApiProperty({ type: String, nullable: true }) ein!: string | null;
  @ApiProperty() street!: string;
  @ApiProperty() city!: string;
  @ApiProperty() state!: string;
  @ApiProperty() postalCode!: string;
  @ApiProperty({ type: String, nullable: true }) website!: string | null;
  @ApiProperty() contactFirstName!: string;
  @ApiProperty() contactLastName!: string;
  @ApiProperty() contactEmail!: string;
  @ApiProperty() contactPhone!: string;
  @ApiProperty() contactTitle!: string;
}

export class RegistrationDto {
  @ApiProperty({ enum: REGISTRATION_STATUSES }) status!: string;
  @ApiProperty({ type: [RegistrationStepDto] }) steps!: RegistrationStepDto[];
  @ApiProperty({ type: [RegistrationFailureDto] }) failures!: RegistrationFailureDto[];
  @ApiProperty({ type: BrandDetailsDto }) brand!: BrandDetailsDto;
  @ApiProperty({ example: 'MIXED' }) useCase!: string;
  @ApiProperty({ type: [String], example: ['+18135550142'] }) numbers!: string[];
  @ApiProperty({ example: 5900 }) confirmedFeesCents!: number;
  @ApiProperty({ example: 1 }) attempts!: number;
  @ApiProperty({ type: String, format: 'date-time' }) submittedAt!: string;
  @ApiProperty({ type: String, format: 'date-time', nullable: true }) approvedAt!: string | null;
  @ApiProperty({ type: String, format: 'date-time', nullable: true }) checkedAt!: string | null;
}

/** What every member sees: whether texts wait for the registration (the broker app's banner). */
export class TextingStatusDto {
  @ApiProperty({ description: 'Texts wait until the agency’s campaign is approved (A2P_HOLD_UNREGISTERED_TEXTS)' }) holding!: boolean;
  @ApiProperty({ enum: ['none', ...REGISTRATION_STATUSES], example: 'pending' }) status!: string;
  @ApiProperty({ example: 3, description: 'Texts now held' }) heldTexts!: number;
}
