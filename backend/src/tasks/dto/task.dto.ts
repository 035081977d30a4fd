import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { IsBoolean, IsIn, IsNotEmpty, IsOptional, IsString, IsUUID, MaxLength, ValidateIf } from 'class-validator';

import { IsTimestamp } from '../../common/dates.js';
import { type Task, TASK_PRIORITIES, TASK_SOURCES, type TaskPriority, type TaskSource } from '../task.entity.js';

export const TITLE_MAX = 200;
export const NOTES_MAX = 5000;

const sent = (_: object, value: unknown) => value !== undefined;
const oneOf = (field: string, values: readonly string[]) => ({ message: `${field} must be one of: ${values.join(', ')}` });

/** A new task: a title and when it is due; by default for the member who adds it, normal priority. */
export class CreateTaskDto {
  @ApiProperty({ maxLength: TITLE_MAX, example: 'Call Rosa about her Part D plan' })
  @IsString({ message: 'title must be text' })
  @IsNotEmpty({ message: 'title is required' })
  @MaxLength(TITLE_MAX, { message: `title must be at most ${TITLE_MAX} characters` })
  title!: string;

  @ApiProperty({
    type: String,
    format: 'date-time',
    example: '2026-12-01T15:00:00Z',
    description: 'When it is due (the app enters it in the agency’s time zone)',
  })
  @IsTimestamp({ message: 'dueAt must be a date and time such as 2026-12-01T15:00:00Z' })
  dueAt!: string;

  @ApiPropertyOptional({
    type: String,
    format: 'uuid',
    nullable: true,
    description: 'The client it is about; left out or null: free-standing',
  })
  @IsOptional()
  @IsUUID('all', { message: 'clientId must be a client’s id' })
  clientId?: string | null;

  @ApiPropertyOptional({
    type: String,
    format: 'uuid',
    nullable: true,
    description: 'Who is to do it (a member who has joined); by default you',
  })
  @IsOptional()
  @IsUUID('all', { message: 'assigneeMemberId must be a member’s id' })
  assigneeMemberId?: string | null;

  @ApiPropertyOptional({ enum: TASK_PRIORITIES, description: 'Default normal' })
  @ValidateIf(sent)
  @IsIn([...TASK_PRIORITIES], oneOf('priority', TASK_PRIORITIES))
  priority?: TaskPriority;

  @ApiPropertyOptional({ type: String, nullable: true, maxLength: NOTES_MAX })
  @IsOptional()
  @IsString({ message: 'notes must be text' })
  @MaxLength(NOTES_MAX, { message: `notes must be at most ${NOTES_MAX} characters` })
  notes?: string | null;
}

/** A change: what is left out keeps its value; `done` ticks it done or undone. */
export class UpdateTaskDto {
  @ApiPropertyOptional({ maxLength: TITLE_MAX })
  @ValidateIf(sent)
  @IsString({ message: 'title must be text' })
  @IsNotEmpty({ message: 'title is required' })
  @MaxLength(TITLE_MAX, { message: `title must be at most ${TITLE_MAX} characters` })
  title?: string;

  @ApiPropertyOptional({ type: String, format: 'date-time', example: '2026-12-01T15:00:00Z' })
  @ValidateIf(sent)
  @IsTimestamp({ message: 'dueAt must be a date and time such as 2026-12-01T15:00:00Z' })
  dueAt?: string;

  @ApiPropertyOptional({ type: String, format: 'uuid', nullable: true })
  @IsOptional()
  @IsUUID('all', { message: 'clientId must be a client’s id' })
  clientId?: string | null;

  @ApiPropertyOptional({ type: String, format: 'uuid', nullable: true })
  @IsOptional()
  @IsUUID('all', { message: 'assigneeMemberId must be a member’s id' })
  assigneeMemberId?: string | null;

  @ApiPropertyOptional({ enum: TASK_PRIORITIES })
  @ValidateIf(sent)
  @IsIn([...TASK_PRIORITIES], oneOf('priority', TASK_PRIORITIES))
  priority?: TaskPriority;

