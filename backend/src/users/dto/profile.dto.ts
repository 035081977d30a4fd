import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Transform } from 'class-transformer';
import { IsBoolean, IsIn, IsString, MaxLength, registerDecorator } from 'class-validator';

import { type Language, LANGUAGES } from '../../common/language.js';
import { IsOptionalNotNull } from '../../common/validation.js';
import type { User } from '../user.entity.js';

/** What is the signed-in person's own: their name, e-mail, and choice of language (null: the agency's). */
export interface PersonFields {
  firstName?: string | null;
  lastName?: string | null;
  email?: string | null;
  language?: Language | null;
}

export const PROFILE_NAME_MAX = 100;
export const TIME_ZONE_MESSAGE = 'Time zone must be an IANA time zone such as America/Chicago';
// No control characters (tabs, line breaks): a name is one line wherever it is shown. NUL never
// gets this far: every request with one is refused before validation (common/input-safety.ts).
const CONTROL_CHARACTER = /\p{Cc}/u;

/** What is wrong with a name as sent (already trimmed), in words the Settings page shows; undefined when nothing. */
export function nameProblem(label: string, value: unknown): string | undefined {
  if (typeof value !== 'string') return `${label} must be text`;
  if (!value) return `${label} is required`;
  if (value.length > PROFILE_NAME_MAX) return `${label} must be at most ${PROFILE_NAME_MAX} characters`;
  if (CONTROL_CHARACTER.test(value)) return `${label} cannot contain control characters such as line breaks`;
  return undefined;
}

/** A person's name part, with one message saying what is wrong (not a list of every rule it breaks). */
function IsNamePart(label: string): PropertyDecorator {
  return (target, propertyName) =>
    registerDecorator({
      name: 'isNamePart',
      target: target.constructor,
      propertyName: String(propertyName),
      validator: {
        validate: (value: unknown) => nameProblem(label, value) === undefined,
        defaultMessage: (args) => nameProblem(label, args?.value) ?? `${label} is not valid`,
      },
    });
}

const trim = ({ value }: { value: unknown }) => (typeof value === 'string' ? value.trim() : value);

/** The signed-in broker's or admin's own profile (Settings). */
export class ProfileDto {
  @ApiProperty({ type: String, nullable: true, description: 'Null until given (by the identity provider or the broker)' })
  firstName!: string | null;

  @ApiProperty({ type: String, nullable: true, description: 'Null until given (by the identity provider or the broker)' })
  lastName!: string | null;

  @ApiProperty({ type: String, nullable: true, description: 'From the identity provider; not editable here' })
  email!: string | null;

  @ApiProperty({ example: '+16155550100', description: 'E.164, or empty: the same field as the branding’s agency phone' })
  agencyPhone!: string;

  @ApiProperty({ description: 'E-mails to the broker when a client joins their portal or answers a contact change' })
  emailNotifications!: boolean;

  @ApiProperty({ description: 'The weekly digest e-mail, Monday 08:00 in the broker’s time zone' })
  weeklyDigest!: boolean;

  @ApiProperty({ enum: LANGUAGES, description: 'The language of the app for this person' })
  language!: Language;

  @ApiProperty({
    example: 'America/Chicago',
    description: 'The broker’s IANA time zone: the weekly digest (Monday 08:00) and the day of scheduled sends follow it',
  })
  timeZone!: string;

  /** The person's own fields are the member's; the rest is the agency's. */
  static from(user: User, member: PersonFields): ProfileDto {
    return {
      firstName: member.firstName ?? null,
      lastName: member.lastName ?? null,
      email: member.email ?? null,
      agencyPhone: user.agencyPhone,
      emailNotifications: user.emailNotifications,
      weeklyDigest: user.weeklyDigest,
      language: member.language ?? user.language,
      timeZone: user.timeZone,
    };
  }
}

/** Any of the fields. A name part, once sent, must be given: trimmed, 1–100 characters, one line. */
export class UpdateProfileDto {
  @ApiPropertyOptional({ minLength: 1, maxLength: PROFILE_NAME_MAX, example: 'Dana' })
  @IsOptionalNotNull()
  @Transform(trim)
  @IsNamePart('First name')
  firstName?: string;

  @ApiPropertyOptional({ minLength: 1, maxLength: PROFILE_NAME_MAX, example: 'Whitfield' })
  @IsOptionalNotNull()
  @Transform(trim)
  @IsNamePart('Last name')
  lastName?: string;

  @ApiPropertyOptional({ example: '(615) 555-0100', description: 'Any usual US form or E.164, stored as E.164; empty clears it' })
  @IsOptionalNotNull()
  @IsString({ message: 'Agency phone must be text' })
  agencyPhone?: string;

  @ApiPropertyOptional()
  @IsOptionalNotNull()
  @IsBoolean({ message: 'E-mail notifications must be true or false' })
  emailNotifications?: boolean;

  @ApiPropertyOptional({ description: 'The weekly digest e-mail, Monday 08:00 in the broker’s time zone' })
  @IsOptionalNotNull()
  @IsBoolean({ message: 'Weekly digest must be true or false' })
  weeklyDigest?: boolean;

  @ApiPropertyOptional({ enum: LANGUAGES, description: 'The language of the app: en (English) or es (Spanish)' })
  @IsOptionalNotNull()
  @IsIn(LANGUAGES, { message: 'Language must be en (English) or es (Spanish)' })
  language?: Language;

  @ApiPropertyOptional({ example: 'America/Chicago', description: 'An IANA time zone (the Settings page offers the browser’s)' })
  @IsOptionalNotNull()
  @IsString({ message: TIME_ZONE_MESSAGE })
  @MaxLength(64, { message: TIME_ZONE_MESSAGE })
  timeZone?: string;
}
