import { ApiProperty } from '@nestjs/swagger';

export class StatsDto {
  @ApiProperty({ example: 240 }) totalClients!: number;
  @ApiProperty({ example: 212, description: 'Active (billable) clients this month' }) activeClients!: number;
  @ApiProperty({
    type: Number,
    nullable: true,
    example: 94,
    description: 'Percent, 0-100; null until the broker has had a client for 30 days (not enough history for a rate)',
  })
  retentionRate!: number | null;
  @ApiProperty({
    example: 81,
    description: 'Percent of the reminders delivered in the last 30 days (calls and texts) that the client confirmed, 0-100',
  })
  callCompletionRate!: number;
}
