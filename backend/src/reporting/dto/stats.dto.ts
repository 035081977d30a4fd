import { ApiProperty } from '@nestjs/swagger';

export class StatsDto {
  @ApiProperty() totalClients!: number;
  @ApiProperty({ description: 'Active (billable) clients this month' }) activeClients!: number;
  @ApiProperty({
    type: Number,
    nullable: true,
    description: 'Percent, 0-100; null until the broker has had a client for 30 days (not enough history for a rate)',
  })
  retentionRate!: number | null;
  @ApiProperty({
    description: 'Percent of the reminders delivered in the last 30 days (calls and texts) that the client confirmed, 0-100',
  })
  callCompletionRate!: number;
}
