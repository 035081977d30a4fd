import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { IsBoolean, IsIn, IsString, MaxLength } from 'class-validator';

import { TEXT_SIZES, type TextSize } from '../../auth/client-account.entity.js';
import { type Language, LANGUAGES } from '../../common/language.js';
import { IsOptionalNotNull } from '../../common/validation.js';

export class ClientSettingsDto {
  @ApiProperty({ example: 'America/Chicago', description: 'The time zone reminders and calling hours use for the client' })
  timeZone!: string;

  @ApiProperty({
    enum: ['portal', 'place', 'phone', 'agency'],
    description: 'Where it comes from: set here, where they live, their phone’s area code, or the agency’s',
  })
  timeZoneFrom!: 'portal' | 'place' | 'phone' | 'agency';

  @ApiProperty({ description: 'The agency may contact them about Medicare plans (on at least one channel)' })
  marketing!: boolean;

  @ApiProperty({ enum: LANGUAGES, description: 'The language of the portal, the reminders, texts and e-mails' })
  language!: Language;

  @ApiProperty({
    enum: TEXT_SIZES,
    description: 'How large the portal’s text is: normal, large (an eighth larger), extra_large (a quarter)',
  })
  textSize!: TextSize;

  @ApiProperty({ description: 'The portal in high contrast: black on white, strong borders' })
  highContrast!: boolean;
}

export class UpdateClientSettingsDto {
  @ApiPropertyOptional({ example: 'America/New_York', description: 'An IANA time zone' })
  @IsOptionalNotNull()
  @IsString({ message: 'timeZone must be text' })
  @MaxLength(64, { message: 'timeZone must be an IANA time zone such as America/Chicago' })
  timeZone?: string;

  @ApiPropertyOptional({
    description: 'true: the agency may contact them about Medicare plans by call, text and e-mail; false: it may not',
  })
  @IsOptionalNotNull()
  @IsBoolean({ message: 'marketing must be true or false' })
  marketing?: boolean;

  @ApiPropertyOptional({ enum: LANGUAGES, description: 'en (English) or es (Spanish): the portal, calls, texts and e-mails follow it' })
  @IsOptionalNotNull()
  @IsIn(LANGUAGES, { message: 'language must be en (English) or es (Spanish)' })
  language?: Language;

  @ApiPropertyOptional({ enum: TEXT_SIZES, description: 'normal, large or extra_large' })
  @IsOptionalNotNull()
  @IsIn(TEXT_SIZES, { message: 'textSize must be normal, large or extra_large' })
  textSize?: TextSize;

  @ApiPropertyOptional({ description: 'true: the portal in high contrast' })
  @IsOptionalNotNull()
  @IsBoolean({ message: 'highContrast must be true or false' })
  highContrast?: boolean;
}
