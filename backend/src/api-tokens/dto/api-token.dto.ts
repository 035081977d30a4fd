import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Transform } from 'class-transformer';
import {
  ArrayMaxSize,
  ArrayMinSize,
  ArrayUnique,
  IsArray,
  IsIn,
  IsOptional,
  IsString,
  Matches,
  MaxLength,
  MinLength,
} from 'class-validator';

import type { ApiToken } from '../api-token.entity.js';
import { type ApiTokenEvent, TOKEN_EVENT_KINDS, type TokenEventKind } from '../api-token-event.entity.js';
import { ALL_SCOPES, type Scope } from '../scopes.js';

export const TOKEN_NAME_MAX = 80;
export const EXPIRY_DAYS = [30, 90, 365] as const;

/** A token as its owner sees it: never the secret. */
export class ApiTokenDto {
  @ApiProperty({ format: 'uuid' })
  id!: string;

  @ApiProperty({ example: 'CRM sync' })
  name!: string;

  @ApiProperty({ format: 'uuid', description: 'The agency member who made it: the token acts as them, within their role' })
  memberId!: string;

  @ApiProperty({ enum: ALL_SCOPES, isArray: true, example: ['clients:read'] })
  scopes!: string[];

  @ApiProperty({ example: 'ck_pat_Q3xv9L', description: 'The start of the token, to recognise it' })
  prefix!: string;

  @ApiProperty({ format: 'date-time' })
  createdAt!: string;

  @ApiProperty({ type: String, format: 'date-time', nullable: true, description: 'Null until first used' })
  lastUsedAt!: string | null;

  @ApiProperty({ type: String, format: 'date-time', nullable: true, description: 'Null: never expires' })
  expiresAt!: string | null;

  static from(token: ApiToken): ApiTokenDto {
    return {
      id: token.id,
      name: token.name,
      memberId: token.memberId,
      scopes: token.scopes,
      prefix: token.prefix,
      createdAt: token.createdAt.toISOString(),
      lastUsedAt: token.lastUsedAt?.toISOString() ?? null,
      expiresAt: token.expiresAt?.toISOString() ?? null,
    };
  }
}

/** The answer to creating a token: the only time its secret is shown. */
export class CreatedApiTokenDto extends ApiTokenDto {
  @ApiProperty({ example: 'ck_pat_Q3xv9LwR1d6mB0yVvYpT2kq8s3fHcN4eZ7uJ5aXgE0o', description: 'The secret: shown once, never again' })
  token!: string;
}

const trim = ({ value }: { value: unknown }) => (typeof value === 'string' ? value.trim() : value);

export class CreateApiTokenDto {
  @ApiProperty({ example: 'CRM sync', maxLength: TOKEN_NAME_MAX })
  @Transform(trim)
  @IsString({ message: 'name must be text' })
  @MinLength(1, { message: 'name is required' })
  @MaxLength(TOKEN_NAME_MAX, { message: `name must be at most ${TOKEN_NAME_MAX} characters` })
  @Matches(/^\P{Cc}*$/u, { message: 'name cannot contain control characters such as line breaks' })
  name!: string;

  @ApiProperty({ enum: ALL_SCOPES, isArray: true, example: ['clients:read', 'clients:write'] })
  @IsArray({ message: 'scopes must be a list' })
  @ArrayMinSize(1, { message: 'choose at least one scope' })
  @ArrayMaxSize(ALL_SCOPES.length, { message: 'scopes has too many entries' })
  @ArrayUnique({ message: 'scopes must not repeat' })
  @IsIn(ALL_SCOPES, { each: true, message: `each scope must be one of ${ALL_SCOPES.join(', ')}` })
  scopes!: Scope[];

  @ApiPropertyOptional({
    enum: EXPIRY_DAYS,
    nullable: true,
    default: 90,
    description: 'Days until it expires: 30, 90 or 365; null for no expiry; left out: 90',
  })
  @IsOptional()
  @IsIn(EXPIRY_DAYS, { message: 'expiresInDays must be 30, 90, 365 or null (no expiry)' })
  expiresInDays?: (typeof EXPIRY_DAYS)[number] | null;
}

export class ScopeDto {
  @ApiProperty({ enum: ALL_SCOPES })
  scope!: string;

  @ApiProperty({ example: 'Read clients, their consent records, timelines and compliance reports' })
  description!: string;
}

export class ApiTokenEventDto {
  @ApiProperty({ format: 'uuid' })
  id!: string;

  @ApiProperty({ type: String, format: 'uuid', nullable: true })
  tokenId!: string | null;

  @ApiProperty({ example: 'CRM sync' })
  tokenName!: string;

  @ApiProperty({ enum: TOKEN_EVENT_KINDS })
  kind!: TokenEventKind;

  @ApiProperty({ type: String, nullable: true, example: 'POST /api/clients needs clients:write' })
  detail!: string | null;

  @ApiProperty({ format: 'date-time' })
  createdAt!: string;

  static from(event: ApiTokenEvent): ApiTokenEventDto {
    return {
      id: event.id,
      tokenId: event.tokenId,
      tokenName: event.tokenName,
      kind: event.kind,
      detail: event.detail ?? null,
      createdAt: event.createdAt.toISOString(),
    };
  }
}
