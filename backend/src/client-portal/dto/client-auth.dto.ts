import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { IsOptional, IsString } from 'class-validator';

import { type Language, LANGUAGES } from '../../common/language.js';

// Fields are optional here so the service can answer the spec's own messages ("Missing fields", ...).

export class RegisterClientDto {
  @ApiPropertyOptional({ description: 'The invitation token from the link' })
  @IsOptional()
  @IsString()
  token?: string;

  @ApiPropertyOptional({ example: 'mary.j', description: '3-64 characters: letters, numbers, . _ - @' })
  @IsOptional()
  @IsString()
  username?: string;

  @ApiPropertyOptional({ minLength: 8, maxLength: 128, format: 'password' })
  @IsOptional()
  @IsString()
  password?: string;
}

export class ClientLoginDto {
  @ApiPropertyOptional()
  @IsOptional()
  @IsString()
  username?: string;

  @ApiPropertyOptional({ format: 'password' })
  @IsOptional()
  @IsString()
  password?: string;
}

export class InviteLookupDto {
  @ApiProperty() firstName!: string;
  @ApiProperty() lastName!: string;
  @ApiProperty({ enum: LANGUAGES, description: 'The client’s language: the portal shows itself in it' }) language!: Language;
}

export class ClientSignedInDto {
  @ApiProperty() firstName!: string;
  @ApiProperty() lastName!: string;
  @ApiProperty({ description: 'The username, as stored (lower-case)' }) username!: string;
  @ApiProperty({ enum: LANGUAGES, description: 'The client’s language: the portal shows itself in it' }) language!: Language;
}
