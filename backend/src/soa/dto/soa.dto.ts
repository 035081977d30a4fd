import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import {
  ArrayMaxSize,
  ArrayMinSize,
  ArrayUnique,
  Equals,
  IsArray,
  IsIn,
  IsNotEmpty,
  IsOptional,
  IsString,
  IsUUID,
  MaxLength,
  ValidateIf,
} from 'class-validator';

import { IsTimestamp } from '../../common/dates.js';
import { SIGNATURE_KINDS, type SignatureKind, SIGNER_ROLES, type SignerRole, SOA_CHANNELS, type SoaChannel } from '../soa.entity.js';
import { SOA_EXCEPTIONS, SOA_METHODS, SOA_PRODUCTS, type SoaException, type SoaMethod, type SoaProduct } from '../soa-rules.js';

/** A field that may be left out but, when sent, may not be null. */
const sent = (_: object, value: unknown) => value !== undefined;

const oneOf = (field: string, values: readonly string[]) => ({ message: `${field} must be one of: ${values.join(', ')}` });

export const SIGNER_NAME_MAX = 100;
export const RELATIONSHIP_MAX = 60;
/** A drawn signature's path data: enough for a long signature, far below a body's limit. */
export const DRAWN_SIGNATURE_MAX = 20_000;

/** What the broker prepares: the topics, when and how, who holds it, and how the link goes out. */
export class PrepareSoaDto {
  @ApiProperty({
    enum: SOA_PRODUCTS,
    isArray: true,
    example: ['ma_mapd', 'pdp'],
    description: 'The product types to discuss (at least one)',
  })
  @IsArray({ message: 'products must be a list of product types' })
  @ArrayMinSize(1, { message: 'Choose at least one type of product to discuss' })
  @ArrayMaxSize(SOA_PRODUCTS.length, { message: 'products names each type once' })
  @ArrayUnique({ message: 'products names each type once' })
  @IsIn([...SOA_PRODUCTS], { each: true, ...oneOf('products', SOA_PRODUCTS) })
  products!: SoaProduct[];

  @ApiProperty({ type: String, format: 'date-time', example: '2026-12-02T15:00:00Z' })
  @IsTimestamp({ message: 'appointmentAt must be a date and time such as 2026-12-02T15:00:00Z' })
  appointmentAt!: string;

  @ApiProperty({ enum: SOA_METHODS, example: 'phone' })
  @IsIn([...SOA_METHODS], oneOf('method', SOA_METHODS))
  method!: SoaMethod;

  @ApiPropertyOptional({
    type: String,
    format: 'uuid',
    description: 'The agent who holds the appointment (a member who has joined); by default you when you sell, else the client’s member',
  })
  @ValidateIf(sent)
  @IsUUID('all', { message: 'agentMemberId must be a member’s id' })
  agentMemberId?: string;

  @ApiPropertyOptional({
    enum: SOA_EXCEPTIONS,
    nullable: true,
    description: 'Under a rule with a wait after signing: why the appointment may come sooner (recorded as said)',
  })
  @IsOptional()
  @IsIn([...SOA_EXCEPTIONS], oneOf('exception', SOA_EXCEPTIONS))
  exception?: SoaException | null;

  @ApiPropertyOptional({ enum: SOA_CHANNELS, description: 'Default: a text when the client’s phone takes texts, else e-mail' })
  @ValidateIf(sent)
  @IsIn([...SOA_CHANNELS], oneOf('channel', SOA_CHANNELS))
  channel?: SoaChannel;
}

/** The client's signature on the signing page. */
export class SignSoaDto {
  @ApiProperty({ maxLength: SIGNER_NAME_MAX, example: 'Dorothy Miller' })
  @IsString({ message: 'signerName must be text' })
  @IsNotEmpty({ message: 'Type your full name' })
  @MaxLength(SIGNER_NAME_MAX, { message: `signerName must be at most ${SIGNER_NAME_MAX} characters` })
  signerName!: string;

  @ApiProperty({ enum: SIGNER_ROLES })
  @IsIn([...SIGNER_ROLES], oneOf('signerRole', SIGNER_ROLES))
  signerRole!: SignerRole;

  @ApiPropertyOptional({
    type: String,
    nullable: true,
    maxLength: RELATIONSHIP_MAX,
    example: 'Daughter',
    description: 'Required for an authorized representative',
  })
  @IsOptional()
  @IsString({ message: 'relationship must be text' })
  @MaxLength(RELATIONSHIP_MAX, { message: `relationship must be at most ${RELATIONSHIP_MAX} characters` })
  relationship?: string | null;

  @ApiProperty({ enum: SIGNATURE_KINDS, description: 'typed: the typed name confirmed with a tap; drawn: drawnSignature holds it' })
  @IsIn([...SIGNATURE_KINDS], oneOf('signatureKind', SIGNATURE_KINDS))
  signatureKind!: SignatureKind;

  @ApiPropertyOptional({
    type: String,
    nullable: true,
    maxLength: DRAWN_SIGNATURE_MAX,
    description: 'A drawn signature as SVG path data (M and L commands) in a 600 × 200 box',
  })
  @IsOptional()
  @IsString({ message: 'drawnSignature must be text' })
  @MaxLength(DRAWN_SIGNATURE_MAX, { message: 'The drawn signature is too long; clear it and draw it again' })
  drawnSignature?: string | null;

