import { ApiProperty } from '@nestjs/swagger';

export class StatsDto {
  @ApiProperty({ example: 240 }) totalClients!: number;
  @ApiProperty({ example: 212, description: 'Active (billable) clients this month' }) activeClients!: number;
  @ApiProperty({
    example: 94,
    description: 'Percent, 0-100; 0 while there is not enough history for a rate (retentionAvailable is then false)',
  })
  retentionRate!: number;
  @ApiProperty({
    example: true,
    description:
      'False until the broker has had a client for 30 days: retentionRate is then 0 and means "not enough history yet", not "nobody stayed"',
  })
  retentionAvailable!: boolean;
  @ApiProperty({
    example: 81,
    description: 'Percent of the reminders delivered in the last 30 days (calls and texts) that the client confirmed, 0-100',
  })
  callCompletionRate!: number;
}
