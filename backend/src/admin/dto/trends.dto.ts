import { ApiProperty } from '@nestjs/swagger';

/** One month of the platform (docs/admin.md "Trends"); null: no data for that month. */
export class PlatformTrendMonthDto {
  @ApiProperty({ example: '2026-11', description: 'YYYY-MM (UTC)' }) month!: string;
  @ApiProperty({ type: 'integer', nullable: true, example: 1287400, description: 'MRR at month end, in cents (this month: now)' })
  mrrCents!: number | null;
  @ApiProperty({ type: 'integer', nullable: true, example: 118, description: 'Brokers with an active subscription at month end' })
  activeBrokers!: number | null;
  @ApiProperty({
    type: 'integer',
    nullable: true,
    example: 6,
    description: 'Brokers paying at month end who were on trial at the end of the month before (or signed up within the month)',
  })
  trialConversions!: number | null;
  @ApiProperty({
    type: 'integer',
    nullable: true,
    example: 2,
    description: 'Brokers paying at the end of the month before who were canceled or gone at month end',
  })
  churnedBrokers!: number | null;
}

export class PlatformTrendsDto {
  @ApiProperty({ type: [PlatformTrendMonthDto], description: 'The last 12 months, oldest first; the last is this month, computed live' })
  months!: PlatformTrendMonthDto[];
}

/** One month of a broker; null: no snapshot of that month. */
export class BrokerTrendMonthDto {
  @ApiProperty({ example: '2026-11', description: 'YYYY-MM (UTC)' }) month!: string;
  @ApiProperty({ type: 'integer', nullable: true, example: 64, description: 'Active clients at month end (this month: now)' })
  activeClients!: number | null;
  @ApiProperty({ type: 'integer', nullable: true, example: 71 }) totalClients!: number | null;
  @ApiProperty({ type: 'integer', nullable: true, example: 32000, description: 'What the plan brought that month, in cents' })
  revenueCents!: number | null;
}

export class BrokerTrendsDto {
  @ApiProperty({ type: [BrokerTrendMonthDto], description: 'The last 12 months, oldest first; the last is this month, computed live' })
  months!: BrokerTrendMonthDto[];
}
