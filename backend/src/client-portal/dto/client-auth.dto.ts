import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { IsOptional, IsString } from 'class-validator';

import { PublicAgencyDto } from '../../branding/dto/branding.dto.js';
import { type Language, LANGUAGES } from '../../common/language.js';

// Fields are optional here so the service can answer the spec's own messages ("Missing fields", ...).

export class RegisterClientDto {
  @ApiPropertyOptional({ example: 'JxcTR5wTjFQKrF72cuw688bV7Lq9jLVE2pdf8vs-h2Y', description: 'The invitation token from the link' })
  @IsOptional()
  @IsString()
  token?: string;

  @ApiPropertyOptional({ example: 'mary.j', description: '3-64 characters: letters, numbers, . _ - @' })
  @IsOptional()
  @IsString()
  username?: string;

  @ApiPropertyOptional({ minLength: 8, maxLength: 128, format: 'password', example: 'violet-tractor-91' })
  @IsOptional()
  @IsString()
  password?: string;
}

export class ClientLoginDto {
  @ApiPropertyOptional({ example: 'mary.j' })
  @IsOptional()
  @IsString()
  username?: string;

  @ApiPropertyOptional({ format: 'password', example: 'violet-tractor-91' })
  @IsOptional()
  @IsString()
  password?: string;
}

export class InviteLookupDto {
  @ApiProperty({ example: 'Mary' }) firstName!: string;
  @ApiProperty({ example: 'Johnson' }) lastName!: string;
  @ApiProperty({ enum: LANGUAGES, example: 'en', description: 'The client’s language: the portal shows itself in it' }) language!: Language;
  @ApiProperty({ type: PublicAgencyDto, description: 'The inviting agency, for the registration page’s branding' })
  agency!: PublicAgencyDto;
}

export class ClientSignedInDto {
  @ApiProperty({ example: 'Mary' }) firstName!: string;
  @ApiProperty({ example: 'Johnson' }) lastName!: string;
  @ApiProperty({ example: 'mary.j', description: 'The username, as stored (lower-case)' }) username!: string;
  @ApiProperty({ enum: LANGUAGES, example: 'en', description: 'The client’s language: the portal shows itself in it' }) language!: Language;
}