  @ApiProperty({ enum: [true], description: 'The signer agrees to what the form says' })
  @Equals(true, { message: 'Tick the box to agree' })
  agree!: true;
}

/** An SOA as the broker sees it. */
export class SoaDto {
  @ApiProperty({ format: 'uuid' }) id!: string;
  @ApiProperty({ format: 'uuid' }) clientId!: string;
  @ApiProperty({ example: 'Dorothy Miller' }) clientName!: string;
  @ApiProperty({ enum: SOA_PRODUCTS, isArray: true }) products!: SoaProduct[];
  @ApiProperty({ type: String, format: 'date-time' }) appointmentAt!: string;
  @ApiProperty({ enum: SOA_METHODS }) method!: SoaMethod;
  @ApiProperty({ enum: SOA_EXCEPTIONS, nullable: true }) exception!: SoaException | null;
  @ApiProperty({ example: 'soa-before-appointment', description: 'The rule applied (docs/compliance.md)' }) ruleId!: string;
  @ApiProperty({ type: String, format: 'uuid', nullable: true }) agentMemberId!: string | null;
  @ApiProperty({ example: 'Dana Whitfield' }) agentName!: string;
  @ApiProperty({ enum: SOA_CHANNELS }) channel!: SoaChannel;
  @ApiProperty({ enum: ['sent', 'opened', 'signed', 'expired', 'cancelled'], description: 'expired: the link ran out unsigned' })
  status!: 'sent' | 'opened' | 'signed' | 'expired' | 'cancelled';
  @ApiProperty({ type: String, format: 'date-time' }) sentAt!: string;
  @ApiProperty({ type: String, format: 'date-time', nullable: true }) openedAt!: string | null;
  @ApiProperty({ type: String, format: 'date-time', nullable: true }) signedAt!: string | null;
  @ApiProperty({ type: String, format: 'date-time' }) linkExpiresAt!: string;
  @ApiProperty({ type: String, nullable: true, description: 'Who signed, as they typed it' }) signerName!: string | null;
  @ApiProperty({ enum: SIGNER_ROLES, nullable: true }) signerRole!: SignerRole | null;
  @ApiProperty({ type: String, nullable: true }) relationship!: string | null;
  @ApiProperty({ type: String, format: 'date-time', nullable: true, description: 'Signed: valid for 12 months' }) validUntil!:
    string | null;
  @ApiProperty({ type: String, format: 'date-time', nullable: true, description: 'Signed: the earliest the appointment may be held' })
  earliestAppointmentAt!: string | null;
  @ApiProperty({ description: 'Signed, but later than the rule allows before the appointment time set (with no exception)' })
  tooSoon!: boolean;
  @ApiProperty({ type: String, nullable: true, description: 'Signed: the SHA-256 of the PDF, to check a copy' }) pdfSha256!: string | null;
  @ApiProperty({ type: String, nullable: true, description: 'What the broker should know (an exception the app cannot check)' })
  warning!: string | null;
  @ApiProperty({ type: String, format: 'date-time' }) createdAt!: string;
}

/** What the signing page shows (no health data; nothing but what the SOA itself says). */
export class SoaSigningDto {
  @ApiProperty({ enum: ['ready', 'signed', 'expired', 'cancelled'] }) status!: 'ready' | 'signed' | 'expired' | 'cancelled';
  @ApiProperty() agencyName!: string;
  @ApiProperty({ example: '#1565c0' }) primaryColor!: string;
  @ApiProperty({ type: String, nullable: true }) logoUrl!: string | null;
  @ApiProperty() beneficiaryName!: string;
  @ApiProperty() agentName!: string;
  @ApiProperty({ enum: SOA_PRODUCTS, isArray: true }) products!: SoaProduct[];
  @ApiProperty({ type: String, format: 'date-time' }) appointmentAt!: string;
  @ApiProperty({ enum: SOA_METHODS }) method!: SoaMethod;
  @ApiProperty({ example: 'America/New_York' }) timeZone!: string;
  @ApiProperty({ enum: ['en', 'es'] }) language!: string;
  @ApiProperty({ type: String, format: 'date-time', nullable: true }) signedAt!: string | null;
}

/** A signed SOA in the client's portal. */
export class ClientSoaDto {
  @ApiProperty({ format: 'uuid' }) id!: string;
  @ApiProperty({ enum: SOA_PRODUCTS, isArray: true }) products!: SoaProduct[];
  @ApiProperty({ type: String, format: 'date-time' }) appointmentAt!: string;
  @ApiProperty({ enum: SOA_METHODS }) method!: SoaMethod;
  @ApiProperty({ example: 'Dana Whitfield' }) agentName!: string;
  @ApiProperty({ type: String, format: 'date-time' }) signedAt!: string;
  @ApiProperty({ example: 'Dorothy Miller' }) signerName!: string;
  @ApiProperty({ type: String, format: 'date-time' }) validUntil!: string;
}

/** The book's unsigned SOAs (the dashboard's list) and how many there are in all. */
export class UnsignedSoasDto {
  @ApiProperty({ type: SoaDto, isArray: true }) items!: SoaDto[];
  @ApiProperty({ example: 3 }) total!: number;
}
