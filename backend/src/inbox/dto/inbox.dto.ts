import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { IsBoolean, IsIn, IsNotEmpty, IsOptional, IsString, IsUUID, MaxLength, ValidateIf } from 'class-validator';

import { IsTimestamp } from '../../common/dates.js';
import { THREAD_SENDERS, THREAD_STATUSES, type ThreadSender, type ThreadStatus } from '../inbox-thread.entity.js';

export const REPLY_MAX = 1600;
export const TEMPLATE_NAME_MAX = 100;

const sent = (_: object, value: unknown) => value !== undefined;

/** A thread of the inbox: one person (a number) of the agency's. */
export class InboxThreadDto {
  @ApiProperty({ format: 'uuid' })
  id!: string;

  @ApiProperty({ example: '+12125550142' })
  phone!: string;

  @ApiProperty({ enum: THREAD_SENDERS, description: 'client: one of your clients; other: a number that is not a client’s' })
  sender!: ThreadSender;

  @ApiProperty({ type: String, format: 'uuid', nullable: true })
  clientId!: string | null;

  @ApiProperty({ type: String, nullable: true, example: 'Rosa Alvarez' })
  clientName!: string | null;

  @ApiProperty({ type: String, format: 'uuid', nullable: true })
  assignedMemberId!: string | null;

  @ApiProperty({ type: String, nullable: true })
  assignedMemberName!: string | null;

  @ApiProperty({ enum: THREAD_STATUSES })
  status!: ThreadStatus;

  @ApiProperty({ format: 'date-time' })
  lastMessageAt!: string;

  @ApiProperty({ type: String, nullable: true, description: 'The last message as the list shows it; an event by its name' })
  preview!: string | null;

  @ApiProperty({ type: String, nullable: true, enum: ['in', 'out', 'event'] })
  lastDirection!: string | null;

  @ApiProperty({ description: 'Messages nobody in the agency has read yet' })
  unreadCount!: number;

  @ApiProperty({ type: String, format: 'date-time', nullable: true, description: 'The oldest text of theirs not answered yet' })
  needsReplySince!: string | null;

  @ApiProperty({ description: 'They replied STOP: no text can be sent to them' })
  optedOut!: boolean;

  @ApiProperty({ type: String, format: 'date-time', nullable: true })
  optedOutAt!: string | null;

  @ApiProperty({ type: String, format: 'date-time', nullable: true })
  doneAt!: string | null;
}

/** One entry of a thread's timeline, newest first. */
export class InboxMessageDto {
  @ApiProperty({ format: 'uuid' })
  id!: string;

  @ApiProperty({
    enum: ['inbox', 'reminder', 'campaign', 'invitation'],
    description: 'inbox: a text, a reply or an event of the thread; reminder, campaign, invitation: what the agency sent them',
  })
  source!: 'inbox' | 'reminder' | 'campaign' | 'invitation';

  @ApiProperty({ enum: ['in', 'out', 'event'] })
  direction!: 'in' | 'out' | 'event';

  @ApiProperty({
    example: 'text',
    description:
      'text; confirmed (they confirmed a reminder, never which); opted_out; opted_in; help; sent (a reminder or campaign message); invitation',
  })
  kind!: string;

  @ApiProperty({ enum: ['sms', 'voice', 'email'] })
  channel!: string;

  @ApiProperty({ type: String, nullable: true, description: 'The words; null for an event' })
  body!: string | null;

  @ApiPropertyOptional({ type: [String], description: 'For opted_out: the channels they stopped' })
  channels?: string[];

  @ApiProperty({ type: String, nullable: true, description: 'What became of a message sent: sent, completed, failed' })
  status!: string | null;

  @ApiProperty({ type: String, nullable: true, description: 'Who replied' })
  memberName!: string | null;

  @ApiProperty({ format: 'date-time' })
  at!: string;
}

export class InboxUnreadDto {
  @ApiProperty({ description: 'Threads of your book with messages nobody has read', example: 3 })
  threads!: number;
}

