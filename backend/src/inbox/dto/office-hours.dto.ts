import { ApiProperty } from '@nestjs/swagger';
import { Type } from 'class-transformer';
import {
  ArrayMaxSize,
  IsArray,
  IsBoolean,
  IsInt,
  IsNotEmpty,
  IsObject,
  IsString,
  Matches,
  Max,
  MaxLength,
  Min,
  ValidateIf,
  ValidateNested,
} from 'class-validator';

import { IsCalendarDate } from '../../common/dates.js';
import { PROMISE_DAYS_MAX, PROMISE_DAYS_MIN } from '../inbox-settings.entity.js';
import { TIME_OF_DAY } from '../office-hours.js';

export const AUTO_REPLY_MAX = 320;
export const HOLIDAYS_MAX = 60;
export const HOLIDAY_NAME_MAX = 80;

const timeRule = { message: 'use a time such as 09:00 or 17:30 (24-hour clock)' };

export class DayHoursDto {
  @ApiProperty({ example: '09:00', description: 'Opening, HH:MM in the agency’s time zone' })
  @IsString(timeRule)
  @Matches(TIME_OF_DAY, timeRule)
  open!: string;

  @ApiProperty({ example: '17:00', description: 'Closing, HH:MM (24:00 for midnight), after the opening' })
  @IsString(timeRule)
  @Matches(TIME_OF_DAY, timeRule)
  close!: string;
}

const closedOr = (_: object, value: unknown) => value !== null;
const dayNote = { type: DayHoursDto, nullable: true, description: 'null: closed all day' };

/** The week, Monday first; a day is its hours or null (closed). */
export class WeekDto {
  @ApiProperty(dayNote)
  @ValidateIf(closedOr)
  @IsObject({ message: 'mon must be its hours or null' })
  @ValidateNested()
  @Type(() => DayHoursDto)
  mon!: DayHoursDto | null;

  @ApiProperty(dayNote)
  @ValidateIf(closedOr)
  @IsObject({ message: 'tue must be its hours or null' })
  @ValidateNested()
  @Type(() => DayHoursDto)
  tue!: DayHoursDto | null;

  @ApiProperty(dayNote)
  @ValidateIf(closedOr)
  @IsObject({ message: 'wed must be its hours or null' })
  @ValidateNested()
  @Type(() => DayHoursDto)
  wed!: DayHoursDto | null;

  @ApiProperty(dayNote)
  @ValidateIf(closedOr)
  @IsObject({ message: 'thu must be its hours or null' })
  @ValidateNested()
  @Type(() => DayHoursDto)
  thu!: DayHoursDto | null;

  @ApiProperty(dayNote)
  @ValidateIf(closedOr)
  @IsObject({ message: 'fri must be its hours or null' })
  @ValidateNested()
  @Type(() => DayHoursDto)
  fri!: DayHoursDto | null;

  @ApiProperty(dayNote)
  @ValidateIf(closedOr)
  @IsObject({ message: 'sat must be its hours or null' })
  @ValidateNested()
  @Type(() => DayHoursDto)
  sat!: DayHoursDto | null;

  @ApiProperty(dayNote)
  @ValidateIf(closedOr)
  @IsObject({ message: 'sun must be its hours or null' })
  @ValidateNested()
  @Type(() => DayHoursDto)
  sun!: DayHoursDto | null;
}

export class HolidayDto {
  @ApiProperty({ example: '2026-12-25', description: 'Closed all day (the agency’s time zone)' })
  @IsCalendarDate({ message: 'date must be a date such as 2026-12-25' })
  date!: string;

  @ApiProperty({ example: 'Christmas Day', maxLength: HOLIDAY_NAME_MAX })
  @IsString({ message: 'name must be text' })
  @IsNotEmpty({ message: 'a holiday needs a name' })
  @MaxLength(HOLIDAY_NAME_MAX, { message: `a holiday’s name must be at most ${HOLIDAY_NAME_MAX} characters` })
  name!: string;
}

/** The agency's office hours for texts, as it sets them (docs/messaging.md "Office hours"). */
export class SaveOfficeHoursDto {
  @ApiProperty({ type: WeekDto })
  @IsObject({ message: 'week must name each day, mon to sun' })
  @ValidateNested()
  @Type(() => WeekDto)
  week!: WeekDto;

  @ApiProperty({ type: HolidayDto, isArray: true, maxItems: HOLIDAYS_MAX })
  @IsArray({ message: 'holidays must be a list' })
  @ArrayMaxSize(HOLIDAYS_MAX, { message: `at most ${HOLIDAYS_MAX} holidays` })
  @ValidateNested({ each: true })
  @Type(() => HolidayDto)
  holidays!: HolidayDto[];

  @ApiProperty({ description: 'Answer a text that comes while the office is closed, once a day per conversation' })
  @IsBoolean({ message: 'autoReply must be true or false' })
  autoReply!: boolean;

  @ApiProperty({ maxLength: AUTO_REPLY_MAX, description: 'The auto-reply in English; merge fields {agencyName}, {agencyPhone}' })
  @IsString({ message: 'autoReplyEn must be text' })
  @MaxLength(AUTO_REPLY_MAX, { message: `the English auto-reply must be at most ${AUTO_REPLY_MAX} characters` })
  autoReplyEn!: string;

  @ApiProperty({ maxLength: AUTO_REPLY_MAX, description: 'The auto-reply in Spanish, for clients who read Spanish' })
  @IsString({ message: 'autoReplyEs must be text' })
  @MaxLength(AUTO_REPLY_MAX, { message: `the Spanish auto-reply must be at most ${AUTO_REPLY_MAX} characters` })
  autoReplyEs!: string;

  @ApiProperty({
    minimum: PROMISE_DAYS_MIN,
    maximum: PROMISE_DAYS_MAX,
    example: 1,
    description: 'Business days within which the agency answers a text',
  })
  @IsInt({ message: 'replyPromiseDays must be a whole number of business days' })
  @Min(PROMISE_DAYS_MIN, { message: `replyPromiseDays must be ${PROMISE_DAYS_MIN} to ${PROMISE_DAYS_MAX}` })
  @Max(PROMISE_DAYS_MAX, { message: `replyPromiseDays must be ${PROMISE_DAYS_MIN} to ${PROMISE_DAYS_MAX}` })
  replyPromiseDays!: number;
}

export class OfficeHoursDto extends SaveOfficeHoursDto {
  @ApiProperty({ example: 'America/New_York', description: 'The agency’s time zone (Settings), in which the hours are read' })
  timeZone!: string;

  @ApiProperty({ description: 'Whether the office is open now' })
  openNow!: boolean;

  @ApiProperty({ description: 'false: the agency has not set its hours yet, these are the defaults' })
  saved!: boolean;
}
