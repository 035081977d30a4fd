import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { IsBoolean, IsString, MaxLength } from 'class-validator';

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
}
