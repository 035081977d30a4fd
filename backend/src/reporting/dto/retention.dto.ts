import { ApiProperty } from '@nestjs/swagger';

/** What the retention figures count: the book's policies, or its clients (before it has policies). */
export const RETENTION_BASES = ['policies', 'clients'] as const;
export type RetentionBasis = (typeof RETENTION_BASES)[number];

export class RetentionMonthDto {
  @ApiProperty({ example: '2026-10', description: 'A calendar month of the broker’s time zone, YYYY-MM' }) month!: string;
  @ApiProperty({ example: 212, description: 'Clients active when the month began' }) startCount!: number;
  @ApiProperty({ example: 208, description: 'Of them, still active when it ended (the current month: now)' }) retained!: number;
  @ApiProperty({ example: 4, description: 'startCount − retained' }) lost!: number;
  @ApiProperty({ type: Number, nullable: true, example: 98, description: 'Whole percent; null when startCount is 0' })
  rate!: number | null;
}

export class RetentionAepDto {
  @ApiProperty({ example: 2026, description: 'The year of the Annual Enrollment Period (15 October – 7 December)' }) season!: number;
  @ApiProperty({ type: String, format: 'date', example: '2026-10-15' }) start!: string;
  @ApiProperty({ type: String, format: 'date', example: '2026-12-07', description: 'Today while the season runs' }) end!: string;
  @ApiProperty({ example: 205, description: 'Clients active when the season began' }) startCount!: number;
  @ApiProperty({ example: 199, description: 'Of them, still active at its end (so far)' }) retained!: number;
  @ApiProperty({ type: Number, nullable: true, example: 97, description: 'Whole percent; null when startCount is 0' })
  rate!: number | null;
}

export class LostByReasonDto {
  @ApiProperty({ example: 6 }) switched_agent!: number;
  @ApiProperty({ example: 3 }) moved!: number;
  @ApiProperty({ example: 2 }) deceased!: number;
  @ApiProperty({ example: 1 }) other!: number;
}

/** The broker's retention: month by month, through the enrollment seasons, and why clients left. */
export class RetentionDto {
  @ApiProperty({ type: [RetentionMonthDto], description: 'The last 12 calendar months, oldest first, the current month last' })
  months!: RetentionMonthDto[];
  @ApiProperty({ type: [RetentionAepDto], description: 'The last two AEPs, oldest first; the current one so far while it runs' })
  aep!: RetentionAepDto[];
  @ApiProperty({ type: LostByReasonDto, description: 'Clients lost in the last 12 months, by the reason the broker gave' })
  lostByReason!: LostByReasonDto;
  @ApiProperty({
    enum: RETENTION_BASES,
    example: 'policies',
    description:
      'What the figures count: policies once the book has a policy that is or was in force (active or terminated), clients ' +
      'before (docs/clients.md “Retention on policies”). On policies, months, aep and lostByReason count policies: in force ' +
      'at a period’s start, and lost when terminated by its end other than for a change of plan within the agency ' +
      '(switched_plan); an AEP counts the terminations up to 1 January, when its choices take effect; nonpayment is counted ' +
      'as other.',
  })
  basis!: RetentionBasis;
  @ApiProperty({
    type: Number,
    nullable: true,
    example: 188,
    description:
      'Kept through the latest AEP listed (the last of aep): of the policies in force when it began, those still in force with ' +
      'the agency after it (no termination dated up to 1 January but a change of plan within the agency; so far while it runs); ' +
      'on the clients basis, the clients still active at its end. Null when no AEP is listed.',
  })
  keptThroughAep!: number | null;
  @ApiProperty({
    example: 4,
    description:
      'Lost to another agent in the last 12 months: policies terminated with the reason switched_agent, or on the clients basis ' +
      'clients who left for that reason (lostByReason.switched_agent)',
  })
  lostToAnotherAgent!: number;
}
