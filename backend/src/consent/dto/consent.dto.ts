import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { ArrayMaxSize, ArrayNotEmpty, Equals, IsArray, IsBoolean, IsIn, IsUUID } from 'class-validator';

import { IsOptionalNotNull } from '../../common/validation.js';
import { CHANNELS } from '../../messaging/outbox-message.entity.js';
import { CONSENT_PURPOSES, CONSENT_SOURCES } from '../consent.entity.js';

export const CONSENT_STATES = ['granted', 'revoked', 'expired', 'unknown'] as const;

/** A client's permission on one channel for one purpose, now. */
export class ConsentStatusDto {
  @ApiProperty({ enum: CHANNELS }) channel!: string;
  @ApiProperty({ enum: CONSENT_PURPOSES }) purpose!: string;
  @ApiProperty({ enum: CONSENT_STATES, description: '`expired`: marketing permission older than CONSENT_MARKETING_MONTHS' })
  state!: string;
  @ApiProperty({ type: String, format: 'date-time', nullable: true, description: 'When the latest event was recorded' })
  since!: string | null;
  @ApiProperty({ enum: CONSENT_SOURCES, nullable: true }) source!: string | null;
  @ApiProperty({ type: String, format: 'date-time', nullable: true, description: 'When marketing permission lapses (or lapsed)' })
  expiresAt!: string | null;
}

/** One event of the ledger, as recorded. */
export class ConsentEventDto {
  @ApiProperty({ example: '1042', description: 'The event’s number in the ledger: events are numbered in the order they were recorded' })
  id!: string;
  @ApiProperty({ enum: CHANNELS }) channel!: string;
  @ApiProperty({ enum: CONSENT_PURPOSES }) purpose!: string;
  @ApiProperty({ description: 'Given (true) or taken back (false)' }) granted!: boolean;
  @ApiProperty({ enum: CONSENT_SOURCES }) source!: string;
  @ApiProperty({ type: String, nullable: true, description: 'The attestation shown, the reply’s words, the bounce' })
  evidence!: string | null;
  @ApiProperty({ type: String, nullable: true, example: 'broker', description: 'broker, admin, client, recipient or system' })
  actor!: string | null;
  @ApiProperty({ type: String, nullable: true }) ip!: string | null;
  @ApiProperty({ type: String, format: 'date-time' }) recordedAt!: string;
}

export class ClientConsentDto {
  @ApiProperty({ type: [ConsentStatusDto] }) current!: ConsentStatusDto[];
  @ApiProperty({ type: [ConsentEventDto], description: 'Newest first (the latest 200)' }) events!: ConsentEventDto[];
}

export class RecordConsentDto {
  @ApiProperty({ enum: CONSENT_PURPOSES })
  @IsIn([...CONSENT_PURPOSES], { message: `purpose must be one of: ${CONSENT_PURPOSES.join(', ')}` })
  purpose!: 'reminders' | 'marketing';

  @ApiProperty({
    description: 'true: the broker attests the client gave permission (the attestation text is recorded); false: the client took it back',
  })
  @IsBoolean({ message: 'granted must be true or false' })
  granted!: boolean;

  @ApiPropertyOptional({ enum: CHANNELS, isArray: true, description: 'Default: every channel' })
  @IsOptionalNotNull()
  @IsArray({ message: 'channels must be a list' })
  @ArrayNotEmpty({ message: 'channels must name at least one channel' })
  @ArrayMaxSize(3)
  @IsIn([...CHANNELS], { each: true, message: `channels must be among: ${CHANNELS.join(', ')}` })
  channels?: ('voice' | 'sms' | 'email')[];
}

/** The broker's attestation of one permission for many clients at once (the client table's Record permission). */
export class BulkConsentDto {
  @ApiProperty({ type: [String], format: 'uuid', minItems: 1, maxItems: 1000, example: ['6f1c2a9e-4b7d-4e3a-9c2f-8a1b2c3d4e5f'] })
  @IsArray({ message: 'clientIds must be a list of client ids' })
  @ArrayNotEmpty({ message: 'clientIds must name at least one client' })
  @ArrayMaxSize(1000, { message: 'clientIds may name at most 1000 clients at once' })
  @IsUUID('all', { each: true, message: 'clientIds must be client ids' })
  clientIds!: string[];

  @ApiProperty({ enum: CONSENT_PURPOSES })
  @IsIn([...CONSENT_PURPOSES], { message: `purpose must be one of: ${CONSENT_PURPOSES.join(', ')}` })
  purpose!: 'reminders' | 'marketing';

  @ApiProperty({
    type: Boolean,
    example: true,
    description: 'Must be true: the broker attests each client gave the permission (the attestation text is recorded for each)',
  })
  @Equals(true, { message: 'attested must be true: tick the attestation to record the permission' })
  attested!: true;
}

export class BulkConsentResultDto {
  @ApiProperty({ example: 12, description: 'Clients whose permission was recorded (one ledger event each per channel)' })
  recorded!: number;
  @ApiProperty({ example: 'Recorded marketing permission for 12 clients.' }) message!: string;
}

/** A client whose marketing permission lapses soon, or has lapsed. */
export class LapsingConsentDto {
  @ApiProperty({ format: 'uuid', example: '4d6f8a0c-2e4a-4c6e-9a1c-3e5a7c9e1b3d' }) id!: string;
  @ApiProperty({ format: 'uuid', example: '6f1c2a9e-4b7d-4e3a-9c2f-8a1b2c3d4e5f' }) clientId!: string;
  @ApiProperty({ example: 'Dolores Ibarra' }) name!: string;
  @ApiProperty({
    type: String,
    format: 'date-time',
    example: '2026-12-20T00:00:00.000Z',
    description: 'The earliest lapse among their channels',
  })
  expiresAt!: string;
  @ApiProperty({ type: String, format: 'date-time', nullable: true, example: null, description: 'When a renewal request was last sent' })
  renewalSentAt!: string | null;
}

export class RenewalRequestDto {
  @ApiProperty({ type: [String], format: 'uuid', maxItems: 500, example: ['6f1c2a9e-4b7d-4e3a-9c2f-8a1b2c3d4e5f'] })
  @IsArray({ message: 'clientIds must be a list of client ids' })
  @ArrayNotEmpty({ message: 'clientIds must name at least one client' })
  @ArrayMaxSize(500, { message: 'clientIds may name at most 500 clients at once' })
  @IsUUID('all', { each: true, message: 'clientIds must be client ids' })
  clientIds!: string[];
}

export class RenewalResultDto {
  @ApiProperty({ example: 11, description: 'Requests sent' }) sent!: number;
  @ApiProperty({
    type: [String],
    example: ['Walter Brown: a request was already sent this week'],
    description: 'Why the others were not sent, one line each, by name',
  })
  notSent!: string[];
}
