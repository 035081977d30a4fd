import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { IsString, MaxLength } from 'class-validator';

import { IsOptionalNotNull } from '../../common/validation.js';

// Optional so the service answers the portal's own messages; null is refused (it means nothing here).

export const IDENTIFIER_MAX_LENGTH = 254;

export class PasswordResetRequestDto {
  @ApiPropertyOptional({
    example: 'mary.j',
    maxLength: IDENTIFIER_MAX_LENGTH,
    description: 'The username, the phone number or the e-mail address on file, as the client types it',
  })
  @IsOptionalNotNull()
  @IsString()
  @MaxLength(IDENTIFIER_MAX_LENGTH)
  identifier?: string;
}

export class PasswordResetAcceptedDto {
  @ApiProperty({
    example: 'If an account matches, we sent a code by text message or a link by e-mail. It works for 30 minutes.',
    description: 'The same words whether or not an account matched',
  })
  message!: string;
}

/** Either the identifier and the code from the text, or the token from the e-mail's link; and the new password. */
export class PasswordResetConfirmDto {
  @ApiPropertyOptional({
    example: 'mary.j',
    maxLength: IDENTIFIER_MAX_LENGTH,
    description: 'With code: what the client typed when asking for it (username, phone or e-mail)',
  })
  @IsOptionalNotNull()
  @IsString()
  @MaxLength(IDENTIFIER_MAX_LENGTH)
  identifier?: string;

  @ApiPropertyOptional({ example: '482913', maxLength: 12, description: 'The 6-digit code from the text message' })
  @IsOptionalNotNull()
  @IsString()
  @MaxLength(12)
  code?: string;

  @ApiPropertyOptional({
    example: '3c9e1f2a-7b4d-4e8a-9f6c-2d1b0a9e8f7c.JxcTR5wTjFQKrF72cuw688bV7Lq9jLVE2pdf8vs-h2Y',
    maxLength: 200,
    description: 'Instead of identifier and code: the token from the e-mail’s link /client/reset-password?token={token}',
  })
  @IsOptionalNotNull()
  @IsString()
  @MaxLength(200)
  token?: string;

  @ApiPropertyOptional({ minLength: 8, maxLength: 128, format: 'password', example: 'violet-tractor-91' })
  @IsOptionalNotNull()
  @IsString()
  password?: string;
}

export class BrokerPasswordResetDto {
  @ApiProperty({ enum: ['sms', 'email'], example: 'sms', description: 'How it went: a code by text, or a link by e-mail' })
  channel!: 'sms' | 'email';
  @ApiProperty({ example: 'A password reset was sent to Ruth Alvarez by text message. It works for 30 minutes.' })
  message!: string;
}
