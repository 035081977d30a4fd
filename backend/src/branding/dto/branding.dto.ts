import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { IsOptional, IsString } from 'class-validator';

// Optional so the service answers messages that name the field.
export class UpdateBrandingDto {
  @ApiPropertyOptional({ example: '#2563eb', description: 'Hex, #rgb or #rrggbb' }) @IsOptional() @IsString() primaryColor?: string;
  @ApiPropertyOptional({ example: '#10b981' }) @IsOptional() @IsString() secondaryColor?: string;
  @ApiPropertyOptional() @IsOptional() @IsString() agencyName?: string;
  @ApiPropertyOptional({ description: 'Stored as E.164' }) @IsOptional() @IsString() agencyPhone?: string;
  @ApiPropertyOptional({ maxLength: 150, description: 'Added to every reminder call' }) @IsOptional() @IsString() sponsorMessage?: string;
  @ApiPropertyOptional({ description: 'Postal address for e-mail footers' }) @IsOptional() @IsString() agencyAddress?: string;
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
