import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { IsString } from 'class-validator';

import { IsOptionalNotNull } from '../../common/validation.js';

// Optional so the service answers messages that name the field.
export class UpdateBrandingDto {
  @ApiPropertyOptional({ example: '#2563eb', description: 'Hex, #rgb or #rrggbb' }) @IsOptionalNotNull() @IsString() primaryColor?: string;
  @ApiPropertyOptional({ example: '#10b981' }) @IsOptionalNotNull() @IsString() secondaryColor?: string;
  @ApiPropertyOptional() @IsOptionalNotNull() @IsString() agencyName?: string;
  @ApiPropertyOptional({ description: 'Stored as E.164' }) @IsOptionalNotNull() @IsString() agencyPhone?: string;
  @ApiPropertyOptional({ maxLength: 150, description: 'Added to every reminder call' })
  @IsOptionalNotNull()
  @IsString()
  sponsorMessage?: string;
  @ApiPropertyOptional({ description: 'Postal address for e-mail footers' }) @IsOptionalNotNull() @IsString() agencyAddress?: string;
}

export class LogoDto {
  @ApiProperty({ example: '/api/public/logos/6f1c….png' }) logoUrl!: string;
}

/** SPEC §3 "Client portal branding". */
export class PortalBrandingDto {
  @ApiProperty({ example: 'Your Healthcare Team' }) agencyName!: string;
  @ApiProperty({ type: String, nullable: true }) logoUrl!: string | null;
  @ApiProperty({ example: '#2563eb' }) primaryColor!: string;
  @ApiProperty() sponsorMessage!: string;
}