/** A change to a thread: read it, assign it, mark it done or open again. What is left out keeps its value. */
export class UpdateThreadDto {
  @ApiPropertyOptional({ description: 'true: the agency has read it (unread back to 0)' })
  @ValidateIf(sent)
  @IsBoolean({ message: 'read must be true or false' })
  read?: boolean;

  @ApiPropertyOptional({ type: String, format: 'uuid', nullable: true, description: 'A member who has joined; null: nobody' })
  @IsOptional()
  @IsUUID('all', { message: 'assignedMemberId must be a member’s id' })
  assignedMemberId?: string | null;

  @ApiPropertyOptional({ enum: THREAD_STATUSES, description: 'done: handled (a new text opens it again)' })
  @ValidateIf(sent)
  @IsIn([...THREAD_STATUSES], { message: 'status must be open or done' })
  status?: ThreadStatus;
}

export class ReplyDto {
  @ApiProperty({
    maxLength: REPLY_MAX,
    example: 'Hi {firstName}, this is {agentName} at {agencyName}. I can call you at 3 pm today.',
    description:
      'The text; merge fields {firstName}, {lastName}, {agencyName}, {agencyPhone}, {agentName} are filled in. No medication or condition.',
  })
  @IsString({ message: 'body must be text' })
  @IsNotEmpty({ message: 'body is required' })
  @MaxLength(REPLY_MAX, { message: `body must be at most ${REPLY_MAX} characters` })
  body!: string;
}

/** A task from a thread: about its client; by default "Answer {name}'s text", due now, for you. */
export class ThreadTaskDto {
  @ApiPropertyOptional({ maxLength: 200 })
  @ValidateIf(sent)
  @IsString({ message: 'title must be text' })
  @MaxLength(200, { message: 'title must be at most 200 characters' })
  title?: string;

  @ApiPropertyOptional({ type: String, format: 'date-time' })
  @ValidateIf(sent)
  @IsTimestamp({ message: 'dueAt must be a date and time such as 2026-12-01T15:00:00Z' })
  dueAt?: string;

  @ApiPropertyOptional({ type: String, format: 'uuid', description: 'The text it is about: its words become the notes' })
  @ValidateIf(sent)
  @IsUUID('all', { message: 'messageId must be a message’s id' })
  messageId?: string;

  @ApiPropertyOptional({ type: String, nullable: true, maxLength: 5000 })
  @IsOptional()
  @IsString({ message: 'notes must be text' })
  @MaxLength(5000, { message: 'notes must be at most 5000 characters' })
  notes?: string | null;

  @ApiPropertyOptional({ type: String, format: 'uuid', nullable: true })
  @IsOptional()
  @IsUUID('all', { message: 'assigneeMemberId must be a member’s id' })
  assigneeMemberId?: string | null;
}

export class InboxTemplateDto {
  @ApiProperty({ format: 'uuid' })
  id!: string;

  @ApiProperty({ example: 'Call back' })
  name!: string;

  @ApiProperty({ example: 'Hi {firstName}, this is {agentName} at {agencyName}. When is a good time to call you?' })
  body!: string;

  @ApiProperty({ format: 'date-time' })
  createdAt!: string;

  @ApiProperty({ format: 'date-time' })
  updatedAt!: string;
}

export class SaveTemplateDto {
  @ApiProperty({ maxLength: TEMPLATE_NAME_MAX })
  @IsString({ message: 'name must be text' })
  @IsNotEmpty({ message: 'name is required' })
  @MaxLength(TEMPLATE_NAME_MAX, { message: `name must be at most ${TEMPLATE_NAME_MAX} characters` })
  name!: string;

  @ApiProperty({ maxLength: REPLY_MAX, description: 'Merge fields: {firstName}, {lastName}, {agencyName}, {agencyPhone}, {agentName}' })
  @IsString({ message: 'body must be text' })
  @IsNotEmpty({ message: 'body is required' })
  @MaxLength(REPLY_MAX, { message: `body must be at most ${REPLY_MAX} characters` })
  body!: string;
}
