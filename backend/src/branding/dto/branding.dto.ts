import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { IsBoolean, IsInt, IsOptional, IsString, Max, Min } from 'class-validator';

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
  @ApiPropertyOptional({
    maxLength: 150,
    description: 'The sponsor message in Spanish, for clients whose language is Spanish; empty: the English one',
  })
  @IsOptionalNotNull()
  @IsString({ message: 'sponsorMessageEs must be text' })
  sponsorMessageEs?: string;
  @ApiPropertyOptional({ description: 'Postal address for e-mail footers' }) @IsOptionalNotNull() @IsString() agencyAddress?: string;
  @ApiPropertyOptional({
    description: 'The agency sells Medicare plans: marketing e-mails and texts and the portal carry the TPMO disclaimer',
  })
  @IsOptionalNotNull()
  @IsBoolean({ message: 'sellsPlans must be true or false' })
  sellsPlans?: boolean;
  @ApiPropertyOptional({
    type: Number,
    nullable: true,
    minimum: 1,
    maximum: 999,
    description: 'Organizations the agency represents; null clears it',
  })
  @IsOptional()
  @IsInt({ message: 'tpmoOrganizations must be a whole number' })
  @Min(1, { message: 'tpmoOrganizations must be at least 1' })
  @Max(999, { message: 'tpmoOrganizations must be at most 999' })
  tpmoOrganizations?: number | null;
  @ApiPropertyOptional({
    type: Number,
    nullable: true,
    minimum: 1,
    maximum: 9999,
    description: 'Plans those organizations offer in the area; null clears it',
  })
  @IsOptional()
  @IsInt({ message: 'tpmoPlans must be a whole number' })
  @Min(1, { message: 'tpmoPlans must be at least 1' })
  @Max(9999, { message: 'tpmoPlans must be at most 9999' })
  tpmoPlans?: number | null;
  @ApiPropertyOptional({
    type: String,
    nullable: true,
    maxLength: 1000,
    description: 'The broker’s own wording; null or blank: back to the generated text',
  })
  @IsOptional()
  @IsString({ message: 'tpmoDisclaimer must be text' })
  tpmoDisclaimer?: string | null;
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
  @ApiProperty({
    type: String,
    nullable: true,
    description: 'The TPMO disclaimer for the portal footer; null when the agency does not sell plans',
  })
  disclaimer!: string | null;
  @ApiProperty({
    type: String,
    nullable: true,
    example: '+16155550142',
    description: 'The agency’s phone number (E.164) for the portal’s Call my agent button; null when the agency has none',
  })
  agencyPhone!: string | null;
}

/**
 * What anyone may see of an agency, for its branded sign-in and registration pages: the name, the
 * logo, the colour and the phone (nothing about the broker or their clients).
 */
export class PublicAgencyDto {
  @ApiProperty({ example: 'Sunrise Benefits', description: 'The agency name; "Your Healthcare Team" when it has none' })
  agencyName!: string;
  @ApiProperty({ type: String, nullable: true, example: '/api/public/logos/6f1c2a9e-4b7d-4e3a-9c2f-8a1b2c3d4e5f.png' })
  logoUrl!: string | null;
  @ApiProperty({ example: '#2563eb', description: 'As the agency chose it: pages darken it where text must stay readable' })
  primaryColor!: string;
  @ApiProperty({ type: String, nullable: true, example: '+16155550142', description: 'E.164; null when the agency has none' })
  agencyPhone!: string | null;
}

export class PortalLinkDto {
  @ApiProperty({ example: 'sunrise-benefits', description: 'The agency’s slug: made from its name the first time, then kept' })
  slug!: string;
  @ApiProperty({ example: 'https://app.carekeep.example/client/login?agency=sunrise-benefits' })
  url!: string;
}