  @ApiPropertyOptional({ type: String, nullable: true, maxLength: NOTES_MAX })
  @IsOptional()
  @IsString({ message: 'notes must be text' })
  @MaxLength(NOTES_MAX, { message: `notes must be at most ${NOTES_MAX} characters` })
  notes?: string | null;

  @ApiPropertyOptional({ description: 'true: done now; false: not done' })
  @ValidateIf(sent)
  @IsBoolean({ message: 'done must be true or false' })
  done?: boolean;
}

/** A task as the app shows it. */
export class TaskDto {
  @ApiProperty({ format: 'uuid' }) id!: string;
  @ApiProperty({ type: String, format: 'uuid', nullable: true }) clientId!: string | null;
  @ApiProperty({ type: String, nullable: true, example: 'Rosa Diaz', description: 'The client’s name, when it is about one' })
  clientName!: string | null;
  @ApiProperty({ example: 'Call Rosa about her Part D plan' }) title!: string;
  @ApiProperty({ type: String, nullable: true }) notes!: string | null;
  @ApiProperty({ type: String, format: 'date-time' }) dueAt!: string;
  @ApiProperty({ type: String, format: 'uuid', nullable: true }) assigneeMemberId!: string | null;
  @ApiProperty({ enum: TASK_PRIORITIES }) priority!: TaskPriority;
  @ApiProperty() done!: boolean;
  @ApiProperty({ type: String, format: 'date-time', nullable: true }) doneAt!: string | null;
  @ApiProperty({ type: String, format: 'uuid', nullable: true }) createdByMemberId!: string | null;
  @ApiProperty({ enum: TASK_SOURCES }) source!: TaskSource;
  @ApiProperty({ type: String, format: 'date-time' }) createdAt!: string;
  @ApiProperty({ type: String, format: 'date-time' }) updatedAt!: string;

  static from(task: Task, clientName: string | null): TaskDto {
    return {
      id: task.id,
      clientId: task.client ?? null,
      clientName,
      title: task.title,
      notes: task.notes ?? null,
      dueAt: task.dueAt.toISOString(),
      assigneeMemberId: task.assigneeMemberId ?? null,
      priority: task.priority,
      done: !!task.doneAt,
      doneAt: task.doneAt?.toISOString() ?? null,
      createdByMemberId: task.createdByMemberId ?? null,
      source: task.source,
      createdAt: task.createdAt.toISOString(),
      updatedAt: task.updatedAt.toISOString(),
    };
  }
}

/** Which automatic tasks the agency has on. */
export class TaskRulesDto {
  @ApiProperty({ description: 'A welcome call when a policy takes effect within 30 days', example: true }) welcomeCall!: boolean;
  @ApiProperty({ description: 'A review call 60 days before the plan year ends (November 1)', example: true }) reviewCall!: boolean;
  @ApiProperty({ description: 'A call when a client turns 65 within 90 days', example: false }) turning65!: boolean;
}

export class UpdateTaskRulesDto {
  @ApiPropertyOptional({ example: true })
  @ValidateIf(sent)
  @IsBoolean({ message: 'welcomeCall must be true or false' })
  welcomeCall?: boolean;

  @ApiPropertyOptional({ example: true })
  @ValidateIf(sent)
  @IsBoolean({ message: 'reviewCall must be true or false' })
  reviewCall?: boolean;

  @ApiPropertyOptional({ example: false })
  @ValidateIf(sent)
  @IsBoolean({ message: 'turning65 must be true or false' })
  turning65?: boolean;
}

/** My tasks on the dashboard: how many are due today, overdue and this week, and the next few open ones. */
export class TaskCountsDto {
  @ApiProperty() today!: number;
  @ApiProperty() overdue!: number;
  @ApiProperty() week!: number;
  @ApiProperty({ type: TaskDto, isArray: true }) next!: TaskDto[];
}
